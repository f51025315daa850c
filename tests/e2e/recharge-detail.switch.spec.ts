import { expect, test } from "./fixtures";
import { SHOP_API_URL } from "./ports";
import { logIn, pageWith, testApi, upstreamCall } from "./support";

// Niushop 5.5.2's memberrecharge addon has no recharge order detail. Opening that page must not
// hide recharge itself (docs/upstream-conformance.md D2). The endpoint switch is global, so this
// runs in the "switches" project, one test at a time.
test.describe.configure({ mode: "serial" });

for (const javaScriptEnabled of [true, false]) {
  test(`without the recharge order detail upstream: that page is a 404, recharge and its records stay (${javaScriptEnabled ? "js" : "no-js"})`, async ({
    browser,
    request,
  }) => {
    const page = await pageWith(browser, javaScriptEnabled);
    const member = await testApi.createMember();
    // A paid recharge of 充 500 送 20, through the reference API and its payment simulator.
    const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: member.member_id });
    const outTradeNo = await upstreamCall<string>("/memberrecharge/api/ordercreate/create", { token, recharge_id: 1 });
    expect((await request.post(`${SHOP_API_URL}/simulator/pay`, { form: { out_trade_no: outTradeNo, result: "success" } })).ok()).toBe(true);
    const [order] = await testApi.get<Array<{ order_id: number; order_no: string; status: number }>>(`/__test/recharge-orders?username=${member.username}`);
    expect(order!.status).toBe(1);
    await logIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/member\/index$/);

    await testApi.post("/__test/endpoints", { disabled: ["/memberrecharge/api/order/detail"] });
    try {
      // A link kept from before: the page does not exist on this upstream.
      expect((await page.goto(`/member/recharge_detail?id=${order!.order_id}`))?.status()).toBe(404);
      // Recharge itself is still there: the menu entry, the packages, the record (without a dead link), the order page.
      await page.goto("/member/index");
      await page.getByRole("link", { name: "账户充值" }).first().click();
      await expect(page).toHaveURL(/\/member\/recharge_list$/);
      await expect(page.getByRole("table", { name: "充值记录" })).toContainText(order!.order_no);
      await expect(page.getByRole("link", { name: /充值详情/ })).toHaveCount(0);
      await page.getByRole("link", { name: "立即充值：充 500 送 20" }).click();
      await expect(page).toHaveURL(/\/member\/recharge_order\?recharge_id=1$/);
      await expect(page.getByText("¥520.00")).toBeVisible();
    } finally {
      await testApi.post("/__test/endpoints", { disabled: [] });
      await page.context().close();
    }
  });
}
