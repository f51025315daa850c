import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { readToken, readWechatLogin } from "~/session/session.server";
import { loader as loginLoader } from "~/routes/_auth.login/route";
import { action as wechatAction, loader as wechatLoader } from "~/routes/_auth.login_.wechat/route";
import { action as bindAction, loader as bindLoader } from "~/routes/_auth.login_.wechat_.bind/route";
import { action as checkAction } from "~/routes/login.wechat.check";
import { resetCapabilities } from "~/upstream/capabilities.server";
import { invalidate } from "~/utils/cache.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The WeChat login's loaders and actions against the reference shop API (ADR 062): a QR code kept
 * in the visitor's session, the poll's answers, a bound account signed in, a new one on to the
 * mobile form with the upstream's PHP session cookie kept in ours (binding a registered mobile
 * fails upstream without it), and WeChat login hidden when the shop switches it off.
 */

const live = useLiveShopApi();
let shop: TestShopApi;

beforeAll(() => {
  shop = live.shop;
});

afterEach(async () => {
  await shop.testApi("/__test/reset", {});
  invalidate("wechat:");
  resetCapabilities();
});

const ORIGIN = "http://shop.test";

/** A browser of one visitor: its cookie jar (only __session matters here). */
function visitor() {
  let cookie = "";
  const headers = (): Record<string, string> => (cookie ? { Cookie: cookie, Origin: ORIGIN } : { Origin: ORIGIN });
  const keep = (response: { headers: Headers } | null) => {
    for (const value of response?.headers.getSetCookie() ?? []) {
      if (value.startsWith("__session=")) cookie = value.split(";")[0]!;
    }
  };
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  return {
    get cookie() {
      return cookie;
    },
    request: (path: string) => new Request(`${ORIGIN}${path}`, { headers: headers() }),
    /** Runs an action; a Response (redirect, thrown or returned) or data() answer, its cookies kept. */
    async post(run: (args: ActionFunctionArgs) => Promise<unknown>, path: string, fields: Record<string, string>) {
      const request = new Request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { ...headers(), "Content-Type": "application/x-www-form-urlencoded" },
        body: form(fields),
      });
      const answer = await run({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown);
      if (answer instanceof Response) {
        keep(answer);
        return {
          status: answer.status,
          location: answer.headers.get("Location"),
          body: answer.headers.get("Content-Type")?.includes("json") ? await answer.json() : null,
        };
      }
      const wrapped = answer as { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };
      keep(wrapped.init?.headers ? { headers: new Headers(wrapped.init.headers) } : null);
      return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
    },
  };
}

/** The ticket of the QR picture the page shows (what a phone reads from it). */
function ticketOf(image: string): string {
  const ticket = /^\/media\/upload\/wechat\/qrcode\/([\w-]+)\.svg$/.exec(image)?.[1];
  expect(ticket, image).toBeTruthy();
  return ticket!;
}

async function qrPage(browser: ReturnType<typeof visitor>, redirect = "/cart") {
  const started = await browser.post(wechatAction, "/login/wechat", { intent: "new-code", redirect });
  expect(started).toMatchObject({ status: 303, location: `/login/wechat?redirect=${encodeURIComponent(redirect)}` });
  const page = await wechatLoader({ request: browser.request(`/login/wechat?redirect=${encodeURIComponent(redirect)}`), params: {}, context: {} });
  expect(page.code).not.toBeNull();
  return { ...page, ticket: ticketOf(page.code!.image) };
}

const check = (browser: ReturnType<typeof visitor>, redirect = "/cart") => browser.post(checkAction, "/login/wechat/check", { redirect });

describe("WeChat login through the BFF", () => {
  test("the login page offers it; a QR code is kept in the session, its key never in the page", async () => {
    const browser = visitor();
    const login = await loginLoader({ request: browser.request("/login"), params: {}, context: {} });
    expect(login.wechat).toBe(true);
    const page = await qrPage(browser);
    expect(page.code!.expiresIn).toBeGreaterThan(590);
    const state = await readWechatLogin(browser.request("/login/wechat"), {});
    expect(state).toMatchObject({ step: "scan", cookies: expect.stringMatching(/^PHPSESSID=[a-f0-9]{32}$/) });
    expect(JSON.stringify(page)).not.toContain(state!.key);
    expect(browser.cookie).not.toContain(state!.key);
    expect(await check(browser)).toEqual({ status: 200, location: null, body: { status: "waiting" } });
    // Without JS, "我已扫码" before the scan says so and keeps the code.
    expect((await browser.post(wechatAction, "/login/wechat", { intent: "check", redirect: "/cart" })).body).toMatchObject({ check: "waiting" });
  });

  test("a bound member's scan signs in and goes where the visitor was going", async () => {
    const browser = visitor();
    const member = (await shop.testApi<{ username: string; member_id: number }>("/__test/member", {})).body;
    const page = await qrPage(browser);
    await shop.testApi("/__test/wechat/scan", { ticket: page.ticket, username: member.username });
    expect(await check(browser)).toEqual({ status: 200, location: null, body: { status: "go", to: "/cart" } });
    const token = await readToken(browser.request("/cart"), {});
    expect(token).toBeTruthy();
    expect(((await shop.call("/api/member/info", { token })).data as { username: string }).username).toBe(member.username);
    expect(await readWechatLogin(browser.request("/cart"), {})).toBeNull();
  });

  test("without JS the same scan signs in through the page's post (a 303 to the target)", async () => {
    const browser = visitor();
    const page = await qrPage(browser, "/member/order_list");
    await shop.testApi("/__test/wechat/scan", { ticket: page.ticket, username: "demo" });
    expect(await browser.post(wechatAction, "/login/wechat", { intent: "check", redirect: "/member/order_list" })).toMatchObject({
      status: 303,
      location: "/member/order_list",
    });
    expect(await readToken(browser.request("/member/order_list"), {})).toBeTruthy();
  });

  test("a new WeChat account binds a registered mobile with the upstream's session kept in ours", async () => {
    const browser = visitor();
    const member = (await shop.testApi<{ username: string; mobile: string; member_id: number }>("/__test/member", {})).body;
    const page = await qrPage(browser);
    const scan = (await shop.testApi<{ openid: string }>("/__test/wechat/scan", { ticket: page.ticket })).body;
    expect(await check(browser)).toEqual({ status: 200, location: null, body: { status: "go", to: "/login/wechat/bind?redirect=%2Fcart" } });
    expect(await readWechatLogin(browser.request("/login/wechat/bind"), {})).toMatchObject({ step: "bind" });
    // The QR page now sends the visitor on to the mobile form.
    await expect(wechatLoader({ request: browser.request("/login/wechat?redirect=%2Fcart"), params: {}, context: {} })).rejects.toMatchObject({ status: 302 });

    const form = await bindLoader({ request: browser.request("/login/wechat/bind?redirect=%2Fcart"), params: {}, context: {} });
    const captchaCode = (await shop.testApi<{ code: string }>(`/__test/captcha?id=${form.captcha.id}`)).body.code;
    const sent = await browser.post(bindAction, "/login/wechat/bind", {
      intent: "send-code",
      mobile: member.mobile,
      captcha_id: form.captcha.id,
      captcha_code: captchaCode,
      redirect: "/cart",
    });
    expect(sent.status).toBe(200);
    const smsKey = (sent.body as { smsKey: string }).smsKey;
    const sms = (await shop.testApi<{ code: string }>(`/__test/sms?mobile=${member.mobile}`)).body;
    const bound = await browser.post(bindAction, "/login/wechat/bind", {
      intent: "bind",
      mobile: member.mobile,
      captcha_id: form.captcha.id,
      captcha_code: captchaCode,
      key: smsKey,
      code: sms.code,
      redirect: "/cart",
    });
    expect(bound).toMatchObject({ status: 303, location: "/cart" });
    const token = await readToken(browser.request("/cart"), {});
    expect(((await shop.call("/api/member/info", { token })).data as { member_id: number }).member_id).toBe(member.member_id);
    const openid = (shop.api.db.prepare("SELECT wx_openid FROM member WHERE member_id = ?").get(member.member_id) as { wx_openid: string }).wx_openid;
    expect(openid).toBe(scan.openid);
    expect(await readWechatLogin(browser.request("/cart"), {})).toBeNull();
  });

  test("the bind form refuses bad input (400) and a wrong SMS code with the upstream's message, keeping the mobile and the SMS key", async () => {
    const browser = visitor();
    const page = await qrPage(browser);
    await shop.testApi("/__test/wechat/scan", { ticket: page.ticket });
    await check(browser);
    const bad = await browser.post(bindAction, "/login/wechat/bind", {
      intent: "bind",
      mobile: "12345",
      captcha_id: "x",
      captcha_code: "ab",
      key: "k1",
      code: "1",
      redirect: "/cart",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      smsKey: "k1",
      result: { initialValue: { mobile: "12345" }, error: { mobile: ["validation:mobile"], code: ["validation:smsCode"] } },
    });

    const mobile = `136${String(Date.now()).slice(-8)}`;
    const form = await bindLoader({ request: browser.request("/login/wechat/bind"), params: {}, context: {} });
    const captchaCode = (await shop.testApi<{ code: string }>(`/__test/captcha?id=${form.captcha.id}`)).body.code;
    const sent = await browser.post(bindAction, "/login/wechat/bind", { intent: "send-code", mobile, captcha_id: form.captcha.id, captcha_code: captchaCode });
    const smsKey = (sent.body as { smsKey: string }).smsKey;
    const sms = (await shop.testApi<{ code: string }>(`/__test/sms?mobile=${mobile}`)).body;
    const wrong = await browser.post(bindAction, "/login/wechat/bind", {
      intent: "bind",
      mobile,
      captcha_id: form.captcha.id,
      captcha_code: captchaCode,
      key: smsKey,
      code: sms.code === "0000" ? "1111" : "0000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ smsKey, result: { initialValue: { mobile }, error: { "": ["auth:errors.codeWrong"] } } });
  });

  test("an expired code is answered as expired and ends the stored one; a new code can be had", async () => {
    const browser = visitor();
    const page = await qrPage(browser);
    await shop.testApi("/__test/wechat/expire", { ticket: page.ticket });
    expect(await check(browser)).toEqual({ status: 200, location: null, body: { status: "expired" } });
    expect(await readWechatLogin(browser.request("/login/wechat"), {})).toBeNull();
    // It held nothing else: the session cookie is gone, the visitor is a plain visitor again.
    expect(browser.cookie).toBe("__session=");
    const again = await qrPage(browser);
    expect(again.ticket).not.toBe(page.ticket);
  });

  test("switched off upstream: no WeChat on the login page, its pages are 404", async () => {
    await shop.testApi("/__test/wechat/config", { on: false });
    const browser = visitor();
    expect((await loginLoader({ request: browser.request("/login"), params: {}, context: {} })).wechat).toBe(false);
    await expect(wechatLoader({ request: browser.request("/login/wechat"), params: {}, context: {} })).rejects.toMatchObject({ status: 404 });
    expect(await browser.post(wechatAction, "/login/wechat", { intent: "new-code" })).toMatchObject({ status: 404 });
  });
});
