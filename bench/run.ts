/**
 * npm run bench: what each page costs.
 *
 * 1. Starts a fresh reference shop API and the production build of the BFF (run `npm run build` first).
 * 2. Puts a counting proxy between them and opens each page twice: the first time with cold caches,
 *    the second with warm shared-data caches; the proxy records the upstream calls of each visit.
 * 3. Restarts the BFF without the proxy and measures each page with autocannon (requests/s, p50, p99),
 *    then measures the shop API's own calls that the page makes (the warm set), one by one.
 * 4. Prints a table and writes it as JSON to bench/results/.
 *
 * Env: BENCH_DURATION (s per page, default 10), BENCH_CONNECTIONS (default 10).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SHOP_API_PORT = 4300;
const BFF_PORT = 3300;
const SHOP_API = `http://127.0.0.1:${SHOP_API_PORT}`;
const BFF = `http://127.0.0.1:${BFF_PORT}`;

type Call = { path: string; body: string };
type Measure = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

async function waitFor(url: string) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** A proxy that forwards to the shop API and records every API call (path + body); images are not counted. */
function countingProxy(target: string): Promise<{ server: Server; url: string; take(): Call[] }> {
  let calls: Call[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (!/^\/(upload|public)\//.test(req.url ?? "")) calls.push({ path: req.url ?? "", body: body.toString() });
      const upstream = httpRequest(new URL(req.url ?? "/", target), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on("error", () => res.writeHead(502).end());
      upstream.end(body);
    });
  });
  const take = () => {
    const taken = calls;
    calls = [];
    return taken;
  };
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, take });
    }),
  );
}

function measure(options: autocannon.Options): Promise<Measure> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors,
        non2xx: result.non2xx,
      });
    });
  });
}

async function main() {
  if (!existsSync("build/server.js")) throw new Error("run `npm run build` first");
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-shop-api-"));
  const shopApi = start("node_modules/.bin/tsx", ["shop-api/main.ts"], {
    PORT: String(SHOP_API_PORT),
    DATA_DIR: dataDir,
    SHOP_API_LOG: "0",
    SHOP_API_FRESH: "1",
  });
  const stopAll: ChildProcess[] = [shopApi];
  try {
    await waitFor(`${SHOP_API}/health`);
    // A goods detail page to measure: the first goods of the catalog.
    const firstPage = await fetch(`${SHOP_API}/api/goodssku/page`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ app_type: "pc", page: 1, page_size: 1 }),
    }).then((response) => response.json() as Promise<{ data: { list: Array<{ sku_id: number }> } }>);
    const skuId = firstPage.data.list[0]?.sku_id ?? 1;
    const pages = ["/index", `/list?keyword=${encodeURIComponent("阿莫西林")}`, `/sku-${skuId}`];

    // Upstream calls per page, cold and warm, through the counting proxy.
    const proxy = await countingProxy(SHOP_API);
    const bffCounted = start("node", ["build/server.js"], {
      NODE_ENV: "production",
      PORT: String(BFF_PORT),
      HOST: "127.0.0.1",
      UPSTREAM_URL: proxy.url,
      SESSION_SECRET: "bench-secret-0123456789abcdef",
      LOG_LEVEL: "silent",
      COOKIE_SECURE: "false",
    });
    stopAll.push(bffCounted);
    await waitFor(`${BFF}/healthz`);
    const calls: Record<string, { cold: Call[]; warm: Call[] }> = {};
    for (const page of pages) {
      proxy.take();
      await fetch(`${BFF}${page}`).then((response) => response.text());
      const cold = proxy.take();
      await fetch(`${BFF}${page}`).then((response) => response.text());
      const warm = proxy.take();
      calls[page] = { cold, warm };
    }
    bffCounted.kill("SIGTERM");
    proxy.server.close();
    await new Promise((resolve) => setTimeout(resolve, 500));

    // Throughput of each page against the BFF talking straight to the shop API.
    const bff = start("node", ["build/server.js"], {
      NODE_ENV: "production",
      PORT: String(BFF_PORT),
      HOST: "127.0.0.1",
      UPSTREAM_URL: SHOP_API,
      SESSION_SECRET: "bench-secret-0123456789abcdef",
      LOG_LEVEL: "silent",
      COOKIE_SECURE: "false",
    });
    stopAll.push(bff);
    await waitFor(`${BFF}/healthz`);
    const results = [];
    for (const page of pages) {
      await fetch(`${BFF}${page}`); // warm the caches
      const pageResult = await measure({ url: `${BFF}${page}` });
      const upstream = [];
      for (const call of calls[page].warm) {
        upstream.push({
          path: call.path,
          ...(await measure({
            url: `${SHOP_API}${call.path}`,
            method: "POST",
            body: call.body,
            headers: { "content-type": "application/json" },
            duration: Math.max(3, Math.round(DURATION / 2)),
          })),
        });
      }
      results.push({
        page,
        ...pageResult,
        upstreamCallsCold: calls[page].cold.length,
        upstreamCallsWarm: calls[page].warm.length,
        coldPaths: calls[page].cold.map((call) => call.path),
        upstream,
      });
    }

    console.log(`\nBFF pages (${CONNECTIONS} connections, ${DURATION} s each; loopback, 2 cores shared with autocannon and the shop API)`);
    console.table(
      results.map(({ page, rps, p50, p99, non2xx, upstreamCallsCold, upstreamCallsWarm }) => ({
        page,
        "req/s": rps,
        "p50 ms": p50,
        "p99 ms": p99,
        non2xx,
        "upstream calls cold": upstreamCallsCold,
        "upstream calls warm": upstreamCallsWarm,
      })),
    );
    for (const result of results) {
      if (result.upstream.length === 0) continue;
      console.log(`shop API calls of ${result.page} (warm)`);
      console.table(result.upstream.map(({ path: callPath, rps, p50, p99 }) => ({ call: callPath, "req/s": rps, "p50 ms": p50, "p99 ms": p99 })));
    }
    mkdirSync("bench/results", { recursive: true });
    const file = path.join("bench/results", `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify({ date: new Date().toISOString(), node: process.version, duration: DURATION, connections: CONNECTIONS, results }, null, 2),
    );
    console.log(`written to ${file}`);
  } finally {
    for (const child of stopAll) child.kill("SIGTERM");
  }
}

await main();
