import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { FLOAT_LAYER_BFF_PORT, SHOP_API_URL } from "./ports";
import { startSecondBff } from "./second-bff";
import { withJs } from "./support";

/**
 * A float layer of the "always" kind (type 2: the real API's `number` 0) can be closed (spec §4),
 * and stays closed for the rest of the visit: after the close's revalidation, a reload and a new
 * visit to the home page; the next visit (a new browser session) shows it again. The reference
 * shop API's layer is type 1 ("3" there), and the BFF caches it, so a second BFF runs against a
 * proxy of the shop API that answers the float layer with `number: 0` (one per project: ports
 * differ). It only reads the shop API, so it runs with the other journeys.
 */
let proxy: Server;
let bff: Awaited<ReturnType<typeof startSecondBff>>;
let base = "";

test.beforeAll(async ({}, testInfo) => {
  const bffPort = FLOAT_LAYER_BFF_PORT + (testInfo.project.use.javaScriptEnabled === false ? 1 : 0);
  base = `http://127.0.0.1:${bffPort}`;
  proxy = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const upstream = await fetch(`${SHOP_API_URL}${request.url}`, {
      method: request.method,
      headers: { "Content-Type": request.headers["content-type"] ?? "application/json" },
      body: request.method === "GET" || request.method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    let body = Buffer.from(await upstream.arrayBuffer());
    if (request.url?.toLowerCase().startsWith("/api/pc/floatlayer")) {
      const envelope = JSON.parse(body.toString("utf8")) as { data: Record<string, unknown> };
      envelope.data = { ...envelope.data, number: 0, is_show: 1 };
      body = Buffer.from(JSON.stringify(envelope));
    }
    response.writeHead(upstream.status, { "Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream" }).end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  bff = await startSecondBff({ port: bffPort, upstreamUrl: `http://127.0.0.1:${port}` });
});

test.afterAll(async () => {
  await bff?.stop();
  proxy?.closeAllConnections();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
});

test('an "always" float layer can be closed, and stays closed for the rest of the visit', async ({ browser }) => {
  const javaScriptEnabled = withJs();
  const context = await browser.newContext({ javaScriptEnabled, locale: "zh-CN" });
  const page = await context.newPage();
  await page.goto(`${base}/index`);
  const layer = page.locator(".float-layer");
  const close = page.getByRole("button", { name: "关闭浮层" });
  await expect(close).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

  // With JS the close is a fetcher, after which every loader revalidates: wait for that too.
  const revalidated = javaScriptEnabled ? page.waitForResponse((response) => new URL(response.url()).pathname === "/index.data") : null;
  await Promise.all([page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/float-layer")), close.click()]);
  await revalidated;
  await expect(page.locator("section.floor").first()).toBeVisible(); // the home page, without the layer
  await expect(layer).toHaveCount(0);

  await page.reload();
  await expect(page.locator("section.floor").first()).toBeVisible();
  await expect(layer).toHaveCount(0);
  await page.goto(`${base}/cart`);
  await page.goto(`${base}/index`);
  await expect(page.locator("section.floor").first()).toBeVisible();
  await expect(layer).toHaveCount(0);

  // The next visit (the browser restarted: only lasting cookies are kept) shows it again.
  const lasting = (await context.storageState()).cookies.filter((cookie) => cookie.expires > 0);
  expect(lasting.map((cookie) => cookie.name)).toContain("float_layer");
  await context.close();
  const nextVisit = await browser.newContext({ javaScriptEnabled, locale: "zh-CN", storageState: { cookies: lasting, origins: [] } });
  const again = await nextVisit.newPage();
  await again.goto(`${base}/index`);
  await expect(again.getByRole("button", { name: "关闭浮层" })).toBeVisible();
  await nextVisit.close();
});
