import { expect, test } from "./fixtures";
import { gotoSettled, memberWithCart, skuName, withJs } from "./support";

/**
 * The header's mini cart (spec §2, issue 29): the server renders a link to /cart with the count,
 * which is all there is without JS; with JS, hovering or focusing it lists the cart's goods and
 * quantities (no prices: those stay on /cart, under sale control).
 */

test("the header cart lists the member's goods on hover and focus with JS; without JS it is the link to /cart", async ({ page }) => {
  await memberWithCart(page, [
    { sku_id: 1, num: 2 },
    { sku_id: 4, num: 1 },
  ]);
  const [first, second] = await Promise.all([skuName(1), skuName(4)]);
  await gotoSettled(page, "/category"); // not the home page: its float layer would sit over the header
  const header = page.getByRole("banner");
  const cartLink = header.getByRole("link", { name: /^我的购物车/ });
  await expect(header.getByTestId("header-cart-count")).toHaveText("3"); // the count is of pieces: 2 + 1
  const panel = header.getByRole("region", { name: "购物车商品" });

  if (!withJs()) {
    await cartLink.hover();
    await expect(panel).toHaveCount(0);
    await cartLink.click();
    await expect(page).toHaveURL(/\/cart$/);
    return;
  }

  await cartLink.hover();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("listitem")).toHaveCount(2);
  await expect(panel.getByRole("listitem").filter({ hasText: first })).toContainText("×2");
  await expect(panel.getByRole("listitem").filter({ hasText: second })).toContainText("×1");
  await expect(panel.getByText(/¥/)).toHaveCount(0); // prices stay on /cart
  await page.mouse.move(0, 0);
  await expect(panel).toHaveCount(0);

  // Keyboard: focus opens it, Escape closes it, the list's own link goes to the cart.
  await cartLink.focus();
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await cartLink.hover();
  await panel.getByRole("link", { name: "去购物车结算" }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test("a visitor's mini cart offers the login with JS", async ({ page }) => {
  test.skip(!withJs(), "the list is a JS enhancement; without JS the header cart is a plain link (first test)");
  await gotoSettled(page, "/category");
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: /^我的购物车/ }).hover();
  const panel = header.getByRole("region", { name: "购物车商品" });
  await expect(panel.getByRole("link", { name: "登录后查看购物车" })).toHaveAttribute("href", "/login?redirect=%2Fcart");
});
