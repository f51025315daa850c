import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BFF_URL } from "./ports";
import { gotoSettled, logIn, testApi, upstreamCall } from "./support";

// Member assets (docs/member-centre.md "Follows, footprint, coupons, level, sign-in, points"):
// every test uses a fresh member, so JS-on and JS-off runs never share state.

async function freshMember(page: Page) {
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  const token = (await testApi.post<{ token: string }>("/__test/token", { member_id: member.member_id })).token;
  return { ...member, token };
}

type GoodsRow = { goods_id: number; sku_id: number; goods_name: string; sku_name: string };

async function catalogGoods(count: number): Promise<GoodsRow[]> {
  const page = await upstreamCall<{ list: GoodsRow[] }>("/api/goodssku/page", { page: 1, page_size: count });
  return page.list;
}

/** A post made outside the page's forms (a crafted or stale request), with the page's session. */
async function craftedPost(page: Page, path: string, form: Record<string, string>) {
  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  return page.request.post(`${BFF_URL}${path}`, { form, headers: { Cookie: cookies, Origin: BFF_URL }, maxRedirects: 0 });
}

const DAY = 86_400;

/** The China day (YYYY-MM-DD) of a Unix time: the page groups footprints by it. */
function chinaDay(unixSeconds: number): string {
  return new Date((unixSeconds + 8 * 3600) * 1000).toISOString().slice(0, 10);
}

test("follows: the top bar reaches them; unfollow one; unknown follow and junk page refused", async ({ page }) => {
  const member = await freshMember(page);
  const goods = await catalogGoods(2);
  for (const row of goods) await upstreamCall("/api/goodscollect/add", { token: member.token, goods_id: row.goods_id, sku_id: row.sku_id });

  await page.getByRole("navigation", { name: "快捷链接" }).getByRole("link", { name: "我的关注" }).click();
  await expect(page).toHaveURL(/\/member\/collection$/);
  await expect(page.getByRole("navigation", { name: "会员中心菜单" }).getByRole("link", { name: "我的关注" })).toHaveAttribute("aria-current", "page");
  const cards = page.getByRole("list", { name: "我的关注" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(page.getByText("共关注 2 件商品")).toBeVisible();
  await expect(cards.first()).toContainText("¥");

  const name = goods[0].sku_name || goods[0].goods_name;
  await page.getByRole("button", { name: `取消关注：${name}` }).click();
  await expect(page.getByText("已取消关注")).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole("button", { name: `取消关注：${name}` })).toHaveCount(0);

  // The same goods again (no longer followed) and junk: refused, nothing changes.
  expect((await craftedPost(page, "/member/collection", { intent: "unfollow", goods_id: String(goods[0].goods_id) })).status()).toBe(404);
  expect((await craftedPost(page, "/member/collection", { intent: "unfollow", goods_id: "abc" })).status()).toBe(400);
  const junk = await page.goto("/member/collection?page=x");
  expect(junk?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Past the last page (a stale link): the last page.
  await gotoSettled(page, "/member/collection?page=5");
  await expect(page).toHaveURL(/\/member\/collection$/);
  await expect(cards).toHaveCount(1);
});

test("footprint: a goods page visit is recorded; grouped by day; delete one, then a whole day", async ({ page }) => {
  const member = await freshMember(page);
  const [viewed, older1, older2] = await catalogGoods(3);
  const olderTime = Math.floor(Date.now() / 1000) - 3 * DAY;
  await testApi.post("/__test/footprint", { member_id: member.member_id, goods_id: older1.goods_id, browse_time: olderTime });
  await testApi.post("/__test/footprint", { member_id: member.member_id, goods_id: older2.goods_id, browse_time: olderTime + 60 });
  await gotoSettled(page, `/sku-${viewed.sku_id}`);

  await page.getByRole("complementary", { name: "快捷工具栏" }).getByRole("link", { name: "我的足迹" }).click();
  await expect(page).toHaveURL(/\/member\/footprint$/);
  const dayLists = page.getByRole("list", { name: / 浏览的商品$/ });
  await expect(dayLists).toHaveCount(2);
  const olderDay = chinaDay(olderTime);
  await expect(page.getByRole("heading", { level: 2, name: olderDay })).toBeVisible();
  await expect(page.getByRole("list", { name: `${olderDay} 浏览的商品` }).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("list", { name: `${chinaDay(Math.floor(Date.now() / 1000))} 浏览的商品` })).toContainText(viewed.sku_name || viewed.goods_name);

  await page.getByRole("button", { name: `删除足迹：${older2.sku_name || older2.goods_name}` }).click();
  await expect(page.getByText("足迹已删除")).toBeVisible();
  await expect(page.getByRole("list", { name: `${olderDay} 浏览的商品` }).getByRole("listitem")).toHaveCount(1);

  await page.getByRole("button", { name: `删除 ${olderDay} 的全部足迹` }).click();
  await expect(page.getByText("当天的足迹已删除")).toBeVisible();
  await expect(dayLists).toHaveCount(1);
  await expect(page.getByRole("list", { name: `${olderDay} 浏览的商品` })).toHaveCount(0);

  // Another member's footprint, an empty day, junk: refused, nothing changes.
  const other = await testApi.createMember();
  const foreign = await testApi.post<{ id: number }>("/__test/footprint", { member_id: other.member_id, goods_id: older1.goods_id, browse_time: olderTime });
  expect((await craftedPost(page, "/member/footprint", { intent: "delete", id: String(foreign.id) })).status()).toBe(404);
  expect((await craftedPost(page, "/member/footprint", { intent: "delete-day", day: "2001-01-01" })).status()).toBe(404);
  expect((await craftedPost(page, "/member/footprint", { intent: "delete-day", day: "yesterday" })).status()).toBe(400);
  const theirs = await upstreamCall<{ list: unknown[] }>("/api/goodsbrowse/page", {
    token: (await testApi.post<{ token: string }>("/__test/token", { member_id: other.member_id })).token,
    page: 1,
    page_size: 0,
  });
  expect(theirs.list).toHaveLength(1);
});

test("coupons: tabs usable / used / expired as links with value, threshold, scope and validity; junk tab 400", async ({ page }) => {
  const member = await freshMember(page);
  const now = Math.floor(Date.now() / 1000);
  await testApi.post("/__test/member-coupon", { member_id: member.member_id, coupon_type_id: 1, state: 1 });
  await testApi.post("/__test/member-coupon", { member_id: member.member_id, coupon_type_id: 3, state: 1, end_time: 0 });
  await testApi.post("/__test/member-coupon", { member_id: member.member_id, coupon_type_id: 2, state: 2 });
  await testApi.post("/__test/member-coupon", { member_id: member.member_id, coupon_type_id: 4, state: 1, end_time: now - 60 });

  // The member home's counter links to the page.
  await gotoSettled(page, "/member/index");
  await page.getByRole("link", { name: /^2\s*优惠券$/ }).click();
  await expect(page).toHaveURL(/\/member\/my_coupon$/);
  const tabs = page.getByRole("navigation", { name: "优惠券状态" });
  await expect(tabs.getByRole("link", { name: "未使用" })).toHaveAttribute("aria-current", "page");
  const usable = page.getByRole("list", { name: "未使用" }).getByRole("listitem");
  await expect(usable).toHaveCount(2);
  const reward = usable.filter({ hasText: "满300减30" });
  await expect(reward).toContainText("¥30.00");
  await expect(reward).toContainText("满 ¥300.00 可用");
  await expect(reward).toContainText("全部商品可用");
  await expect(reward).toContainText(/有效期 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}/);
  const discount = usable.filter({ hasText: "器械9.5折" });
  await expect(discount).toContainText("9.5 折");
  await expect(discount).toContainText("无门槛");
  await expect(discount).toContainText("指定分类商品可用");
  await expect(discount).toContainText("长期有效");
  await expect(page.getByRole("link", { name: "去使用：满300减30" })).toHaveAttribute("href", "/list?coupon=1");

  await tabs.getByRole("link", { name: "已使用" }).click();
  await expect(page).toHaveURL(/\/member\/my_coupon\?tab=used$/);
  const used = page.getByRole("list", { name: "已使用" }).getByRole("listitem");
  await expect(used).toHaveCount(1);
  await expect(used).toContainText("满1000减120");
  await expect(used).toContainText(/使用于 \d{4}-\d{2}-\d{2}/);

  await tabs.getByRole("link", { name: "已过期" }).click();
  await expect(page).toHaveURL(/\/member\/my_coupon\?tab=expired$/);
  const expired = page.getByRole("list", { name: "已过期" }).getByRole("listitem");
  await expect(expired).toHaveCount(1);
  await expect(expired).toContainText("阿莫西林专享满100减15");
  await expect(expired).toContainText("指定商品可用");

  expect((await page.goto("/member/my_coupon?tab=all"))?.status()).toBe(400);
  expect((await page.goto("/member/my_coupon?page=0"))?.status()).toBe(400);
});

test("sign-in: calendar, sign in (points up), second sign-in refused; day 3 of a series earns the bonus; points ledger", async ({ page }) => {
  const member = await freshMember(page);
  await page.getByRole("navigation", { name: "会员中心菜单" }).getByRole("link", { name: "每日签到" }).click();
  await expect(page).toHaveURL(/\/member\/signin$/);
  const summary = page.getByTestId("signin-summary");
  await expect(summary).toContainText("连续签到0 天当前积分0");
  const calendar = page.getByRole("table", { name: /\d{4}年\d{1,2}月/ });
  await expect(calendar.locator('td[aria-current="date"]')).not.toContainText("已签到");
  await expect(page.getByText("每日签到：5 积分，1 成长值")).toBeVisible();
  await expect(page.getByText("连续签到第 3 天额外奖励：10 积分，2 成长值")).toBeVisible();

  await page.getByRole("button", { name: "立即签到" }).click();
  await expect(page.getByText("签到成功，奖励已到账")).toBeVisible();
  await expect(summary).toContainText("连续签到1 天当前积分5成长值1");
  await expect(page.getByRole("button", { name: "今日已签到" })).toBeDisabled();
  await expect(calendar.locator('td[aria-current="date"]')).toContainText("已签到");

  // A second sign-in (a stale form): refused, nothing more given.
  const again = await craftedPost(page, "/member/signin", { intent: "signin" });
  expect(again.status()).toBe(409);
  expect((await craftedPost(page, "/member/signin", { intent: "sign" })).status()).toBe(400);
  const account = await testApi.get<{ member: { point: number } }>(`/__test/member-account?username=${member.username}`);
  expect(account.member.point).toBe(5);

  // Points: the balance, the ledger and its source tabs.
  await page.getByRole("navigation", { name: "会员中心菜单" }).getByRole("link", { name: "我的积分" }).click();
  await expect(page.getByTestId("point-balance")).toContainText("5");
  const ledger = page.getByRole("table", { name: "积分明细" });
  await expect(ledger).toContainText("签到");
  await expect(ledger).toContainText("+5");
  await expect(ledger).toContainText("连续签到第1天");
  const sources = page.getByRole("navigation", { name: "积分来源" });
  await sources.getByRole("link", { name: "充值赠送" }).click();
  await expect(page).toHaveURL(/\/member\/my_point\?type=memberrecharge$/);
  await expect(page.getByText("暂无积分记录。")).toBeVisible();
  await sources.getByRole("link", { name: "签到" }).click();
  await expect(ledger.getByRole("row")).toHaveCount(2);
  expect((await page.goto("/member/my_point?type=nope"))?.status()).toBe(400);

  // Another member who signed in the two days before: today is day 3 (5 + 10 points).
  const series = await testApi.createMember();
  await testApi.post("/__test/signin-history", { member_id: series.member_id, days: 2 });
  await page.context().clearCookies();
  await logIn(page, series.username, series.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await gotoSettled(page, "/member/signin");
  await expect(summary).toContainText("连续签到2 天");
  await page.getByRole("button", { name: "立即签到" }).click();
  await expect(summary).toContainText("连续签到3 天当前积分15成长值3");
});

test("level: current level, growth to the next, every level with its benefits", async ({ page }) => {
  const member = await freshMember(page);
  await testApi.post("/__test/member/balance", { member_id: member.member_id, growth: 400 });
  await gotoSettled(page, "/member/index");
  await page.getByRole("link", { name: /查看会员等级/ }).click();
  await expect(page).toHaveURL(/\/member\/level$/);
  await expect(page.getByTestId("level-current")).toHaveText("当前等级：普通会员");
  await expect(page.getByText("成长值 400，再获得 600 成长值升级为 银牌采购商")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "升级进度" })).toHaveAttribute("value", "40");
  const rows = page.getByRole("table", { name: "会员等级及权益" }).getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText("普通会员");
  await expect(rows.nth(1)).toContainText("当前等级");
  await expect(rows.nth(2)).toContainText("银牌采购商");
  await expect(rows.nth(2)).toContainText("1000");
  await expect(rows.nth(2)).toContainText("购物享 9.8 折");
  await expect(rows.nth(1)).toContainText("无购物折扣");
});
