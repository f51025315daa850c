/**
 * npm run test:resilience: security and robustness probes against the production build.
 *
 * Starts its own reference shop API (test mode, fresh data in ./data/resilience), the BFF in front
 * of it, and a second BFF in front of a fault upstream; replays the probes of tests/resilience/probes
 * (open redirects, XSS, forged cookies, cross-site posts, malformed bodies, upstream faults, and
 * issue 30's: pay-password guessing, chat socket and message floods, unknown methods, unread bodies,
 * private files asked for by strangers and visitors: 13);
 * prints every failure with its exact request (a curl line), then a table; writes the findings to
 * test-results/resilience.json; exits 1 on any finding (2 when it could not run).
 *
 * Needs `npm run build` first. Env: RESILIENCE_BFF_PORT (3300), RESILIENCE_SHOP_API_PORT (4300),
 * RESILIENCE_FAULT_BFF_PORT (3301), RESILIENCE_FAULT_UPSTREAM_PORT (4301), CHROME_PATH
 * (/usr/bin/chromium), RESILIENCE_ONLY (comma list of probe numbers, e.g. "1,4").
 * `--serve` starts the same stack and keeps it up, to replay a reported request by hand.
 */
import { chromium } from "@playwright/test";
import { startFaultUpstream } from "../support/fault-upstream";
import { uncoveredActionRoutes } from "./actions";
import { send } from "./http";
import { prepareSessions } from "./members";
import { probeBodies } from "./probes/bodies";
import { probeMessageFloods, probePayPasswordGuessing, probeSocketFloods, probeUnknownMethods, probeUnreadBodies } from "./probes/limits";
import { probeCookies } from "./probes/cookies";
import { probeOpenRedirects } from "./probes/open-redirect";
import { probeOrigins } from "./probes/origin";
import { probePrivateFiles } from "./probes/private-files";
import { probeUpstreamFaults } from "./probes/upstream-faults";
import { probeXss, probeXssInBrowser } from "./probes/xss";
import { fail, hasFindings, printReport, tally } from "./report";
import { BFF, FAULT_BFF, PORTS, SHOP_API, startStack, stderrOf, stopAll, isRunning } from "./stack";
import { chromiumLaunchOptions } from "../support/chromium";

const only = new Set((process.env.RESILIENCE_ONLY ?? "1,2,3,4,5,6,8,9,10,11,12,13").split(",").map((part) => part.trim()));
const started = performance.now();
const step = (text: string) => console.log(`[resilience] ${text} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

/** `--serve`: start the stack and keep it up (to replay a reported curl line by hand); Ctrl-C stops it. */
async function serve(): Promise<number> {
  const upstream = await startFaultUpstream({ port: PORTS.faultUpstream, proxyTo: SHOP_API });
  await startStack(upstream.url);
  step(`serving: BFF ${BFF}, shop API ${SHOP_API} (test API on), fault BFF ${FAULT_BFF} (its upstream is healthy); Ctrl-C stops`);
  return new Promise<number>(() => {});
}

async function main(): Promise<number> {
  const uncovered = uncoveredActionRoutes();
  for (const file of uncovered)
    fail("0 action routes listed", file, `app/routes/${file}`, "exports an action", "not in tests/resilience/actions.ts: add it so every probe covers it");
  tally("0 action routes listed");

  const upstream = await startFaultUpstream({ port: PORTS.faultUpstream, proxyTo: SHOP_API });
  try {
    const stack = await startStack(upstream.url);
    step(`BFF ${BFF}, shop API ${SHOP_API}, fault BFF on ${PORTS.faultBff} are up`);
    const sessions = await prepareSessions();

    if (only.has("1")) {
      await probeOpenRedirects(sessions);
      step("1 open redirect done");
    }
    if (only.has("2")) {
      const stored = await probeXss(sessions);
      step("2 XSS (HTML) done");
      const browser = await chromium.launch(chromiumLaunchOptions);
      try {
        await probeXssInBrowser(browser, sessions, stored);
      } finally {
        await browser.close();
      }
      step("2 XSS (browser) done");
    }
    if (only.has("3")) {
      await probeCookies(sessions);
      step("3 cookies done");
    }
    if (only.has("4")) {
      await probeOrigins(sessions);
      step("4 cross-site POST done");
    }
    if (only.has("5")) {
      await probeBodies(sessions);
      step("5 malformed bodies done");
    }
    if (only.has("6")) {
      await probeUpstreamFaults(upstream, stack.faultBff);
      step("6 upstream faults done");
    }
    if (only.has("13")) {
      await probePrivateFiles();
      step("13 private files done");
    }

    if (only.has("8")) {
      await probePayPasswordGuessing();
      step("8 pay-password guessing done");
    }
    if (only.has("9")) {
      await probeSocketFloods();
      step("9 chat socket floods done");
    }
    if (only.has("10")) {
      await probeMessageFloods();
      step("10 chat message floods done");
    }
    if (only.has("11")) {
      await probeUnknownMethods();
      step("11 unknown methods done");
    }
    if (only.has("12")) {
      await probeUnreadBodies();
      step("12 unread bodies on keep-alive done");
    }

    // The main BFF must have survived everything.
    const health = await send({ base: BFF, path: "/healthz" });
    tally("7 BFF still up");
    if (!isRunning(stack.bff) || health.status !== 200) {
      fail(
        "7 BFF still up",
        "after all probes",
        `curl -si ${BFF}/healthz`,
        health.error ?? String(health.status),
        "the BFF died or stopped answering",
        stderrOf(stack.bff).slice(-600),
      );
    }
  } finally {
    stopAll();
    await upstream.close();
  }
  printReport(performance.now() - started, "test-results/resilience.json");
  return hasFindings() ? 1 : 0;
}

(process.argv.includes("--serve") ? serve() : main()).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`\n[resilience] could not run: ${error instanceof Error ? error.message : error}`);
    stopAll();
    process.exit(2);
  },
);
