import { expect, test } from "./fixtures";
import { gotoSettled, logIn, testApi } from "./support";

/**
 * Layout defects of issue 29's visual pass (`npm run screenshots`, docs/testing.md), held by their
 * geometry at the 1280 px the defects were seen at: the fixed side bar beside, not over, the content;
 * the checkout's goods table as wide as its card.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test("at 1280 px the fixed side bar leaves the content's right edge uncovered", async ({ page }) => {
  test.slow(); // three pages, each scanned by axe with JS on
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  for (const path of ["/member/index", "/promotion/seckill", "/payment?sku_id=5&num=1"]) {
    await gotoSettled(page, path);
    const sideBar = await page.getByRole("complementary", { name: "快捷工具栏" }).boundingBox();
    const main = await page.getByRole("main").boundingBox();
    expect(sideBar, path).not.toBeNull();
    expect(main, path).not.toBeNull();
    expect(main!.x + main!.width, `${path}: the content ends before the side bar starts`).toBeLessThanOrEqual(sideBar!.x);
  }
});

test("the checkout's goods table spans its card", async ({ page }) => {
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await gotoSettled(page, "/payment?sku_id=5&num=1");
  const card = page.getByRole("heading", { name: "商品清单" }).locator("..");
  const table = card.getByRole("table");
  const [cardBox, tableBox] = await Promise.all([card.boundingBox(), table.boundingBox()]);
  expect(cardBox).not.toBeNull();
  expect(tableBox).not.toBeNull();
  expect(tableBox!.width).toBeGreaterThan(cardBox!.width * 0.9);
});
