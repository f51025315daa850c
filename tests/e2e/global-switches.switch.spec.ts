import { get } from "node:http";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BFF_URL } from "./ports";
import { DEMO, pageWith, testApi, upstreamCall } from "./support";

// Upstream switches are global, so these journeys run in the "switches" project, after the js and
// no-js projects, one at a time (serial mode in this single file).
test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  await testApi.post("/__test/reset", {});
});

/**
 * The closed page names the site from the site info each BFF worker cached while the shop was open
 * (the upstream refuses every call once it is closed). The browser keeps one connection, so one
 * worker; a fresh connection per request reaches each worker in turn (node:cluster round robin).
 */
async function showEveryWorkerTheSite() {
  for (let visit = 0; visit < 4; visit++) {
    await new Promise<void>((resolve, reject) => {
      get(`${BFF_URL}/index`, { agent: false }, (response) => response.resume().on("end", resolve)).on("error", reject);
    });
  }
}

for (const javaScriptEnabled of [true, false]) {
  test(`a closed shop sends every page to /closed and back when it opens (${javaScriptEnabled ? "js" : "no-js"})`, async ({ browser }) => {
    const page = await pageWith(browser, javaScriptEnabled);
    const { site_name: siteName } = await upstreamCall<{ site_name: string }>("/api/site/info");
    await showEveryWorkerTheSite();
    await page.goto("/index");
    await expect(page).toHaveTitle(new RegExp(` - ${siteName}$`));
    await testApi.post("/__test/shop-status", { open: false });
    // No page asks for the shop's status (ADR 064): the BFF learns the closure from the -3 of a
    // page's own upstream calls. The goods list asks for its goods on every render (a visitor's
    // page is kept for a second, hence the retries).
    await expect(async () => {
      await page.goto("/list");
      expect(new URL(page.url()).pathname).toBe("/closed");
    }).toPass({ timeout: 10_000 });
    await expect(page.getByRole("heading", { name: "本店暂停营业" })).toBeVisible();
    await expect(page).toHaveTitle(`店铺已关闭 - ${siteName}`); // page title + " - " + site name, as on every page
    // Known closed, every page goes there, the home page too, though its data is all cached (the
    // browser keeps its connection, so the same BFF worker answers).
    for (const path of ["/index", "/login", "/register", "/member/index", "/no-such-page"]) {
      await expect(async () => {
        await page.goto(path);
        expect(new URL(page.url()).pathname, path).toBe("/closed");
      }).toPass({ timeout: 5_000 });
    }

    await testApi.post("/__test/shop-status", { open: true });
    await expect(async () => {
      await page.goto("/closed");
      expect(new URL(page.url()).pathname).toBe("/index");
    }).toPass({ timeout: 10_000 });
    await page.context().close();
  });
}

test("sign-in forms posted while the shop is closed go to /closed, never a 500", async () => {
  await testApi.post("/__test/shop-status", { open: false });
  try {
    const posts: Array<[string, Record<string, string>]> = [
      ["/login", { intent: "password-login", username: DEMO.username, password: DEMO.password }],
      ["/register", { intent: "register-username", username: "closed_shop_x", password: "abc123456", confirm_password: "abc123456" }],
      ["/find_pass", { intent: "send-code", mobile: DEMO.mobile, captcha_id: "x", captcha_code: "1234" }],
    ];
    for (const [path, fields] of posts) {
      await expect(async () => {
        const response = await fetch(`${BFF_URL}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: BFF_URL, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
        });
        expect(response.status, path).toBeLessThan(500);
        expect(response.headers.get("location"), path).toBe("/closed");
      }).toPass({ timeout: 10_000 });
    }
  } finally {
    await testApi.post("/__test/shop-status", { open: true });
  }
});

/** The demo member's password again (a refusal clears it) and the captcha's answer: signed in. */
async function logInWithCaptcha(page: Page) {
  await page.getByRole("textbox", { name: "密码", exact: true }).fill(DEMO.password);
  await page.getByLabel("验证码").fill(await testApi.captchaAnswer(page));
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/member\/index$/);
}

/**
 * Flips one of the upstream's captcha switches. The e2e BFF keeps them 1 ms (CAPTCHA_CONFIG_TTL_MS in
 * playwright.config.ts), so every worker sees the new one at its next request: no wait.
 */
async function switchCaptcha(which: "login_captcha" | "register_captcha", on: boolean) {
  await testApi.post("/__test/config", { [which]: on });
}

for (const javaScriptEnabled of [true, false]) {
  test(`a login captcha turned on while the form is open is asked for, not refused with the upstream's words (${javaScriptEnabled ? "js" : "no-js"})`, async ({
    browser,
  }) => {
    const page = await pageWith(browser, javaScriptEnabled);
    try {
      await page.goto("/login");
      await expect(page.getByLabel("验证码")).toHaveCount(0);
      await page.getByRole("textbox", { name: "用户名/手机号" }).fill(DEMO.username);
      await page.getByRole("textbox", { name: "密码", exact: true }).fill(DEMO.password);
      // The form was rendered with the switch off; only its post meets it on (a worker still holding it
      // off, as the shipped 3 s cache can, is login-route.test.ts's case: the upstream's refusal becomes the captcha).
      await testApi.post("/__test/config", { login_captcha: true });
      await page.getByRole("button", { name: "登录", exact: true }).click();
      await expect(page.getByLabel("验证码")).toBeVisible();
      await expect(page.getByText("缺少参数captcha_id")).toHaveCount(0);

      await logInWithCaptcha(page);
    } finally {
      await switchCaptcha("login_captcha", false);
      await page.context().close();
    }
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`a registration captcha turned on while the form is open is asked for, not refused with the upstream's words (${javaScriptEnabled ? "js" : "no-js"})`, async ({
    browser,
  }) => {
    const page = await pageWith(browser, javaScriptEnabled);
    const mobile = `136${String(Date.now()).slice(-8)}`;
    try {
      await switchCaptcha("register_captcha", false);
      await page.goto("/register?mode=mobile");
      await expect(page.getByLabel("验证码")).toHaveCount(0);
      await page.getByRole("textbox", { name: "手机号" }).fill(mobile);
      // The form was rendered with the switch off; only its post meets it on (a worker still holding it
      // off, as the shipped 3 s cache can, is login-route.test.ts's case: the upstream's refusal becomes the captcha).
      await testApi.post("/__test/config", { register_captcha: true });
      await page.getByRole("button", { name: "获取动态码" }).click();
      await expect(page.getByLabel("验证码")).toBeVisible();
      await expect(page.getByText("缺少参数captcha_id")).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "手机号" })).toHaveValue(mobile);

      await page.getByLabel("验证码").fill(await testApi.captchaAnswer(page));
      await page.getByRole("button", { name: "获取动态码" }).click();
      await expect(page.getByRole("status")).toBeVisible();
      expect(await testApi.smsCode(mobile)).toMatch(/^\d{4,6}$/);
    } finally {
      await switchCaptcha("register_captcha", true);
      await page.context().close();
    }
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`when the upstream asks for a captcha at login, the form shows and checks it (${javaScriptEnabled ? "js" : "no-js"})`, async ({ browser }) => {
    const page = await pageWith(browser, javaScriptEnabled);
    await switchCaptcha("login_captcha", true);
    try {
      await page.goto("/login");
      await expect(page.getByLabel("验证码")).toBeVisible();

      await page.getByRole("textbox", { name: "用户名/手机号" }).fill(DEMO.username);
      await page.getByRole("textbox", { name: "密码", exact: true }).fill(DEMO.password);
      const captchaId = page.locator('input[name="captcha_id"]');
      const firstId = await captchaId.inputValue();
      await page.getByLabel("验证码").fill("wrong");
      await page.getByRole("button", { name: "登录", exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText("验证码不正确");
      // The refused captcha is burnt upstream; the page shows a new one.
      await expect(captchaId).not.toHaveValue(firstId);

      await logInWithCaptcha(page);
    } finally {
      // The next spec's login must not meet the captcha a worker still remembers.
      await switchCaptcha("login_captcha", false);
      await page.context().close();
    }
  });
}
