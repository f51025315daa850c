import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BFF_URL } from "./ports";
import { gotoSettled, logIn, testApi } from "./support";

// /member/qualification and /member/certiys (docs/qualifications.md), and sale control naming the
// missing qualification on the goods page and in the cart (ADR 024). JS on and off.

/** Seed: hospitals (member label 4) need 医疗机构执业许可证 (type 4) to buy 华法林钠片. */
const HOSPITAL = 4;
const LICENCE = "医疗机构执业许可证";
const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;

type Rule = { sku_id: number; goods_name: string; member_label: number; aptitude_id: number };
type Submission = { id: number; aptitude_id: number; status: number };

async function controlledSku(): Promise<number> {
  const rules = (await testApi.get<{ data: Rule[] } | Rule[]>("/__test/qualification/goods")) as Rule[] | { data: Rule[] };
  const list = Array.isArray(rules) ? rules : rules.data;
  return list.find((rule) => rule.member_label === HOSPITAL)!.sku_id;
}

async function hospital(page: Page) {
  const member = await testApi.createMember({ nickname: "资质医院" });
  await testApi.post("/__test/qualification/label", { username: member.username, label: HOSPITAL });
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  return member;
}

async function submissions(username: string): Promise<Submission[]> {
  const answer = await testApi.get<Submission[] | { data: Submission[] }>(`/__test/qualification?username=${username}`);
  return Array.isArray(answer) ? answer : answer.data;
}

const png = async (color: string) => ({
  name: "licence.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 320, height: 220, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

function licenceSection(page: Page) {
  return page.getByRole("region", { name: LICENCE });
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, date: string) {
  const section = licenceSection(page);
  await section.locator('input[type="file"]').setInputFiles(file);
  await section.getByRole("textbox", { name: "有效期至" }).fill(date);
  await section.getByRole("button", { name: /提交审核|添加图片/ }).click();
}

test("upload → rejected with reason → re-upload → approved: the sale-controlled goods becomes buyable", async ({ page }) => {
  // A long journey (eleven pages, each scanned by axe with JS).
  test.slow();
  const member = await hospital(page);
  const sku = await controlledSku();

  await gotoSettled(page, `/sku-${sku}`);
  await expect(page.getByTestId("missing-qualification")).toContainText(`需上传资质：${LICENCE}`);
  await expect(page.getByRole("button", { name: "加入购物车" })).toHaveCount(0);
  await page.getByTestId("missing-qualification").getByRole("link", { name: "前往资质管理" }).click();
  await expect(page).toHaveURL(/\/member\/qualification$/);
  await expect(page.getByRole("heading", { level: 1, name: "资质管理" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "会员中心菜单" }).getByRole("link", { name: "资质管理" })).toHaveAttribute("aria-current", "page");
  await expect(licenceSection(page).getByTestId("qualification-state")).toHaveText("未上传");

  // Refused, nothing stored: not an image, then an impossible date.
  await upload(page, { name: "licence.png", mimeType: "image/png", buffer: Buffer.from("not an image") }, nextYear);
  await expect(licenceSection(page).getByText("只能上传 PNG、JPEG、GIF 或 WebP 图片。")).toBeVisible();
  await upload(page, await png("#336699"), "2030-02-31");
  await expect(licenceSection(page).getByText("有效期须为 YYYY-MM-DD 格式的有效日期，且不能早于今天。")).toBeVisible();
  expect(await submissions(member.username)).toEqual([]);

  await upload(page, await png("#336699"), nextYear);
  await expect(page.getByText("资质已提交，请等待审核")).toBeVisible();
  await expect(licenceSection(page).getByTestId("qualification-state")).toHaveText("审核中");
  await expect(licenceSection(page).getByRole("img", { name: `${LICENCE} 第 1 张` })).toBeVisible();

  const [first] = await submissions(member.username);
  await testApi.post("/__test/qualification/review", { id: first!.id, action: "reject", reason: "证照模糊，请上传清晰原件" });
  await gotoSettled(page, `/sku-${sku}`);
  await expect(page.getByTestId("missing-qualification")).toContainText(`资质已驳回：${LICENCE}`);
  await gotoSettled(page, "/member/qualification");
  await expect(licenceSection(page).getByTestId("qualification-state")).toHaveText("已驳回");
  await expect(licenceSection(page).getByText("审核未通过：证照模糊，请上传清晰原件。请重新上传。")).toBeVisible();

  await upload(page, await png("#228833"), nextYear);
  await expect(page.getByText("资质已提交，请等待审核")).toBeVisible();
  await expect(licenceSection(page).getByTestId("qualification-state")).toHaveText("审核中");
  const [second] = await submissions(member.username);
  expect(second!.id).not.toBe(first!.id);
  await testApi.post("/__test/qualification/review", { id: second!.id, action: "approve" });
  await gotoSettled(page, "/member/qualification");
  await expect(licenceSection(page).getByTestId("qualification-state")).toHaveText("已通过");
  await expect(licenceSection(page).getByText(`有效期至 ${nextYear}`)).toBeVisible();

  await gotoSettled(page, `/sku-${sku}`);
  await expect(page.getByTestId("missing-qualification")).toHaveCount(0);
  await page.getByRole("button", { name: "加入购物车" }).click();
  await expect(page.getByText("加入购物车成功")).toBeVisible();
});

test("the cart names the missing qualification of a line and links to the qualification page", async ({ page }) => {
  const member = await hospital(page);
  const sku = await controlledSku();
  await testApi.post("/__test/cart", { username: member.username, lines: [{ sku_id: sku, num: 1 }] });
  await gotoSettled(page, "/cart");
  const notice = page.getByTestId("missing-qualification");
  await expect(notice).toContainText(`需上传资质：${LICENCE}`);
  await expect(notice.getByRole("link", { name: "前往资质管理" })).toHaveAttribute("href", "/member/qualification");
});

test("bad posts: unknown type 400, another member's submission 404, a 10 MB body 413; nothing changes", async ({ page, browser }) => {
  const member = await hospital(page);
  const other = await testApi.createMember();
  await testApi.post("/__test/qualification/label", { username: other.username, label: HOSPITAL });
  // The other member hands in a licence through the page, in a browser context of their own.
  const otherContext = await browser.newContext({ baseURL: BFF_URL, javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const otherPage = await otherContext.newPage();
  await logIn(otherPage, other.username, other.password);
  await expect(otherPage).toHaveURL(/\/member\/index$/);
  await otherPage.goto("/member/qualification");
  await upload(otherPage, await png("#aa3355"), nextYear);
  await expect(otherPage.getByText("资质已提交，请等待审核")).toBeVisible();
  await otherContext.close();
  const [theirs] = await submissions(other.username);

  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const post = (multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) =>
    page.request.post(`${BFF_URL}/member/qualification`, { multipart, headers: { Cookie: cookies, Origin: BFF_URL }, maxRedirects: 0 });

  const unknown = await post({ intent: "upload", aptitude_id: "2", expire_date: nextYear, image: await png("#000000") });
  expect(unknown.status()).toBe(400);
  expect(await unknown.text()).toContain("该资质类型不存在");

  const foreignAdd = await post({ intent: "upload", aptitude_id: "4", id: String(theirs!.id), expire_date: nextYear, image: await png("#000000") });
  expect(foreignAdd.status()).toBe(404);
  const foreignRemove = await post({ intent: "remove-image", id: String(theirs!.id), image: "upload/qualification/x.png" });
  expect(foreignRemove.status()).toBe(404);
  expect(await foreignRemove.text()).toContain("资质记录不存在或已审核");

  const huge = await post({
    intent: "upload",
    aptitude_id: "4",
    expire_date: nextYear,
    image: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10 * 1024 * 1024, 0xff) },
  });
  expect(huge.status()).toBe(413);

  expect(await submissions(member.username)).toEqual([]);
  expect((await submissions(other.username)).map((row) => row.id)).toEqual([theirs!.id]);
});

test("/member/certiys shows the shop's licences with numbers, issuers, validity and images", async ({ page }) => {
  await hospital(page);
  await gotoSettled(page, "/member/certiys");
  await expect(page.getByRole("heading", { level: 1, name: "资质证照" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "会员中心菜单" }).getByRole("link", { name: "资质证照" })).toHaveAttribute("aria-current", "page");
  const licence = page.getByRole("article", { name: "药品经营许可证" });
  await expect(licence.getByText("浙AA5710001")).toBeVisible();
  await expect(licence.getByText("浙江省药品监督管理局")).toBeVisible();
  await expect(licence.getByText("2024-01-15 至 2029-01-14")).toBeVisible();
  await expect(page.getByRole("article", { name: "营业执照" }).getByText("2019-05-20 起，长期有效")).toBeVisible();
  const image = licence.getByRole("img", { name: "药品经营许可证 第 1 张" });
  const src = await image.getAttribute("src");
  expect(src).toMatch(/^\/media\/upload\/certificate\//);
  expect((await page.request.get(`${BFF_URL}${src}`)).ok()).toBeTruthy();
});
