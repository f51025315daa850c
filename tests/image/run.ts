/**
 * The production image, really built and run (issue 31, `npm run test:image`, ADR 059). With podman
 * (scripts/image/podman.sh has the settings our machines and CI need):
 *   1. builds the base image when it is missing (scripts/image/base.sh: Debian + this machine's
 *      Node 20) and the image from the Dockerfile (scripts/image/build.sh), and reads its config;
 *   2. runs it as deploy/k8s runs it (read-only root filesystem, every capability dropped,
 *      writable /app/data and /tmp only) with the embedded shop API, and checks /healthz, the home
 *      page, the image's own HEALTHCHECK command, that no process in it runs as root, and that the SQLite
 *      addon was compiled in the build with the image's own Node headers;
 *   3. stops it as Docker and Kubernetes do (`podman stop`: SIGTERM, SIGKILL after the grace
 *      period) while a sign-in is in flight: the sign-in must finish, and the container must exit
 *      by itself within the grace period with code 0.
 * Its container is removed at the end, passed or not. Exits non-zero when a check fails.
 * Environment: IMAGE_TEST_PORT (default 3280), APP_IMAGE (default localhost/pharma-bff:image-test),
 * IMAGE_BUILD=0 runs the image already built instead of building first.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { z } from "zod";

const PORT = Number(process.env.IMAGE_TEST_PORT ?? 3280);
const BASE = `http://127.0.0.1:${PORT}`;
const IMAGE = process.env.APP_IMAGE ?? "localhost/pharma-bff:image-test";
const CONTAINER = `pharma-bff-image-test-${process.pid}`;
/** `docker stop`'s default grace period (Kubernetes gives this Deployment 30 s). */
const GRACE_S = 10;
/** The shop's name in the reference shop API's demo data (shop-api/db/data/site.ts). */
const SHOP_NAME = "康源医药B2B商城";

const failures: string[] = [];
let passed = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (ok) passed += 1;
  else failures.push(what);
};

/** podman with the machine's settings; throws with its error output when it fails. */
function podman(args: string[], options: { allowFailure?: boolean } = {}): { status: number; stdout: string } {
  const result = spawnSync("bash", ["scripts/image/podman.sh", ...args], { encoding: "utf8" });
  const status = result.status ?? 1;
  if (status !== 0 && !options.allowFailure) throw new Error(`podman ${args.join(" ")} failed (${status}): ${result.stderr.trim()}`);
  return { status, stdout: result.stdout };
}

const ImageConfigSchema = z.array(
  z.object({
    Config: z.object({ User: z.string(), StopSignal: z.string().optional() }),
    // The Dockerfile's HEALTHCHECK: ["CMD", command...] or ["CMD-SHELL", "a shell line"].
    Healthcheck: z.object({ Test: z.array(z.string()).min(2) }).optional(),
  }),
);

const ContainerStateSchema = z.array(z.object({ State: z.object({ Running: z.boolean(), ExitCode: z.number(), OOMKilled: z.boolean().optional() }) }));

function containerState() {
  return ContainerStateSchema.parse(JSON.parse(podman(["container", "inspect", CONTAINER]).stdout))[0].State;
}

/** The container's JSON log lines (server.ts logs one object per line on stdout). */
function logEvents(): Array<Record<string, unknown>> {
  const { stdout } = podman(["logs", CONTAINER]);
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .flatMap((line) => {
      try {
        return [z.record(z.unknown()).parse(JSON.parse(line))];
      } catch {
        return [];
      }
    });
}

/** Polls `condition` until it holds (state, not a fixed sleep); throws after `timeoutMs`. */
async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

async function healthy(): Promise<boolean> {
  if (!containerState().Running) throw new Error(`the container stopped at start:\n${podman(["logs", CONTAINER]).stdout}`);
  try {
    return (await fetch(`${BASE}/healthz`)).ok;
  } catch {
    return false;
  }
}

type RawAnswer = { status: number; headers: Map<string, string[]>; body: string };

function parseAnswer(raw: string): RawAnswer {
  const [head, ...rest] = raw.split("\r\n\r\n");
  const [statusLine, ...headerLines] = head.split("\r\n");
  const headers = new Map<string, string[]>();
  for (const line of headerLines) {
    const at = line.indexOf(":");
    const name = line.slice(0, at).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(at + 1).trim()]);
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}

/**
 * A sign-in the server has started on (it answered "100 Continue" to its headers) but cannot
 * finish until `sendBody` is called: a request in flight, for as long as the test needs.
 */
async function signInHeldOpen(): Promise<{ sendBody: () => Promise<RawAnswer> }> {
  const body = new URLSearchParams({ intent: "password-login", username: "demo", password: "demo123456", redirect: "/member" }).toString();
  const socket = connect(PORT, "127.0.0.1");
  let received = "";
  const ended = new Promise<string>((resolve, reject) => {
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
  const continued = new Promise<void>((resolve, reject) => {
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      if (received.startsWith("HTTP/1.1 100")) resolve();
      else reject(new Error(`expected "100 Continue", got: ${received.slice(0, 200)}`));
    });
  });
  socket.write(
    [
      "POST /login HTTP/1.1",
      `Host: 127.0.0.1:${PORT}`,
      `Origin: ${BASE}`,
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Expect: 100-continue",
      "",
      "",
    ].join("\r\n"),
  );
  await continued;
  return {
    sendBody: async () => {
      socket.write(body);
      // The draining server answers with "Connection: close" and closes the connection afterwards.
      const raw = await ended;
      return parseAnswer(raw.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ""));
    },
  };
}

async function main() {
  // 1. Build ------------------------------------------------------------------------------------
  console.log("# 1. Build (scripts/image/build.sh)");
  const buildStarted = Date.now();
  if (process.env.IMAGE_BUILD !== "0") {
    const build = spawnSync("bash", ["scripts/image/build.sh"], { stdio: "inherit", env: { ...process.env, APP_IMAGE: IMAGE } });
    if (build.status !== 0) throw new Error(`scripts/image/build.sh failed (${build.status})`);
  }
  if (process.env.IMAGE_BUILD !== "0")
    console.log(`  built in ${Math.round((Date.now() - buildStarted) / 1000)} s (the base image included when it was missing)`);
  const [{ Config: config, Healthcheck: healthcheck }] = ImageConfigSchema.parse(JSON.parse(podman(["image", "inspect", IMAGE]).stdout));
  check(config.User === "node", `the image runs as "node" (USER ${config.User || "root"})`);
  check(config.StopSignal === "SIGTERM", `STOPSIGNAL SIGTERM (${config.StopSignal ?? "none"})`);
  check(healthcheck?.Test.join(" ").includes("/healthz") ?? false, "the image carries its HEALTHCHECK on /healthz");

  // 2. Run --------------------------------------------------------------------------------------
  console.log(`# 2. Run, as deploy/k8s runs it, with the embedded shop API (port ${PORT})`);
  podman([
    "run",
    "--detach",
    "--name",
    CONTAINER,
    "--read-only",
    // DATA_DIR, an emptyDir in deploy/k8s: a volume of its own (node owns /app/data in the image).
    "--volume",
    "/app/data",
    "--tmpfs",
    "/tmp",
    "--cap-drop=ALL",
    "--security-opt=no-new-privileges",
    // podman schedules HEALTHCHECKs with systemd timers, and no systemd runs here: it is run by hand below.
    "--no-healthcheck",
    "--env",
    `PORT=${PORT}`,
    "--env",
    `SESSION_SECRET=${randomBytes(32).toString("hex")}`,
    IMAGE,
  ]);
  const startedAt = Date.now();
  await waitUntil("GET /healthz answers 200", healthy, 90_000);
  check(true, `GET /healthz answers 200 (${((Date.now() - startedAt) / 1000).toFixed(1)} s after start)`);

  const home = await fetch(`${BASE}/index`);
  const html = await home.text();
  check(
    home.status === 200 && (home.headers.get("content-type") ?? "").startsWith("text/html") && html.includes(SHOP_NAME) && html.includes("</html>"),
    `GET /index answers 200 with the shop's page (${home.status}, ${html.length} characters, "${SHOP_NAME}" ${html.includes(SHOP_NAME) ? "in it" : "missing"})`,
  );

  if (healthcheck) {
    const [kind, ...command] = healthcheck.Test;
    const probe = podman(["exec", CONTAINER, ...(kind === "CMD-SHELL" ? ["sh", "-c", command.join(" ")] : command)], { allowFailure: true });
    check(probe.status === 0, `the image's HEALTHCHECK command passes inside the container (exit ${probe.status})`);
  }

  // Every process in the container, as the kernel sees it (the HEALTHCHECK has exited by now).
  const processes = podman(["exec", CONTAINER, "sh", "-c", "for s in /proc/[0-9]*/status; do awk '/^Name:/{n=$2} /^Uid:/{print n, $2}' \"$s\"; done"])
    .stdout.trim()
    .split("\n")
    .map((line) => line.split(" "))
    .filter(([name]) => name !== "sh" && name !== "awk");
  const rootProcesses = processes.filter(([, uid]) => uid === "0");
  check(
    processes.some(([name]) => name === "node") && rootProcesses.length === 0,
    `no process runs as root: ${processes.map(([name, uid]) => `${name} (uid ${uid})`).join(", ")}`,
  );

  const gypConfig = podman(["exec", CONTAINER, "cat", "node_modules/better-sqlite3/build/config.gypi"], { allowFailure: true }).stdout;
  check(
    /"nodedir": "\/usr\/local"/.test(gypConfig),
    "better-sqlite3 was compiled in the build with the image's Node headers (its build/config.gypi names nodedir /usr/local)",
  );

  // 3. Stop while a request is in flight -------------------------------------------------------
  console.log(`# 3. podman stop (SIGTERM, SIGKILL after ${GRACE_S} s) while a sign-in is in flight`);
  const inFlight = await signInHeldOpen();
  const stopStarted = Date.now();
  const stop = new Promise<number>((resolve) => {
    spawn("bash", ["scripts/image/podman.sh", "stop", "--time", String(GRACE_S), CONTAINER], { stdio: "ignore" }).on("exit", (code) => resolve(code ?? 1));
  });
  // Every serving process has begun draining: the primary and each worker log "shutdown".
  const primary = logEvents().find((event) => event.event === "primary");
  const servingProcesses = 1 + (typeof primary?.workers === "number" ? primary.workers : 0);
  await waitUntil(
    "every process logs its shutdown",
    () => logEvents().filter((event) => event.event === "shutdown").length >= servingProcesses,
    GRACE_S * 1000,
  );
  const answer = await inFlight.sendBody();
  const location = answer.headers.get("location")?.[0] ?? "";
  check(
    answer.status === 303 && location.endsWith("/member") && (answer.headers.get("set-cookie") ?? []).length > 0,
    `the sign-in in flight at SIGTERM finished: ${answer.status} → ${location || "(no Location)"} with a session cookie`,
  );
  const stopStatus = await stop;
  const stopSeconds = (Date.now() - stopStarted) / 1000;
  const state = containerState();
  check(stopStatus === 0 && !state.Running, `podman stop returned (${stopStatus}) and the container has stopped`);
  check(stopSeconds < GRACE_S, `it exited within the grace period: ${stopSeconds.toFixed(1)} s after SIGTERM (of ${GRACE_S} s)`);
  check(state.ExitCode === 0, `exit code 0 (${state.ExitCode}${state.ExitCode === 137 ? ": killed after the grace period" : ""})`);
}

try {
  await main();
} catch (error) {
  check(false, error instanceof Error ? error.message : String(error));
} finally {
  podman(["rm", "--force", "--ignore", "--volumes", CONTAINER], { allowFailure: true });
}
console.log(`image: ${passed} passed, ${failures.length} failed`);
if (failures.length) {
  for (const failure of failures) console.log(`  - ${failure}`);
  process.exit(1);
}
