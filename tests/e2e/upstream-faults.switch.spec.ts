import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { FAULTS_BFF_PORT } from "./ports";
import { startSecondBff } from "./second-bff";

/**
 * An upstream that is down, slow, broken or answering nonsense gives an error page with the
 * right status (502/504), and the BFF process stays up. A second BFF is started against a fake
 * upstream whose behaviour the test switches.
 */
type Mode = "down" | "slow" | "html" | "http-500" | "bad-shape";
let mode: Mode = "down";
let upstream: Server;
let bff: Awaited<ReturnType<typeof startSecondBff>>;
const base = `http://127.0.0.1:${FAULTS_BFF_PORT}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  upstream = createServer((request, response) => {
    if (mode === "down") return request.socket.destroy();
    if (mode === "slow") return; // never answers; the BFF's time-out (1 s here) decides
    if (mode === "html") return response.writeHead(200, { "Content-Type": "text/html" }).end("<html>404</html>");
    if (mode === "http-500") return response.writeHead(500).end();
    // bad-shape: a valid envelope whose data the schema refuses
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ code: 0, message: "", data: { site_name: 42 } }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const { port } = upstream.address() as AddressInfo;
  bff = await startSecondBff({ port: FAULTS_BFF_PORT, upstreamUrl: `http://127.0.0.1:${port}`, env: { UPSTREAM_TIMEOUT_MS: "1000" } });
});

test.afterAll(async () => {
  await bff?.stop();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

const CASES: Array<{ mode: Mode; status: number; heading: string }> = [
  { mode: "down", status: 502, heading: "商城服务暂时不可用" },
  { mode: "slow", status: 504, heading: "商城服务响应超时" },
  { mode: "html", status: 502, heading: "商城服务暂时不可用" },
  { mode: "http-500", status: 502, heading: "商城服务暂时不可用" },
  { mode: "bad-shape", status: 502, heading: "商城服务暂时不可用" },
];

for (const fault of CASES) {
  for (const javaScriptEnabled of [true, false]) {
    test(`upstream ${fault.mode} → ${fault.status} error page, process stays up (${javaScriptEnabled ? "js" : "no-js"})`, async ({ browser }) => {
      mode = fault.mode;
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const response = await page.goto(`${base}/index`);
      expect(response?.status()).toBe(fault.status);
      await expect(page.getByRole("heading", { name: fault.heading })).toBeVisible();
      const login = await page.goto(`${base}/login`);
      expect(login?.status()).toBe(fault.status);
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      await context.close();
    });
  }
}
