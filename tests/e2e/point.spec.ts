import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addAddressUpstream, logIn, testApi, upstreamCall, withJs } from "./support";

/**
 * Points mall journeys (issue 12, docs/points-mall.md), JS on and off: /point → a coupon for
 * points only → owned, points down; goods for points + cash → address → /pay → paid, an order of
 * kind pointexchange; too few points and over the limit refused; the visitor's view; bad input.
 * Seed step 16: 2 腕式电子血压计 3000 points + ¥59 (1 per member); 5 coupon 积分兑换 满200减20 500 points (3 per member);
 * 4 维生素C泡腾片 sold out; 1 一次性使用医用口罩 2000 points only.
 */

type Account = { member: { point: number }; rows: Array<{ account_type: string; account_data: number; type_name: string }> };
type Order = {
  order_id: number;
  promotion_type: string;
  promotion_type_name: string;
  goods_money: number;
  pay_status: number;
  order_goods: Array<{ num: number; price: number }>;
};

async function memberWithPoints(page: Page, point: number, balance = 0) {
  const member = await testApi.createMember();
  await testApi.post("/__test/member/balance", { username: member.username, point, balance, pay_password: "123456" });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

const account = (member: { username: string }) => testApi.get<Account>(`/__test/member-account?username=${member.username}`);
const orders = (member: { username: string }) => testApi.get<Order[]>(`/__test/orders?username=${member.username}`);

/** 提交订单 on the exchange checkout: the points are taken at once; /pay with the balance → paid. The member's order. */
async function submitAndPayWithBalance(page: Page, member: { username: string }, expected: { pointsLeft: number }) {
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/pay\?out_trade_no=\d+/);
  expect((await account(member)).member.point).toBe(expected.pointsLeft);
  await page.getByLabel("支付密码").fill("123456");
  await page.getByRole("button", { name: "使用余额支付" }).click();
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
  const [order] = await orders(member);
  return order;
}

async function memberCoupons(member: { member_id: number }) {
  const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: member.member_id });
  const page = await upstreamCall<{ list: Array<{ coupon_name: string; state: number }> }>("/coupon/api/coupon/memberpage", { token, state: 1, page_size: 0 });
  return page.list;
}

test("/point → a coupon for points only → exchanged: the coupon is owned, the points are down", async ({ page }) => {
  test.slow(); // several pages, each scanned by axe with JS on
  const member = await memberWithPoints(page, 1200);
  await page.goto("/point");
  await expect(page.getByRole("heading", { level: 1, name: "积分商城" })).toBeVisible();
  await expect(page.getByTestId("member-point")).toHaveText("1200");
  await page.getByRole("link", { name: "优惠券", exact: true }).click();
  await expect(page).toHaveURL(/\/point\?type=coupon$/);
  const item = page.getByTestId("exchange-item").filter({ hasText: "积分兑换 满200减20" });
  await expect(item.getByTestId("point-cost")).toHaveText("500 积分");
  await item.getByRole("link", { name: /立即兑换/ }).click();
  await expect(page).toHaveURL(/\/point\/5$/);
  await expect(page.getByTestId("exchange-limit")).toHaveText("每人限兑 3 件");
  // The exchange's notes are HTML, rendered (never shown as tags).
  await expect(page.getByTestId("point-content")).toHaveText("全场商品满 200 元减 20 元，兑换后 30 天内有效。");
  await page.getByRole("spinbutton", { name: "兑换数量" }).fill("2");
  await page.getByRole("button", { name: "立即兑换" }).click();
  await expect(page).toHaveURL(/\/point\/payment\?id=5&num=2$/);
  await expect(page.getByRole("heading", { level: 1, name: "优惠券兑换" })).toBeVisible();
  await page.getByRole("button", { name: "确认兑换（1000 积分）" }).click();
  await expect(page).toHaveURL(/\/point\?type=coupon$/);
  await expect(page.getByText("兑换成功，优惠券已放入您的账户")).toBeVisible();
  await expect(page.getByTestId("member-point")).toHaveText("200");
  expect((await account(member)).member.point).toBe(200);
  expect((await memberCoupons(member)).filter((coupon) => coupon.coupon_name === "积分兑换 满200减20")).toHaveLength(2);
  // With 200 points left the coupon's button says why it cannot be exchanged.
  await expect(page.getByTestId("exchange-item").filter({ hasText: "积分兑换 满200减20" }).getByRole("button", { name: "积分不足" })).toBeDisabled();
});

test("goods for points + cash → address → /pay → paid: an order of kind pointexchange, points taken", async ({ page }) => {
  test.slow(); // a long journey, each page scanned by axe with JS on
  const member = await memberWithPoints(page, 3500, 100);
  await page.goto("/point?type=goods");
  const item = page.getByTestId("exchange-item").filter({ hasText: "腕式电子血压计" });
  await expect(item.getByTestId("point-cost")).toHaveText("3000 积分 + ¥59.00");
  await item.getByRole("link", { name: /立即兑换/ }).click();
  await expect(page).toHaveURL(/\/point\/2$/);
  // The exchange's own cash part (not the goods' price), the member's points, the notes and the
  // description rendered as HTML, and the button on (issue 28.6). The notes are the detail's alone:
  // with JS the URL changes a moment before the detail replaces the list, whose items have point
  // costs and whose summary has the member's points too.
  await expect(page.getByTestId("point-rule")).toHaveText("3000 积分加 59 元换购鱼跃腕式电子血压计，每个账号限兑 1 台。");
  await expect(page.getByTestId("point-cost")).toHaveText("3000 积分 + ¥59.00");
  await expect(page.getByTestId("member-point")).toHaveText("3500");
  await expect(page.getByTestId("point-content")).not.toContainText("<p>");
  await expect(page.getByRole("heading", { name: "商品详情" })).toBeVisible();
  await page.getByRole("button", { name: "立即兑换" }).click();
  await expect(page).toHaveURL(/\/point\/payment\?id=2&num=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "积分兑换结算" })).toBeVisible();
  await expect(page.getByTestId("promotion-banner")).toContainText("消耗 3000 积分");
  // No address yet: add one; the address form brings the buyer back here.
  const paymentUrl = page.url();
  await page.getByRole("link", { name: "新增地址" }).click();
  await expect(page).toHaveURL(/\/member\/address_edit\?redirect=%2Fpoint%2Fpayment/);
  await page.getByRole("textbox", { name: "收货人" }).fill("赵六");
  await page.getByRole("textbox", { name: "手机号码" }).fill("13700137001");
  for (const [level, name, next] of [
    ["省", "北京市", "选择城市"],
    ["市", "北京市", "选择区/县"],
    ["区/县", "东城区", undefined],
  ] as const) {
    await page.getByRole("combobox", { name: level, exact: true }).selectOption({ label: name });
    if (next && !withJs()) await page.getByRole("button", { name: next }).click();
  }
  await page.getByRole("textbox", { name: "详细地址" }).fill("王府井大街 2 号");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(paymentUrl);
  await expect(page.getByTestId("checkout-address")).toContainText("赵六");
  await expect(page.getByTestId("total-goods")).toHaveText("¥59.00");
  const order = await submitAndPayWithBalance(page, member, { pointsLeft: 500 });
  expect(order).toMatchObject({ promotion_type: "pointexchange", promotion_type_name: "积分兑换", goods_money: 59, pay_status: 1 });
  // The order page says its kind.
  await page.goto(`/member/order_detail?order_id=${order.order_id}`);
  await expect(page.getByText("普通订单（积分兑换）")).toBeVisible();
  // The limit (1 per member): Niushop's detail does not say what was exchanged, its checkout refuses.
  await testApi.post("/__test/member/balance", { username: member.username, point: 3500 });
  await page.goto("/point/2");
  await expect(page.getByTestId("exchange-limit")).toHaveText("每人限兑 1 件");
  await page.getByRole("button", { name: "立即兑换" }).click();
  await expect(page).toHaveURL(/\/point\/payment\?id=2&num=1$/);
  await expect(page.getByRole("alert").first()).toHaveText("每人限兑 1 件，您已兑换 1 件");
});

test("goods for points only: no cash for the goods, the shipping paid at /pay; the points are taken and the order is of kind pointexchange", async ({
  page,
}) => {
  test.slow(); // each page scanned by axe with JS on
  const member = await memberWithPoints(page, 2500, 100);
  const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: member.member_id });
  await addAddressUpstream(token, {
    name: "孙药师",
    mobile: "13612345678",
    province_id: 310000,
    city_id: 310100,
    district_id: 310104,
    address: "漕溪北路 1 号",
  });
  await page.goto("/point?type=goods");
  const item = page.getByTestId("exchange-item").filter({ hasText: "一次性使用医用口罩" });
  await expect(item.getByTestId("point-cost")).toHaveText("2000 积分");
  await item.getByRole("link", { name: /立即兑换/ }).click();
  await expect(page).toHaveURL(/\/point\/1$/);
  await page.getByRole("button", { name: "立即兑换" }).click();
  await expect(page).toHaveURL(/\/point\/payment\?id=1&num=1$/);
  await expect(page.getByTestId("promotion-banner")).toContainText("消耗 2000 积分");
  await expect(page.getByTestId("checkout-address")).toContainText("孙药师");
  await expect(page.getByTestId("total-goods")).toHaveText("¥0.00");
  // The goods cost no cash, the express delivery does: /pay asks for the shipping only.
  const order = await submitAndPayWithBalance(page, member, { pointsLeft: 500 });
  expect(order).toMatchObject({ promotion_type: "pointexchange", goods_money: 0, pay_status: 1 });
});

test("too few points, over the limit, sold out, bad input: refused with a message, nothing exchanged", async ({ page }) => {
  test.slow(); // many pages, each scanned by axe with JS on
  const member = await memberWithPoints(page, 600);
  await page.goto("/point/2");
  await expect(page.getByRole("button", { name: "积分不足" })).toBeDisabled();
  await page.goto("/point/4");
  await expect(page.getByRole("button", { name: "已兑完" })).toBeDisabled();
  // The server checks the same rules as the buttons.
  const short = await page.request.post("/point/2", { form: { intent: "exchange", num: "1" } });
  expect(short.status()).toBe(409);
  expect(await short.text()).toContain("积分不足：需要 3000 积分，您有 600 积分");
  const limit = await page.request.post("/point/5", { form: { intent: "exchange", num: "4" } });
  expect(limit.status()).toBe(409);
  expect(await limit.text()).toContain("每人限兑 3 件");
  const junk = await page.request.post("/point/5", { form: { intent: "exchange", num: "x" } });
  expect(junk.status()).toBe(400);
  expect(await junk.text()).toContain("请输入正确的兑换数量");
  expect((await page.request.post("/point/99999", { form: { intent: "exchange", num: "1" } })).status()).toBe(404);
  // The checkout refuses too (a URL typed by hand); a forged points or price field changes nothing.
  const checkout = await page.goto("/point/payment?id=5&num=2");
  expect(checkout?.status()).toBe(409);
  await expect(page.getByRole("alert").first()).toHaveText("您的积分不足");
  await expect(page.getByRole("button", { name: /确认兑换/ })).toHaveCount(0);
  expect((await page.goto("/point/payment?id=2&num=1"))?.status()).toBe(409);
  await expect(page.getByRole("alert").first()).toHaveText("您的积分不足");
  expect((await page.goto("/point/payment?id=5&num=x"))?.status()).toBe(400);
  expect((await page.goto("/point/payment?id=99999&num=1"))?.status()).toBe(404);
  expect((await page.goto("/point/abc"))?.status()).toBe(404);
  expect((await page.goto("/point?type=junk"))?.status()).toBe(400);
  await page.goto("/point/payment?id=5&num=1");
  const orderKey = await page.locator('input[name="order_key"]').inputValue();
  const forged = await page.request.post("/point/payment?id=5&num=1", {
    form: { intent: "exchange", order_key: orderKey, point: "0", price: "0" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(303);
  expect((await account(member)).member.point).toBe(100);
  const replay = await page.request.post("/point/payment?id=5&num=1", { form: { intent: "exchange", order_key: orderKey }, maxRedirects: 0 });
  expect(replay.status()).toBe(303);
  expect(replay.headers().location).toContain("/point/payment?id=5&num=1");
  expect((await account(member)).member.point).toBe(100);
  expect(await orders(member)).toHaveLength(0);
});

test("a visitor sees the points needed and a login link, never the cash part", async ({ page }) => {
  test.slow(); // each page scanned by axe with JS on
  await page.goto("/point");
  await expect(page.getByText("登录后查看您的积分，兑换商品和优惠券")).toBeVisible();
  const item = page.getByTestId("exchange-item").filter({ hasText: "腕式电子血压计" });
  await expect(item.getByTestId("point-cost")).toHaveText("3000 积分 + 登录可见");
  await expect(item.getByRole("link", { name: /登录后兑换/ })).toHaveAttribute("href", /\/login\?redirect=/);
  await page.goto("/point/5");
  await expect(page.getByRole("link", { name: "登录后兑换" })).toBeVisible();
  const payment = await page.goto("/point/payment?id=5&num=1");
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(payment?.status()).toBe(200);
});
