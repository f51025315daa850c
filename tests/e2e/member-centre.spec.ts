import { expect, test } from "./fixtures";
import { gotoSettled, logIn, testApi } from "./support";

// The member area's layout and home (docs/member-centre.md). Fresh members: nothing shared.

test("the left menu groups the member pages and marks the current one", async ({ page }) => {
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  const menu = page.getByRole("navigation", { name: "会员中心菜单" });
  for (const group of ["交易管理", "我的资产", "账户设置"]) await expect(menu.getByRole("heading", { name: group })).toBeVisible();
  await expect(menu.getByRole("link", { name: "我的订单" })).toHaveAttribute("href", "/member/order_list");
  await expect(menu.getByRole("link", { name: "退款/售后" })).toHaveAttribute("href", "/member/activist");
  await expect(menu.getByRole("link", { name: "会员中心" })).toHaveAttribute("aria-current", "page");

  await menu.getByRole("link", { name: "收货地址" }).click();
  await expect(page).toHaveURL(/\/member\/delivery_address$/);
  await expect(menu.getByRole("link", { name: "收货地址" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "会员中心" })).not.toHaveAttribute("aria-current", "page");
  // A sub-page marks its parent item.
  await gotoSettled(page, "/member/address_edit");
  await expect(menu.getByRole("link", { name: "收货地址" })).toHaveAttribute("aria-current", "page");
});

test("home shows the avatar placeholder, level, growth to the next level and linked counters", async ({ page }) => {
  const member = await testApi.createMember({ nickname: "成长药房" });
  await testApi.post("/__test/member/balance", { username: member.username, balance: 20, balance_money: 5.5 });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await expect(page.getByText("成长值 0，距 银牌采购商 还需 1000")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "升级进度" })).toHaveAttribute("value", "0");
  await expect(page.getByText(/普通会员/)).toBeVisible();
  // Stored value 20 + cash 5.50.
  await page.getByRole("link", { name: "¥25.50 余额" }).click();
  await expect(page).toHaveURL(/\/member\/account$/);
});
