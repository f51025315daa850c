/**
 * npm run bench:calls: the upstream calls a document makes and how long it waits for them, at the
 * pace of a single shopper (one document every CALLS_GAP_MS, default 1500 ms), not under load: a
 * call a cache keeps for a second is asked again on every such document, and a call that others
 * wait behind shows as one more upstream round trip.
 *
 * Starts the reference shop API and the production build of the BFF (one worker, the visitor
 * micro-cache off, so a visitor's page is rendered each time), with a counting proxy between them
 * that holds every answer CALLS_UPSTREAM_DELAY_MS (default 20) as from a shop API on another host.
 * Each page is opened once to fill the caches, then CALLS_ROUNDS times (default 7), the pages in
 * turn. Prints per page the median calls per document, the calls that were not on every document
 * and the median time to the first byte; writes every visit to bench/results/calls-<date>.json.
 * With CALLS_BASE (a directory holding another build) that build runs beside the current one, on
 * the next port and a proxy of its own, and each page is opened on both in turn: the machine's
 * noise falls on both alike.
 *
 * Env: CALLS_ROUNDS, CALLS_GAP_MS, CALLS_UPSTREAM_DELAY_MS, CALLS_BASE, BENCH_BFF_PORT (default
 * 3300; the base build the next port), BENCH_SHOP_API_PORT (default 4300).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { countingProxy, signIn, startBff, startShopApi, stop } from "./stack";

const ROUNDS = Number(process.env.CALLS_ROUNDS ?? 7);
const GAP_MS = Number(process.env.CALLS_GAP_MS ?? 1500);
const UPSTREAM_DELAY_MS = Number(process.env.CALLS_UPSTREAM_DELAY_MS ?? 20);
const BFF_PORT = Number(process.env.BENCH_BFF_PORT ?? 3300);
const SHOP_API_PORT = Number(process.env.BENCH_SHOP_API_PORT ?? 4300);
/** A directory holding another build (`cp -r build /tmp/base` before a change): measured in turns with `build/`. */
const BASE = process.env.CALLS_BASE;

const PAGES = [
  { name: "visitor /index", path: "/index", member: false },
  { name: "visitor /list", path: `/list?keyword=${encodeURIComponent("阿莫西林")}`, member: false },
  { name: "visitor /sku-1", path: "/sku-1", member: false },
  { name: "member /index", path: "/index", member: true },
  { name: "member /list", path: `/list?keyword=${encodeURIComponent("阿莫西林")}`, member: true },
  { name: "member /sku-1", path: "/sku-1", member: true },
  { name: "member /cart", path: "/cart", member: true },
];

type Visit = { build: string; page: string; calls: string[]; ttfbMs: number; status: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const shopApi = await startShopApi(SHOP_API_PORT);
  const builds: { name: string; dir?: string }[] = [...(BASE ? [{ name: "base", dir: path.resolve(BASE) }] : []), { name: "current" }];
  const running: { name: string; stop(): Promise<void>; open(page: (typeof PAGES)[number]): Promise<Visit> }[] = [];
  const visits: Visit[] = [];
  try {
    for (const [index, build] of builds.entries()) {
      const proxy = await countingProxy(shopApi.url, UPSTREAM_DELAY_MS);
      const bff = await startBff(BFF_PORT + index, proxy.url, 1, { VISITOR_CACHE_MS: "0" }, build.dir);
      const cookie = await signIn(bff.url);
      running.push({
        name: build.name,
        stop: async () => {
          await stop(bff.child);
          proxy.server.close();
        },
        open: async (page) => {
          proxy.take();
          const started = performance.now();
          const response = await fetch(bff.url + page.path, { headers: page.member ? { cookie } : {}, redirect: "manual" });
          const ttfbMs = performance.now() - started;
          await response.arrayBuffer();
          const calls = proxy.take().map((call) => call.path);
          return { build: build.name, page: page.name, calls, ttfbMs: Math.round(ttfbMs * 10) / 10, status: response.status };
        },
      });
    }
    for (const build of running) for (const page of PAGES) await build.open(page); // the caches, as on a server that has run a while
    for (let round = 0; round < ROUNDS; round++) {
      for (const page of PAGES) {
        for (const build of running) {
          await pause(GAP_MS);
          visits.push(await build.open(page));
        }
      }
    }
  } finally {
    for (const build of running) await build.stop();
    await stop(shopApi.child);
  }

  const rows = running.flatMap((build) =>
    PAGES.map((page) => {
      const own = visits.filter((visit) => visit.build === build.name && visit.page === page.name);
      const counts = new Map<string, number>();
      for (const visit of own) for (const call of new Set(visit.calls)) counts.set(call, (counts.get(call) ?? 0) + 1);
      const short = (call: string) => call.replace(/^\/api\//, "");
      // A cache's refresh adds many calls to one document: the first few are named.
      const sometimes = [...counts].filter(([, count]) => count < own.length).map(([call, count]) => `${short(call)} ${count}/${own.length}`);
      return {
        build: build.name,
        page: page.name,
        "calls per document (median)": median(own.map((visit) => visit.calls.length)),
        "site/status per document": Number((own.filter((visit) => visit.calls.includes("/api/site/status")).length / own.length).toFixed(2)),
        "calls on every document": [...counts]
          .filter(([, count]) => count === own.length)
          .map(([call]) => short(call))
          .join(" "),
        "calls on some": sometimes.length > 4 ? `${sometimes.slice(0, 3).join(" ")} +${sometimes.length - 3} more` : sometimes.join(" "),
        [`TTFB ms, upstream +${UPSTREAM_DELAY_MS} ms (median)`]: median(own.map((visit) => visit.ttfbMs)),
        statuses: [...new Set(own.map((visit) => visit.status))].join(" "),
      };
    }),
  );
  console.table(rows);
  const dir = path.join("bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `calls-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ rounds: ROUNDS, gapMs: GAP_MS, upstreamDelayMs: UPSTREAM_DELAY_MS, base: BASE ?? null, rows, visits }, null, 2));
  console.log(`written ${file}`);
}

await main();
