import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { suite } from "./state";
import { accountOf, freshBuyer, logIn, newestOrder, payByTransfer, recalculate, requireAdmin } from "./support";
import type { MemberAccount } from "./config";

/**
 * Promotions to their paid orders: each journey goes from the promotion's own page through its
 * checkout to a paid order, then reads the order back from the upstream (its promotion kind, its
 * payment). Group buys, topics and combos are paid with the project member's balance; a seckill has
 * a daily limit per member, so its journey registers a buyer of its own, who pays by transfer (the
 * seller confirms it).
 */

const cash = (account: { balance: number; balance_money: number }) => account.balance + account.balance_money;

/** At a promotion's checkout: express to the default address, the balance with the pay password; → the result page. */
async function payWithBalance(page: Page, member: MemberAccount) {
  await expect(page.getByTestId("checkout-address")).toBeVisible();
  await page.getByLabel(/使用余额/).check();
  await recalculate(page, /use_balance=1/);
  await page.getByLabel("支付密码").fill(member.payPassword);
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/result\?out_trade_no=\d+/);
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
}

test("seckill: the zone → its goods → the seckill checkout → paid by transfer: an order of kind seckill", async ({ page, upstream, calls }) => {
  const { seckill } = suite().data;
  test.skip(!seckill, "the upstream has no seckill running today");
  const admin = await requireAdmin();
  const buyer = await freshBuyer(page, upstream, calls);
  await page.goto("/promotion/seckill");
  await expect(page.getByRole("heading", { level: 1, name: "限时秒杀" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: seckill!.name });
  await item.getByRole("link", { name: /立即抢购/ }).click();
  await expect(page).toHaveURL(new RegExp(`/promotion/seckill-${seckill!.seckillId}`));
  await page.getByRole("button", { name: "立即抢购" }).click();
  await expect(page).toHaveURL(new RegExp(`/promotion/seckill_payment\\?seckill_id=${seckill!.seckillId}&sku_id=\\d+&num=\\d+$`));
  await expect(page.getByRole("heading", { name: "秒杀订单结算" })).toBeVisible();
  await expect(page.getByTestId("checkout-address")).toBeVisible();
  await page.getByRole("button", { name: "提交订单" }).click();
  await payByTransfer(page, admin);
  const order = await newestOrder(upstream, buyer);
  expect(order).toMatchObject({ promotion_type: "seckill", pay_status: 1 });
});

test("group buy: the list → a group buy from its minimum → its checkout → paid with balance: an order of kind groupbuy", async ({ page, member, upstream }) => {
  const { groupbuy } = suite().data;
  test.skip(!groupbuy, "the upstream has no group buy");
  await logIn(page, member);
  const before = await accountOf(upstream, member);
  await page.goto("/promotion/groupbuy");
  await expect(page.getByRole("heading", { level: 1, name: "团购" })).toBeVisible();
  await page
    .getByRole("listitem")
    .filter({ hasText: groupbuy!.name })
    .getByRole("link", { name: /去团购/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/promotion/groupbuy-${groupbuy!.groupbuyId}$`));
  await expect(page.getByRole("spinbutton", { name: "购买数量" })).toHaveValue(String(groupbuy!.minimum));
  await page.getByRole("button", { name: "立即团购" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/promotion/groupbuy_payment\\?groupbuy_id=${groupbuy!.groupbuyId}&sku_id=${groupbuy!.skuId}&num=${groupbuy!.minimum}$`),
  );
  await expect(page.getByRole("heading", { name: "团购订单结算" })).toBeVisible();
  await payWithBalance(page, member);
  const order = await newestOrder(upstream, member);
  expect(order).toMatchObject({ promotion_type: "groupbuy", pay_status: 1 });
  expect(cash(await accountOf(upstream, member))).toBe(cash(before) - order.order_money);
});

test("topic: the list → a topic with its dates → its goods → its checkout → paid with balance: an order of kind topic", async ({ page, member, upstream }) => {
  test.info().annotations.push({ type: "issue 28", description: "failure 7: a topic page has no dates, its countdown sits at 00:00:00" });
  const { topic } = suite().data;
  test.skip(!topic, "the upstream has no topic running");
  await logIn(page, member);
  const before = await accountOf(upstream, member);
  await page.goto("/promotion/topic");
  await expect(page.getByRole("heading", { level: 1, name: "专题活动" })).toBeVisible();
  await page
    .getByRole("listitem")
    .filter({ hasText: topic!.topicName })
    .getByRole("link", { name: /进入专题/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/promotion/topic-${topic!.topicId}$`));
  await expect(page.getByRole("heading", { level: 1, name: topic!.topicName })).toBeVisible();
  await expect(page.getByTestId("topic-state")).toHaveText("进行中");
  await expect(page.getByTestId("seckill-countdown")).toContainText("距活动结束");
  await expect(page.getByRole("timer")).not.toHaveText("00:00:00");
  await page
    .getByRole("listitem")
    .filter({ hasText: topic!.name })
    .getByRole("link", { name: /立即购买/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/promotion/topic-goods-${topic!.topicGoodsId}$`));
  await page.getByRole("button", { name: "立即购买" }).click();
  await expect(page).toHaveURL(new RegExp(`/promotion/topic_payment\\?topic_goods_id=${topic!.topicGoodsId}&num=\\d+$`));
  await expect(page.getByRole("heading", { name: "专题活动订单结算" })).toBeVisible();
  await payWithBalance(page, member);
  const order = await newestOrder(upstream, member);
  expect(order).toMatchObject({ promotion_type: "topic", pay_status: 1 });
  expect(cash(await accountOf(upstream, member))).toBe(cash(before) - order.order_money);
});

test("combo: the goods page offers it → the combo → its checkout → paid with balance: an order of kind bundling", async ({ page, member, upstream }) => {
  test.info().annotations.push({ type: "issue 28", description: "failure 8: combos are hidden although this Niushop sells them" });
  const { combo } = suite().data;
  test.skip(!combo, "the upstream sells no combos");
  await logIn(page, member);
  const before = await accountOf(upstream, member);
  await page.goto(`/sku-${combo!.skuId}`);
  await page.getByRole("link", { name: "查看套餐" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/promotion/combo-${combo!.blId}$`));
  await expect(page.getByRole("heading", { level: 1, name: combo!.name })).toBeVisible();
  await page.getByRole("button", { name: "立即购买" }).click();
  await expect(page).toHaveURL(new RegExp(`/promotion/combo_payment\\?bl_id=${combo!.blId}&num=1$`));
  await expect(page.getByRole("heading", { name: "组合套餐结算" })).toBeVisible();
  await payWithBalance(page, member);
  const order = await newestOrder(upstream, member);
  expect(order).toMatchObject({ promotion_type: "bundling", pay_status: 1 });
  expect(cash(await accountOf(upstream, member))).toBe(cash(before) - order.order_money);
});

test("pintuan", async () => {
  test.skip(true, "the storefront has no pintuan pages (the upstream sells one)");
});
