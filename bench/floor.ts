/**
 * npm run bench:floor: where a member's first price goes with JavaScript off, split between the
 * servers and the browser (issue 33). On the real upstream (`npm run niushop`), for the three pages
 * bench:vs-niushop compares, the same member, cold visits in Debian's Chromium (1280×720, zh-CN),
 * each from a blank page of another site (bench/entry-site.ts):
 *
 * - live: the page as the member opens it from the BFF (production build, one worker per core);
 * - replayed: the very document that visit gets, with its headers, fetched once beforehand and
 *   answered at once by a local server, which forwards every other request (images, `/media`) to the
 *   BFF: the first price minus what the servers take, i.e. the browser's own work on that document;
 * - replayed without COOP: the same, less its `Cross-Origin-Opener-Policy` header, whose browsing
 *   context group switch a cold visit pays (a new tab's first document has none);
 * - floor: a document holding nothing but a line of Chinese text and a price, from the same local
 *   server: what Chromium needs for any page on this machine, before a page's content costs anything.
 *
 * First price is bench/first-price.ts's measure, as in bench:vs-niushop. Visits take turns (live,
 * replayed, floor, page after page) so that the machine's load falls on all alike; medians of
 * FLOOR_RUNS (default 9) rounds after one unmeasured round. Figures are printed and written to
 * bench/results/floor-<date>.json, never asserted.
 *
 * Env: NIUSHOP_FIXTURE (default data/niushop/fixture.json), FLOOR_RUNS (9), FLOOR_PORT (BFF, 3190;
 * the replaying server on the next port), VS_NIUSHOP_MEMBER (index in the fixture's members, 0).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { z } from "zod";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { comeFrom, startEntrySite } from "./entry-site";
import { installFirstPriceProbe } from "./first-price";
import { readFixture, signInToStorefront, storefrontUrls } from "./niushop-fixture";
import { startBff, stop } from "./stack";
import { median } from "./vs-niushop-report";

const EnvSchema = z.object({
  NIUSHOP_FIXTURE: z.string().default("data/niushop/fixture.json"),
  FLOOR_RUNS: z.coerce.number().int().min(1).max(50).default(9),
  FLOOR_PORT: z.coerce.number().int().min(1).max(65534).default(3190),
  VS_NIUSHOP_MEMBER: z.coerce.number().int().min(0).default(0),
});

const FLOOR_PATH = "/__floor";
const FLOOR_DOCUMENT = '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>购物车</title></head><body><p>购物车合计 ¥29.90</p></body></html>';
const TIMEOUT_MS = 20_000;

type Kind = "live" | "replayed" | "replayed without COOP" | "floor";
type Saved = { html: string; headers: Record<string, string> };
const NO_COOP = "?without-coop";
/** Headers of one hop, or of the body as it was sent, that the replay (one answer, identity) does not repeat. */
const NOT_REPLAYED = new Set(["connection", "keep-alive", "transfer-encoding", "content-encoding", "content-length", "date", "set-cookie"]);
type Measure = { firstPriceMs: number | null; ttfbMs: number | null };

/** Answers the saved documents at their paths at once, the floor page at FLOOR_PATH, and sends anything else to the BFF. */
async function startReplay(port: number, bff: string, documents: Map<string, Saved>) {
  const target = new URL(bff);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://replay");
    if (url.pathname === FLOOR_PATH) {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      response.end(FLOOR_DOCUMENT);
      return;
    }
    const saved = documents.get(url.pathname);
    if (saved) {
      const headers =
        url.search === NO_COOP ? Object.fromEntries(Object.entries(saved.headers).filter(([name]) => name !== "cross-origin-opener-policy")) : saved.headers;
      response.writeHead(200, headers);
      response.end(saved.html);
      return;
    }
    const forwarded = httpRequest(
      { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: { ...request.headers, host: target.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** One cold visit with JavaScript off: a new context, the member's cookie, the probe; the first price and TTFB. */
async function visit(browser: Browser, url: string, cookie: { name: string; value: string }, entryUrl: string): Promise<Measure> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 720 }, locale: "zh-CN" });
  try {
    await context.addCookies([{ ...cookie, url }]);
    const page = await context.newPage();
    await comeFrom(page, entryUrl);
    const cdp = await context.newCDPSession(page);
    let firstPriceMs: number | null = null;
    await installFirstPriceProbe(cdp, (price) => (firstPriceMs = Math.round(price.at)));
    await page.goto(url, { waitUntil: "load", timeout: TIMEOUT_MS });
    // The probe reports from its own frame callback: give it the frames after the load.
    for (let waited = 0; firstPriceMs === null && waited < 2_000; waited += 50) await page.waitForTimeout(50);
    const ttfb = await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.responseStart ?? null);
    return { firstPriceMs, ttfbMs: ttfb === null ? null : Math.round(ttfb) };
  } finally {
    await context.close();
  }
}

const medianOf = (measures: Measure[], key: keyof Measure) =>
  median(measures.map((measure) => measure[key]).filter((value): value is number => value !== null));

async function main() {
  const env = EnvSchema.parse(process.env);
  const fixture = readFixture(env.NIUSHOP_FIXTURE);
  const member = fixture.members[env.VS_NIUSHOP_MEMBER];
  if (!member) throw new Error(`the fixture has no member ${env.VS_NIUSHOP_MEMBER}`);
  const bff = await startBff(env.FLOOR_PORT, fixture.upstreamUrl, availableParallelism());
  const browser = await chromium.launch(chromiumLaunchOptions);
  const entry = await startEntrySite();
  const loadAtStart = Number(loadavg()[0].toFixed(2));
  const documents = new Map<string, Saved>();
  const replay = await startReplay(env.FLOOR_PORT + 1, bff.url, documents);
  try {
    const cookie = { name: "__session", value: await signInToStorefront(bff.url, member, fixture.appDir) };
    const pages = Object.entries(storefrontUrls(fixture));
    for (const [page, at] of pages) {
      const answer = await fetch(`${bff.url}${at}`, { headers: { Cookie: `${cookie.name}=${cookie.value}` }, redirect: "manual" });
      if (answer.status !== 200) throw new Error(`${at} answered ${answer.status} for the signed-in member`);
      const html = await answer.text();
      const headers = Object.fromEntries([...answer.headers].filter(([name]) => !NOT_REPLAYED.has(name)));
      documents.set(at, { html, headers });
      console.log(`${page}: ${at}, ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML and its headers saved for the replay`);
    }
    const targets: { page: string; kind: Kind; url: string }[] = pages.flatMap(([page, at]) => [
      { page, kind: "live" as const, url: `${bff.url}${at}` },
      { page, kind: "replayed" as const, url: `${replay.url}${at}` },
      { page, kind: "replayed without COOP" as const, url: `${replay.url}${at}${NO_COOP}` },
    ]);
    targets.push({ page: "any", kind: "floor", url: `${replay.url}${FLOOR_PATH}` });

    const measures = new Map<string, Measure[]>();
    for (let run = 0; run <= env.FLOOR_RUNS; run += 1) {
      for (let turn = 0; turn < targets.length; turn += 1) {
        const target = targets[(turn + run) % targets.length];
        const measure = await visit(browser, target.url, cookie, entry.url);
        if (run === 0) continue; // fills the servers' caches, as on a running shop
        const key = `${target.page}|${target.kind}`;
        measures.set(key, [...(measures.get(key) ?? []), measure]);
      }
    }

    const rows = [...measures].map(([key, list]) => {
      const [page, kind] = key.split("|");
      return { page, kind, visits: list.length, firstPriceMs: medianOf(list, "firstPriceMs"), ttfbMs: medianOf(list, "ttfbMs") };
    });
    const firstPrice = (page: string, kind: Kind) => rows.find((row) => row.page === page && row.kind === kind)?.firstPriceMs ?? null;
    const floor = firstPrice("any", "floor");
    const minus = (a: number | null, b: number | null) => (a === null || b === null ? "—" : `${Math.round(a - b)} ms`);
    const table = [
      "| page | live: first price (TTFB) | replayed: first price (TTFB) | replayed without COOP | the servers' share (live − replayed) | COOP's (replayed − without) | the document's own (without COOP − floor) |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...pages.map(([page]) => {
        const live = rows.find((row) => row.page === page && row.kind === "live");
        const replayed = rows.find((row) => row.page === page && row.kind === "replayed");
        const withoutCoop = firstPrice(page, "replayed without COOP");
        return `| ${page} | ${live?.firstPriceMs ?? "—"} ms (${live?.ttfbMs ?? "—"}) | ${replayed?.firstPriceMs ?? "—"} ms (${replayed?.ttfbMs ?? "—"}) | ${withoutCoop ?? "—"} ms | ${minus(live?.firstPriceMs ?? null, replayed?.firstPriceMs ?? null)} | ${minus(replayed?.firstPriceMs ?? null, withoutCoop)} | ${minus(withoutCoop, floor)} |`;
      }),
    ].join("\n");
    const machine = { cores: availableParallelism(), loadAverage: loadAtStart, loadAverageAtEnd: Number(loadavg()[0].toFixed(2)), chromium: browser.version() };
    const report = [
      `JS off, member ${member.username}, medians of ${env.FLOOR_RUNS} cold visits; Chromium ${machine.chromium}, ${machine.cores} cores, load ${machine.loadAverage} → ${machine.loadAverageAtEnd}.`,
      `Floor (a page of one line and a price, answered at once): first price ${floor ?? "—"} ms.`,
      "",
      table,
    ].join("\n");
    console.log(`\n${report}\n`);
    const date = new Date().toISOString();
    mkdirSync("bench/results", { recursive: true });
    const file = path.join("bench/results", `floor-${date.replace(/[:.]/g, "-")}.json`);
    writeFileSync(file, `${JSON.stringify({ date, machine, rows, report, measures: Object.fromEntries(measures) }, null, 2)}\n`);
    console.log(`written to ${file}`);
  } finally {
    await browser.close();
    entry.close();
    replay.server.close();
    await stop(bff.child);
  }
}

main().catch((error: unknown) => {
  console.error(`\n[floor] could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
