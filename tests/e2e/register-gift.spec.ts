import { expect, test } from "./fixtures";
import { gotoSettled, testApi } from "./support";

/**
 * Issue 29 item 3, JS on and off: /register promises "注册即送100积分、10成长值、优惠券「新客立减10元」"
 * because the upstream's registration reward is on, and the new member really has them: the points
 * with their ledger row, and the coupon among the member's coupons.
 */

test("the sign-up gift /register promises is given: 100 points and 10 growth with a ledger row, and a coupon", async ({ page }) => {
  test.slow(); // registration, then three member pages, each scanned by axe with JS on
  const mobile = `136${String(Date.now()).slice(-8)}`;
  await gotoSettled(page, "/register?mode=mobile");
  await expect(page.getByText("注册即送100积分、10成长值、优惠券「新客立减10元」")).toBeVisible();
  await page.getByRole("textbox", { name: "手机号" }).fill(mobile);
  await page.getByLabel("验证码").fill(await testApi.captchaAnswer(page));
  await page.getByRole("button", { name: "获取动态码" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await page.getByLabel("动态码").fill(await testApi.smsCode(mobile));
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "立即注册" }).click();
  await expect(page).toHaveURL(/\/member\/index$/);
  await expect(
    page
      .getByText("10 成长值", { exact: false })
      .or(page.getByText(/成长值\s*10\b/))
      .first(),
  ).toBeVisible();

  await gotoSettled(page, "/member/my_point");
  await expect(page.getByTestId("point-balance")).toContainText("100");
  await expect(page.getByRole("table").first()).toContainText("会员注册奖励积分");

  await gotoSettled(page, "/member/my_coupon");
  await expect(page.getByRole("list", { name: "未使用" }).getByRole("listitem").filter({ hasText: "新客立减10元" })).toHaveCount(1);
});
