/**
 * npm run bench:compare: the BFF's CPU milliseconds per page of two builds, measured in turns in
 * the same run, so the noise of a shared machine falls on both alike. `COMPARE_BASE` names a
 * directory holding another build (`cp -r build /tmp/base` before a change, then `npm run build`);
 * the current `build/` is the other. Both run against one fresh reference shop API, one worker
 * each; each round loads every page on each build in turn (10 connections, BENCH_DURATION s) and
 * reads the process's CPU time (after a 2 s warm-up of every page) (utime + stime, what `process.cpuUsage` counts) ÷ requests.
 *
 * Both run with the shipped Node flags (`SHIPPED_NODE_ARGS`). Env: COMPARE_BASE (required),
 * COMPARE_NODE_ARGS (space-separated Node flags for the current build only, added after the
 * shipped ones, to compare a runtime flag on the same build), BENCH_DURATION (s, default 5), COMPARE_ROUNDS (default 3),
 * BENCH_PAGES (comma-separated names, default the member and visitor pages below, rendered every
 * time: the visitor micro-cache is off in both).
 */
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { SESSION_SECRET, SHIPPED_NODE_ARGS, signIn, start, startShopApi, stop, waitFor } from "./stack";

const BASE = process.env.COMPARE_BASE;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 3);
const PAGES = [
  { name: "member /index", path: "/index", member: true },
  { name: "member /sku-1", path: "/sku-1", member: true },
  { name: "member /cart", path: "/cart", member: true },
  { name: "visitor /index", path: "/index", member: false },
  { name: "visitor /list", path: `/list?keyword=${encodeURIComponent("阿莫西林")}`, member: false },
  { name: "visitor /sku-1", path: "/sku-1", member: false },
].filter((page) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(",").includes(page.name));

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ = 100
}

async function startBuild(dir: string, port: number, upstream: string, nodeArgs: string[]) {
  // The other build runs from its own directory; it reads node_modules and locales/ from there.
  for (const shared of ["node_modules", "locales"]) {
    if (!existsSync(path.join(dir, shared))) symlinkSync(path.resolve(shared), path.join(dir, shared));
  }
  // Relative paths (build/client, build/server, locales) resolve against the working directory.
  const child = start(
    "node",
    [...SHIPPED_NODE_ARGS, ...nodeArgs, "build/server.js"],
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      UPSTREAM_URL: upstream,
      SESSION_SECRET,
      LOG_LEVEL: "silent",
      COOKIE_SECURE: "false",
      WEB_CONCURRENCY: "1",
      CLIENT_LIMIT_FACTOR: "100",
      VISITOR_CACHE_MS: "0",
    },
    dir,
  );
  const url = `http://127.0.0.1:${port}`;
  return { child, url };
}

async function main() {
  if (!BASE) throw new Error("set COMPARE_BASE to a directory holding the other build/");
  const shopApi = await startShopApi(4390);
  const builds: { name: string; child: ReturnType<typeof start>; url: string; cookie: string }[] = [];
  try {
    for (const [index, [name, dir]] of [
      ["base", path.resolve(BASE)],
      ["current", process.cwd()],
    ].entries()) {
      const nodeArgs = name === "current" ? (process.env.COMPARE_NODE_ARGS ?? "").split(" ").filter(Boolean) : [];
      const started = await startBuild(dir, 3390 + index, shopApi.url, nodeArgs);
      builds.push({ name, ...started, cookie: "" });
    }
    for (const build of builds) {
      await waitFor(`${build.url}/healthz`);
      build.cookie = await signIn(build.url);
    }
    // JIT warm-up: a first measure of each page would mostly time the compiler.
    for (const page of PAGES) {
      for (const build of builds) {
        await autocannon({ url: build.url + page.path, headers: page.member ? { cookie: build.cookie } : {}, connections: 10, duration: 2 });
      }
    }
    const figures = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const page of PAGES) {
        for (const build of round % 2 ? [...builds].reverse() : builds) {
          const headers = page.member ? { cookie: build.cookie } : {};
          const before = cpuMs(build.child.pid as number);
          const result = await autocannon({ url: build.url + page.path, headers, connections: 10, duration: DURATION });
          const perPage = (cpuMs(build.child.pid as number) - before) / Math.max(1, result.requests.total);
          if (result.non2xx) throw new Error(`${build.name} ${page.path}: ${result.non2xx} non-2xx answers`);
          const key = `${page.name}|${build.name}`;
          figures.set(key, [...(figures.get(key) ?? []), perPage]);
        }
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    // The minimum is the least disturbed round: other work on the machine only ever adds CPU time
    // (cache misses, preemption), so it is the steadier figure when the machine is busy.
    console.log(`CPU ms per page, ${ROUNDS} rounds of ${DURATION} s at 10 connections: min / median (all rounds)`);
    console.table(
      PAGES.map((page) => {
        const base = figures.get(`${page.name}|base`) ?? [];
        const current = figures.get(`${page.name}|current`) ?? [];
        return {
          page: page.name,
          base: `${Math.min(...base).toFixed(2)} / ${median(base).toFixed(2)} (${base.map((value) => value.toFixed(1)).join(" ")})`,
          current: `${Math.min(...current).toFixed(2)} / ${median(current).toFixed(2)} (${current.map((value) => value.toFixed(1)).join(" ")})`,
          "change of min": `${((100 * (Math.min(...current) - Math.min(...base))) / Math.min(...base)).toFixed(0)} %`,
          // Each round measures the two builds back to back, so a round's ratio is spared the drift
          // between rounds (the same build moved 4.1–5.4 ms from round to round on one machine).
          "median change within rounds": `${(100 * (median(current.map((value, round) => value / base[round])) - 1)).toFixed(0)} %`,
        };
      }),
    );
  } finally {
    for (const build of builds) await stop(build.child);
    await stop(shopApi.child);
  }
}

await main();
