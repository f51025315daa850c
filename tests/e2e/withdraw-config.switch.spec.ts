import { expect, test } from "./fixtures";
import { logIn, pageWith, testApi } from "./support";

// The shop's withdrawal switch is global: turned off beside finance.spec.ts's journeys it refused
// their withdrawals, so it is flipped here, in the "switches" project, one test at a time.
test.describe.configure({ mode: "serial" });

for (const javaScriptEnabled of [true, false]) {
  test(`withdrawal turned off by the shop: the apply page says so (${javaScriptEnabled ? "js" : "no-js"})`, async ({ browser }) => {
    const page = await pageWith(browser, javaScriptEnabled);
    const member = await testApi.createMember();
    await testApi.post("/__test/member/balance", { username: member.username, balance_money: 100 });
    await logIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/member\/index$/);
    await testApi.post("/__test/config/withdraw", { is_use: 0 });
    try {
      await page.goto("/member/apply_withdrawal");
      await expect(page.getByText("提现未开启，暂时不能申请提现。")).toBeVisible();
    } finally {
      await testApi.post("/__test/config/withdraw", { reset: true });
      await page.context().close();
    }
  });
}
