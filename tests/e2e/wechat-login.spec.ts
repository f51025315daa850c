import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { gotoSettled, testApi, waitForHydration, withJs } from "./support";

/**
 * WeChat QR login (issue 29 item 5, ADR 062), JS on and off. The reference shop API draws the QR
 * code itself and its test API plays the phone: it "scans" the code by the ticket in the picture's
 * URL, as a bound member's WeChat or a new one. With JS the page polls every 2 s; without, the
 * visitor presses "我已扫码".
 */

/** From the login page (with a redirect target) to a QR code; the ticket a phone would read from it. */
async function openQrCode(page: Page, redirect?: string): Promise<string> {
  await gotoSettled(page, redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login");
  await page.getByRole("button", { name: "使用微信扫码登录" }).click();
  await expect(page).toHaveURL(/\/login\/wechat(\?|$)/);
  await waitForHydration(page);
  const ticket = await ticketOf(page);
  // With JS the page says it waits (and polls); without, it offers "我已扫码".
  if (withJs()) await expect(page.getByRole("status")).toHaveText("等待扫码…");
  else await expect(page.getByRole("button", { name: "我已扫码" })).toBeVisible();
  return ticket;
}

async function ticketOf(page: Page): Promise<string> {
  const qr = page.getByRole("img", { name: "微信登录二维码" });
  await expect(qr).toBeVisible();
  const src = (await qr.getAttribute("src")) ?? "";
  const ticket = /^\/media\/upload\/wechat\/qrcode\/([\w-]+)\.svg$/.exec(src)?.[1];
  expect(ticket, src).toBeTruthy();
  // The picture itself loads (through the BFF's image proxy).
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  return ticket!;
}

/** After the scan: the poll notices it (JS), or the visitor says so (no JS). */
async function afterScan(page: Page) {
  if (!withJs()) await page.getByRole("button", { name: "我已扫码" }).click();
}

/** A new WeChat user scans; the bind form is reached. */
async function toBindForm(page: Page, redirect?: string) {
  const ticket = await openQrCode(page, redirect);
  await testApi.post("/__test/wechat/scan", { ticket, nickname: "扫码新药房" });
  await afterScan(page);
  await expect(page).toHaveURL(/\/login\/wechat\/bind(\?|$)/);
  await expect(page.getByRole("heading", { name: "扫码成功，请绑定手机号" })).toBeVisible();
  await waitForHydration(page);
}

/**
 * Answers the form's captcha once the page shows a new one after a post (`used`: the id answered
 * before; with JS the page's data is read again after the answer of the post arrives).
 */
async function answerCaptcha(page: Page, used?: string): Promise<string> {
  const id = page.locator('input[name="captcha_id"]');
  if (used) await expect(id).not.toHaveValue(used);
  await page.getByLabel("验证码").fill(await testApi.captchaAnswer(page));
  return id.inputValue();
}

const bindPost = (page: Page) =>
  page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/login/wechat/bind"));

test("a bound member's scan signs in and lands where they were going", async ({ page }) => {
  const member = await testApi.createMember({ nickname: "微信老会员" });
  const ticket = await openQrCode(page, "/member/order_list");
  if (!withJs()) {
    // Pressed before the scan: told so, the code stays.
    await page.getByRole("button", { name: "我已扫码" }).click();
    await expect(page.getByRole("status")).toHaveText("还没有扫码：请用微信扫描二维码，再点“我已扫码”");
    await expect(page.getByRole("img", { name: "微信登录二维码" })).toBeVisible();
  }
  await testApi.post("/__test/wechat/scan", { ticket, username: member.username });
  await afterScan(page);
  await expect(page).toHaveURL(/\/member\/order_list$/);
  await page.goto("/member/index");
  await expect(page.getByText("您好，微信老会员")).toBeVisible();
});

test("a new WeChat user binds a new mobile (captcha, SMS code) and is signed in as a new member", async ({ page }) => {
  const mobile = `158${String(Date.now()).slice(-8)}`;
  await toBindForm(page);
  await page.getByRole("textbox", { name: "手机号" }).fill(mobile);
  const used = await answerCaptcha(page);
  await page.getByRole("button", { name: "获取动态码" }).click();
  await expect(page.getByRole("status")).toHaveText("动态码已发送，请查收短信");
  await expect(page.getByRole("textbox", { name: "手机号" })).toHaveValue(mobile);
  // Each post brings a new captcha, its answer field empty.
  await expect(page.locator('input[name="captcha_id"]')).not.toHaveValue(used);
  await expect(page.getByLabel("验证码")).toHaveValue("");
  await answerCaptcha(page);
  await page.getByLabel("动态码").fill(await testApi.smsCode(mobile));
  await page.getByRole("button", { name: "绑定并登录" }).click();
  await expect(page).toHaveURL(/\/member\/index$/);
  await expect(page.getByText("您好，扫码新药房")).toBeVisible();
});

test("the bind form answers bad input and a wrong SMS code with 400 and a message, keeping what was typed", async ({ page }) => {
  await toBindForm(page);
  let used = await page.locator('input[name="captcha_id"]').inputValue();
  await page.getByRole("textbox", { name: "手机号" }).fill("12345");
  await page.getByLabel("动态码").fill("12");
  const [invalid] = await Promise.all([bindPost(page), page.getByRole("button", { name: "绑定并登录" }).click()]);
  expect(invalid.status()).toBe(400);
  await expect(page.getByText("请输入正确的11位手机号")).toBeVisible();
  await expect(page.getByText("请输入4到6位数字动态码")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "手机号" })).toHaveValue("12345");
  await expect(page.getByLabel("动态码")).toHaveValue("12");

  const member = await testApi.createMember();
  await page.getByRole("textbox", { name: "手机号" }).fill(member.mobile);
  used = await answerCaptcha(page, used);
  await page.getByRole("button", { name: "获取动态码" }).click();
  await expect(page.getByRole("status")).toHaveText("动态码已发送，请查收短信");
  const code = await testApi.smsCode(member.mobile);
  used = await answerCaptcha(page, used);
  await page.getByLabel("动态码").fill(code === "0000" ? "1111" : "0000");
  const [refused] = await Promise.all([bindPost(page), page.getByRole("button", { name: "绑定并登录" }).click()]);
  expect(refused.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("动态码错误");
  await expect(page.getByRole("textbox", { name: "手机号" })).toHaveValue(member.mobile);
  await expect(page.getByRole("status")).toHaveText("动态码已发送，请查收短信"); // the sent code is still usable

  // The right code now binds the registered mobile: that member is signed in.
  await answerCaptcha(page, used);
  await page.getByLabel("动态码").fill(code);
  await page.getByRole("button", { name: "绑定并登录" }).click();
  await expect(page).toHaveURL(/\/member\/index$/);
});

test("an expired code offers a new one", async ({ page }) => {
  const ticket = await openQrCode(page);
  await testApi.post("/__test/wechat/expire", { ticket });
  if (!withJs()) await page.getByRole("button", { name: "我已扫码" }).click();
  await expect(page.getByRole("status")).toHaveText("二维码已失效，请刷新");
  await expect(page.getByRole("img", { name: "微信登录二维码" })).toHaveCount(0);
  await page.getByRole("button", { name: "刷新二维码" }).click();
  const fresh = await ticketOf(page);
  expect(fresh).not.toBe(ticket);
  await testApi.post("/__test/wechat/scan", { ticket: fresh, username: "demo" });
  await afterScan(page);
  await expect(page).toHaveURL(/\/member\/index$/);
});

test("the QR page and the bind form are not for members, and the bind form needs a scan first", async ({ page }) => {
  await page.goto("/login/wechat/bind");
  await expect(page).toHaveURL(/\/login\/wechat$/);
  await expect(page.getByRole("button", { name: "获取二维码" })).toBeVisible();
  const ticket = await openQrCode(page);
  await testApi.post("/__test/wechat/scan", { ticket, username: "demo" });
  await afterScan(page);
  await expect(page).toHaveURL(/\/member\/index$/);
  await page.goto("/login/wechat");
  await expect(page).toHaveURL(/\/member\/index$/);
});
