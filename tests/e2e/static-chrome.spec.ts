import { expect, test } from "./fixtures";
import { gotoSettled, withJs } from "./support";

/**
 * The footer and the category menu are rendered once per language and layout version on the server
 * (components/layout/static-markup.tsx): the page carries their HTML, the browser adopts it without
 * rendering them again, and a client-side navigation into the main layout renders them live.
 */
test("the footer and the category menu arrive in the HTML and survive hydration and navigation", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  await gotoSettled(page, "/list?keyword=" + encodeURIComponent("阿莫西林"));
  const footer = page.locator("footer.footer");
  const menu = page.locator(".category-menu");
  await expect(footer).toHaveAttribute("data-static-markup", /^footer:zh-cn:\d+$/);
  await expect(menu).toHaveAttribute("data-static-markup", /^category-menu:zh-cn:\d+$/);
  const footerHtml = await footer.innerHTML();
  expect(footerHtml).toContain('href="/cms/help-');
  await expect(menu.getByRole("link", { name: "全部商品分类" })).toHaveAttribute("href", "/category");

  if (withJs()) {
    // A client-side navigation keeps the adopted markup as it was.
    await page.getByRole("link", { name: "首页", exact: true }).first().click();
    await expect(page).toHaveURL(/\/index$/);
    expect(await footer.innerHTML()).toBe(footerHtml);
    // From a layout without them (login), a client-side navigation renders them live.
    await gotoSettled(page, "/login");
    await expect(page.locator("footer.footer")).toHaveCount(0);
    await page.getByRole("link", { name: "返回首页" }).click();
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.locator("footer.footer a[href^='/cms/help-']").first()).toBeVisible();
    await expect(page.locator(".category-menu a[href='/category']")).toBeVisible();
    // The live render has the category tree: the root loads again on leaving a page without the chrome (ADR 027).
    await expect(page.locator(".category-menu .category-menu__top[href^='/list?category_id=']").first()).toBeVisible();
  }
  expect(problems, "no hydration or script errors").toEqual([]);
});

test("a document's loader data leaves out the category tree, the footer lists and the floors its HTML already holds", async ({ request }) => {
  const html = await (await request.get("/index")).text();
  expect(html).toContain('data-static-markup="category-menu:zh-cn:');
  expect(html).toContain("category-menu__flyout"); // the tree is in the markup…
  expect(html).not.toContain("child_list"); // …not in the serialised data
  expect(html).toContain('data-static-markup="floors:zh-cn:'); // the floors likewise
  expect(html).toContain('class="floor floor-style-');
  expect(html).not.toContain("rightGoods");
  // A client-side navigation's data request gets the whole layout and the floors, for a live render.
  const data = await (await request.get("/index.data")).text();
  expect(data).toContain("child_list");
  expect(data).toContain("rightGoods");
});
