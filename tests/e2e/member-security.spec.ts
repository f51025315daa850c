import { expect, test } from "./fixtures";
import { gotoSettled, logIn, testApi } from "./support";

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
