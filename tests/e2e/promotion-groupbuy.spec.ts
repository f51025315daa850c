import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { logIn, testApi, withJs } from "./support";

/**
 * Group-buy journeys (issue 12), JS on and off: the list → a group buy → buy from its minimum →
 * /promotion/groupbuy_payment → pay → an order of kind groupbuy; below the minimum refused.
 * Group buy 2: 碘伏消毒液 500ml (sku 158) at 9.50 from 10 bottles.
 */

type Order = { promotion_type: string; goods_money: number; order_goods: Array<{ sku_id: number; num: number; price: number }> };

async function buyer(page: Page) {
  const member = await testApi.createMember();
  await testApi.post("/__test/member/balance", { username: member.username, balance: 1000, pay_password: "123456" });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

const orders = (member: { username: string }) => testApi.get<Order[]>(`/__test/orders?username=${member.username}`);

test("list → group buy → 10 at the group price → group-buy checkout → pay → an order of kind groupbuy", async ({ page }) => {
  test.slow(); // a long journey, each page scanned by axe with JS on
  const member = await buyer(page);
  await page.goto("/promotion/groupbuy");
  await expect(page.getByRole("heading", { level: 1, name: "团购" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: "碘伏消毒液" });
  await expect(item.getByText("¥9.50")).toBeVisible();
  await item.getByRole("link", { name: /去团购/ }).click();
  await expect(page).toHaveURL(/\/promotion\/groupbuy-2$/);
  await expect(page.getByTestId("groupbuy-minimum")).toHaveText("10瓶起团");
  await expect(page.getByTestId("seckill-countdown")).toContainText("距团购结束");
  // The demo's group buys end years ahead: days, then a clock under 24 hours (issue 29).
  await expect(page.getByRole("timer")).toHaveText(/^\d+天 ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
  await expect(page.getByRole("term").filter({ hasText: "团购库存" })).toBeVisible();
  await expect(page.getByText("秒杀库存")).toHaveCount(0);
  await expect(page.getByRole("spinbutton", { name: "购买数量" })).toHaveValue("10");
  await page.getByRole("button", { name: "立即团购" }).click();
  await expect(page).toHaveURL(/\/promotion\/groupbuy_payment\?groupbuy_id=2&sku_id=158&num=10$/);
  await expect(page.getByRole("heading", { name: "团购订单结算" })).toBeVisible();
  await expect(page.getByTestId("promotion-banner")).toContainText("10件起，享团购价¥9.50");
  await page.getByLabel("门店自提").check();
  if (!withJs()) await page.getByRole("button", { name: "重新计算" }).click();
  await expect(page).toHaveURL(/delivery=store/);
  await expect(page.getByTestId("total-goods")).toHaveText("¥95.00");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+/);
  await page.getByLabel("支付密码").fill("123456");
  await page.getByRole("button", { name: "使用余额支付" }).click();
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
  const [order] = await orders(member);
  expect(order).toMatchObject({ promotion_type: "groupbuy", goods_money: 95 });
  expect(order.order_goods).toEqual([expect.objectContaining({ sku_id: 158, num: 10, price: 9.5 })]);
});

test("below the minimum, unknown group buy, visitor: refused or hidden, nothing created", async ({ page }) => {
  test.slow(); // many pages, each scanned by axe with JS on
  expect((await page.goto("/promotion/groupbuy-99999"))?.status()).toBe(404);
  await page.goto("/promotion/groupbuy-2");
  await expect(page.getByTestId("groupbuy-price")).toHaveText("登录可见");
  await expect(page.getByRole("button", { name: "登录可见" })).toBeDisabled();
  const member = await buyer(page);
  const below = await page.request.post("/promotion/groupbuy-2", { form: { intent: "buy", num: "9" } });
  expect(below.status()).toBe(400);
  expect(await below.text()).toContain("团购至少购买 10 件");
  const checkout = await page.goto("/promotion/groupbuy_payment?groupbuy_id=2&sku_id=158&num=9");
  expect(checkout?.status()).toBe(409);
  await expect(page.getByRole("alert").first()).toHaveText("团购至少购买 10 件");
  expect((await page.goto("/promotion/groupbuy_payment?groupbuy_id=2&sku_id=158&num=x"))?.status()).toBe(400);
  expect(await orders(member)).toHaveLength(0);
});
