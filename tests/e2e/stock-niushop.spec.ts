import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { pathIsDisabled, resolveDisabledEndpoints } from "../../shop-api/core/endpoints";
import { expect, test } from "./fixtures";
import { SHOP_API_URL, STOCK_BFF_PORT } from "./ports";
import { startSecondBff } from "./second-bff";
import { createOrder, testApi, VOUCHER_PNG, withJs } from "./support";

/**
 * The storefront against a stock Niushop 5.5.2 (issue 28.8, 28.9; audit D10, D12), JS on and off: a second BFF
 * (one per project: ports differ) behind a proxy of the shared reference shop API that answers the
 * paths 5.5.2 lacks (the shop API's "stock" list) with Niushop's HTML error page, and chosen paths
 * with the empty body Niushop sometimes sends for them. Nothing global is switched, so it runs
 * with the other journeys.
 */
const STOCK = resolveDisabledEndpoints("stock");
const NOT_FOUND_PAGE = "<!DOCTYPE html><html><head><title>系统发生错误</title></head><body><h1>页面错误！请稍后再试～</h1></body></html>";

/** What the proxy does now: the prefixes answered as missing, the paths answered empty, the paths answered with a set envelope. */
const upstream = { missing: STOCK, empty: [] as string[], answers: {} as Record<string, unknown> };

/** `/api/pay/type` of a 5.5.2 without a configured gateway: only the offline transfer (balance is no pay type there). */
const OFFLINE_ONLY_PAY_TYPES = { code: 0, message: "", data: { pay_type: "offlinepay" } };

let proxy: Server;
let bff: Awaited<ReturnType<typeof startSecondBff>>;
let base = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, testInfo) => {
  const bffPort = STOCK_BFF_PORT + (testInfo.project.use.javaScriptEnabled === false ? 1 : 0);
  base = `http://127.0.0.1:${bffPort}`;
  proxy = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://proxy.local").pathname;
    if (pathIsDisabled(upstream.missing, path)) return response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(NOT_FOUND_PAGE);
    if (upstream.empty.some((empty) => empty.toLowerCase() === path.toLowerCase()))
      return response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end();
    const answer = Object.entries(upstream.answers).find(([answered]) => answered.toLowerCase() === path.toLowerCase());
    if (answer) return response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer[1]));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const forwarded = await fetch(`${SHOP_API_URL}${request.url}`, {
      method: request.method,
      headers: { "Content-Type": request.headers["content-type"] ?? "application/json" },
      body: request.method === "GET" || request.method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    response
      .writeHead(forwarded.status, { "Content-Type": forwarded.headers.get("content-type") ?? "application/octet-stream" })
      .end(Buffer.from(await forwarded.arrayBuffer()));
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

/** A fresh member with a stored balance and a pay password, signed in on the second BFF. */
async function buyer(page: Page) {
  const member = await testApi.createMember();
  await testApi.post("/__test/member/balance", { username: member.username, balance: 1000, pay_password: "123456" });
  await page.goto(`${base}/login`);
  await page.getByRole("textbox", { name: "用户名/手机号" }).fill(member.username);
  await page.getByRole("textbox", { name: "密码", exact: true }).fill(member.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

test("combos without cart endpoints: shown on the goods page, bought now through their checkout to a paid order; no 'add to cart'", async ({ page }) => {
  test.slow(); // a long journey, each page scanned by axe with JS on
  const member = await buyer(page);
  await page.goto(`${base}/sku-17`);
  await page.getByRole("link", { name: "查看套餐" }).first().click();
  await expect(page).toHaveURL(/\/promotion\/combo-1$/);
  await expect(page.getByTestId("combo-price")).toHaveText("¥32.80");
  await expect(page.getByRole("button", { name: "立即购买" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "加入购物车" })).toHaveCount(0);
  // A crafted "add to cart" is refused with a message.
  const crafted = await page.request.post(`${base}/promotion/combo-1`, { form: { intent: "add-to-cart", num: "1" } });
  expect(crafted.status()).toBe(409);
  expect(await crafted.text()).toContain("本店的组合套餐不能加入购物车，请直接购买");
  await page.getByRole("button", { name: "立即购买" }).click();
  await expect(page).toHaveURL(/\/promotion\/combo_payment\?bl_id=1&num=1$/);
  await page.getByLabel("门店自提").check();
  if (!withJs()) await page.getByRole("button", { name: "重新计算" }).click();
  await expect(page).toHaveURL(/delivery=store/);
  await expect(page.getByTestId("total-goods")).toHaveText("¥32.80");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+/);
  await page.getByLabel("支付密码").fill("123456");
  await page.getByRole("button", { name: "使用余额支付" }).click();
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
  const [order] = await testApi.get<Array<{ promotion_type: string; pay_status: number }>>(`/__test/orders?username=${member.username}`);
  expect(order).toMatchObject({ promotion_type: "bundling", pay_status: 1 });
  // The cart is there, without combo lines.
  const cart = await page.goto(`${base}/cart`);
  expect(cart?.status()).toBe(200);
});

test("chat: an empty answer from a servicer read is nothing (no quick replies), not a 502", async ({ page }) => {
  upstream.missing = STOCK.filter((path) => path !== "/servicer");
  upstream.empty = ["/servicer/api/chat/keyword"];
  try {
    await buyer(page);
    const chat = await page.goto(`${base}/chat`);
    expect(chat?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "客服咨询" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "输入消息" })).toBeVisible();
  } finally {
    upstream.missing = STOCK;
    upstream.empty = [];
  }
});

test("no online gateway (5.5.2 as installed): the cashier watches a transfer under review and lands on the result once the seller passes it", async ({
  page,
}) => {
  upstream.answers = { "/api/pay/type": OFFLINE_ONLY_PAY_TYPES };
  try {
    const member = await buyer(page);
    const orderId = await createOrder(member, "store", { lines: [{ sku_id: 5, num: 1 }] });
    const [order] = await testApi.get<Array<{ order_id: number; out_trade_no: string }>>(`/__test/orders?username=${member.username}`);
    expect(order.order_id).toBe(orderId);
    await page.goto(`${base}/pay?out_trade_no=${order.out_trade_no}`);
    await expect(page.getByRole("heading", { name: "在线支付" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "我已支付，刷新支付状态" })).toHaveCount(0); // nothing to watch before a voucher
    await page.getByLabel("付款凭证图片").setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: VOUCHER_PNG });
    await page.getByRole("button", { name: "提交付款凭证" }).click();
    await expect(page.getByTestId("voucher-status")).toContainText("等待商家审核");
    await expect(page.getByRole("button", { name: "我已支付，刷新支付状态" })).toBeVisible();
    await testApi.post("/__test/offlinepay/audit", { out_trade_no: order.out_trade_no, status: 1 });
    // With JS the cashier's 2 s status poll goes on by itself; without JS the member asks again.
    if (!withJs()) await page.getByRole("button", { name: "我已支付，刷新支付状态" }).click();
    await expect(page).toHaveURL(/\/result\?/);
    await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
  } finally {
    upstream.answers = {};
  }
});

test("no online gateway: a refused voucher says so with the seller's remark, stops the watch, and a new one is watched again", async ({ page }) => {
  upstream.answers = { "/api/pay/type": OFFLINE_ONLY_PAY_TYPES };
  try {
    const member = await buyer(page);
    await createOrder(member, "store", { lines: [{ sku_id: 5, num: 1 }] });
    const [order] = await testApi.get<Array<{ out_trade_no: string }>>(`/__test/orders?username=${member.username}`);
    await page.goto(`${base}/pay?out_trade_no=${order.out_trade_no}`);
    const sendVoucher = async () => {
      await page.getByLabel("付款凭证图片").setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: VOUCHER_PNG });
      await page.getByRole("button", { name: "提交付款凭证" }).click();
      await expect(page.getByTestId("voucher-status")).toContainText("等待商家审核");
    };
    await sendVoucher();
    await testApi.post("/__test/offlinepay/audit", { out_trade_no: order.out_trade_no, status: 2, audit_remark: "金额不符" });
    // The poll only notices a payment; the member sees a refusal on the next visit of the page.
    if (withJs()) await page.reload();
    else await page.getByRole("button", { name: "我已支付，刷新支付状态" }).click();
    await expect(page.getByTestId("voucher-status")).toHaveText("付款凭证未通过审核，请重新提交。 金额不符");
    await expect(page.getByRole("button", { name: "我已支付，刷新支付状态" })).toHaveCount(0);
    // Without JS the page no longer reloads itself (it would drop the file being chosen).
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    await sendVoucher();
    await expect(page.getByRole("button", { name: "我已支付，刷新支付状态" })).toBeVisible();
  } finally {
    upstream.answers = {};
  }
});

test("no servicer addon (5.5.2): /chat is a 404 page; the member's account and points pages work (memberaccount/fromtype unenveloped)", async ({ page }) => {
  await buyer(page);
  expect((await page.goto(`${base}/chat`))?.status()).toBe(404);
  expect((await page.goto(`${base}/member/account`))?.status()).toBe(200);
  await expect(page.getByTestId("account-summary")).toContainText("¥1000.00");
  expect((await page.goto(`${base}/member/my_point`))?.status()).toBe(200);
  await expect(page.getByRole("navigation", { name: "积分来源" }).getByRole("link", { name: "签到" })).toBeVisible();
});

test("register: only what 5.5.2 keeps is asked (the PC client's form), and the new member is signed in", async ({ page }) => {
  await page.goto(`${base}/register`);
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

  await page.context().clearCookies();
  await page.goto(`${base}/register?mode=mobile`);
  await expect(page.getByRole("textbox", { name: "手机号" })).toBeVisible();
  await expect(page.getByLabel("联系人姓名")).toHaveCount(0);
});

test("/member/security without email binding (5.5.2): no email panel, and a post for it comes back with a message, not a 502", async ({ page }) => {
  await buyer(page);
  await page.goto(`${base}/member/security`);
  await expect(page.getByRole("heading", { name: "手机绑定" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "邮箱绑定" })).toHaveCount(0);
  await expect(page.locator("form#email")).toHaveCount(0);

  // A page from before (or a forged form) still posting the email step.
  const posted = await page.context().request.post(`${base}/member/security`, {
    form: { intent: "email-code", email: "buyer@example.com", captcha_id: "x", captcha_code: "abcd" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  expect(posted.headers().location).toBe("/member/security");
  await page.goto(`${base}/member/security`);
  await expect(page.getByText("本店未开通邮箱绑定")).toBeVisible();
});
