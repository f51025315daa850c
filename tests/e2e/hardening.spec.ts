import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BFF_URL } from "./ports";
import { logIn, testApi, withJs } from "./support";

/**
 * The hardened shared mechanisms (issue 7): attempt limits, the captcha after failures, cache
 * headers of per-member answers, proxy trust, origin checks, the form-body reader, logout replay,
 * refreshed tokens and the error catalogue's redirect. Browser journeys run with JS on and off;
 * the HTTP-level checks need no browser and run once (js project).
 */

const sameOrigin = { Origin: BFF_URL };

/** A raw request (Node fetch keeps paths such as "//evil.com/" that a URL resolver would not). */
function raw(path: string, init: RequestInit = {}) {
  return fetch(`${BFF_URL}${path}`, { redirect: "manual", ...init });
}

async function sessionCookieOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "__session");
  expect(cookie, "signed in").toBeDefined();
  return `__session=${cookie!.value}`;
}

test.describe("sign-in attempt limits", () => {
  test("after three wrong passwords the form needs a captcha, even with the right password", async ({ page }) => {
    const member = await testApi.createMember();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await logIn(page, member.username, "wrong-password-1");
      await expect(page.getByRole("alert")).toHaveText("用户名或密码错误");
    }
    await logIn(page, member.username, member.password);
    await expect(page.getByText("请填写验证码")).toBeVisible();
    await expect(page.getByRole("img", { name: "验证码" })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    // A wrong answer is refused and a fresh captcha comes with the refusal.
    await page.getByRole("textbox", { name: "密码", exact: true }).fill(member.password);
    await page.getByLabel("验证码").fill("zzzz");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.getByText("验证码不正确")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("wrong SMS codes are limited per mobile: the sixth try is refused with 429 and a clear message", async ({ page }) => {
    const member = await testApi.createMember();
    await page.goto("/login?mode=mobile");
    await page.getByRole("textbox", { name: "手机号" }).fill(member.mobile);
    await page.getByRole("button", { name: "获取动态码" }).click();
    await expect(page.getByRole("status")).toHaveText("动态码已发送，请查收短信");
    const code = await testApi.smsCode(member.mobile);
    const wrong = code === "0000" ? "1111" : "0000";
    const loginPost = () => page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/login"));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await page.getByRole("textbox", { name: "动态码" }).fill(wrong);
      // Each answer is awaited: the alert of the try before reads the same.
      await Promise.all([loginPost(), page.getByRole("button", { name: "登录", exact: true }).click()]);
      await expect(page.getByRole("alert")).toHaveText(/动态码错误|动态码错误次数过多/);
    }
    const answer = loginPost();
    await page.getByRole("textbox", { name: "动态码" }).fill(code);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    const refused = await answer;
    expect(refused.status()).toBe(429);
    // The wait is said in Retry-After too: on the `.data` answer with JS, on the document without.
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("alert")).toHaveText(/尝试次数过多，请 \d+ 分钟后再试/);
    await expect(page).toHaveURL(/\/login/);
  });
});

test("find password checks the captcha before it says whether a mobile is registered", async ({ page }) => {
  await page.goto("/find_pass");
  await page.getByRole("textbox", { name: "手机号" }).fill("13999990000"); // no member has it
  await page.getByLabel("验证码").fill("zzzz");
  await page.getByRole("button", { name: "获取动态码" }).click();
  await expect(page.getByRole("alert")).toHaveText(/验证码/);
  await expect(page.getByText("该手机号未注册")).toHaveCount(0);
});

test.describe("HTTP-level hardening", () => {
  test.skip(() => !withJs(), "no browser involved: runs once, in the js project");

  test("per-member answers are private, no-store and vary by cookie; cookie-setting redirects too", async ({ page }) => {
    const member = await testApi.createMember();
    const login = await raw("/login", {
      method: "POST",
      headers: { ...sameOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "password-login", username: member.username, password: member.password, redirect: "/cart" }),
    });
    expect(login.status).toBe(303);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
    const cookie = login.headers
      .getSetCookie()
      .find((value) => value.startsWith("__session="))!
      .split(";")[0];
    for (const path of ["/cart.data", "/member/index.data", "/switch-account.data", "/cart", "/index"]) {
      const response = await raw(path, { headers: { Cookie: cookie } });
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.headers.get("vary") ?? "", path).toMatch(/\bCookie\b/i);
    }
    // A header naming a scope (ADR 040's way, gone since ADR 068) means nothing: the session is still seen as used.
    const forged = await raw("/cart", { headers: { Cookie: cookie, "X-Storefront-Scope": "forged" } });
    expect(forged.headers.get("cache-control")).toBe("private, no-store");
    await page.goto("/index");
  });

  test("forwarded headers are not believed without TRUST_PROXY; the shortcut is not stored by shared caches", async () => {
    const response = await raw("/desktop-shortcut.url", { headers: { "X-Forwarded-Host": "evil.example:8443", "X-Forwarded-Proto": "https" } });
    const body = await response.text();
    expect(body).toContain(`URL=${BFF_URL}/index`);
    expect(body).not.toContain("evil.example");
    expect(response.headers.get("cache-control")).not.toMatch(/public/);
  });

  test("public files are served with an hour's cache; other paths never reach the file system", async () => {
    for (const path of ["/favicon.ico", "/chat-emoji/emjoy_01.svg"]) {
      const response = await raw(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("public, max-age=3600");
    }
    // A file next to build/client (or a path that climbs to one) is not served; the page router answers.
    for (const path of ["/server/index.js", "/chat-emoji/../../server.js", "/favicon.ico.bak"]) expect((await raw(path)).status, path).toBe(404);
  });

  const origins: Array<[Record<string, string>, number]> = [
    [{ Origin: "null" }, 403],
    [{ Origin: "not a url" }, 400],
    [{ Origin: "http://" }, 400],
    [{ Origin: "https://evil.example" }, 403],
    [{ "Sec-Fetch-Site": "cross-site" }, 403],
    [{ Referer: "https://evil.example/form" }, 403],
  ];
  for (const [headers, status] of origins) {
    test(`a POST with ${JSON.stringify(headers)} is refused with ${status}`, async () => {
      const response = await raw("/login", {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=password-login",
      });
      expect(response.status).toBe(status);
    });
  }

  const bodies: Array<[string, string | undefined, string]> = [
    ["no content type", undefined, "x=1"],
    ["text/plain", "text/plain", "intent=password-login"],
    ["JSON", "application/json", '{"intent":"password-login"}'],
  ];
  for (const [label, type, body] of bodies) {
    test(`a body that is not form data (${label}) is a 415, never a 500`, async () => {
      // Without a type, fetch would label a string body text/plain; a Blob without type sends none.
      const payload = type ? body : new Blob([body]);
      const response = await raw("/login", { method: "POST", headers: { ...sameOrigin, ...(type ? { "Content-Type": type } : {}) }, body: payload });
      expect(response.status).toBe(415);
    });
  }

  test("a broken multipart body is a 400", async () => {
    const response = await raw("/login", {
      method: "POST",
      headers: { ...sameOrigin, "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\npassword-login\r\n--x',
    });
    expect(response.status).toBe(400);
  });

  test("a garbage honeypot value on registration is a 400", async () => {
    const response = await raw("/register", {
      method: "POST",
      headers: { ...sameOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "register-username", username: "x", from__confirm: "garbage-not-encrypted" }),
    });
    expect(response.status).toBe(400);
  });

  test("a logged-out cookie replayed is a visitor's, although the upstream token lives on", async ({ page }) => {
    const member = await testApi.createMember();
    await logIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/member\/index$/);
    const cookie = await sessionCookieOf(page);
    expect((await raw("/member/index", { headers: { Cookie: cookie } })).status).toBe(200);
    await page.getByRole("button", { name: "退出" }).click();
    // /member/index also ends in /index: match the home path itself, then the signed-out top bar.
    await expect(page).toHaveURL(/:\/\/[^/]+\/index$/);
    await expect(page.getByRole("link", { name: "请登录" })).toBeVisible();
    // Logout answers only after every cluster worker holds the mark (ADR 008): a replay at once is refused anywhere.
    const replay = await raw("/member/index", { headers: { Cookie: cookie } });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toMatch(/^\/login\?redirect=/);
  });

  test("a token close to expiry is replaced by the upstream's refreshtoken, committed on the response", async ({ page }) => {
    const member = await testApi.createMember();
    await logIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/member\/index$/);
    const before = await sessionCookieOf(page);
    await testApi.post("/__test/expire-tokens", { username: member.username, seconds: 120 });
    const response = await raw("/member/index", { headers: { Cookie: before } });
    expect(response.status).toBe(200);
    const refreshed = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
    expect(refreshed, "the refreshed token is committed").toBeDefined();
    // The old token dies; the refreshed cookie keeps the member signed in.
    await testApi.post("/__test/expire-tokens", { username: member.username, keep_latest: true });
    const after = await raw("/member/index", { headers: { Cookie: refreshed!.split(";")[0] } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(member.username);
  });

  for (const path of ["//evil.example/", "/\\evil.example/", "//evil.example/%2e%2e/", "/%5Cevil.example/"]) {
    test(`the error catalogue's reload after a token error stays on this site (${path})`, async () => {
      const member = await testApi.createMember();
      const login = await raw("/login", {
        method: "POST",
        headers: { ...sameOrigin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "password-login", username: member.username, password: member.password }),
      });
      const cookie = login.headers
        .getSetCookie()
        .find((value) => value.startsWith("__session="))!
        .split(";")[0];
      await testApi.post("/__test/expire-tokens", { username: member.username });
      const response = await raw(path, { headers: { Cookie: cookie } });
      const location = response.headers.get("location");
      if (location) expect(new URL(location, BFF_URL).origin).toBe(BFF_URL);
      expect(response.status).toBeLessThan(500);
    });
  }
});
