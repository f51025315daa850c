import type { Browser } from "@playwright/test";
import { expect, test } from "./fixtures";
import { logIn, testApi } from "./support";

// The shop API's clock is global (test API /__test/clock), so these journeys run in the
// "switches" project, one at a time, and put the clock back. Topics and group buys run from
// 2026-01-01 00:00 (China time) for three years (the seed).
test.describe.configure({ mode: "serial" });

test.afterEach(async () => {
  await testApi.post("/__test/clock", { reset: true });
});

const PROMO_START = 1767196800;
const PROMO_END = PROMO_START + 3 * 365 * 86400;

async function memberPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return { page, member };
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "no-js";

  test(`before the topics start: none listed, the topic goods not started and counting down; buying refused (${mode})`, async ({ browser }) => {
    await testApi.post("/__test/clock", { at: PROMO_START - 3600 });
    const { page, member } = await memberPage(browser, javaScriptEnabled);
    await page.goto("/promotion/topic");
    await expect(page.getByText("暂无进行中的专题活动")).toBeVisible();
    await page.goto("/promotion/topic-goods-6");
    await expect(page.getByTestId("seckill-countdown")).toContainText("距活动开始");
    await expect(page.getByRole("timer")).toHaveText(/^(00:59:\d{2}|01:00:00)$/);
    await expect(page.getByRole("button", { name: "活动未开始" })).toBeDisabled();
    const buy = await page.request.post("/promotion/topic-goods-6", { form: { intent: "buy", num: "1" } });
    expect(buy.status()).toBe(409);
    const checkout = await page.goto("/promotion/topic_payment?topic_goods_id=6&num=1");
    expect(checkout?.status()).toBe(409);
    await expect(page.getByRole("alert").first()).toHaveText("当前商品专题活动未开启");
    expect(await testApi.get<unknown[]>(`/__test/orders?username=${member.username}`)).toEqual([]);
    await page.context().close();
  });

  test(`after the topics and group buys end: shown as ended, buying refused (${mode})`, async ({ browser }) => {
    await testApi.post("/__test/clock", { at: PROMO_END + 60 });
    const { page, member } = await memberPage(browser, javaScriptEnabled);
    await page.goto("/promotion/topic-2");
    await expect(page.getByTestId("topic-state")).toHaveText("已结束");
    await page.goto("/promotion/topic-goods-6");
    await expect(page.getByRole("button", { name: "活动已结束" })).toBeDisabled();
    const buy = await page.request.post("/promotion/topic-goods-6", { form: { intent: "buy", num: "1" } });
    expect(buy.status()).toBe(409);
    expect(await buy.text()).toContain("专题活动已结束");
    await page.goto("/promotion/groupbuy-2");
    await expect(page.getByTestId("seckill-countdown")).toHaveText("团购已结束");
    await expect(page.getByRole("button", { name: "团购已结束" })).toBeDisabled();
    const groupbuy = await page.request.post("/promotion/groupbuy-2", { form: { intent: "buy", num: "10" } });
    expect(groupbuy.status()).toBe(409);
    expect(await groupbuy.text()).toContain("团购活动已结束");
    expect(await testApi.get<unknown[]>(`/__test/orders?username=${member.username}`)).toEqual([]);
    await page.context().close();
  });

  test(`before the group buys start: not started, counting down to the start; buying refused (${mode})`, async ({ browser }) => {
    await testApi.post("/__test/clock", { at: PROMO_START - 3600 });
    const { page, member } = await memberPage(browser, javaScriptEnabled);
    await page.goto("/promotion/groupbuy-2");
    await expect(page.getByTestId("seckill-countdown")).toContainText("距开始");
    await expect(page.getByRole("button", { name: "即将开始" })).toBeDisabled();
    const buy = await page.request.post("/promotion/groupbuy-2", { form: { intent: "buy", num: "10" } });
    expect(buy.status()).toBe(409);
    expect(await buy.text()).toContain("团购活动还未开始");
    const checkout = await page.goto("/promotion/groupbuy_payment?groupbuy_id=2&sku_id=158&num=10");
    expect(checkout?.status()).toBe(409);
    await expect(page.getByRole("alert").first()).toHaveText("当前商品团购活动未开启或已过期");
    expect(await testApi.get<unknown[]>(`/__test/orders?username=${member.username}`)).toEqual([]);
    await page.context().close();
  });
}
