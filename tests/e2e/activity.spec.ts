import { expect, test } from "./fixtures";
import { logIn, testApi } from "./support";

/**
 * /activity (issue 12 part A), JS on and off: the running discounts, spend-and-save rules and the
 * entries to the seckill zone, group buys and topics; visitors see no prices; the goods page's
 * discount badge links to the discount section.
 */

test("a visitor sees the running activities without prices; the entries lead to their pages", async ({ page }) => {
  await page.goto("/activity");
  await expect(page.getByRole("heading", { level: 1, name: "活动专区" })).toBeVisible();
  const discount = page.getByRole("region", { name: "限时折扣" });
  const azithromycin = discount.getByRole("listitem").filter({ hasText: "阿奇霉素片" });
  await expect(azithromycin.getByText("登录可见")).toBeVisible();
  const manjian = page.getByRole("region", { name: "满减优惠" });
  await expect(manjian.getByText("保健食品满额立减")).toBeVisible();
  await expect(manjian.getByRole("listitem")).toHaveText(["满300元，减30元", "满500元，减60元，包邮"]);
  const entries = page.getByRole("region", { name: "更多活动" });
  await expect(entries.getByRole("link", { name: /限时秒杀/ })).toHaveAttribute("href", "/promotion/seckill");
  await expect(entries.getByRole("link", { name: /团购/ })).toHaveAttribute("href", "/promotion/groupbuy");
  await entries.getByRole("link", { name: /专题活动/ }).click();
  await expect(page).toHaveURL(/\/promotion\/topic$/);
  await expect(page.getByRole("heading", { level: 1, name: "专题活动" })).toBeVisible();
});

test("a member sees the discount prices; the goods page's discount badge links to the section", async ({ page }) => {
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await page.goto("/activity");
  const azithromycin = page.getByRole("region", { name: "限时折扣" }).getByRole("listitem").filter({ hasText: "阿奇霉素片" });
  await expect(azithromycin.getByText("¥12.60")).toBeVisible();
  await page.goto("/sku-14");
  const badge = page.locator('a.promotion-badge[data-kind="discount"]');
  await expect(badge).toHaveAttribute("href", "/activity#discount");
  await badge.click();
  await expect(page).toHaveURL(/\/activity#discount$/);
});
