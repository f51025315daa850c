/**
 * npm run bench:vs-niushop: the storefront against Niushop's own PC client, on the same real Niushop
 * and data, for one signed-in member: how soon each shows the first price on the goods list, a goods
 * page and the cart, with what requests and bytes. Figures are printed and written, never asserted.
 *
 * 1. Reads the fixture `npm run niushop` wrote (NIUSHOP_FIXTURE): the upstream, its PC client (the
 *    admin's "default deployment", served at `/web/`), a member, the goods ids.
 * 2. Builds the storefront when the build is missing or older than its sources, and starts the
 *    production build against that upstream (one worker per core, as `npm start`), unless
 *    VS_NIUSHOP_STOREFRONT_URL names one already running (behind nginx, say).
 * 3. Signs the member in on both: our `/login` form (its session cookie); Niushop's `/api/login/login`,
 *    the call its login page makes, whose token goes into the cookie its client reads (`utils/auth.js`
 *    of yszq-pc). Puts two goods in the member's cart when it is empty (the cart page needs lines).
 * 4. One unmeasured visit per page and client fills the servers' caches (PHP's opcache, the BFF's
 *    shared data), as on a running shop. Then VS_NIUSHOP_RUNS rounds (default 7); each opens every
 *    page with the storefront JS on, JS off and Niushop's client JS on, in an order that turns round
 *    by round so that load on the machine falls on all alike. Niushop's client with JS off is opened
 *    once per page: it shows no price at all (an empty Nuxt shell).
 * 5. Every visit is a new browser context (a cold HTTP cache, no open connection) in Debian's
 *    Chromium, 1280×720, zh-CN, with the member's cookie, that comes to the page from a blank page of
 *    another site (bench/entry-site.ts says why). It records the first price visible
 *    (bench/first-price.ts defines it), first contentful paint and TTFB (the paint and navigation
 *    timing entries), and every request until the page settles (load, then 500 ms without network
 *    activity): their count, the bytes on the wire (CDP `encodedDataLength`: headers and encoded
 *    bodies), and those to an `/api/` path.
 * 6. Prints the medians and the ratios Niushop ÷ storefront as Markdown tables, with the machine's
 *    load, and writes every visit and the tables to bench/results/vs-niushop-<date>.json.
 *
 * Env: NIUSHOP_FIXTURE (default data/niushop/fixture.json), VS_NIUSHOP_RUNS (7), VS_NIUSHOP_PORT
 * (BFF, 3160), VS_NIUSHOP_STOREFRONT_URL (use this storefront, start none), VS_NIUSHOP_NGINX=1 (the BFF
 * behind Debian's nginx with deploy/nginx's configuration, as deployed: static files from disk), VS_NIUSHOP_MEMBER (index in
 * the fixture's members, 0), VS_NIUSHOP_TIMEOUT_MS (per visit, 20000), CHROME_PATH.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { z } from "zod";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { comeFrom, startEntrySite } from "./entry-site";
import { installFirstPriceProbe, type FirstPrice } from "./first-price";
import { bytesIfGzipped, meterNetwork } from "./page-network";
import { readFixture, signInToStorefront, storefrontUrls, type Fixture } from "./niushop-fixture";
import { startBff, startNginx, stop } from "./stack";
import { PAGE_NAMES, ratios, ratioTable, summarise, summaryTable, type PageName, type Side, type Visit } from "./vs-niushop-report";

const EnvSchema = z.object({
  NIUSHOP_FIXTURE: z.string().default("data/niushop/fixture.json"),
  VS_NIUSHOP_RUNS: z.coerce.number().int().min(1).max(50).default(7),
  VS_NIUSHOP_PORT: z.coerce.number().int().min(1).max(65535).default(3160),
  VS_NIUSHOP_STOREFRONT_URL: z.string().url().optional(),
  /** 1: the BFF behind Debian's nginx with deploy/'s configuration (static files from disk), on VS_NIUSHOP_PORT + 1. */
  VS_NIUSHOP_NGINX: z.enum(["0", "1"]).default("0"),
  VS_NIUSHOP_MEMBER: z.coerce.number().int().min(0).default(0),
  VS_NIUSHOP_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
});

/** Niushop's answer envelope, with the `data` each call needs. */
const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ code: z.number(), message: z.string(), data });
const LoginAnswerSchema = envelope(z.object({ token: z.string().min(1) }));
const CartCountAnswerSchema = envelope(z.coerce.number().int());

/** js-cookie's stored name of the PC client's token cookie (`SDrxEA%_tWW6ezd3`, yszq-pc utils/auth.js). */
const PC_CLIENT_TOKEN_COOKIE = encodeURIComponent("SDrxEA%_tWW6ezd3");
const VIEWPORT = { width: 1280, height: 720 };

type Target = { side: Side; javaScript: boolean; page: PageName; url: string; cookie: { name: string; value: string; url: string } };

async function callNiushop<T extends z.ZodTypeAny>(upstream: string, pathname: string, body: Record<string, unknown>, schema: T): Promise<z.infer<T>> {
  const response = await fetch(new URL(pathname, upstream), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ app_type: "pc", app_type_name: "PC", ...body }),
  });
  const answer = schema.safeParse(await response.json().catch(() => null));
  if (!answer.success) throw new Error(`${pathname} answered HTTP ${response.status} with an unexpected body: ${answer.error.message}`);
  if (answer.data.code < 0) throw new Error(`${pathname} refused: ${answer.data.message}`);
  return answer.data;
}

/** The newest modification time under `entry` (a file or a folder), in ms. */
function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Runs `npm run build` when the build is missing or older than what goes into it. */
function buildIfNeeded() {
  const built = Math.min(newestChange("build/server.js"), newestChange("build/server/index.js"));
  const sources = Math.max(...["app", "public", "locales", "server.ts", "vite.config.ts", "package-lock.json"].map(newestChange));
  if (built > sources) return;
  console.log(built === 0 ? "no build: npm run build" : "the build is older than its sources: npm run build");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

function gitDescription(): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "app", "server.ts", "public", "locales"], { encoding: "utf8" }).trim();
    return dirty ? `${commit} (with uncommitted changes to the storefront)` : commit;
  } catch {
    return "unknown";
  }
}

/** One cold visit: a new context, the member's cookie, the probe and the meter, then the page until it settles. */
async function visit(browser: Browser, target: Target, run: number, timeoutMs: number, entryUrl: string): Promise<Visit> {
  const context = await browser.newContext({ javaScriptEnabled: target.javaScript, viewport: VIEWPORT, locale: "zh-CN" });
  try {
    await context.addCookies([target.cookie]);
    const page = await context.newPage();
    await comeFrom(page, entryUrl);
    const cdp = await context.newCDPSession(page);
    const meter = await meterNetwork(cdp);
    let price: FirstPrice | null = null;
    let requestsBeforePrice: number | null = null;
    await installFirstPriceProbe(cdp, (seen) => {
      price = seen;
      requestsBeforePrice = meter.requests;
    });
    const deadline = performance.now() + timeoutMs;
    // A failed visit (the shared upstream busy or restarting) is recorded as such, not fatal to the run.
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = (await page.goto(target.url, { waitUntil: "load", timeout: timeoutMs }))?.status() ?? null;
    } catch (failure) {
      error = failure instanceof Error ? failure.message.split("\n")[0] : String(failure);
    }
    // Without scripts nothing changes after the load: settled is done. With them, wait for the price too.
    while (performance.now() < deadline && !(meter.quiet() && (price !== null || !target.javaScript))) await page.waitForTimeout(50);
    const timing = await page
      .evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        return { ttfb: navigation?.responseStart ?? null, load: navigation?.loadEventStart ?? null, fcp: paint?.startTime ?? null };
      })
      .catch(() => ({ ttfb: null, load: null, fcp: null })); // a document still navigating after a failed visit
    const gzipped = (await bytesIfGzipped(cdp, meter.finished)) + meter.redirectBytes;
    const seen = price as FirstPrice | null; // assigned in the probe's callback
    return {
      side: target.side,
      javaScript: target.javaScript,
      page: target.page,
      run,
      url: target.url,
      finalUrl: page.url(),
      status,
      error,
      firstPriceMs: seen ? Math.round(seen.at) : null,
      priceText: seen?.text ?? null,
      firstContentfulPaintMs: timing.fcp === null ? null : Math.round(timing.fcp),
      ttfbMs: timing.ttfb === null ? null : Math.round(timing.ttfb),
      loadMs: timing.load === null ? null : Math.round(timing.load),
      requests: meter.requests,
      transferredBytes: meter.transferredBytes + meter.redirectBytes,
      transferredBytesIfGzipped: gzipped,
      requestsBeforePrice,
      apiCalls: meter.apiCalls,
    };
  } finally {
    await context.close();
  }
}

/** A visit that landed on a sign-in page measured the wrong page: stop rather than report it. */
function assertSignedIn(result: Visit) {
  const landed = new URL(result.finalUrl).pathname;
  if (landed === "/login" || landed.includes("/auth/login")) throw new Error(`${result.side} sent the member to sign in (${result.url} → ${result.finalUrl})`);
}

function pageUrls(fixture: Fixture, storefront: string): Record<Side, Record<PageName, string>> {
  const skuId = fixture.goods.multiSku.skuIds[0];
  const pcClient = fixture.pcClientUrl.endsWith("/") ? fixture.pcClientUrl : `${fixture.pcClientUrl}/`;
  return {
    storefront: storefrontUrls(fixture, storefront),
    // yszq-pc's pages/goods/list.vue, pages/sku/_id, pages/goods/cart.vue under the deployment's base.
    niushop: { list: `${pcClient}goods/list`, goods: `${pcClient}sku/${skuId}`, cart: `${pcClient}goods/cart` },
  };
}

/** Two goods in the member's cart when it has none, so the cart page has prices to show. */
async function fillCartIfEmpty(fixture: Fixture, token: string) {
  const count = await callNiushop(fixture.upstreamUrl, "/api/cart/count", { token }, CartCountAnswerSchema);
  if (count.data > 0) return;
  for (const goods of [fixture.goods.multiSku, fixture.goods.singleSku]) {
    await callNiushop(fixture.upstreamUrl, "/api/cart/add", { token, sku_id: goods.skuIds[0], num: 1 }, envelope(z.unknown()));
  }
  console.log("the member's cart was empty: added one of each of two goods");
}

function machineState() {
  const [one, five, fifteen] = loadavg();
  return { cores: availableParallelism(), loadAverage: { one: Number(one.toFixed(2)), five: Number(five.toFixed(2)), fifteen: Number(fifteen.toFixed(2)) } };
}

async function main() {
  const env = EnvSchema.parse(process.env);
  const fixture = readFixture(env.NIUSHOP_FIXTURE);
  const member = fixture.members[env.VS_NIUSHOP_MEMBER];
  if (!member) throw new Error(`the fixture has no member ${env.VS_NIUSHOP_MEMBER}`);

  if (!env.VS_NIUSHOP_STOREFRONT_URL) buildIfNeeded();
  const bff = env.VS_NIUSHOP_STOREFRONT_URL ? null : await startBff(env.VS_NIUSHOP_PORT, fixture.upstreamUrl, availableParallelism());
  const nginx = bff && env.VS_NIUSHOP_NGINX === "1" ? await startNginx(env.VS_NIUSHOP_PORT + 1, bff.url) : null;
  const storefront = env.VS_NIUSHOP_STOREFRONT_URL?.replace(/\/$/, "") ?? nginx?.url ?? bff!.url;
  const browser = await chromium.launch(chromiumLaunchOptions);
  const entry = await startEntrySite();
  const started = { date: new Date().toISOString(), machine: machineState() };
  try {
    const session = await signInToStorefront(storefront, member, fixture.appDir);
    const login = await callNiushop(fixture.upstreamUrl, "/api/login/login", { username: member.username, password: member.password }, LoginAnswerSchema);
    const cookies: Record<Side, Target["cookie"]> = {
      storefront: { name: "__session", value: session, url: storefront },
      niushop: { name: PC_CLIENT_TOKEN_COOKIE, value: login.data.token, url: fixture.pcClientUrl },
    };
    const urls = pageUrls(fixture, storefront);
    const target = (side: Side, javaScript: boolean, page: PageName): Target => ({ side, javaScript, page, url: urls[side][page], cookie: cookies[side] });

    await fillCartIfEmpty(fixture, login.data.token);
    for (const page of PAGE_NAMES) {
      for (const side of ["storefront", "niushop"] as const)
        assertSignedIn(await visit(browser, target(side, true, page), 0, env.VS_NIUSHOP_TIMEOUT_MS, entry.url));
    }
    console.log(`warmed up; ${env.VS_NIUSHOP_RUNS} rounds of cold visits (load now ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`);

    const visits: Visit[] = [];
    for (let run = 1; run <= env.VS_NIUSHOP_RUNS; run += 1) {
      await fillCartIfEmpty(fixture, login.data.token);
      for (const page of PAGE_NAMES) {
        const variants = [target("storefront", true, page), target("storefront", false, page), target("niushop", true, page)];
        if (run === 1) variants.push(target("niushop", false, page));
        for (let turn = 0; turn < variants.length; turn += 1) {
          const result = await visit(browser, variants[(turn + run) % variants.length], run, env.VS_NIUSHOP_TIMEOUT_MS, entry.url);
          assertSignedIn(result);
          visits.push(result);
          const mode = result.javaScript ? "JS on " : "JS off";
          if (result.error) console.log(`run ${run} ${page} ${result.side} ${mode}: ${result.error}`);
          console.log(
            `run ${run} ${page.padEnd(5)} ${result.side.padEnd(10)} ${mode}: price ${result.firstPriceMs ?? "none"} ms, FCP ${result.firstContentfulPaintMs ?? "none"} ms, ` +
              `TTFB ${result.ttfbMs} ms, ${result.requests} requests, ${(result.transferredBytes / 1024).toFixed(1)} KB ` +
              `(${(result.transferredBytesIfGzipped / 1024).toFixed(1)} KB gzipped) (${result.priceText ?? "no price"})`,
          );
        }
      }
    }

    const summaries = summarise(visits);
    const ratioRows = ratios(summaries, visits);
    const machine = { ...started.machine, loadAverageAtEnd: machineState().loadAverage, node: process.version, chromium: browser.version() };
    const report = [
      `Storefront ${gitDescription()} at ${storefront}${nginx ? " (behind nginx, deploy/nginx/nginx.conf)" : ""}; Niushop at ${fixture.upstreamUrl}, its PC client at ${fixture.pcClientUrl}; member ${member.username}.`,
      `${env.VS_NIUSHOP_RUNS} cold visits per page and client (Niushop JS off: 1), medians; Chromium ${machine.chromium}, ${machine.cores} cores,` +
        ` load average ${machine.loadAverage.one} at the start, ${machine.loadAverageAtEnd.one} at the end.`,
      "",
      summaryTable(summaries),
      "",
      "Niushop's PC client (JS on) ÷ the storefront, medians of the same run:",
      "",
      ratioTable(ratioRows),
    ].join("\n");
    console.log(`\n${report}\n`);

    mkdirSync("bench/results", { recursive: true });
    const file = path.join("bench/results", `vs-niushop-${started.date.replace(/[:.]/g, "-")}.json`);
    const settings = {
      runs: env.VS_NIUSHOP_RUNS,
      member: member.username,
      storefront,
      behindNginx: nginx !== null,
      upstream: fixture.upstreamUrl,
      pcClient: fixture.pcClientUrl,
    };
    writeFileSync(
      file,
      `${JSON.stringify({ date: started.date, commit: gitDescription(), machine, settings, summaries, ratios: ratioRows, report, visits }, null, 2)}\n`,
    );
    console.log(`written to ${file}`);
  } finally {
    await browser.close();
    entry.close();
    if (nginx) await stop(nginx.child);
    if (bff) await stop(bff.child);
  }
}

main().catch((error: unknown) => {
  console.error(`\n[vs-niushop] could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
