import { spawn, type ChildProcess } from "node:child_process";
import { expect } from "@playwright/test";

/**
 * A second BFF (the production build) against another upstream, for journeys whose upstream must
 * answer differently from the shared reference shop API (faults, other settings). Stop it in afterAll.
 */
export async function startSecondBff(options: { port: number; upstreamUrl: string; env?: Record<string, string> }) {
  const url = `http://127.0.0.1:${options.port}`;
  const bff: ChildProcess = spawn("node", ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      UPSTREAM_URL: options.upstreamUrl,
      SESSION_SECRET: "second-bff-test-secret-0123456789",
      COOKIE_SECURE: "false",
      LOG_LEVEL: "silent",
      // One worker is all a journey needs, and half the start-up work on a machine the suite keeps busy.
      WEB_CONCURRENCY: "1",
      ...options.env,
    },
    stdio: "ignore",
  });
  await expect(async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.ok).toBe(true);
    // A time-out catches a BFF that never comes up; on a loaded 2-core machine a start took 18 s.
  }).toPass({ timeout: 45_000 });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (bff.exitCode !== null) return resolve();
        bff.once("exit", () => resolve());
        bff.kill("SIGTERM");
      }),
  };
}
