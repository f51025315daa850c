import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { closeFloatLayer, logIn, testApi, upstreamCall, withJs } from "./support";

/**
 * Seckill journeys (issue 12), JS on and off: the zone → a seckill → buy within the day's limit →
 * the seckill checkout → pay → an order of kind seckill; over the limit refused; a visitor sees no
 * price. The all-day slot runs whatever the time, so these need no clock (the clock-bound states
 * are in promotion-clock.switch.spec.ts). Every test owns a fresh member.
 */

type Order = {
  order_id: number;
  out_trade_no: string;
  promotion_type: string;
  promotion_type_name: string;
  goods_money: number;
  pay_money: number;
  order_goods: Array<{ sku_id: number; num: number; price: number; promotion_type: string; promotion_id: number }>;
};

/** Seckill 1: 连花清瘟胶囊; its first SKU (60, 0.35g*24粒) at 11.80 is what its page opens on; 10 per member a day. */

async function buyer(page: Page) {
  const member = await testApi.createMember();
  await testApi.post("/__test/member/balance", { username: member.username, balance: 1000, pay_password: "123456" });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

const orders = (member: { username: string }) => testApi.get<Order[]>(`/__test/orders?username=${member.username}`);

test("zone → seckill → buy 3 → seckill checkout (no coupon, no points) → pay with balance → an order of kind seckill", async ({ page }) => {
  test.slow(); // a long journey: ten pages, each scanned by axe with JS on
  const member = await buyer(page);
  await page.goto("/index");
  await closeFloatLayer(page);
  await page.getByRole("link", { name: "限时秒杀" }).first().click();
  await expect(page).toHaveURL(/\/promotion\/seckill$/);
  await expect(page.getByRole("heading", { level: 1, name: "限时秒杀" })).toBeVisible();
  // The all-day slot runs now: chosen, counting down to its end.
  await expect(page.getByRole("link", { name: /全天场 · 抢购中/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("seckill-countdown")).toContainText("距本场结束");
  await expect(page.getByRole("timer")).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  const item = page.getByRole("listitem").filter({ hasText: "连花清瘟胶囊" });
  await expect(item.getByText("¥11.80")).toBeVisible();
  await expect(item.getByText(/已抢 \d+%，剩余 \d+/)).toBeVisible();

  await item.getByRole("link", { name: /立即抢购/ }).click();
  await expect(page).toHaveURL(/\/promotion\/seckill-1$/);
  await expect(page.getByTestId("seckill-price")).toContainText("¥11.80");
  await expect(page.getByTestId("seckill-limit")).toHaveText("每人每天限购 10盒，您今天已购 0盒");
  await page.getByRole("spinbutton", { name: "购买数量" }).fill("3");
  await page.getByRole("button", { name: "立即抢购" }).click();

  await expect(page).toHaveURL(/\/promotion\/seckill_payment\?seckill_id=1&sku_id=60&num=3$/);
  await expect(page.getByRole("heading", { name: "秒杀订单结算" })).toBeVisible();
  await expect(page.getByTestId("promotion-banner")).toContainText("连花清瘟 限时秒杀");
  await expect(page.getByRole("group", { name: "优惠券" })).toHaveCount(0);
  await expect(page.getByLabel(/使用积分抵扣/)).toHaveCount(0);
  // A fresh member has no address: pickup.
  await page.getByLabel("门店自提").check();
  if (!withJs()) await page.getByRole("button", { name: "重新计算" }).click();
  await expect(page).toHaveURL(/delivery=store/);
  await expect(page.getByTestId("total-goods")).toHaveText("¥35.40");
  // Balance here takes the pay password as the normal checkout does: a wrong one creates nothing.
  await page.getByLabel(/使用余额/).check();
  if (!withJs()) await page.getByRole("button", { name: "重新计算" }).click();
  await expect(page).toHaveURL(/use_balance=1/);
  await page.getByLabel("支付密码").fill("000000");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page.getByText("支付密码错误。")).toBeVisible();
  expect(await orders(member)).toHaveLength(0);
  await page.getByLabel(/使用余额/).uncheck();
  if (!withJs()) await page.getByRole("button", { name: "重新计算" }).click();
  await expect(page).not.toHaveURL(/use_balance=1/);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+/);
  await expect(page.getByTestId("pay-money")).toHaveText("¥35.40");
  await page.getByLabel("支付密码").fill("123456");
  await page.getByRole("button", { name: "使用余额支付" }).click();
  await expect(page).toHaveURL(/\/result\?out_trade_no=\d+/);
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");

  const [order] = await orders(member);
  expect(order).toMatchObject({ promotion_type: "seckill", promotion_type_name: "秒杀", goods_money: 35.4, pay_money: 35.4 });
  expect(order.order_goods).toEqual([expect.objectContaining({ sku_id: 60, num: 3, price: 11.8, promotion_type: "seckill", promotion_id: 1 })]);
  // The detail now counts what was bought today.
  await page.goto("/promotion/seckill-1");
  await expect(page.getByTestId("seckill-limit")).toHaveText("每人每天限购 10盒，您今天已购 3盒");
});

test("over the day's limit: refused on the detail page and at the checkout, nothing created", async ({ page }) => {
  const member = await buyer(page);
  // 9 bought earlier today, straight through the shop API.
  const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: member.member_id });
  const payment = await upstreamCall<{ order_key: string }>("/seckill/api/ordercreate/payment", { token, seckill_id: 1, sku_id: 60, num: 9 });
  await upstreamCall("/seckill/api/ordercreate/create", {
    token,
    order_key: payment.order_key,
    delivery: JSON.stringify({ delivery_type: "store", delivery_type_name: "门店自提", store_id: 1 }),
    store_id: 1,
  });
  expect(await orders(member)).toHaveLength(1);

  await page.goto("/promotion/seckill-1");
  await expect(page.getByTestId("seckill-limit")).toHaveText("每人每天限购 10盒，您今天已购 9盒");
  await page.getByRole("spinbutton", { name: "购买数量" }).fill("2");
  // The field's max (1 left) would stop the browser; the server's own check is what is tested here.
  await page.locator("form.buy-form").evaluate((form: HTMLFormElement) => form.setAttribute("novalidate", ""));
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/promotion/seckill-1") && r.request().method() === "POST"),
    page.getByRole("button", { name: "立即抢购" }).click(),
  ]);
  // Without JS the document itself is the 409; with JS the action's data request carries it.
  if (!withJs()) expect(response.status()).toBe(409);
  await expect(page.getByRole("alert")).toHaveText("该商品每人每天限购 10 件，您今天已购买 9 件");

  // Straight to the checkout: the shop API refuses at payment, the page says why (409), no order.
  const checkout = await page.goto("/promotion/seckill_payment?seckill_id=1&sku_id=60&num=5");
  expect(checkout?.status()).toBe(409);
  await expect(page.getByRole("alert")).toHaveText("该商品每人每天限购 10 件，您今天已购买 9 件");
  await expect(page.getByRole("link", { name: "返回秒杀商品" })).toHaveAttribute("href", "/promotion/seckill-1");
  expect(await orders(member)).toHaveLength(1);
});

test("a visitor sees no seckill price and cannot buy; the buy form sends them to log in", async ({ page }) => {
  await page.goto("/promotion/seckill");
  const item = page.getByRole("listitem").filter({ hasText: "连花清瘟胶囊" });
  await expect(item.getByText("登录可见")).toBeVisible();
  await expect(item.getByText("¥11.80")).toHaveCount(0);
  await page.goto("/promotion/seckill-1");
  await expect(page.getByTestId("seckill-price")).toHaveText("登录可见");
  await expect(page.getByRole("button", { name: "登录可见" })).toBeDisabled();
  await page.getByRole("link", { name: "登录后抢购" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpromotion%2Fseckill-1$/);
});

test("bad input: unknown or malformed seckill, bad quantity, bad checkout query, sold out", async ({ page }) => {
  test.slow(); // many pages, each scanned by axe with JS on
  expect((await page.goto("/promotion/seckill-99999"))?.status()).toBe(404);
  expect((await page.goto("/promotion/seckill-abc"))?.status()).toBe(404);
  expect((await page.goto("/promotion/nothing-1"))?.status()).toBe(404);
  expect((await page.goto("/promotion/seckill?slot=999"))?.status()).toBe(404);
  const member = await buyer(page);
  expect((await page.goto("/promotion/seckill_payment?seckill_id=1&sku_id=60&num=0"))?.status()).toBe(400);
  expect((await page.goto("/promotion/seckill_payment?seckill_id=x&sku_id=60&num=1"))?.status()).toBe(400);
  // A forged POST: quantity 0 and a price field (there is no price to send; it is read from the activity).
  const bad = await page.request.post("/promotion/seckill-1", { form: { intent: "buy", sku_id: "60", num: "0", price: "0.01" } });
  expect(bad.status()).toBe(400);
  // Sold out (seckill 5, 维生素C咀嚼片): one SKU per project, so the js and no-js runs never share it.
  const skuId = withJs() ? 171 : 172;
  await testApi.post("/__test/seckill/stock", { seckill_id: 5, sku_id: skuId, stock: 0 });
  try {
    await page.goto(`/promotion/seckill-5?sku_id=${skuId}`);
    await expect(page.getByRole("button", { name: "已抢光" })).toBeDisabled();
    const soldOut = await page.request.post("/promotion/seckill-5", { form: { intent: "buy", sku_id: String(skuId), num: "1" } });
    expect(soldOut.status()).toBe(409);
  } finally {
    await testApi.post("/__test/seckill/stock", { seckill_id: 5, sku_id: skuId, stock: 80 });
  }
  expect(await orders(member)).toHaveLength(0);
});

test("the goods page's seckill badge links to its seckill", async ({ page }) => {
  await page.goto("/sku-61");
  await page.locator("a.promotion-badge").click();
  await expect(page).toHaveURL(/\/promotion\/seckill-1$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("连花清瘟胶囊");
});
