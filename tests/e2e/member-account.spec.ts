import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO, gotoSettled, logIn, testApi } from "./support";

// /member/security's mobile and email binding, /member/out_of_stock and the salesman's team
// (docs/member-centre.md "Mobile and email", "Staff"). Fresh members and fresh numbers: nothing shared.

function freshMobile() {
  return `136${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;
}

const usedCaptcha = new WeakMap<Page, string>();

/**
 * Answers the form's captcha (`wrong` types a wrong answer). Every post brings a new captcha: the
 * one used last time must be gone from the page before the new one is read.
 */
async function solveCaptcha(page: Page, form: ReturnType<Page["locator"]>, wrong?: string) {
  const id = page.locator('input[name="captcha_id"]').first();
  const previous = usedCaptcha.get(page);
  if (previous) await expect(id).not.toHaveValue(previous);
  usedCaptcha.set(page, await id.inputValue());
  await form.getByLabel("验证码", { exact: true }).fill(wrong ?? (await testApi.captchaAnswer(page)));
}

test("bind a mobile: bad format, a taken number and a wrong captcha or code are refused, then the code binds it", async ({ page }) => {
  test.slow(); // many posts, each page scanned by axe with JS on
  const member = await testApi.createMember({ mobile: "" });
  const other = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await gotoSettled(page, "/member/security");
  const form = page.locator("form#mobile");
  await expect(form.getByText("尚未绑定手机号", { exact: false })).toBeVisible();
  const send = () => form.getByRole("button", { name: "获取新手机验证码" }).click();

  await form.getByLabel("新手机号").fill("12345");
  await solveCaptcha(page, form);
  await send();
  await expect(form.getByText("请输入正确的11位手机号")).toBeVisible();

  await form.getByLabel("新手机号").fill(other.mobile);
  await solveCaptcha(page, form);
  await send();
  await expect(form.getByText("该手机号已被其他账号绑定")).toBeVisible();

  const mobile = freshMobile();
  await form.getByLabel("新手机号").fill(mobile);
  await solveCaptcha(page, form, "zzzz");
  await send();
  await expect(form.getByText("验证码不正确")).toBeVisible();
  await expect(form.getByLabel("新手机号")).toHaveValue(mobile); // what was typed is kept

  await solveCaptcha(page, form);
  await send();
  await expect(form.getByText("验证码已发送到新手机")).toBeVisible();
  const code = await testApi.smsCode(mobile);
  await form.getByLabel("新手机验证码").fill(code === "0000" ? "1111" : "0000");
  await solveCaptcha(page, form);
  await form.getByRole("button", { name: "绑定手机" }).click();
  await expect(form.getByText("验证码不正确或已失效")).toBeVisible();

  await form.getByLabel("新手机验证码").fill(code);
  await solveCaptcha(page, form);
  await form.getByRole("button", { name: "绑定手机" }).click();
  await expect(page.getByText("手机号已绑定")).toBeVisible();
  await expect(page.getByText(`已绑定手机：${mobile.slice(0, 3)}****${mobile.slice(7)}`)).toBeVisible();
});

test("change a bound mobile: the old number is verified first (a wrong old code refused), then the new one", async ({ page }) => {
  test.slow(); // many posts, each page scanned by axe with JS on
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await gotoSettled(page, "/member/security");
  const form = page.locator("form#mobile");
  await expect(form.getByText(`已绑定手机：${member.mobile.slice(0, 3)}****${member.mobile.slice(7)}`)).toBeVisible();
  // No new number before the old one is verified.
  await expect(form.getByLabel("新手机号")).toHaveCount(0);
  await solveCaptcha(page, form);
  await form.getByRole("button", { name: "获取原手机验证码" }).click();
  await expect(form.getByText("验证码已发送到原手机")).toBeVisible();
  const oldCode = await testApi.smsCode(member.mobile);

  // A wrong old code is refused by the storefront itself (Niushop 5.5.2's modifymobile would not
  // check it): nothing is sent to the new number.
  const mobile = freshMobile();
  await form.getByLabel("原手机验证码").fill(oldCode === "0000" ? "1111" : "0000");
  await form.getByLabel("新手机号").fill(mobile);
  await solveCaptcha(page, form);
  await form.getByRole("button", { name: "获取新手机验证码" }).click();
  await expect(form.getByText("验证码不正确或已失效")).toBeVisible();
  await expect(form.getByLabel("新手机验证码")).toHaveCount(0);
  await expect(form.getByLabel("新手机号")).toHaveValue(mobile); // what was typed is kept

  await form.getByLabel("原手机验证码").fill(oldCode);
  await solveCaptcha(page, form);
  await form.getByRole("button", { name: "获取新手机验证码" }).click();
  await expect(form.getByText("验证码已发送到新手机")).toBeVisible();
  const code = await testApi.smsCode(mobile);
  await form.getByLabel("新手机验证码").fill(code);
  await solveCaptcha(page, form);
  await form.getByRole("button", { name: "确认更换" }).click();
  await expect(page.getByText("手机号已更换")).toBeVisible();
  await expect(page.getByText(`已绑定手机：${mobile.slice(0, 3)}****${mobile.slice(7)}`)).toBeVisible();
});

test("bind an email with the code sent to it; a malformed address is refused", async ({ page }) => {
  test.slow(); // many posts, each page scanned by axe with JS on
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await gotoSettled(page, "/member/security");
  const form = page.locator("form#email");
  await expect(form.getByText("尚未绑定邮箱。")).toBeVisible();
  await form.getByLabel("邮箱", { exact: true }).fill("not-an-email");
  await solveCaptcha(page, form);
  await form.getByRole("button", { name: "发送邮箱验证码" }).click();
  await expect(form.getByText("请输入正确的邮箱地址")).toBeVisible();

  const email = `${member.username}@example.com`;
  await form.getByLabel("邮箱", { exact: true }).fill(email);
  await solveCaptcha(page, form);
  await form.getByRole("button", { name: "发送邮箱验证码" }).click();
  await expect(form.getByText("验证码已发送到该邮箱", { exact: false })).toBeVisible();
  const mail = await testApi.get<{ code: string }>(`/__test/email?email=${encodeURIComponent(email)}`);
  await form.getByLabel("邮箱验证码").fill(mail.code);
  await form.getByRole("button", { name: "绑定邮箱" }).click();
  await expect(page.getByText("邮箱已绑定")).toBeVisible();
  await expect(page.getByText(`已绑定邮箱：${email}`)).toBeVisible();
});

test("the stock-out log is open to visitors, newest first, in pages", async ({ page }) => {
  await gotoSettled(page, "/member/out_of_stock");
  await expect(page.getByRole("heading", { name: "缺货登记", level: 1 })).toBeVisible();
  const rows = page.locator("table.member-table tbody tr");
  await expect(rows).toHaveCount(10);
  await expect(rows.first().getByText("断货中")).toBeVisible();
  await page.getByRole("link", { name: "下一页" }).click();
  await expect(page).toHaveURL(/\/member\/out_of_stock\?page=2$/);
  await expect(rows).toHaveCount(4);
  await expect(rows.first().getByText("已到货", { exact: true })).toBeVisible();
  // A nonsense page is page 1, not an error.
  await gotoSettled(page, "/member/out_of_stock?page=abc");
  await expect(rows).toHaveCount(10);
});

test("a salesman sees their team on the member home; another member sees no team", async ({ page }) => {
  await logIn(page, DEMO.username, DEMO.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  const team = page.getByRole("region", { name: "我的团队" });
  await expect(team.getByText("共 2 位客户")).toBeVisible();
  await expect(team.getByRole("cell", { name: "演示药房二店" })).toBeVisible();
  await expect(team.getByRole("cell", { name: "仁心诊所" })).toBeVisible();

  await page.context().clearCookies();
  const member = await testApi.createMember();
  await logIn(page, member.username, member.password);
  await expect(page).toHaveURL(/\/member\/index$/);
  await expect(page.getByRole("heading", { name: "会员中心", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "我的团队" })).toHaveCount(0);
});
