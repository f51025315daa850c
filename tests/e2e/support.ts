import { expect, test, type APIRequestContext, type Browser, type Page, request as playwrightRequest } from "@playwright/test";
import { SHOP_API_URL } from "./ports";

export const DEMO = { username: "demo", password: "demo123456", nickname: "演示药房", mobile: "13800000000" };
export const DEMO_BRANCH = { username: "demo_branch", nickname: "演示药房二店" };

let api: APIRequestContext | undefined;
async function shopApi() {
  api ??= await playwrightRequest.newContext({ baseURL: SHOP_API_URL });
  return api;
}

/** The reference shop API's test-only API (exists only in test mode). */
export const testApi = {
  async get<T>(path: string): Promise<T> {
    const response = await (await shopApi()).get(path);
    expect(response.ok(), `${path} → ${response.status()}`).toBeTruthy();
    return (await response.json()) as T;
  },
  async post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const response = await (await shopApi()).post(path, { data: body });
    expect(response.ok(), `${path} → ${response.status()}`).toBeTruthy();
    return (await response.json()) as T;
  },
  createMember(body: Record<string, unknown> = {}) {
    return this.post<{ member_id: number; username: string; password: string; mobile: string }>("/__test/member", body);
  },
  async smsCode(mobile: string): Promise<string> {
    const sms = await this.get<{ code: string }>(`/__test/sms?mobile=${mobile}`);
    return sms.code;
  },
  async captchaAnswer(page: Page): Promise<string> {
    const id = await page.locator('input[name="captcha_id"]').first().inputValue();
    const answer = await this.get<{ code: string }>(`/__test/captcha?id=${id}`);
    return answer.code;
  },
};

/** Logs in through the form (works with JS on and off). */
export async function logIn(page: Page, username = DEMO.username, password = DEMO.password, redirect?: string) {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login");
  await page.getByRole("textbox", { name: "用户名/手机号" }).fill(username);
  await page.getByRole("textbox", { name: "密码", exact: true }).fill(password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
}

/** Whether this test runs with JavaScript (the "js" project) or without ("no-js"). */
export function withJs(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/** The home float layer covers the page until it is closed (spec §4); journeys on /index close it first. */
export async function closeFloatLayer(page: Page) {
  const close = page.getByRole("button", { name: "关闭浮层" });
  if (await close.isVisible()) {
    await Promise.all([page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/float-layer")), close.click()]);
    await expect(close).toHaveCount(0);
  }
}

/** A fresh member with the given cart (set through the test API), logged in on `page`. */
export async function memberWithCart(page: Page, lines: Array<{ sku_id: number; num: number }>, bundles: Array<{ bl_id: number; num: number }> = []) {
  const member = await testApi.createMember();
  await testApi.post("/__test/cart", { username: member.username, lines, bundles });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

/** A call to the reference shop API itself (the upstream's envelope), as the PC channel, without a token. */
export async function upstreamCall<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  const context = await shopApi();
  const response = await context.post(path, { data: { app_type: "pc", ...body } });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect(envelope.code, `${path} → ${envelope.message}`).toBeGreaterThanOrEqual(0);
  return envelope.data;
}

/**
 * Adds an address through the upstream as a real client does: every field the upstream reads
 * (it has no defaults: a missing one is `系统异常：Undefined array key`), no coordinates unless given.
 */
export function addAddressUpstream(token: string, fields: Record<string, unknown>): Promise<string> {
  const blank = { telephone: "", community_id: 0, full_address: "", longitude: "", latitude: "", is_default: 0 };
  return upstreamCall<string>("/api/memberaddress/add", { token, ...blank, ...fields });
}

/** The name a sku has in the cart (its sku_name), read from the shop API. */
export async function skuName(skuId: number): Promise<string> {
  const data = await upstreamCall<{ sku_name: string; goods_name: string }>("/api/goodssku/info", { sku_id: skuId });
  return data.sku_name || data.goods_name;
}

/**
 * With JS, waits until React has hydrated the document: root's Layout sets `data-hydrated` on
 * `<html>` from an effect, so event handlers are attached from then on. Without JS, nothing to wait for.
 */
export async function waitForHydration(page: Page) {
  // Hydration waits for the scripts and translations; on a loaded 2-core CI machine (and with the
  // hydration-race tests' slowed CPU) that can take longer than the default 8 s.
  if (withJs()) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
}

/** Opens `path` and, with JS, waits until the page has hydrated. */
export async function gotoSettled(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** A 4×4 PNG: the smallest real image for a payment voucher. */
export const VOUCHER_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000004000000040802000000269309290000001049444154789c6338636c0c470cc47100fb" + "1313212c5dcd230000000049454e44ae426082",
  "hex",
);

/** Kinds of /__test/order/create: express, pickup (store), local delivery, virtual. */
export type OrderKind = "express" | "store" | "local" | "virtual";

/** An order of `kind` for the member, made by the test API (no checkout), paid or not; → its order_id. */
export async function createOrder(
  member: { username: string },
  kind: OrderKind,
  options: { paid?: boolean; lines?: Array<{ sku_id: number; num: number }> } = {},
): Promise<number> {
  const made = await testApi.post<{ order_id: number }>("/__test/order/create", {
    username: member.username,
    kind,
    paid: options.paid ?? false,
    lines: options.lines ?? [{ sku_id: 4, num: 1 }],
  });
  return made.order_id;
}

/** The seller ships a paid express order (all its unshipped lines, or the given ones) as one package. */
export function shipOrder(orderId: number, orderGoodsIds?: number[]) {
  return testApi.post<{ delivery_no: string; order_status: number }>("/__test/order/ship", {
    order_id: orderId,
    ...(orderGoodsIds ? { order_goods_ids: orderGoodsIds } : {}),
  });
}

/** Stock of a SKU as the shop API holds it. */
export async function skuStock(skuId: number): Promise<number> {
  return (await testApi.get<{ stock: number }>(`/__test/sku?sku_id=${skuId}`)).stock;
}

/** A page in a fresh context with JavaScript on or off, for journeys that run in both modes inside one project (the switches). */
export async function pageWith(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}
