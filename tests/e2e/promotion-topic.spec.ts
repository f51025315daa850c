import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { logIn, testApi, upstreamCall, withJs } from "./support";

/**
 * Topic (专题活动) journeys (issue 12 part A), JS on and off: the topic list → a topic → a topic
 * goods → buy → /promotion/topic_payment → pay → an order of kind topic; the per-member limit;
 * topics not started and over (seeded: topic 3 starts in 2028, topic 4 ended in 2026); bad
 * input; a visitor. Topic 2 冬季呼吸道健康专场: goods 5 急支糖浆 (14.00, 5 a member), goods 6
 * 复方鲜竹沥液 (11.90), goods 8 苏黄止咳胶囊 (3 left).
 */

type Order = {
  promotion_type: string;
  promotion_type_name: string;
  goods_money: number;
  order_goods: Array<{ sku_id: number; num: number; price: number; promotion_type: string; promotion_id: number }>;
};

async function buyer(page: Page) {
  const member = await testApi.createMember();
  await testApi.post("/__test/member/balance", { username: member.username, balance: 1000, pay_password: "123456" });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

const orders = (member: { username: string }) => testApi.get<Order[]>(`/__test/orders?username=${member.username}`);

test("topic list → topic → topic goods → buy 2 → topic checkout → pay → an order of kind topic", async ({ page }) => {
  test.slow(); // a long journey, each page scanned by axe with JS on
  const member = await buyer(page);
  await page.goto("/promotion/topic");
  await expect(page.getByRole("heading", { level: 1, name: "专题活动" })).toBeVisible();
  const topic = page.getByRole("listitem").filter({ hasText: "冬季呼吸道健康专场" });
  await expect(topic.getByText("进行中")).toBeVisible();
  await topic.getByRole("link", { name: /进入专题/ }).click();
  await expect(page).toHaveURL(/\/promotion\/topic-2$/);
  await expect(page.getByRole("heading", { level: 1, name: "冬季呼吸道健康专场" })).toBeVisible();
  await expect(page.getByTestId("topic-state")).toHaveText("进行中");
  // The dates come with the goods rows (as Niushop answers them), and the countdown runs from them.
  await expect(page.getByTestId("topic-period")).toHaveText("活动时间：2026-01-01 00:00 至 2028-12-31 00:00");
  await expect(page.getByTestId("seckill-countdown")).toContainText("距活动结束");
  await expect(page.getByRole("timer")).not.toHaveText("00:00:00");
  const item = page.getByRole("listitem").filter({ hasText: "复方鲜竹沥液" });
  await expect(item.getByText("¥11.90")).toBeVisible();
  await item.getByRole("link", { name: /立即购买/ }).click();
  await expect(page).toHaveURL(/\/promotion\/topic-goods-6$/);
  await expect(page.getByTestId("topic-price")).toContainText("¥11.90");
  await page.getByRole("spinbutton", { name: "购买数量" }).fill("2");
  await page.getByRole("button", { name: "立即购买" }).click();
  await expect(page).toHaveURL(/\/promotion\/topic_payment\?topic_goods_id=6&num=2$/);
  await expect(page.getByRole("heading", { name: "专题活动订单结算" })).toBeVisible();
  await expect(page.getByTestId("promotion-banner")).toContainText("冬季呼吸道健康专场");
  await expect(page.getByRole("group", { name: "优惠券" })).toHaveCount(0);
  await page.getByLabel("门店自提").check();
  if (!withJs()) await page.getByRole("button", { name: "重新计算" }).click();
  await expect(page).toHaveURL(/delivery=store/);
  await expect(page.getByTestId("total-goods")).toHaveText("¥23.80");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+/);
  await page.getByLabel("支付密码").fill("123456");
  await page.getByRole("button", { name: "使用余额支付" }).click();
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
  const [order] = await orders(member);
  expect(order).toMatchObject({ promotion_type: "topic", promotion_type_name: "专题活动", goods_money: 23.8 });
  expect(order.order_goods).toEqual([expect.objectContaining({ sku_id: 77, num: 2, price: 11.9, promotion_type: "topic", promotion_id: 6 })]);
  // The order pages list it like any order.
  await page.goto("/member/order_list");
  await expect(page.getByText("复方鲜竹沥液").first()).toBeVisible();
});

test("the per-member limit: shown with what was bought, refused on the page and at the checkout, nothing created", async ({ page }) => {
  const member = await buyer(page);
  // 4 bought earlier, straight through the shop API.
  const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: member.member_id });
  const payment = await upstreamCall<{ order_key: string }>("/topic/api/ordercreate/payment", { token, topic_goods_id: 5, num: 4 });
  await upstreamCall("/topic/api/ordercreate/create", {
    token,
    order_key: payment.order_key,
    delivery: JSON.stringify({ delivery_type: "store", delivery_type_name: "门店自提", store_id: 1 }),
    store_id: 1,
  });
  expect(await orders(member)).toHaveLength(1);
  await page.goto("/promotion/topic-goods-5");
  await expect(page.getByTestId("topic-limit")).toHaveText("每人限购 5瓶，您已购 4瓶");
  await expect(page.getByRole("spinbutton", { name: "购买数量" })).toHaveAttribute("max", "1");
  const over = await page.request.post("/promotion/topic-goods-5", { form: { intent: "buy", num: "2" } });
  expect(over.status()).toBe(409);
  expect(await over.text()).toContain("该商品每人限购 5 件，您已购买 4 件");
  const checkout = await page.goto("/promotion/topic_payment?topic_goods_id=5&num=2");
  expect(checkout?.status()).toBe(409);
  await expect(page.getByRole("alert").first()).toHaveText("该商品每人限购 5 件，您已购买 4 件");
  expect(await orders(member)).toHaveLength(1);
});

test("not started, ended, sold out, unknown ids, junk quantities, a visitor: refused or shown as such, nothing created", async ({ page }) => {
  test.slow(); // many pages, each scanned by axe with JS on
  expect((await page.goto("/promotion/topic-99999"))?.status()).toBe(404);
  expect((await page.goto("/promotion/topic-goods-99999"))?.status()).toBe(404);
  expect((await page.goto("/promotion/topic-goods-x"))?.status()).toBe(404);
  // A visitor: prices hidden, buying disabled.
  await page.goto("/promotion/topic-goods-5");
  await expect(page.getByTestId("topic-price")).toHaveText("登录可见");
  await expect(page.getByRole("button", { name: "登录可见" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "登录后抢购" })).toBeVisible();
  await page.goto("/promotion/topic-3");
  await expect(page.getByTestId("topic-state")).toHaveText("未开始");
  await expect(page.getByTestId("seckill-countdown")).toContainText("距活动开始");
  await page.goto("/promotion/topic-4");
  await expect(page.getByTestId("topic-state")).toHaveText("已结束");

  const member = await buyer(page);
  await page.goto("/promotion/topic-goods-9");
  await expect(page.getByRole("button", { name: "活动未开始" })).toBeDisabled();
  await page.goto("/promotion/topic-goods-11");
  await expect(page.getByRole("button", { name: "活动已结束" })).toBeDisabled();
  const early = await page.request.post("/promotion/topic-goods-9", { form: { intent: "buy", num: "1" } });
  expect(early.status()).toBe(409);
  expect(await early.text()).toContain("专题活动还未开始，敬请期待");
  const late = await page.request.post("/promotion/topic-goods-11", { form: { intent: "buy", num: "1" } });
  expect(late.status()).toBe(409);
  expect(await late.text()).toContain("专题活动已结束");
  const scarce = await page.request.post("/promotion/topic-goods-8", { form: { intent: "buy", num: "4" } });
  expect(scarce.status()).toBe(409);
  expect(await scarce.text()).toContain("活动库存不足");
  for (const num of ["0", "-1", "abc", "1.5", ""]) {
    const junk = await page.request.post("/promotion/topic-goods-6", { form: { intent: "buy", num } });
    expect(junk.status()).toBe(400);
    expect(await junk.text()).toContain("请输入正确的购买数量");
  }
  // A forged price is not read: the checkout charges the topic price.
  const forged = await page.request.post("/promotion/topic-goods-6", {
    form: { intent: "buy", num: "1", price: "0.01", topic_price: "0.01" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(303);
  expect(forged.headers().location).toBe("/promotion/topic_payment?topic_goods_id=6&num=1");
  const closed = await page.goto("/promotion/topic_payment?topic_goods_id=9&num=1");
  expect(closed?.status()).toBe(409);
  await expect(page.getByRole("alert").first()).toHaveText("当前商品专题活动未开启");
  expect((await page.goto("/promotion/topic_payment?topic_goods_id=x&num=1"))?.status()).toBe(400);
  expect((await page.goto("/promotion/topic_payment?topic_goods_id=6&num=0"))?.status()).toBe(400);
  expect(await orders(member)).toHaveLength(0);
});
