/**
 * npm run test:niushop: the conformance suite, the storefront against a real Niushop (issue 28).
 *
 * 1. The upstream: UPSTREAM_URL (an operator's staging Niushop), or the local one `npm run niushop`
 *    brings up (its fixture names the accounts and the data set).
 * 2. The production build (`npm run build` when it is missing or older than the sources), started
 *    as `npm start` does with LOG_LEVEL=debug, its upstream being the recording proxy (recorder.ts)
 *    in front of the real one.
 * 3. Discovery (discovery.ts): the data the journeys need, found through the upstream's API.
 * 4. Playwright (playwright.niushop.config.ts): every journey with JavaScript on and off, one member
 *    per project, a project's journeys in order. Extra arguments are passed on
 *    (`npm run test:niushop -- tests/niushop/cart.spec.ts --project=js`).
 * 5. The tally of upstream calls by path and outcome; exit 1 on a failed journey, an unexpected
 *    refusal, a fault or a 5xx anywhere in the BFF's log.
 *
 * `--serve` does 1-3 and keeps the stack up: the printed command runs a journey by hand.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { NiushopFixture } from "../../scripts/niushop/fixture";
import { signInAdmin } from "./admin";
import { accountsOf, readFixture, readSuiteEnv, type AdminAccount, type MemberAccount, type SuiteEnv } from "./config";
import { captchaConfig, discover } from "./discovery";
import { printReport } from "./report";
import { startRecorder } from "./recorder";
import { assertFree, ensureBuild, runPlaywright, runToEnd, startBff, step, stopAll } from "./stack";
import { STATE_ENV, type SuiteState } from "./state";
import { Upstream } from "./upstream";

const OUTPUT_DIR = "test-results/niushop";

function sameOrigin(a: string, b: string) {
  return new URL(a).origin === new URL(b).origin;
}

/** The upstream to test: the operator's, or the local one (brought up by `npm run niushop`, which is idempotent). */
function upstreamOf(env: SuiteEnv): { url: string; fixture: NiushopFixture | null } {
  if (env.UPSTREAM_URL) {
    const fixture = readFixture(env.NIUSHOP_FIXTURE);
    // A fixture describes the local upstream: it says nothing about another one.
    return { url: env.UPSTREAM_URL, fixture: fixture && sameOrigin(fixture.upstreamUrl, env.UPSTREAM_URL) ? fixture : null };
  }
  step("no UPSTREAM_URL: npm run niushop brings up the local Niushop");
  runToEnd("npm", ["run", "niushop"]);
  const fixture = readFixture(env.NIUSHOP_FIXTURE);
  if (!fixture) throw new Error(`npm run niushop wrote no ${env.NIUSHOP_FIXTURE}`);
  return { url: fixture.upstreamUrl, fixture };
}

/** What a run may spend per member: below it, the admin tops the balance and points up again. */
const LOW_BALANCE = 1000;
const TOPPED_BALANCE = 2000;
const LOW_POINTS = 2000;
const TOPPED_POINTS = 5000;

/**
 * Journeys spend the members' balance and points, and reruns on the same upstream must pass: with
 * the shop admin, a member below the floor is topped up (the admin's "调整余额"/"调整积分"). Without
 * it the operator's members need enough for a run (docs/testing.md).
 */
async function topUp(upstreamUrl: string, admin: AdminAccount, appDir: string | null, members: MemberAccount[]) {
  const client = await signInAdmin(upstreamUrl, admin, appDir);
  for (const member of members) {
    const account = await client.memberAccount(member.username);
    if (account.balance < LOW_BALANCE) await client.adjustBalance(account.memberId, TOPPED_BALANCE - account.balance, "test:niushop");
    if (account.point < LOW_POINTS) await client.adjustPoint(account.memberId, TOPPED_POINTS - account.point, "test:niushop");
  }
}

async function main(): Promise<number> {
  const serve = process.argv.includes("--serve");
  const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== "--serve");
  const env = readSuiteEnv();
  const { url: upstreamUrl, fixture } = upstreamOf(env);
  const { members, admin } = accountsOf(env, fixture);
  const upstream = new Upstream(upstreamUrl);
  step(`upstream ${upstreamUrl}${fixture ? " (local, with its fixture)" : ""}; admin steps ${admin ? "on" : "skipped: no NIUSHOP_ADMIN"}`);

  // Wrong credentials are a setup problem, said plainly before any journey runs.
  for (const member of members.slice(0, 2)) {
    await upstream.logIn(member.username, member.password).catch((error: unknown) => {
      throw new Error(`member ${member.username} cannot sign in on ${upstreamUrl}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  const captcha = await captchaConfig(upstream);
  // Only the local upstream's file cache tells a captcha's answer, and every journey signs in.
  if (captcha.login && !fixture)
    throw new Error(`${upstreamUrl} asks for a captcha at sign-in: turn the member login captcha off for the run (docs/testing.md)`);
  if (admin) await topUp(upstreamUrl, admin, fixture?.appDir ?? null, members.slice(0, 2));

  ensureBuild();
  const bffUrl = `http://127.0.0.1:${env.NIUSHOP_BFF_PORT}`;
  await assertFree(`${bffUrl}/healthz`, "NIUSHOP_BFF_PORT");
  await assertFree(`http://127.0.0.1:${env.NIUSHOP_RECORDER_PORT}/__suite/seq`, "NIUSHOP_RECORDER_PORT");
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const recorder = await startRecorder({ port: env.NIUSHOP_RECORDER_PORT, upstreamUrl });
  const bffLog = resolve(OUTPUT_DIR, "bff.log");
  await startBff({ port: env.NIUSHOP_BFF_PORT, upstreamUrl: recorder.url, logPath: bffLog, onLine: recorder.noteBffLine });
  step(`BFF ${bffUrl} (log: ${bffLog}), its upstream the recorder ${recorder.url}`);

  const data = await discover(upstream, fixture, members[0]);
  const state: SuiteState = {
    bffUrl,
    upstreamUrl,
    recorderUrl: recorder.url,
    members: { js: members[0], "no-js": members[1] },
    admin,
    expressCompanyId: fixture?.delivery.expressCompanyId ?? null,
    data,
    captcha,
    appDir: fixture?.appDir ?? null,
  };
  const statePath = resolve(OUTPUT_DIR, "state.json");
  writeFileSync(statePath, `${JSON.stringify(state, null, 2)}\n`);
  step(`data found on the upstream: ${statePath}`);

  if (serve) {
    step(`serving; run journeys with: ${STATE_ENV}=${statePath} npx playwright test -c playwright.niushop.config.ts [spec] [--project=js]; Ctrl-C stops`);
    return new Promise<number>(() => {});
  }

  const playwright = await runPlaywright(playwrightArgs, { [STATE_ENV]: statePath });
  // The BFF logs a call's failure just after the answer: let the last lines arrive.
  await new Promise((resolveWait) => setTimeout(resolveWait, 500));
  const findings = printReport({ calls: recorder.calls(), bffFaults: recorder.bffFaults(), outputDir: OUTPUT_DIR, bffLog });
  await recorder.close();
  return playwright !== 0 || findings > 0 ? 1 : 0;
}

main()
  .then((code) => {
    stopAll();
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(`[niushop] could not run: ${error instanceof Error ? error.message : String(error)}`);
    stopAll();
    process.exit(2);
  });
