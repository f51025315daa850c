/**
 * npm run bench: what each page costs the BFF.
 *
 * 1. Starts a fresh reference shop API in its own process and the production build of the BFF.
 * 2. Puts a counting proxy between them and opens each page twice: with cold caches, then warm; the
 *    proxy records the upstream calls of each visit. Also records the page's HTML and loader-data
 *    (`.data`) bytes.
 * 3. One BFF worker straight against the shop API, per page: throughput at BENCH_CONNECTIONS, the
 *    BFF's CPU milliseconds per page (its CPU time over the run ÷ requests: the kernel's utime +
 *    stime, the counters `process.cpuUsage` reads) and so its pages per second per core; then the
 *    latency at one connection beside the page's slowest upstream call, also at one connection.
 *    Each page's CPU is measured twice on the same process: as asked without `Accept-Encoding`
 *    (compression at the ingress, ADR 057) and with `Accept-Encoding: gzip` (the BFF compresses).
 *    Visitor pages are served from the visitor micro-cache (ADR 014), as in production; every
 *    page's render cost without it is measured too, by a second BFF with VISITOR_CACHE_MS=0 (the counting
 *    step runs without the micro-cache as well, so its upstream calls are a render's).
 * 4. The latency at one connection again, with every upstream answer held BENCH_UPSTREAM_DELAY_MS
 *    (default 20) as from a shop API on another host: it shows the upstream round trips a page
 *    waits for one after the other, which loopback hides.
 * 5. The BFF with one worker per core (WEB_CONCURRENCY): throughput of each page.
 * 6. Prints the tables and writes them as JSON to bench/results/, with the machine's speed at a
 *    fixed workload (bench/machine.ts), measured first, on the idle machine: CPU milliseconds are
 *    comparable only between runs whose machine figures agree.
 *
 * Every CPU measure follows BENCH_WARMUP seconds of the same load (default 20): a server runs for
 * hours, so the figure is the steady state, not the JIT compiling a page's code. At 10 connections
 * a member's goods page settles after ~15-20 s (5 s windows from the start: 6.1, 4.3, 3.7, 3.4,
 * 3.3, 3.4 … ms, docs/performance.md); after 2 s, the default until 2026-11-26 (4), it was still
 * ~20 % above that.
 *
 * Env: BENCH_DURATION (s per measure, default 10), BENCH_WARMUP (s, default 20), BENCH_CONNECTIONS (default 10),
 * BENCH_UPSTREAM_DELAY_MS (default 20), BENCH_BFF_PORT (default 3300), BENCH_SHOP_API_PORT (default 4300),
 * BENCH_PAGES (comma-separated page names to keep, e.g. "visitor /index,member /sku-1").
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import type { MachineFigures } from "./machine";
import { countingProxy, signIn, startBff, startShopApi, stop, type Call } from "./stack";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const SHOP_API_PORT = Number(process.env.BENCH_SHOP_API_PORT ?? 4300);
const BFF_PORT = Number(process.env.BENCH_BFF_PORT ?? 3300);
const CORES = availableParallelism();
const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ
const NO_VISITOR_CACHE = { VISITOR_CACHE_MS: "0" };
/** What a page costs rendered whole: neither the visitor micro-cache nor the markup cache. */
const NO_CACHES = { VISITOR_CACHE_MS: "0" };
/** The upstream's delay per call for the latency that counts round trips (the shop API on another host). */
const UPSTREAM_DELAY_MS = Number(process.env.BENCH_UPSTREAM_DELAY_MS ?? 20);

type Measure = { rps: number; p50: number; p99: number; requests: number; errors: number; non2xx: number };
type Page = { name: string; path: string; member: boolean };

function measure(options: autocannon.Options): Promise<Measure> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        errors: result.errors,
        non2xx: result.non2xx,
      });
    });
  });
}

/** CPU milliseconds (user + system) used so far by a process and its children (the cluster's workers). */
function cpuMsOfTree(pid: number): number {
  let ticks = 0;
  const visit = (id: number) => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      const children = readFileSync(`/proc/${id}/task/${id}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) visit(Number(child));
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

function headersOf(page: Page, cookie: string): Record<string, string> {
  return page.member ? { cookie } : {};
}

/** bench/machine.ts in a process of its own, with React's production build as the BFF has it. */
function machineFigures(): MachineFigures {
  const output = execFileSync("npx", ["tsx", "bench/machine.ts"], { env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
  return JSON.parse(output) as MachineFigures;
}

async function main() {
  const machine = machineFigures();
  const shopApi = await startShopApi(SHOP_API_PORT);
  try {
    const pages: Page[] = [
      { name: "visitor /index", path: "/index", member: false },
      { name: "visitor /list", path: `/list?keyword=${encodeURIComponent("阿莫西林")}`, member: false },
      { name: "visitor /sku-1", path: "/sku-1", member: false },
      { name: "member /index", path: "/index", member: true },
      { name: "member /sku-1", path: "/sku-1", member: true },
      { name: "member /cart", path: "/cart", member: true },
    ].filter((page) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(",").includes(page.name));

    // Upstream calls and bytes per page, through the counting proxy.
    const proxy = await countingProxy(shopApi.url);
    const counted = await startBff(BFF_PORT, proxy.url, 1, NO_VISITOR_CACHE);
    let cookie = await signIn(counted.url);
    const profile: Record<string, { cold: Call[]; warm: Call[]; htmlBytes: number; dataBytes: number }> = {};
    for (const page of pages) {
      const headers = headersOf(page, cookie);
      proxy.take();
      await fetch(counted.url + page.path, { headers }).then((response) => response.text());
      const cold = proxy.take();
      const html = await fetch(counted.url + page.path, { headers }).then((response) => response.text());
      const warm = proxy.take();
      const dataUrl = new URL(page.path, counted.url);
      dataUrl.pathname += ".data";
      const data = await fetch(dataUrl, { headers }).then((response) => response.text());
      proxy.take();
      profile[page.name] = { cold, warm, htmlBytes: Buffer.byteLength(html), dataBytes: Buffer.byteLength(data) };
    }
    await stop(counted.child);
    proxy.server.close();

    // One worker: throughput, CPU per page, latency at one connection.
    const single = await startBff(BFF_PORT, shopApi.url, 1);
    cookie = await signIn(single.url);
    const results = [];
    for (const page of pages) {
      const headers = headersOf(page, cookie);
      await fetch(single.url + page.path, { headers }); // warm the caches
      if (WARMUP > 0) await measure({ url: single.url + page.path, headers, duration: WARMUP });
      const cpuBefore = cpuMsOfTree(single.child.pid as number);
      const loaded = await measure({ url: single.url + page.path, headers });
      const cpuMsPerPage = (cpuMsOfTree(single.child.pid as number) - cpuBefore) / Math.max(1, loaded.requests);
      // The same page asked with gzip, as browsers ask when nothing in front compresses (ADR 057).
      const gzipBefore = cpuMsOfTree(single.child.pid as number);
      const gzipped = await measure({ url: single.url + page.path, headers: { ...headers, "accept-encoding": "gzip" } });
      const cpuMsPerPageGzip = (cpuMsOfTree(single.child.pid as number) - gzipBefore) / Math.max(1, gzipped.requests);
      const alone = await measure({ url: single.url + page.path, headers, connections: 1, duration: Math.max(3, Math.round(DURATION / 2)) });
      const upstream = [];
      for (const call of profile[page.name].warm) {
        upstream.push({
          path: call.path,
          ...(await measure({
            url: shopApi.url + call.path,
            method: "POST",
            body: call.body,
            headers: { "content-type": "application/json" },
            connections: 1,
            duration: Math.max(3, Math.round(DURATION / 3)),
          })),
        });
      }
      const slowestUpstreamP50 = Math.max(0, ...upstream.map((call) => call.p50));
      results.push({
        page: page.name,
        path: page.path,
        ...loaded,
        cpuMsPerPage: Number(cpuMsPerPage.toFixed(2)),
        cpuMsPerPageGzip: Number(cpuMsPerPageGzip.toFixed(2)),
        pagesPerSecondPerCore: Math.round(1000 / cpuMsPerPage),
        pagesPerSecondPerCoreGzip: Math.round(1000 / cpuMsPerPageGzip),
        p50OneConnection: alone.p50,
        slowestUpstreamP50,
        upstreamCallsCold: profile[page.name].cold.length,
        upstreamCallsWarm: profile[page.name].warm.length,
        htmlBytes: profile[page.name].htmlBytes,
        loaderDataBytes: profile[page.name].dataBytes,
        upstream,
        rpsAllWorkers: 0,
        // The same rendered whole, without the micro-cache (visitors) and the markup cache (filled in below).
        cpuMsPerRender: Number(cpuMsPerPage.toFixed(2)),
        p50OneConnectionRendered: alone.p50,
        p50OneConnectionDistantUpstream: 0,
        upstreamRoundTrips: 0,
      });
    }
    await stop(single.child);

    // Every page rendered whole every time (both caches off): what a miss costs.
    const uncached = await startBff(BFF_PORT, shopApi.url, 1, NO_CACHES);
    cookie = await signIn(uncached.url);
    for (const [index, page] of pages.entries()) {
      const headers = headersOf(page, cookie);
      await fetch(uncached.url + page.path, { headers });
      if (WARMUP > 0) await measure({ url: uncached.url + page.path, headers, duration: WARMUP });
      const cpuBefore = cpuMsOfTree(uncached.child.pid as number);
      const loaded = await measure({ url: uncached.url + page.path, headers });
      results[index].cpuMsPerRender = Number(((cpuMsOfTree(uncached.child.pid as number) - cpuBefore) / Math.max(1, loaded.requests)).toFixed(2));
      results[index].p50OneConnectionRendered = (
        await measure({ url: uncached.url + page.path, headers, connections: 1, duration: Math.max(3, Math.round(DURATION / 2)) })
      ).p50;
    }
    await stop(uncached.child);

    // Latency at one connection when every upstream call takes UPSTREAM_DELAY_MS (pages rendered
    // whole): upstream calls the page waits for one after the other each add the delay, so
    // (this p50 − the loopback one) ÷ the delay is the page's upstream round trips in a row.
    const delayed = await countingProxy(shopApi.url, UPSTREAM_DELAY_MS);
    const distant = await startBff(BFF_PORT, delayed.url, 1, NO_CACHES);
    cookie = await signIn(distant.url);
    for (const [index, page] of pages.entries()) {
      const headers = headersOf(page, cookie);
      for (let warm = 0; warm < 3; warm++) await fetch(distant.url + page.path, { headers }); // the caches
      const { p50 } = await measure({ url: distant.url + page.path, headers, connections: 1, duration: Math.max(3, Math.round(DURATION / 2)) });
      results[index].p50OneConnectionDistantUpstream = p50;
      results[index].upstreamRoundTrips = Math.max(0, Math.round((p50 - results[index].p50OneConnectionRendered) / UPSTREAM_DELAY_MS));
    }
    await stop(distant.child);
    delayed.server.close();

    // One worker per core.
    const all = await startBff(BFF_PORT, shopApi.url, CORES);
    cookie = await signIn(all.url);
    for (const [index, page] of pages.entries()) {
      const headers = headersOf(page, cookie);
      for (let warm = 0; warm < CORES * 2; warm++) await fetch(all.url + page.path, { headers });
      results[index].rpsAllWorkers = (await measure({ url: all.url + page.path, headers })).rps;
    }
    await stop(all.child);

    console.log(`\nmachine (bench/machine.ts, ms per repetition): render ${machine.render}, json ${machine.json}`);
    console.log(`BFF pages: ${CONNECTIONS} connections, ${DURATION} s each, loopback; the shop API in its own process; ${CORES} cores shared with autocannon`);
    console.table(
      results.map((row) => ({
        page: row.page,
        "req/s 1 worker": row.rps,
        [`req/s ${CORES} workers`]: row.rpsAllWorkers,
        "CPU ms/page": row.cpuMsPerPage,
        "CPU ms/page gzip": row.cpuMsPerPageGzip,
        "gzip ×": Number((row.cpuMsPerPageGzip / row.cpuMsPerPage).toFixed(2)),
        "CPU ms/render": row.cpuMsPerRender,
        "pages/s/core": row.pagesPerSecondPerCore,
        "pages/s/core gzip": row.pagesPerSecondPerCoreGzip,
        "p50 ms": row.p50,
        "p99 ms": row.p99,
        "p50 ms @1 conn": row.p50OneConnection,
        "p50 @1 rendered": row.p50OneConnectionRendered,
        "slowest upstream p50 @1": row.slowestUpstreamP50,
        [`p50 @1, upstream +${UPSTREAM_DELAY_MS} ms`]: row.p50OneConnectionDistantUpstream,
        "round trips": row.upstreamRoundTrips,
        non2xx: row.non2xx,
        "calls cold/warm": `${row.upstreamCallsCold}/${row.upstreamCallsWarm}`,
        "HTML B": row.htmlBytes,
        "loader data B": row.loaderDataBytes,
      })),
    );
    mkdirSync("bench/results", { recursive: true });
    const file = path.join("bench/results", `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        { date: new Date().toISOString(), node: process.version, cores: CORES, machine, duration: DURATION, connections: CONNECTIONS, results },
        null,
        2,
      ),
    );
    console.log(`written to ${file}`);
  } finally {
    await stop(shopApi.child);
  }
}

await main();
