import type { Page } from "@playwright/test";
import { z } from "zod";
import { expect, test } from "./fixtures";
import { suite } from "./state";
import { logIn, tokenOf } from "./support";
import { IntSchema, type Upstream } from "./upstream";

/**
 * The cart with the project's member: a SKU chosen on a goods page with several, added twice over
 * two SKUs, a quantity typed and stepped, a line removed; the upstream's own cart is read after
 * each change. The member's cart is emptied first (an earlier run may have left lines).
 */

const CartSchema = z.array(z.object({ cart_id: IntSchema, sku_id: IntSchema, num: IntSchema }).passthrough());

async function upstreamCart(upstream: Upstream, token: string) {
  return upstream.call("/api/cart/goodslists", CartSchema, {}, token);
}

const line = (page: Page, name: string) => page.locator('[data-testid^="cart-line-"]').filter({ hasText: name }).first();

test("choose a SKU on the goods page, add two SKUs, change a quantity, remove a line", async ({ page, member, upstream }) => {
  const { multiSku } = suite().data;
  test.skip(!multiSku, "the upstream lists no goods with several SKUs");
  const [firstSku, secondSku] = multiSku!.skuIds;
  const token = await tokenOf(upstream, member);
  const leftOver = await upstreamCart(upstream, token);
  if (leftOver.length > 0) await upstream.call("/api/cart/delete", z.unknown(), { cart_id: leftOver.map((row) => row.cart_id).join(",") }, token);

  await logIn(page, member);
  await page.goto(`/sku-${firstSku}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(multiSku!.name);
  // Every spec value is a link to its own SKU page: the second SKU differs from the first in one of them.
  const second = await upstream.call("/api/goodssku/detail", z.object({ goods_sku_detail: z.object({ sku_name: z.string() }).passthrough() }), {
    sku_id: secondSku,
  });
  const secondName = second.goods_sku_detail.sku_name.trim();
  const picker = page.locator(".spec-picker");
  const link = picker.locator(`a[href="/sku-${secondSku}"]`).first();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/sku-${secondSku}$`));
  await expect(picker.locator(`a[href="/sku-${secondSku}"]`).first()).toHaveAttribute("aria-current", "page");

  await page.getByRole("button", { name: "加入购物车" }).click();
  await expect(page.getByText("加入购物车成功")).toBeVisible();
  await page.goto(`/sku-${firstSku}`);
  await page.getByRole("button", { name: "加入购物车" }).click();
  await expect(page.getByText("加入购物车成功")).toBeVisible();
  expect((await upstreamCart(upstream, token)).map((row) => [row.sku_id, row.num]).sort()).toEqual(
    [
      [firstSku, 1],
      [secondSku, 1],
    ].sort(),
  );

  await page.goto("/cart");
  await expect(page.getByTestId("header-cart-count")).toHaveText("2");
  const row = line(page, secondName);
  const quantity = row.getByRole("textbox", { name: /的数量$/ });
  await quantity.fill("3");
  await quantity.press("Enter");
  await expect(page.getByTestId("header-cart-count")).toHaveText("4");
  await line(page, secondName)
    .getByRole("button", { name: /^增加 .* 的数量$/ })
    .click();
  await expect(page.getByTestId("header-cart-count")).toHaveText("5");
  expect((await upstreamCart(upstream, token)).find((entry) => entry.sku_id === secondSku)?.num, "the upstream's cart has the new quantity").toBe(4);

  await line(page, secondName)
    .getByRole("button", { name: /^删除 / })
    .click();
  await expect(line(page, secondName)).toHaveCount(0);
  await expect(page.getByTestId("header-cart-count")).toHaveText("1");
  expect((await upstreamCart(upstream, token)).map((entry) => entry.sku_id)).toEqual([firstSku]);
});
