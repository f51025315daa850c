import { expect, test } from "./fixtures";
import { addAddressUpstream, gotoSettled, logIn, testApi, upstreamCall } from "./support";

// /member/security: changing the login password (docs/member-centre.md).

test("change password: wrong old one, weak or mismatched new one are refused; then the new one logs in", async ({ page }) => {
  const member = await testApi.createMember({ password: "old123456" });
  await logIn(page, member.username, "old123456");
  await expect(page).toHaveURL(/\/member\/index$/);
  await gotoSettled(page, "/member/security");
  await expect(page.getByRole("navigation", { name: "会员中心菜单" }).getByRole("link", { name: "账户安全" })).toHaveAttribute("aria-current", "page");
  const old = page.getByLabel("原密码");
  const fresh = page.getByLabel("新密码", { exact: true });
  const confirm = page.getByLabel("确认新密码");
  const submit = () => page.getByRole("button", { name: "修改密码" }).click();

  await old.fill("wrong1234");
  await fresh.fill("new123456");
  await confirm.fill("new123456");
  await submit();
  await expect(page.getByText("原密码不正确")).toBeVisible();

  await old.fill("old123456");
  await fresh.fill("123");
  await confirm.fill("123");
  await submit();
  await expect(page.getByText("密码长度不能少于6位")).toBeVisible();

  await old.fill("old123456");
  await fresh.fill("new123456");
  await confirm.fill("new654321");
  await submit();
  await expect(page.getByText("两次输入的新密码不一致")).toBeVisible();

  await old.fill("old123456");
  await fresh.fill("new123456");
  await confirm.fill("new123456");
  await submit();
  await expect(page.getByText("登录密码已修改")).toBeVisible();

  await page.context().clearCookies();
  await logIn(page, member.username, "new123456");
  await expect(page).toHaveURL(/\/member\/index$/);
});

test("pay password: SMS code to the bound mobile, a wrong code refused, then set and used at /pay", async ({ page }) => {
  const member = await testApi.createMember();
  await testApi.post("/__test/member/balance", { username: member.username, balance: 100 });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await gotoSettled(page, "/member/security");
  await expect(page.getByText("未设置。设置后余额支付时需要输入。")).toBeVisible();
  await page.getByRole("button", { name: "设置支付密码" }).click();
  await expect(page.getByText("验证码已发送到您绑定的手机")).toBeVisible();
  const code = await testApi.smsCode(member.mobile);
  await page.getByLabel("短信验证码").fill(code === "0000" ? "1111" : "0000");
  await page.getByLabel("新支付密码").fill("246810");
  await page.getByLabel("确认支付密码").fill("246810");
  await page.getByRole("button", { name: "保存支付密码" }).click();
  await expect(page.getByText("验证码不正确或已失效")).toBeVisible();
  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("新支付密码").fill("246810");
  await page.getByLabel("确认支付密码").fill("246810");
  await page.getByRole("button", { name: "保存支付密码" }).click();
  await expect(page.getByText("支付密码已设置", { exact: true })).toBeVisible();
  await expect(page.getByText("已设置。余额支付时需要输入。")).toBeVisible();

  // An order (made through the upstream) paid with the balance and the new pay password.
  const { token } = await testApi.post<{ token: string }>("/__test/token", { member_id: member.member_id });
  await addAddressUpstream(token, {
    name: "王五",
    mobile: "13700137000",
    province_id: 110000,
    city_id: 110100,
    district_id: 110101,
    address: "1 号",
  });
  const payment = await upstreamCall<{ order_key: string }>("/api/ordercreate/payment", { token, sku_id: 5, num: 1 });
  const outTradeNo = await upstreamCall<string>("/api/ordercreate/create", {
    token,
    order_key: payment.order_key,
    delivery: JSON.stringify({ delivery_type: "express", delivery_type_name: "快递发货" }),
    coupon: JSON.stringify({ coupon_id: 0 }),
  });
  await gotoSettled(page, `/pay?out_trade_no=${outTradeNo}`);
  await page.getByLabel("支付密码").fill("246810");
  await page.getByRole("button", { name: "使用余额支付" }).click();
  await expect(page).toHaveURL(/\/result\?out_trade_no=\d+/);
  await expect(page.getByTestId("pay-result")).toHaveText("支付成功");
});
