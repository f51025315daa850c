import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO, logIn, pageWith, testApi, upstreamCall, waitForHydration, withJs } from "./support";

/**
 * The goods detail page /sku-{id}, with JS and without. Demo goods (reference shop API seed):
 * sku 17 布洛芬缓释胶囊 (seckill, combo, coupons), 14 阿奇霉素片 (discount), 4 阿莫西林克拉维酸钾片
 * (wholesale tiers), 13 / 35 (sale control for `demo`), 56 复方甘草片 (a description with a script).
 * Journeys that change a member's state use a fresh member, so the two projects never meet.
 */

async function freshMember(page: Page, redirect = "/sku-17") {
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password, redirect);
  await expect(page).toHaveURL(redirect);
  return member;
}

/** A cookie set by a `page.request` answer reaches the browser's cookie jar asynchronously: wait for the toast's. */
async function toastCookieArrived(page: Page) {
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "__toast")).toBe(true);
}

const cartCount = (page: Page) => page.getByTestId("header-cart-count");

test("a visitor sees 登录可见 instead of prices and a disabled buy button", async ({ page }) => {
  const response = await page.goto("/sku-17");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^布洛芬缓释胶囊 0\.3g\*20粒 - /);
  await expect(page.getByRole("heading", { level: 1, name: "布洛芬缓释胶囊 0.3g*20粒" })).toBeVisible();
  await expect(page.getByTestId("goods-price")).toHaveText("登录可见");
  await expect(page.getByTestId("goods-member-price")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "登录可见" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "加入购物车" })).toHaveCount(0);
  // The pharmacy attributes and tags are there for everyone.
  await expect(page.getByText("国药准字H20143941").first()).toBeVisible();
  await expect(page.getByText("中美天津史克制药有限公司").first()).toBeVisible();
  await expect(page.locator(".goods-tag", { hasText: "追溯码" })).toHaveCSS("background-color", "rgb(245, 94, 130)");
});

test("a member sees the price, the member price and the seckill badge with its limits", async ({ page }) => {
  await logIn(page, DEMO.username, DEMO.password, "/sku-17");
  await expect(page).toHaveURL("/sku-17");
  await expect(page.getByTestId("goods-price")).toContainText(/¥12\.90/);
  await expect(page.getByTestId("goods-member-price")).toHaveText(/^¥\d+\.\d{2}$/);
  await expect(page.locator(".promotion-badge")).toHaveText("限时秒杀");
  await expect(page.getByText("限购 5盒，超出部分恢复原价")).toBeVisible();
  await expect(page.getByRole("button", { name: "加入购物车" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "立即购买" })).toBeEnabled();

  await page.goto("/sku-14");
  await expect(page.locator(".promotion-badge")).toHaveText("限时折扣");
});

test("sale control: the goods' message or 暂无权限 on a disabled button", async ({ page }) => {
  await logIn(page, DEMO.username, DEMO.password, "/sku-13");
  await expect(page).toHaveURL("/sku-13");
  await expect(page.getByRole("button", { name: "处方药需上传处方药经营资质后采购" })).toBeDisabled();
  await expect(page.getByTestId("goods-price")).toContainText("¥"); // is_member_by 0 keeps the price

  await page.goto("/sku-35"); // view_price 0: no price, no buying
  await expect(page.getByTestId("goods-price")).toHaveText("暂无权限");
  await expect(page.getByRole("button", { name: "暂无权限" })).toBeDisabled();

  // A crafted post is refused by the server too: back to the page with the refusal as the toast.
  const response = await page.request.post("/sku-13", { form: { intent: "add-to-cart", num: "1" }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers()["location"]).toBe("/sku-13");
  await toastCookieArrived(page);
  // The page the redirect leads to carries the refusal as its toast. Read from the server's HTML:
  // with JS the toast goes away after 4 s, which a slow machine can spend before the load event.
  const html = await (await page.request.get("/sku-13")).text();
  expect(html).toMatch(/<div class="toast-region"><p role="alert" class="toast" data-kind="error">处方药需上传处方药经营资质后采购<\/p>/);
});

test("the wholesale tier table", async ({ page }) => {
  await page.goto("/sku-4");
  await expect(page.locator(".promotion-badge")).toHaveText("批发");
  const table = page.getByRole("table", { name: "批发价" });
  await expect(table.getByRole("row")).toHaveCount(4); // header + 3 tiers
  await expect(table.getByRole("row").nth(1)).toContainText("≥10盒");
  await expect(table.getByRole("row").nth(1)).toContainText("登录可见"); // visitors see no tier price either
});

test("follow and unfollow", async ({ page }) => {
  await freshMember(page);
  await waitForHydration(page);
  if (withJs()) {
    // A fetcher with optimistic state: the button flips while the post is still on its way.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/sku-17.data", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "关注", exact: true }).click();
    await expect(page.getByRole("button", { name: "已关注" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("关注成功")).toHaveCount(0);
    release();
    await page.unrouteAll({ behavior: "wait" });
  } else {
    await page.getByRole("button", { name: "关注", exact: true }).click();
  }
  await expect(page.getByText("关注成功")).toBeVisible();
  const following = page.getByRole("button", { name: "已关注" });
  await expect(following).toHaveAttribute("aria-pressed", "true");
  await following.click();
  await expect(page.getByText("已取消关注")).toBeVisible();
  await expect(page.getByRole("button", { name: "关注", exact: true })).toHaveAttribute("aria-pressed", "false");
});

test("a page's parts are each viewer's own: greeting, cart count, follow state", async ({ page, browser }) => {
  const sku = withJs() ? 20 : 21; // goods no other journey opens, one per project (they run in parallel)
  const tag = `${Date.now().toString(36)}${withJs() ? "j" : "n"}`;
  const first = await testApi.createMember({ nickname: `甲${tag}` });
  await testApi.post("/__test/cart", { username: first.username, lines: [{ sku_id: 1, num: 2 }], bundles: [] });
  await logIn(page, first.username, first.password, `/sku-${sku}`);
  await expect(page).toHaveURL(`/sku-${sku}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "关注", exact: true }).click();
  // With JS the button flips before the post is answered: reload only once the follow is done.
  await expect(page.getByText("关注成功")).toBeVisible();
  await expect(page.getByRole("button", { name: "已关注" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "已关注" })).toHaveAttribute("aria-pressed", "true");
  await expect(cartCount(page)).toHaveText("2");
  await expect(page.locator(".top-bar")).toContainText(`甲${tag}`);

  // Another member on the same page right after: the same address, other inputs.
  const other = await pageWith(browser, withJs());
  const second = await testApi.createMember({ nickname: `乙${tag}` });
  await logIn(other, second.username, second.password, `/sku-${sku}`);
  await expect(other).toHaveURL(`/sku-${sku}`);
  await expect(other.getByRole("button", { name: "关注", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(other.getByTestId("header-cart-count")).toHaveText("0");
  await expect(other.getByTestId("side-cart-count")).toHaveText("0");
  await expect(other.locator(".top-bar")).toContainText(`乙${tag}`);
  await expect(other.locator(".top-bar")).not.toContainText(`甲${tag}`);
  await other.context().close();

  // And the first member's page is still theirs.
  await page.reload();
  await expect(page.getByRole("button", { name: "已关注" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("side-cart-count")).toHaveText("2");
  await expect(page.locator(".top-bar")).toContainText(`甲${tag}`);
});

/** The goods' click counter in the reference shop API (what `/api/goods/modifyclicks` raises). */
async function clicks(skuId: number): Promise<number> {
  const data = await upstreamCall<{ goods_sku_detail: { click_num: number } }>("/api/goodssku/detail", { sku_id: skuId });
  return data.goods_sku_detail.click_num;
}

test("a view is recorded once: opening the page, following and adding to the cart raise the click count by exactly 1", async ({ page }) => {
  const sku = withJs() ? 5 : 6; // goods no other journey opens, one per project (they run in parallel)
  const before = await clicks(sku);
  await freshMember(page, `/sku-${sku}`); // the login's redirect opens the page: the one view
  await waitForHydration(page);
  await page.getByRole("button", { name: "关注", exact: true }).click();
  await expect(page.getByText("关注成功")).toBeVisible();
  await expect(page.getByRole("button", { name: "已关注" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "加入购物车" }).click();
  await expect(page.getByText("加入购物车成功")).toBeVisible();
  await expect(cartCount(page)).toHaveText("1");
  await page.getByRole("button", { name: "已关注" }).click();
  await expect(page.getByText("已取消关注")).toBeVisible();
  expect(await clicks(sku)).toBe(before + 1);
  // Opening it again from elsewhere is a new view.
  await page.goto("/cart");
  await page.goto(`/sku-${sku}`);
  await expect.poll(() => clicks(sku)).toBe(before + 2);
});

test("receiving a coupon with JS shows the result at once (the last one the member may take)", async ({ page }) => {
  test.skip(!withJs(), "without JS the post is a plain post/redirect/get, covered by the coupon journey");
  await freshMember(page);
  await waitForHydration(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/sku-17.data", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "领取 新客立减10元" }).click();
  // max_fetch 1: receiving it makes it unavailable, shown before the answer arrives.
  await expect(page.getByRole("button", { name: "已领取 新客立减10元" })).toBeDisabled();
  release();
  await page.unrouteAll({ behavior: "wait" });
  await expect(page.getByText("领取成功")).toBeVisible();
  await expect(page.getByRole("button", { name: "已领取 新客立减10元" })).toBeDisabled();
  await expect(page).toHaveURL("/sku-17");
});

/** Every price of a goods as the shop API has it (2-decimal strings), coupons' face values aside. */
async function pricesOf(skuId: number): Promise<string[]> {
  const { goods_sku_detail: detail } = await upstreamCall<{ goods_sku_detail: Record<string, unknown> }>("/api/goodssku/detail", { sku_id: skuId });
  const found = new Set<string>();
  const walk = (value: unknown, key = "") => {
    if (key === "coupon_list") return;
    if (Array.isArray(value)) return value.forEach((item) => walk(item));
    if (value && typeof value === "object") return Object.entries(value).forEach(([name, item]) => walk(item, name));
    if (/price|money/.test(key) && /^\d+\.\d{2}$/.test(String(value)) && Number(value) > 0) found.add(String(value));
  };
  walk(detail);
  return [...found];
}

/** The money strings of `prices` that `text` holds (as a whole number, not inside a longer one). */
function pricesIn(text: string, prices: string[]): string[] {
  return prices.filter((price) => new RegExp(`(?<![\\d.])${price.replace(".", "\\.")}(?!\\d)`).test(text));
}

test("a visitor's pages carry no price at all: not in the HTML, not in the page's data", async ({ page }) => {
  const detailPrices = await pricesOf(17);
  expect(detailPrices).toContain("12.90"); // the seckill price, so the check below means something
  for (const path of ["/sku-17", "/sku-4", `/list?keyword=${encodeURIComponent("阿莫西林")}`, "/index"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html).toContain("登录可见");
    const skus = [...new Set([...html.matchAll(/\/sku-(\d+)/g)].map((match) => Number(match[1])))];
    expect(skus.length, path).toBeGreaterThan(0);
    const prices = [...new Set((await Promise.all(skus.slice(0, 40).map(pricesOf))).flat())];
    expect(pricesIn(html, prices), path).toEqual([]);
  }
  if (withJs()) {
    // A client-side navigation's data (single fetch `.data`, what the link below loads) holds none
    // either; read directly, since a navigation may drop the browser's copy of the body.
    const data = await page.request.get("/sku-17.data");
    expect(data.status()).toBe(200);
    const body = await data.text();
    expect(body).toContain("布洛芬");
    expect(pricesIn(body, detailPrices)).toEqual([]);
    await page.goto(`/list?keyword=${encodeURIComponent("布洛芬")}`);
    await waitForHydration(page);
    await page.locator('a[href="/sku-17"]').first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("布洛芬");
  }
});

test("a visitor who follows is sent to login and back", async ({ page }) => {
  await page.goto("/sku-17");
  await page.getByRole("button", { name: "关注", exact: true }).click();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent("/sku-17")}`);
});

test("receive a coupon: a visitor goes to login and comes back, then receives it once", async ({ page }) => {
  await page.goto("/sku-17");
  await page.getByRole("button", { name: "领取 新客立减10元" }).click();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent("/sku-17")}`);
  const member = await testApi.createMember();
  await page.getByRole("textbox", { name: "用户名/手机号" }).fill(member.username);
  await page.getByRole("textbox", { name: "密码", exact: true }).fill(member.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL("/sku-17");

  await page.getByRole("button", { name: "领取 新客立减10元" }).click();
  await expect(page.getByText("领取成功")).toBeVisible();
  // max_fetch 1: the coupon now shows as received and cannot be taken again.
  await expect(page.getByRole("button", { name: "已领取 新客立减10元" })).toBeDisabled();
});

test("add to cart: a toast, and the header cart count goes up", async ({ page }) => {
  await freshMember(page);
  await expect(cartCount(page)).toHaveText("0");
  await page.getByRole("spinbutton", { name: /购买数量/ }).fill("3");
  await page.getByRole("button", { name: "加入购物车" }).click();
  await expect(page.getByText("加入购物车成功")).toBeVisible();
  await expect(cartCount(page)).toHaveText("3");
  await expect(page).toHaveURL("/sku-17");
});

/** Live regions (an ARIA live role or aria-live) holding `text`: a screen reader announces each one. */
const liveRegionsWith = (page: Page, text: string) =>
  page.locator('[role="alert"], [role="status"], [role="log"], [aria-live]:not([aria-live="off"])').filter({ hasText: text });

test.describe("toasts", () => {
  // A toast leaves after 4 s with JS; axe after the goto could outlast it on a loaded machine (it still runs at the end).
  test.use({ axeAfterGoto: false });

  test("a toast is announced once: one live region holds it (a status for success, an alert for errors)", async ({ page }) => {
    await freshMember(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "加入购物车" }).click();
    await expect(page.getByText("加入购物车成功")).toBeVisible();
    await expect(liveRegionsWith(page, "加入购物车成功")).toHaveCount(1);
    await expect(liveRegionsWith(page, "加入购物车成功")).toHaveAttribute("role", "status");
    // The add's revalidation must be over, or it could take the next toast meant for /sku-32.
    await page.waitForLoadState("networkidle");

    // A refusal (sku 32 is out of stock) is the error toast of the page it comes back to.
    const refused = await page.request.post("/sku-32", { form: { intent: "add-to-cart", num: "1" }, maxRedirects: 0 });
    expect(refused.status()).toBe(303);
    await toastCookieArrived(page);
    await page.goto("/sku-32");
    await expect(page.locator(".toast-region")).toHaveText("商品库存不足");
    await expect(liveRegionsWith(page, "商品库存不足")).toHaveCount(1);
    await expect(liveRegionsWith(page, "商品库存不足")).toHaveAttribute("role", "alert");
  });
});

test("a quantity of 0 or abc is refused with 400 and a message; the cart stays as it was", async ({ page }) => {
  await freshMember(page);
  for (const [num, message] of [
    ["0", "购买数量至少为 1"],
    ["abc", "购买数量必须是整数"],
  ]) {
    const response = await page.request.post("/sku-17", { form: { intent: "add-to-cart", num } });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(message);
  }
  await page.reload();
  await expect(cartCount(page)).toHaveText("0");
});

test("a quantity above the stock is clamped by the server", async ({ page }) => {
  await freshMember(page, "/sku-71"); // stock 51
  const response = await page.request.post("/sku-71", { form: { intent: "add-to-cart", num: "100000" } });
  expect(response.ok()).toBe(true);
  await page.reload();
  await expect(cartCount(page)).toHaveText("51");
});

test("buy now goes to the payment URL with the sku and quantity (checkout)", async ({ page }) => {
  await freshMember(page);
  await page.getByRole("spinbutton", { name: /购买数量/ }).fill("2");
  // The answer is read in a route handler: once the page has followed the redirect, the browser
  // may no longer have its body.
  let posted: { body: string; location: string | undefined } | undefined;
  await page.route(
    (url) => url.pathname.startsWith("/sku-17"),
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      posted = { body: await response.text(), location: response.headers()["location"] };
      await route.fulfill({ response, body: posted.body });
    },
  );
  await page.getByRole("button", { name: "立即购买" }).click();
  await expect.poll(() => posted).toBeTruthy();
  if (withJs())
    expect(posted?.body).toContain('"/payment?sku_id=17&num=2"'); // a single-fetch redirect
  else expect(posted?.location).toBe("/payment?sku_id=17&num=2");
  await expect(page).toHaveURL(/\/payment\?sku_id=17&num=2$/);
  // The checkout page (issue 9; its own journeys are in checkout.spec.ts).
  await expect(page.getByRole("heading", { level: 1, name: "确认订单" })).toBeVisible();
});

test("unknown and malformed sku URLs answer 404", async ({ page }) => {
  for (const path of ["/sku-999999", "/sku-abc"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  }
});

test("the description is sanitized: no script, no event handlers", async ({ page }) => {
  const response = await page.goto("/sku-56");
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  expect(html).toContain("复方甘草片");
  expect(html).not.toContain("alert(1)");
  expect(html).not.toContain("onerror");
});

test("spec values, thumbnails and the QR code work with and without JS", async ({ page }) => {
  await page.goto("/sku-17");
  await page.getByRole("link", { name: "查看第2张图片" }).click();
  await expect(page.locator(".goods-gallery__main img")).toHaveAttribute("src", /side\.svg$/);
  if (!withJs()) await expect(page).toHaveURL("/sku-17?img=2");

  await page.getByRole("link", { name: "手机购买" }).click();
  await expect(page.getByRole("img", { name: "扫码在手机上购买" })).toBeVisible();

  await page.getByRole("group", { name: "选择规格" }).getByRole("link", { name: "0.3g*24粒" }).click();
  await expect(page).toHaveURL("/sku-18");
  await expect(page.getByRole("heading", { level: 1, name: "布洛芬缓释胶囊 0.3g*24粒" })).toBeVisible();
});

test("evaluations are listed", async ({ page }) => {
  await page.goto("/sku-71");
  const section = page.getByRole("region", { name: "商品评价" });
  await expect(section.getByText(/共\d+条评价/)).toBeVisible();
  await expect(section.getByRole("listitem").first()).toBeVisible();
});
