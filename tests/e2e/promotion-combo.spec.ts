import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { logIn, testApi, withJs } from "./support";

/**
 * Combo journeys (issue 12), JS on and off: the goods page's combo link → the combo page → sets
 * to the cart (addBundleToCart) or bought now through /promotion/combo_payment → an order of kind
 * bundling. Combo 1 (感冒家庭常备组合, 32.80 a set, seller pays shipping) holds sku 17.
 */

type Order = { promotion_type: string; goods_money: number; pay_money: number; order_goods: Array<{ sku_id: number; num: number; promotion_type: string }> };

async function buyer(page: Page) {
  const member = await testApi.createMember();
  await testApi.post("/__test/member/balance", { username: member.username, balance: 1000, pay_password: "123456" });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

const orders = (member: { username: string }) => testApi.get<Order[]>(`/__test/orders?username=${member.username}`);

test("goods page → combo → 2 sets to the cart: the cart holds the combo line", async ({ page }) => {
  test.slow(); // four pages, each scanned by axe with JS on (over 30 s on a loaded 2-core machine)
  await buyer(page);
  await page.goto("/sku-17");
  await page.getByRole("link", { name: "查看套餐" }).first().click();
  await expect(page).toHaveURL(/\/promotion\/combo-1$/);
  await expect(page.getByRole("heading", { level: 1, name: "感冒家庭常备组合" })).toBeVisible();
  await expect(page.getByTestId("combo-price")).toHaveText("¥32.80");
  await expect(page.getByTestId("combo-saving")).toHaveText(/^¥\d+\.\d{2}$/);
  await expect(page.getByRole("table", { name: "套餐商品" }).getByRole("row")).toHaveCount(4);
  await page.getByRole("spinbutton", { name: "套餐数量" }).fill("2");
  await page.getByRole("button", { name: "加入购物车" }).click();
  await expect(page.getByText("套餐已加入购物车")).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByText("感冒家庭常备组合").first()).toBeVisible();
});

test("combo buy now → combo checkout → pay with balance → an order of kind bundling", async ({ page }) => {
  test.slow(); // a long journey, each page scanned by axe with JS on
  const member = await buyer(page);
  await page.goto("/promotion/combo-1");
  await page.getByRole("button", { name: "立即购买" }).click();
  await expect(page).toHaveURL(/\/promotion\/combo_payment\?bl_id=1&num=1$/);
  await expect(page.getByRole("heading", { name: "组合套餐结算" })).toBeVisible();
  await expect(page.getByTestId("promotion-banner")).toContainText("感冒家庭常备组合");
  await expect(page.getByRole("group", { name: "优惠券" })).toHaveCount(0);
  await page.getByLabel("门店自提").check();
  if (!withJs()) await page.getByRole("button", { name: "重新计算" }).click();
  await expect(page).toHaveURL(/delivery=store/);
  await expect(page.getByTestId("total-goods")).toHaveText("¥32.80");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+/);
  await expect(page.getByTestId("pay-money")).toHaveText("¥32.80");
  await page.getByLabel("支付密码").fill("123456");
  await page.getByRole("button", { name: "使用余额支付" }).click();
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
  const [order] = await orders(member);
  expect(order).toMatchObject({ promotion_type: "bundling", goods_money: 32.8, pay_money: 32.8 });
  expect(order.order_goods.map((line) => [line.sku_id, line.num, line.promotion_type])).toEqual([
    [60, 1, "bundling"],
    [17, 1, "bundling"],
    [147, 1, "bundling"],
  ]);
});

test("bad input: unknown combo, too many sets, junk quantity; a visitor sees no price", async ({ page }) => {
  test.slow(); // many pages, each scanned by axe with JS on
  expect((await page.goto("/promotion/combo-99999"))?.status()).toBe(404);
  expect((await page.goto("/promotion/combo-x"))?.status()).toBe(404);
  await page.goto("/promotion/combo-1");
  await expect(page.getByTestId("combo-price")).toHaveText("登录可见");
  await expect(page.getByRole("button", { name: "登录可见" })).toBeDisabled();

  const member = await buyer(page);
  const tooMany = await page.request.post("/promotion/combo-1", { form: { intent: "buy-now", num: "100000" } });
  expect(tooMany.status()).toBe(409);
  expect(await tooMany.text()).toContain("套餐库存不足");
  expect((await page.request.post("/promotion/combo-1", { form: { intent: "buy-now", num: "abc" } })).status()).toBe(400);
  expect((await page.request.post("/promotion/combo-99999", { form: { intent: "add-to-cart", num: "1" } })).status()).toBe(404);
  expect((await page.goto("/promotion/combo_payment?bl_id=99999&num=1"))?.status()).toBe(409);
  await expect(page.getByRole("alert").first()).toHaveText("组合套餐不存在");
  expect((await page.goto("/promotion/combo_payment?bl_id=1&num=0"))?.status()).toBe(400);
  expect(await orders(member)).toHaveLength(0);
});
