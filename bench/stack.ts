/**
 * What the measuring scripts (bench/run.ts, bench/lighthouse.ts) share: starting the reference
 * shop API and the production build of the BFF as their own processes, waiting for them, and
 * signing the demo member in through the BFF's login form.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { shippedStartCommand } from "../tests/support/start-command";

export const SESSION_SECRET = "bench-secret-0123456789abcdef";
export const DEMO = { username: "demo", password: "demo123456" };

export function start(command: string, args: string[], env: Record<string, string>, cwd?: string): ChildProcess {
  return spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

export async function waitFor(url: string) {
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

/** A fresh reference shop API (demo data) on `port`, in its own process. */
export async function startShopApi(port: number): Promise<{ child: ChildProcess; url: string }> {
  if (!existsSync("build/server.js")) throw new Error("run `npm run build` first");
  const child = start("node_modules/.bin/tsx", ["shop-api/main.ts"], {
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-shop-api-")),
    SHOP_API_LOG: "0",
    SHOP_API_FRESH: "1",
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`);
  return { child, url };
}

/** Node's flags of the shipped command line, so the benches measure what runs. */
export const SHIPPED_NODE_ARGS: string[] = shippedStartCommand().nodeArgs;

/**
 * The production BFF on `port` against `upstream`, with `workers` worker processes; from `dir` when
 * given (a directory holding another `build/`, which reads node_modules and locales from there).
 */
export async function startBff(
  port: number,
  upstream: string,
  workers = 1,
  extraEnv: Record<string, string> = {},
  dir?: string,
): Promise<{ child: ChildProcess; url: string }> {
  if (dir) {
    for (const shared of ["node_modules", "locales"]) {
      if (!existsSync(path.join(dir, shared))) symlinkSync(path.resolve(shared), path.join(dir, shared));
    }
  }
  const child = start(
    "node",
    [...SHIPPED_NODE_ARGS, "build/server.js"],
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      UPSTREAM_URL: upstream,
      SESSION_SECRET,
      LOG_LEVEL: "silent",
      COOKIE_SECURE: "false",
      WEB_CONCURRENCY: String(workers),
      // Measuring signs in many times from one address.
      CLIENT_LIMIT_FACTOR: "100",
      ...extraEnv,
    },
    dir,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return { child, url };
}

/**
 * Debian's nginx in front of a running BFF on `port`, with the configuration `deploy/` ships
 * (deploy/nginx/nginx.conf and the files it includes, unchanged): the build's static files from disk,
 * the shared cache of visitors' pages, compression. Only the places are rewritten for this machine:
 * the listen address, the BFF's port, the include folder, the build's folder and the cache's folder.
 */
export async function startNginx(port: number, bff: string): Promise<{ child: ChildProcess; url: string }> {
  const work = mkdtempSync(path.join(tmpdir(), "bench-nginx-"));
  // nginx, started as root, runs its workers as "nobody": they must reach the cache and temp folders.
  chmodSync(work, 0o755);
  const shipped = readFileSync("deploy/nginx/nginx.conf", "utf8");
  const replacements: Array<[string, string]> = [
    ["/etc/nginx/storefront/", `${path.resolve("deploy/nginx")}/`],
    ["/srv/storefront/build/client", path.resolve("build/client")],
    ["/var/cache/nginx/storefront", path.join(work, "cache")],
    ["listen 80;", `listen 127.0.0.1:${port};`],
    ["server 127.0.0.1:3000 ", `server ${new URL(bff).host} `],
  ];
  let config = shipped;
  for (const [from, to] of replacements) {
    if (!config.includes(from)) throw new Error(`deploy/nginx/nginx.conf no longer has "${from}": bench/stack.ts startNginx needs updating`);
    config = config.split(from).join(to);
  }
  const local = ["daemon off;", `pid ${work}/nginx.pid;`, `error_log ${work}/error.log warn;`].join("\n");
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${work}/${kind};`).join("\n");
  config = `${local}\n${config.replace(/http \{/, `http {\n  access_log off;\n${temp}`)}`;
  writeFileSync(path.join(work, "nginx.conf"), config);
  const child = start("nginx", ["-c", path.join(work, "nginx.conf"), "-e", path.join(work, "error.log")], {});
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return { child, url };
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Signs a member (the demo member by default) in through the login form, with `fields` beside its
 * username and password (a captcha's id and answer); the session cookie as a Cookie header.
 */
export async function signIn(bff: string, member: { username: string; password: string } = DEMO, fields: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${bff}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: bff, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "password-login", username: member.username, password: member.password, redirect: "", ...fields }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (response.status !== 303 || !cookie.includes("__session=")) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

/** An upstream API call the BFF made (path and JSON body). */
export type Call = { path: string; body: string };

/**
 * A proxy that forwards to the shop API and records every API call (path + body); images are not
 * counted. With `delayMs`, each answer leaves that much later, as from an upstream on another host.
 */
export function countingProxy(target: string, delayMs = 0): Promise<{ server: Server; url: string; take(): Call[] }> {
  let calls: Call[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (!/^\/(upload|public)\//.test(req.url ?? "")) calls.push({ path: req.url ?? "", body: body.toString() });
      const upstream = httpRequest(new URL(req.url ?? "/", target), { method: req.method, headers: req.headers }, (answer) => {
        const answered = () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        };
        if (delayMs > 0) setTimeout(answered, delayMs);
        else answered();
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
