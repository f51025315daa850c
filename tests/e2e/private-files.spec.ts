import sharp from "sharp";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BFF_URL } from "./ports";
import { gotoSettled, logIn, testApi } from "./support";

// What a member uploads (here a qualification licence) is shown to that member only, through the
// BFF (ADR 053): a link signed for the member, `private, no-store`, Content-Disposition and
// nosniff; another member, a visitor, the plain /media proxy and the member's own cookie after
// logout all get 404. JS on and off.

const HOSPITAL = 4;
const LICENCE = "医疗机构执业许可证";
const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;

async function signedInMember(page: Page) {
  const member = await testApi.createMember({ nickname: "私有文件医院" });
  await testApi.post("/__test/qualification/label", { username: member.username, label: HOSPITAL });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

/** A plain HTTP client with the given cookies (none: a visitor). */
async function clientWith(cookies: { name: string; value: string }[]): Promise<APIRequestContext> {
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
  return playwrightRequest.newContext({ baseURL: BFF_URL, extraHTTPHeaders: cookie ? { Cookie: cookie } : {} });
}

test("a member's uploaded licence opens for that member only: not for another member, a visitor, the plain proxy or the cookie after logout", async ({
  page,
  browser,
}) => {
  // Two members sign in and every page is scanned by axe (fixtures.ts): a long journey on a loaded machine.
  test.slow();
  await signedInMember(page);
  await gotoSettled(page, "/member/qualification");
  const section = page.getByRole("region", { name: LICENCE });
  const png = await sharp({ create: { width: 320, height: 220, channels: 3, background: "#446688" } })
    .png()
    .toBuffer();
  await section.locator('input[type="file"]').setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: png });
  await section.getByRole("textbox", { name: "有效期至" }).fill(nextYear);
  await section.getByRole("button", { name: "提交审核" }).click();
  await expect(page.getByText("资质已提交，请等待审核")).toBeVisible();

  const image = section.getByRole("img").first();
  await expect(image).toBeVisible();
  const src = (await image.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/media\/own\/\d+\.[\w-]{43}\/upload\/qualification\/\d{8}\/[0-9a-f]{24}\.png$/);
  const upstreamPath = src.replace(/^\/media\/own\/[^/]+\//, "");

  // The member's own browser: the image itself, never kept by a shared cache.
  const own = await page.request.get(src);
  expect(own.status()).toBe(200);
  expect(own.headers()["content-type"]).toBe("image/png");
  expect(own.headers()["cache-control"]).toBe("private, no-store");
  expect(own.headers()["content-disposition"]).toMatch(/^inline; filename="[0-9a-f]{24}\.png"$/);
  expect(own.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await own.body()).equals(png)).toBe(true);

  // The upstream path through the plain proxy: refused, whoever asks.
  expect((await page.request.get(`/media/${upstreamPath}`)).status()).toBe(404);

  // A visitor with the link.
  const visitor = await clientWith([]);
  expect((await visitor.get(src)).status()).toBe(404);
  await visitor.dispose();

  // Another member with the link.
  const otherContext = await browser.newContext({ baseURL: BFF_URL, javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const otherPage = await otherContext.newPage();
  await signedInMember(otherPage);
  const other = await otherPage.request.get(src);
  expect(other.status()).toBe(404);
  expect(other.headers()["cache-control"]).toBe("private, no-store");
  await otherContext.close();

  // The member's cookie copied before logout, replayed after it.
  const before = await clientWith(await page.context().cookies());
  expect((await before.get(src)).status()).toBe(200);
  await page.getByRole("button", { name: "退出" }).click();
  await expect(page.getByRole("link", { name: "登录" }).first()).toBeVisible();
  expect((await before.get(src)).status()).toBe(404);
  await before.dispose();
});
