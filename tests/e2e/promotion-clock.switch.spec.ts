import { expect, test } from "./fixtures";
import { logIn, pageWith, testApi } from "./support";

// The shop API's clock is global (test API /__test/clock), so these journeys run in the
// "switches" project, after the js and no-js projects, one at a time, and put the clock back.
test.describe.configure({ mode: "serial" });

test.afterEach(async () => {
  await testApi.post("/__test/clock", { reset: true });
});

/** Unix seconds of today (China time) at hh:mm. */
function chinaTime(hours: number, minutes = 0): number {
  const now = Math.floor(Date.now() / 1000);
  return now - ((now + 8 * 3600) % 86400) + hours * 3600 + minutes * 60;
}

/** Seckill 6: 红外额温计 YHW-2 (sku 146) in the morning slot (早场, 08:00–11:59:59). */
const MORNING = "/promotion/seckill-6";

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "no-js";

  test(`before the morning slot: shown as not started, counting down to 08:00; buying refused (${mode})`, async ({ browser }) => {
    await testApi.post("/__test/clock", { at: chinaTime(7) });
    const page = await pageWith(browser, javaScriptEnabled);
    const member = await testApi.createMember();
    await logIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/member\/index$/);

    await page.goto("/promotion/seckill");
    // The all-day slot runs, so it is the one chosen; the morning slot is still to come.
    await expect(page.getByRole("link", { name: /全天场 · 抢购中/ })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: /早场 · 即将开始/ }).click();
    await expect(page).toHaveURL(/\?slot=2$/);
    await expect(page.getByTestId("seckill-countdown")).toContainText("距开始");
    await expect(page.getByRole("timer")).toHaveText(/^(00:59:\d{2}|01:00:00)$/);
    await expect(page.getByRole("link", { name: /即将开始 红外额温计/ })).toBeVisible();

    await page.goto(MORNING);
    await expect(page.getByTestId("seckill-countdown")).toContainText("距开始");
    await expect(page.getByRole("button", { name: "即将开始" })).toBeDisabled();
    const buy = await page.request.post(MORNING, { form: { intent: "buy", sku_id: "146", num: "1" } });
    expect(buy.status()).toBe(409);
    expect(await buy.text()).toContain("秒杀活动还未开启，敬请期待！");
    const checkout = await page.goto("/promotion/seckill_payment?seckill_id=6&sku_id=146&num=1");
    expect(checkout?.status()).toBe(409);
    await expect(page.getByRole("alert")).toHaveText("当前商品秒杀活动未开启或已过期");
    expect(await testApi.get<unknown[]>(`/__test/orders?username=${member.username}`)).toEqual([]);
    await page.context().close();
  });

  test(`inside the morning slot it sells; after it, it is over for today (${mode})`, async ({ browser }) => {
    await testApi.post("/__test/clock", { at: chinaTime(9) });
    const page = await pageWith(browser, javaScriptEnabled);
    const member = await testApi.createMember();
    await logIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/member\/index$/);
    await page.goto(MORNING);
    await expect(page.getByTestId("seckill-countdown")).toContainText("距本场结束");
    await expect(page.getByRole("timer")).toHaveText(/^(02:59:\d{2}|03:00:00)$/);
    await expect(page.getByRole("button", { name: "立即抢购" })).toBeEnabled();

    await testApi.post("/__test/clock", { at: chinaTime(13) });
    await page.goto("/promotion/seckill?slot=2");
    await expect(page.getByRole("link", { name: /早场 · 已结束/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("本场已结束，明天再来")).toBeVisible();
    await page.goto(MORNING);
    await expect(page.getByTestId("seckill-countdown")).toHaveText("今日秒杀已结束");
    await expect(page.getByRole("button", { name: "已结束" })).toBeDisabled();
    const buy = await page.request.post(MORNING, { form: { intent: "buy", sku_id: "146", num: "1" } });
    expect(buy.status()).toBe(409);
    // Outside its slot the goods page shows no seckill either (the shop API prices it normally).
    await page.goto("/sku-146");
    await expect(page.locator('.promotion-badge[data-kind="seckill"]')).toHaveCount(0);
    await page.context().close();
  });
}
