/**
 * npm run bench:profile: where the BFF's CPU goes while it renders one page. Starts a fresh
 * reference shop API and one BFF worker under `node --cpu-prof`, loads the page with autocannon
 * (10 connections), stops the BFF (the profile is written on exit) and prints the self time per
 * package and the hottest functions. The .cpuprofile stays in bench/results/ for Chrome DevTools.
 *
 * Run `npm run build` first. Env: PROFILE_PAGE (default /sku-1), PROFILE_MEMBER=1 (signed in as
 * demo), BENCH_DURATION (s, default 10).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { SESSION_SECRET, SHIPPED_NODE_ARGS, signIn, startShopApi, stop, waitFor } from "./stack";

const PAGE = process.env.PROFILE_PAGE ?? "/sku-1";
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const BFF_PORT = 3330;

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** A package name for node_modules code, "app" for our server build, the file otherwise. */
function ownerOf(url: string): string {
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (packageName) return packageName;
  if (url.includes("/build/server/")) return "app (build/server)";
  if (url.includes("/build/server.js")) return "server.ts (build/server.js)";
  return url ? url.replace(/^file:\/\//, "") : "(native, GC, idle)";
}

function summarise(profile: Profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id);
    const micros = profile.timeDeltas[index] ?? 0;
    if (!node || node.callFrame.functionName === "(idle)") return;
    total += micros;
    const owner = ownerOf(node.callFrame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
    const name = `${node.callFrame.functionName || "(anonymous)"} · ${owner}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => ({ "% of busy CPU": Number(((100 * micros) / total).toFixed(1)), name }));
  console.log(`busy CPU in the profile: ${(total / 1000).toFixed(0)} ms`);
  console.table(top(byOwner, 20));
  console.table(top(byFunction, 30));
}

async function main() {
  const shopApi = await startShopApi(BFF_PORT + 1000);
  const profileDir = path.join("bench/results", `profile-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  mkdirSync(profileDir, { recursive: true });
  const bff = spawn("node", ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, ...SHIPPED_NODE_ARGS, "build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(BFF_PORT),
      HOST: "127.0.0.1",
      UPSTREAM_URL: shopApi.url,
      SESSION_SECRET,
      LOG_LEVEL: "silent",
      COOKIE_SECURE: "false",
      WEB_CONCURRENCY: "1",
      CLIENT_LIMIT_FACTOR: "100",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const bffUrl = `http://127.0.0.1:${BFF_PORT}`;
  try {
    await waitFor(`${bffUrl}/healthz`);
    const headers: Record<string, string> = process.env.PROFILE_MEMBER === "1" ? { cookie: await signIn(bffUrl) } : {};
    await fetch(bffUrl + PAGE, { headers }); // warm the caches
    const result = await autocannon({ url: bffUrl + PAGE, headers, connections: 10, duration: DURATION });
    console.log(`${PAGE}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ${result.non2xx} non-2xx`);
  } finally {
    await stop(bff);
    await stop(shopApi.child);
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile written in ${profileDir}`);
  summarise(JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as Profile);
  console.log(`profile: ${path.join(profileDir, file)} (open it in Chrome DevTools › Performance)`);
}

await main();
