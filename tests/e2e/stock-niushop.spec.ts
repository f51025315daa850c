import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SHOP_API_URL, STOCK_BFF_PORT } from "./ports";
import { startSecondBff } from "./second-bff";
import { testApi, withJs } from "./support";

/**
 * Pages whose fields depend on what a stock Niushop 5.5.2 has (ADR 041, audit D10, D12): a second
 * BFF against a proxy of the shop API that answers the email binding calls and the B2B
 * registration addition the way 5.5.2 answers a route it lacks (its HTML page, HTTP 200). The
 * shared shop API is only read through, so this runs beside the other journeys (one BFF per
 * project: the ports differ).
 */
const MISSING = [
  "/api/member/checkemail",
  "/api/member/bingemailcode",
  "/api/member/modifyemail",
  "/api/register/labellist",
  "/api/register/getaptitude",
  "/api/qualification",
  "/api/upload/qualification",
];
const MISSING_PAGE = '<title>您访问的页面无法访问</title><div style="text-align:center">404</div>';

let proxy: Server;
let bff: Awaited<ReturnType<typeof startSecondBff>>;
let base = "";

test.beforeAll(async ({}, testInfo) => {
  const port = STOCK_BFF_PORT + (testInfo.project.use.javaScriptEnabled === false ? 1 : 0);
  base = `http://127.0.0.1:${port}`;
  proxy = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://proxy").pathname.toLowerCase().replace(/\/+$/, "");
    if (MISSING.some((missing) => path === missing || path.startsWith(`${missing}/`))) {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(MISSING_PAGE);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const upstream = await fetch(`${SHOP_API_URL}${request.url}`, {
      method: request.method,
      headers: { "Content-Type": request.headers["content-type"] ?? "application/json" },
      body: request.method === "GET" || request.method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    response
      .writeHead(upstream.status, { "Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream" })
      .end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port: proxyPort } = proxy.address() as AddressInfo;
  bff = await startSecondBff({ port, upstreamUrl: `http://127.0.0.1:${proxyPort}`, env: { CLIENT_LIMIT_FACTOR: "100" } });
});

test.afterAll(async () => {
  await bff?.stop();
  proxy?.closeAllConnections();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
});

async function openContext(browser: import("@playwright/test").Browser): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: withJs(), locale: "zh-CN", baseURL: base });
}

test("register on a stock Niushop: only what it keeps is asked (the PC client's form), and the member is signed in", async ({ browser }) => {
  const context = await openContext(browser);
  const page = await context.newPage();
  await page.goto("/register");
  await expect(page.getByRole("textbox", { name: "用户名", exact: true })).toBeVisible();
  for (const dropped of ["企业类型", "联系人姓名", "详细地址", "推荐人", "邀请码"]) await expect(page.getByLabel(dropped)).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "省", exact: true })).toHaveCount(0);

  const username = `stock_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await page.getByRole("textbox", { name: "用户名", exact: true }).fill(username);
  await page.getByRole("textbox", { name: "密码", exact: true }).fill("secret123");
  await page.getByRole("textbox", { name: "确认密码" }).fill("secret123");
  await page.getByLabel("验证码").fill(await testApi.captchaAnswer(page));
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "立即注册" }).click();
  await expect(page).toHaveURL(/\/member\/index$/);
  await expect(page.getByText(`账号：${username}`)).toBeVisible();

  await context.clearCookies();
  await page.goto("/register?mode=mobile");
  await expect(page.getByRole("textbox", { name: "手机号" })).toBeVisible();
  await expect(page.getByLabel("联系人姓名")).toHaveCount(0);
  await context.close();
});

test("/member/security on a Niushop without email binding: no email panel, and a post for it comes back with a message, not a 502", async ({ browser }) => {
  const member = await testApi.createMember();
  const context = await openContext(browser);
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("textbox", { name: "用户名/手机号" }).fill(member.username);
  await page.getByRole("textbox", { name: "密码", exact: true }).fill(member.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/member\/index$/);

  await page.goto("/member/security");
  await expect(page.getByRole("heading", { name: "手机绑定" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "邮箱绑定" })).toHaveCount(0);
  await expect(page.locator("form#email")).toHaveCount(0);

  // A page from before (or a forged form) still posting the email step.
  const posted = await context.request.post("/member/security", {
    form: { intent: "email-code", email: "buyer@example.com", captcha_id: "x", captcha_code: "abcd" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  expect(posted.headers().location).toBe("/member/security");
  await page.goto("/member/security");
  await expect(page.getByText("本店未开通邮箱绑定")).toBeVisible();
  await context.close();
});
