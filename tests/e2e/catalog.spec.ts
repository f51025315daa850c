import { expect, test } from "./fixtures";
import { closeFloatLayer, logIn, testApi, waitForHydration, withJs } from "./support";

test("browse: home → category page → list → goods detail", async ({ page }) => {
  test.slow(); // four pages, each scanned by axe with JS on
  await page.goto("/index");
  await closeFloatLayer(page);
  // Floors server-render their goods.
  await expect(page.locator("section.floor").first()).toBeVisible();
  const mainNav = page.getByRole("navigation", { name: "主导航" });
  await expect(mainNav.getByRole("link", { name: "首页" })).toHaveAttribute("aria-current", "page");
  await page.goto("/category");
  await expect(page.getByRole("heading", { level: 1, name: "商品分类" })).toBeVisible();
  await page.getByRole("link", { name: "西药", exact: true }).first().click();
  await expect(page).toHaveURL(/\/list\?category_id=\d+&level=1/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("西药");
  // The nav bar marks the section the page is in (the list, whatever its query).
  await expect(mainNav.getByRole("link", { name: "全部药品" })).toHaveAttribute("aria-current", "page");
  await expect(mainNav.getByRole("link", { name: "首页" })).not.toHaveAttribute("aria-current");
  const firstGoods = page.locator("article.goods-card").first();
  await expect(firstGoods).toBeVisible();
  const name = (await firstGoods.getAttribute("aria-label")) ?? "";
  await firstGoods.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/sku-\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name.slice(0, 4));
});

test("the home carousel shows one banner at a time; its dots move it (anchors without JS)", async ({ page }) => {
  await page.goto("/index");
  await closeFloatLayer(page);
  await waitForHydration(page);
  const carousel = page.getByRole("region", { name: "首页广告" });
  const slides = carousel.getByRole("group");
  await expect(slides).toHaveCount(3);
  await expect(slides.first().getByRole("link")).toHaveAttribute("href", /^\/list\?keyword=/);
  const track = carousel.locator(".banner-carousel__track");
  const shown = () => track.evaluate((element) => Math.round(element.scrollLeft / element.clientWidth));
  if (withJs()) {
    // Paused first: on a slow machine it may already have advanced on its own (the next test covers that).
    await carousel.getByRole("button", { name: "暂停" }).click();
    await expect(carousel.getByRole("button", { name: "播放" })).toHaveAttribute("aria-pressed", "true");
  } else {
    expect(await shown()).toBe(0);
  }
  await carousel.getByRole("link", { name: "显示第 3 张广告" }).click();
  await expect.poll(shown).toBe(2);
  if (withJs()) {
    await expect(carousel.getByRole("link", { name: "显示第 3 张广告" })).toHaveAttribute("aria-current", "true");
    // Only the shown banner is in the tab order; the dots bring the others.
    await expect(slides.nth(2).getByRole("link")).not.toHaveAttribute("tabindex", "-1");
    await expect(slides.nth(0).getByRole("link")).toHaveAttribute("tabindex", "-1");
  } else {
    // Nothing advances without scripts, so there is nothing to pause; every banner can be tabbed to.
    await expect(carousel.getByRole("button")).toBeHidden();
    for (const slide of await slides.all()) await expect(slide.getByRole("link")).not.toHaveAttribute("tabindex", "-1");
  }
});

test("the carousel advances on its own and stops while paused", async ({ page }) => {
  test.skip(!withJs(), "advancing needs JS");
  await page.clock.install();
  await page.goto("/index");
  await closeFloatLayer(page);
  await waitForHydration(page);
  const carousel = page.getByRole("region", { name: "首页广告" });
  const track = carousel.locator(".banner-carousel__track");
  const shown = () => track.evaluate((element) => Math.round(element.scrollLeft / element.clientWidth));
  await page.mouse.move(0, 700); // the pointer away from the carousel: hovering stops it
  // From here time moves only when the test moves it (a slow load may have let it advance already).
  await page.clock.pauseAt(Date.now() + 1_000);
  const before = await shown();
  await page.clock.runFor(5_100);
  await expect.poll(shown).toBe((before + 1) % 3);
  await carousel.getByRole("button", { name: "暂停" }).click();
  await page.mouse.move(0, 700);
  await page.clock.runFor(15_000);
  expect(await shown()).toBe((before + 1) % 3);
  await page.clock.resume(); // the closing accessibility scan needs running timers
});

test("a client-side visit to the home page renders the floors live", async ({ page }) => {
  test.skip(!withJs(), "client-side navigation needs JS");
  await page.goto(`/list?keyword=${encodeURIComponent("阿莫西林")}`);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "首页" }).click();
  await expect(page).toHaveURL(/\/index$/);
  await closeFloatLayer(page);
  const floors = page.locator("section.floor");
  await expect(floors).toHaveCount(4);
  await expect(floors.first().locator("a.floor-goods").first()).toHaveAttribute("href", /^\/sku-\d+$/);
  // The same document: Remix rendered the page from `.data`, not a new load.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("the home float layer can be closed and stays closed", async ({ page }) => {
  await page.goto("/index");
  const close = page.getByRole("button", { name: "关闭浮层" });
  await expect(close).toBeVisible();
  await Promise.all([page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/float-layer")), close.click()]);
  await expect(close).toHaveCount(0);
  await page.goto("/index");
  await expect(page.getByRole("button", { name: "关闭浮层" })).toHaveCount(0);
});

test("search with a keyword lists matching goods; visitors see 'login visible' instead of prices", async ({ page }) => {
  await page.goto(`/list?keyword=${encodeURIComponent("阿莫西林")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("“阿莫西林”的搜索结果");
  const cards = page.locator("article.goods-card");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText("阿莫西林");
  await expect(cards.first().getByText("登录可见")).toBeVisible();
  await expect(page.getByText("¥")).toHaveCount(0);
});

test("a member sees prices with ¥ and 2 decimals in the list", async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/member\/index$/);
  await page.goto(`/list?keyword=${encodeURIComponent("阿莫西林")}`);
  const price = page.locator("article.goods-card .price").first();
  await expect(price).toContainText(/¥\d+\.\d{2}/);
});

test("too long a keyword is refused with a message (400); no result says so", async ({ page }) => {
  const response = await page.goto(`/list?keyword=${"药".repeat(51)}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("搜索关键词最多50个字符");

  await page.goto(`/list?keyword=${encodeURIComponent("不存在的商品名称xyz")}`);
  await expect(page.getByText("没有找到相关商品")).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("共 0 件商品");
});

test("sort by price and paginate", async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/member\/index$/);
  await page.goto("/list");
  await page.getByRole("link", { name: "价格" }).click();
  await expect(page).toHaveURL(/order=discount_price&sort=desc/);
  const prices = async () =>
    (await page.locator("article.goods-card .price > :first-child").allTextContents())
      .filter((text) => text.startsWith("¥")) // sale-controlled goods show "暂无权限" instead
      .map((text) => Number(text.replace("¥", "")));
  const sorted = (values: number[], direction: 1 | -1) =>
    values.length > 1 && values.every((value, index) => index === 0 || direction * (value - values[index - 1]) >= 0);
  await expect.poll(async () => sorted(await prices(), -1)).toBe(true);
  await page.getByRole("link", { name: /价格/ }).click();
  await expect(page).toHaveURL(/sort=asc/);
  await expect.poll(async () => sorted(await prices(), 1)).toBe(true);

  const pages = page.getByRole("navigation", { name: "分页" });
  await pages.getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText("2");
});

test("filter by brand and by price range; a reversed range is refused", async ({ page }) => {
  await page.goto("/list");
  const brands = page.getByLabel("品牌");
  const brand = brands.getByRole("link").nth(1);
  const brandName = await brand.innerText();
  await brand.click();
  await expect(page).toHaveURL(/brand_id=\d+/);
  await expect(page.getByLabel("品牌").getByRole("link", { name: brandName })).toHaveAttribute("aria-current", "true");

  await page.getByLabel("最低价").fill("50");
  await page.getByLabel("最高价").fill("10");
  await page.getByRole("button", { name: "确定" }).click();
  await expect(page.getByRole("alert")).toHaveText("最低价不能高于最高价");
});

test("the header search suggests goods 300 ms after typing (JS) and submits without it", async ({ page }) => {
  await page.goto("/list");
  const box = page.getByRole("search").getByRole("searchbox");
  await box.fill("阿莫");
  if (withJs()) {
    const suggestions = page.getByRole("list", { name: "搜索建议" });
    await expect(suggestions.getByRole("link").first()).toContainText("阿莫");
  }
  await page.getByRole("search").getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(/\/list\?.*keyword=%E9%98%BF%E8%8E%AB/);
});

test("shop search lands on the shop street", async ({ page }) => {
  await page.goto("/street?keyword=康源");
  await expect(page.getByRole("link", { name: "进入店铺" })).toBeVisible();
  await page.goto("/street?keyword=nothing-like-this");
  await expect(page.getByText("没有找到相关店铺")).toBeVisible();
});

test("the brand zone lists brands that lead to their goods", async ({ page }) => {
  await page.goto("/brand");
  await expect(page.getByRole("heading", { level: 1, name: "品牌专区" })).toBeVisible();
  await page.locator("a.brand-tile").first().click();
  await expect(page).toHaveURL(/\/list\?brand_id=\d+/);
  await expect(page.locator("article.goods-card").first()).toBeVisible();
});

test("sale-control lists: visitors are asked to log in; the demo member sees what is restricted and why", async ({ page }) => {
  await page.goto("/sacontrol");
  await expect(page.getByText("控销规则按会员设置，登录后可查看。")).toBeVisible();
  await logIn(page, undefined, undefined, "/sacontrol");
  await expect(page).toHaveURL(/\/sacontrol$/);
  await expect(page.getByRole("table")).toBeVisible();
  expect(await page.getByRole("table").getByRole("row").count()).toBeGreaterThan(1);
  await page.getByRole("link", { name: "查看控销分类" }).click();
  await expect(page).toHaveURL(/\/cacontrelist$/);
  await expect(page.getByRole("table")).toBeVisible();
});

test("receive a coupon in the coupon zone: a visitor logs in first, then receives", async ({ page }) => {
  await page.goto("/coupon");
  await expect(page.getByRole("heading", { level: 1, name: "领券中心" })).toBeVisible();
  const card = page
    .locator(".coupon-card")
    .filter({ has: page.getByRole("button", { name: "立即领取" }) })
    .first();
  const name = (await card.getAttribute("aria-label")) ?? "";
  await card.getByRole("button", { name: "立即领取" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcoupon/);
  const member = await testApi.createMember(); // a fresh member, who holds no coupon yet
  await page.getByRole("textbox", { name: "用户名/手机号" }).fill(member.username);
  await page.getByRole("textbox", { name: "密码", exact: true }).fill(member.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/coupon$/);
  const again = page.locator(".coupon-card").filter({ hasText: name }).first();
  await again.getByRole("button", { name: "立即领取" }).click();
  await expect(page.getByText("领取成功")).toBeVisible();
  await expect(page.locator(".coupon-card").filter({ hasText: name }).first().getByText("已领 1 张")).toBeVisible();
});
