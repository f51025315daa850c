import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Help centre and notices (docs/help-and-notices.md), with JS on and off, in both languages.

const main = (page: Page) => page.locator("main");

test("the help centre lists the classes with their articles; a class pages its articles; an article shows its body", async ({ page }) => {
  await page.goto("/brand");
  await page.getByRole("link", { name: "帮助中心" }).first().click();
  await expect(page).toHaveURL(/\/cms\/help$/);
  await expect(page).toHaveTitle(/^帮助中心 - /);
  await expect(main(page).getByRole("heading", { level: 2, name: "配送服务" })).toBeVisible();

  await main(page).getByRole("link", { name: "查看“新手指南”全部文章" }).click();
  await expect(page).toHaveURL(/\/cms\/help\/listother-1$/);
  await expect(page.getByRole("heading", { level: 1, name: "新手指南" })).toBeVisible();
  const list = page.getByRole("list", { name: "新手指南" });
  await expect(list.getByRole("listitem")).toHaveCount(5);

  await list.getByRole("link", { name: "如何下单" }).click();
  await expect(page).toHaveURL(/\/cms\/help-2$/);
  await expect(page).toHaveTitle(/^如何下单 - /);
  await expect(page.getByRole("heading", { level: 1, name: "如何下单" })).toBeVisible();
  await expect(page.getByText("在购物车中勾选商品")).toBeVisible();
  // The menu marks where we are.
  await expect(page.getByRole("navigation", { name: "帮助分类" }).getByRole("link", { name: "如何下单" })).toHaveAttribute("aria-current", "page");
});

test("notices: pinned first, newest next, two pages, a notice opens", async ({ page }) => {
  await page.goto("/brand");
  await page.getByRole("link", { name: "公告", exact: true }).first().click();
  await expect(page).toHaveURL(/\/cms\/notice$/);
  await expect(page).toHaveTitle(/^公告列表 - /);
  const items = page.getByRole("list", { name: "公告列表" }).getByRole("listitem");
  await expect(items).toHaveCount(10);
  await expect(items.nth(0)).toContainText("置顶药品追溯码扫码验收上线");
  await expect(items.nth(1)).toContainText("置顶系统维护通知");
  await expect(items.nth(2)).toContainText("客服工作时间调整");
  await expect(page.getByText("小程序端专属活动")).toHaveCount(0);

  await page.getByRole("link", { name: "下一页" }).click();
  await expect(page).toHaveURL(/\/cms\/notice\?page=2$/);
  await expect(items).toHaveCount(1);
  await items.first().getByRole("link").click();
  await expect(page).toHaveURL(/\/cms\/notice-1$/);
  await expect(page.getByRole("heading", { level: 1, name: "平台上线公告" })).toBeVisible();
  await expect(page.getByText("欢迎各药店、诊所与医疗机构注册采购")).toBeVisible();
  await page.getByRole("link", { name: "公告列表" }).click();
  await expect(page).toHaveURL(/\/cms\/notice$/);
});

test("an article that is an outside link shows the link instead of a body", async ({ page }) => {
  await page.goto("/cms/help/listother-5");
  await page.getByRole("list", { name: "资质公示" }).getByRole("link", { name: "国家药监局数据查询" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "国家药监局数据查询" })).toBeVisible();
  const link = main(page).getByRole("link", { name: "https://www.nmpa.gov.cn/datasearch/home-index.html" });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
});

test("unknown help and notice ids, classes and other /cms paths are 404 pages", async ({ page }) => {
  for (const path of ["/cms/help-9999", "/cms/notice-9999", "/cms/help/listother-99", "/cms/help/other-1", "/cms/helpx-1", "/cms/notice-abc"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const bad = await page.goto("/cms/notice?page=-3");
  expect(bad?.status()).toBe(200);
});

test("every help, notice, footer and certificate link of the layout reaches a page", async ({ page, request }) => {
  await page.goto("/cms/help");
  const hrefs = await page.locator('a[href^="/cms"]').evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href") ?? ""))]);
  // Top bar (help, notices), nav (notices), footer help items, certificates, platforms, licence.
  for (const expected of ["/cms/help", "/cms/notice", "/cms/help-16", "/cms/help-17", "/cms/help-18"]) expect(hrefs).toContain(expected);
  for (const href of hrefs) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
  }
});

test.describe("in English", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    // The language cookie as the BFF writes it (Remix cookie: base64 of the JSON string).
    await context.addCookies([{ name: "lng", value: encodeURIComponent(btoa(JSON.stringify("en-us"))), url: baseURL! }]);
  });

  test("help centre, a class, an article and the notices", async ({ page }) => {
    await page.goto("/cms/help");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-us");
    await expect(page).toHaveTitle(/^Help center - /);
    await expect(page.getByRole("heading", { level: 1, name: "Help center" })).toBeVisible();
    await page.getByRole("link", { name: "All articles in “配送服务”" }).click();
    await expect(page.getByRole("navigation", { name: "Help categories" })).toBeVisible();
    await page.getByRole("list", { name: "配送服务" }).getByRole("link", { name: "运费说明" }).click();
    await expect(page.getByText(/^配送服务 · Published: /)).toBeVisible();
    await page.goto("/cms/notice");
    await expect(page).toHaveTitle(/^Notices - /);
    await expect(page.getByRole("list", { name: "Notices" }).getByText("Pinned").first()).toBeVisible();
    const missing = await page.goto("/cms/notice-9999");
    expect(missing?.status()).toBe(404);
  });
});
