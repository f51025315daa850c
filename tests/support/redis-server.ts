import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createConnection, createServer } from "node:net";

/**
 * A real Redis for the tests of the shared store (Debian's redis-server, which scripts/setup.sh
 * installs): its own port, nothing saved to disk. `stop` and `start` again on the same port prove
 * what the BFF does while Redis is away and after it is back.
 */
export type TestRedis = { url: string; port: number; start(): Promise<void>; stop(): Promise<void> };

export function redisServerBinary(): string {
  const found = spawnSync("sh", ["-c", "command -v redis-server || ls /usr/bin/redis-server"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  if (!found) throw new Error("redis-server is missing: run scripts/setup.sh (apt-get install redis-server)");
  return found;
}

/** A free loopback port (asked of the kernel, then released for redis-server to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" }, () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startTestRedis(port?: number): Promise<TestRedis> {
  const binary = redisServerBinary();
  const chosen = port ?? (await freePort());
  let child: ChildProcess | undefined;
  const redis: TestRedis = {
    url: `redis://127.0.0.1:${chosen}/0`,
    port: chosen,
    async start() {
      child = spawn(binary, ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], { stdio: "ignore" });
      const until = Date.now() + 10_000;
      while (!(await answers(chosen))) {
        if (Date.now() > until) throw new Error(`redis-server did not answer on port ${chosen}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL"); // gone at once, as a crashed or unreachable Redis
      await exited;
    },
  };
  await redis.start();
  return redis;
}
