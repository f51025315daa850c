import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";

/**
 * The processes the probes run against, each on its own port (env-overridable): the reference shop
 * API in test mode on a fresh data dir, the production BFF in front of it, and a second BFF in front
 * of the fault upstream (tests/support/fault-upstream.ts). Everything started here is stopped on
 * exit, also on Ctrl-C or an uncaught error.
 */
export const PORTS = {
  bff: Number(process.env.RESILIENCE_BFF_PORT ?? 3300),
  shopApi: Number(process.env.RESILIENCE_SHOP_API_PORT ?? 4300),
  faultBff: Number(process.env.RESILIENCE_FAULT_BFF_PORT ?? 3301),
  faultUpstream: Number(process.env.RESILIENCE_FAULT_UPSTREAM_PORT ?? 4301),
};
export const BFF = `http://127.0.0.1:${PORTS.bff}`;
export const SHOP_API = `http://127.0.0.1:${PORTS.shopApi}`;
export const FAULT_BFF = `http://127.0.0.1:${PORTS.faultBff}`;
export const SESSION_SECRET = "resilience-only-session-secret-0123456789";
export const DATA_DIR = "./data/resilience";
/** The fault BFF's upstream time-out: a hanging upstream must give a 504 quickly. */
export const FAULT_TIMEOUT_MS = 1000;

const children = new Set<ChildProcess>();
const stderrTails = new Map<ChildProcess, string>();

export function stopAll() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
  children.clear();
}
process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

function start(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  stderrTails.set(child, "");
  child.stderr?.on("data", (chunk: Buffer) => stderrTails.set(child, (stderrTails.get(child)! + chunk.toString()).slice(-4000)));
  child.on("exit", (code, signal) => {
    if (children.has(child)) {
      children.delete(child);
      console.error(`\n[resilience] ${name} exited unexpectedly (code ${code}, signal ${signal})\n${stderrTails.get(child)}`);
    }
  });
  children.add(child);
  return child;
}

/** Whether a child we started is still running (the BFF must survive every probe). */
export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

export function stderrOf(child: ChildProcess): string {
  return stderrTails.get(child) ?? "";
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(child)) throw new Error(`${url}: the process exited before answering\n${stderrOf(child)}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s\n${stderrOf(child)}`);
}

/** Fails early when a port is taken (a previous run, another worktree's stack). */
async function assertFree(url: string) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
  } catch {
    return;
  }
  throw new Error(`something already answers on ${url}; set RESILIENCE_*_PORT (see docs/testing.md)`);
}

function bffEnv(port: number, upstream: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    UPSTREAM_URL: upstream,
    SESSION_SECRET,
    COOKIE_SECURE: "false",
    LOG_LEVEL: "silent",
    // Every probe signs in from 127.0.0.1; the per-account and per-mobile limits stay as shipped.
    CLIENT_LIMIT_FACTOR: "100",
    ...extra,
  };
}

export type Stack = { shopApi: ChildProcess; bff: ChildProcess; faultBff: ChildProcess };

export async function startStack(faultUpstreamUrl: string): Promise<Stack> {
  if (!existsSync("build/server.js") || !existsSync("build/server/index.js")) {
    throw new Error("build/ is missing: run `npm run build` first (the probes test the production build)");
  }
  await Promise.all([assertFree(`${BFF}/healthz`), assertFree(`${SHOP_API}/health`), assertFree(`${FAULT_BFF}/healthz`)]);
  rmSync(DATA_DIR, { recursive: true, force: true });
  const shopApi = start("shop API", "node_modules/.bin/tsx", ["shop-api/main.ts"], {
    PORT: String(PORTS.shopApi),
    HOST: "127.0.0.1",
    SHOP_API_TEST_MODE: "1",
    SHOP_API_FRESH: "1",
    DATA_DIR,
    SHOP_API_LOG: "0",
  });
  const bff = start("BFF", "node", ["build/server.js"], bffEnv(PORTS.bff, SHOP_API));
  const faultBff = start("fault BFF", "node", ["build/server.js"], bffEnv(PORTS.faultBff, faultUpstreamUrl, { UPSTREAM_TIMEOUT_MS: String(FAULT_TIMEOUT_MS) }));
  await Promise.all([waitFor(`${SHOP_API}/health`, shopApi), waitFor(`${BFF}/healthz`, bff), waitFor(`${FAULT_BFF}/healthz`, faultBff)]);
  return { shopApi, bff, faultBff };
}
