import { expect, test } from "./fixtures";
import { gotoSettled, logIn, withJs } from "./support";

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

/**
 * "Guess you like" on a goods page is rendered once per member's kept list (ADR 032, StaticMarkup
 * owned by the list): the document carries its HTML and only the list's version in its data; a
 * client-side navigation to another goods page shows the section again, with the member's prices.
 */
test("a member's recommendations arrive as HTML, survive hydration and follow a client-side navigation", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  await logIn(page);
  await expect(page).toHaveURL(/\/member/);
  await gotoSettled(page, "/sku-1");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "猜你喜欢" }) });
  const grid = section.locator("[data-static-markup]");
  await expect(grid).toHaveAttribute("data-static-markup", /^recommend:zh-cn:member:[\w-]{16}$/);
  const cards = grid.locator("article.goods-card");
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.first().locator(".price__amount")).toHaveText(/^¥\d+\.\d{2}$/);
  await expect(grid.locator("a[href='/sku-1']")).toHaveCount(0); // the page's own goods is not recommended to itself

  const html = await (await page.request.get("/sku-1")).text();
  expect(html).toMatch(/\\"recommended\\",\{[^}]*\},\\"[\w-]{16}\\",\\"cards\\",\[\]/); // the data: version, no cards
  const data = await (await page.request.get("/sku-1.data")).text();
  expect(data).toMatch(/"cards",\[\d/); // a data request gets the cards, for a live render

  if (withJs()) {
    // Another spec of the goods: a client-side navigation, the section rendered again from the data.
    await page.locator(".spec-value:not(.spec-value--selected)").first().click();
    await expect(page).not.toHaveURL(/\/sku-1$/);
    await expect(section.locator("article.goods-card").first()).toBeVisible();
    await expect(section.locator("article.goods-card .price__amount").first()).toHaveText(/^¥\d+\.\d{2}$/);
  }
  expect(problems, "no hydration or script errors").toEqual([]);
});

/**
 * The chrome's tiny images are data URIs (ADR 027) that escape only what a URL or an attribute
 * needs (upstream/inline-images.server.ts): each of them must still decode in the browser, with
 * its text and colours. Decoded from a fresh Image, so lazy ones below the fold count too.
 */
test("every inlined image of the home page decodes", async ({ page }) => {
  await gotoSettled(page, "/index");
  const sizes = await page.evaluate(async () => {
    const sources = [...document.querySelectorAll("img")].map((image) => image.getAttribute("src") ?? "").filter((src) => src.startsWith("data:"));
    return Promise.all(
      sources.map(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode().catch(() => undefined);
        return image.naturalWidth;
      }),
    );
  });
  expect(sizes.length).toBeGreaterThan(10);
  expect(sizes.filter((width) => width === 0)).toEqual([]);
});
