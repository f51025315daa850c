import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { shippedStartCommand } from "../support/start-command";

/**
 * The processes of a conformance run: `npm run niushop` (once, to bring up the local upstream), the
 * production build when it is missing or older than the sources, and the BFF itself. Everything
 * started here is stopped on exit, also on Ctrl-C.
 */

const children = new Set<ChildProcess>();

export function stopAll() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  children.clear();
}
process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

export const step = (() => {
  const started = performance.now();
  return (text: string) => console.log(`[niushop] ${text} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
})();

/** Runs a command to its end with the output shown; throws when it fails. */
export function runToEnd(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`\`${[command, ...args].join(" ")}\` failed (exit ${result.status ?? result.signal})`);
}

/** The newest modification time under `path` (a file or a folder, recursively). */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** What the production build is made of; locales are read at run time, so they are not listed. */
const BUILD_INPUTS = ["app", "server.ts", "public", "patches", "vite.config.ts", "remix.config.js", "package-lock.json", "postcss.config.cjs"];
const BUILD_OUTPUTS = ["build/server.js", "build/server/index.js"];

/** Builds the BFF (`npm run build`) when the build is missing or older than any of its sources. */
export function ensureBuild() {
  const built = Math.min(...BUILD_OUTPUTS.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
  const sources = Math.max(...BUILD_INPUTS.map(newestMtime));
  if (built > sources) {
    step("the production build is up to date");
    return;
  }
  step(built === 0 ? "no production build: npm run build" : "the production build is older than the sources: npm run build");
  runToEnd("npm", ["run", "build"]);
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url}: the process exited before answering`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`);
}

/** Fails early when a port is taken (a previous run, another worktree's stack). */
export async function assertFree(url: string, setting: string) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
  } catch {
    return;
  }
  throw new Error(`something already answers on ${url}; set ${setting} to another port`);
}

/**
 * Starts the production BFF against `upstreamUrl` with debug logging: every line of its log is
 * written to `logPath` and handed to `onLine` (the recorder reads the upstream failures it names).
 */
export async function startBff(options: { port: number; upstreamUrl: string; logPath: string; onLine: (line: string) => void }): Promise<ChildProcess> {
  const { nodeArgs } = shippedStartCommand();
  const child = spawn("node", [...nodeArgs, "build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      UPSTREAM_URL: options.upstreamUrl,
      SESSION_SECRET: "niushop-suite-only-session-secret-0123456789",
      COOKIE_SECURE: "false",
      // Every journey signs in from 127.0.0.1; the per-account and per-mobile limits stay as shipped.
      CLIENT_LIMIT_FACTOR: "100",
      LOG_LEVEL: "debug",
      // One worker: the machine also runs the upstream and two browsers.
      WEB_CONCURRENCY: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const log = createWriteStream(options.logPath);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on("line", (line) => {
      log.write(`${line}\n`);
      options.onLine(line);
    });
  }
  child.on("exit", (code, signal) => {
    if (children.delete(child)) console.error(`[niushop] the BFF exited unexpectedly (code ${code}, signal ${signal}); its log: ${options.logPath}`);
  });
  await waitFor(`http://127.0.0.1:${options.port}/healthz`, child);
  return child;
}

/** Runs Playwright with the suite's config and returns its exit code. */
export function runPlaywright(args: string[], env: Record<string, string>): Promise<number> {
  const child = spawn("node_modules/.bin/playwright", ["test", "--config", "playwright.niushop.config.ts", ...args], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  children.add(child);
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}
