import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, test } from "vitest";
import { action as wechatAction, loader as wechatLoader } from "~/routes/_auth.login_.wechat/route";
import { action as bindAction, loader as bindLoader } from "~/routes/_auth.login_.wechat_.bind/route";
import { action as checkAction } from "~/routes/login.wechat.check";
import { hasCapability, resetCapabilities } from "~/upstream/capabilities.server";
import { invalidate } from "~/utils/cache.server";
import { useFakeUpstream } from "../support/bff-environment";
import { envelope } from "../support/fake-upstream";

/**
 * The WeChat login against a fake upstream (ADR 062): the upstream's session cookie goes to the
 * WeChat calls only, and an upstream whose login code refuses (or hands out a picture we would not
 * show) has WeChat login hidden, not broken.
 */

const fake = useFakeUpstream();
const SESSION = "PHPSESSID=0123456789abcdef0123456789abcdef";
const SESSION_PATHS = ["/api/login/checklogin", "/api/login/getMobileCode", "/api/login/wechatLogin"];

beforeEach(() => {
  fake.upstream.reset();
  invalidate("wechat:");
  resetCapabilities();
  fake.upstream.on("/api/config/init", { body: envelope(0, "操作成功", { wechat_config_status: 1 }) });
  fake.upstream.on("/api/captcha/captcha", { body: envelope(0, "操作成功", { id: "cap-1", img: "data:image/png;base64,AAAA" }) });
});

function loginCode(qrcode: string) {
  fake.upstream.on("/wechat/api/wechat/logincode", {
    body: envelope(0, "操作成功", { key: "a2V5LTE", expire_time: 600, qrcode }),
    headers: { "set-cookie": `${SESSION}; path=/` },
  });
}

/** One visitor's requests with its __session cookie carried along. */
function visitor() {
  let cookie = "";
  const keep = (headers: Headers | undefined) => {
    for (const value of headers?.getSetCookie() ?? []) if (value.startsWith("__session=")) cookie = value.split(";")[0]!;
  };
  const request = (path: string, fields?: Record<string, string>) =>
    new Request(`http://shop.test${path}`, {
      method: fields ? "POST" : "GET",
      headers: {
        Origin: "http://shop.test",
        ...(cookie ? { Cookie: cookie } : {}),
        ...(fields ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: fields ? new URLSearchParams(fields) : undefined,
    });
  const post = async (run: (args: ActionFunctionArgs) => Promise<unknown>, path: string, fields: Record<string, string>) => {
    const answer = await run({ request: request(path, fields), params: {}, context: {} }).catch((thrown: unknown) => thrown);
    if (answer instanceof Response) {
      keep(answer.headers);
      return {
        status: answer.status,
        location: answer.headers.get("Location"),
        data: answer.headers.get("Content-Type")?.includes("json") ? await answer.json() : null,
      };
    }
    const wrapped = answer as { data: unknown; init: { status?: number; headers?: HeadersInit } | null };
    keep(wrapped.init?.headers ? new Headers(wrapped.init.headers) : undefined);
    return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data };
  };
  return { request, post };
}

describe("the upstream's session cookie", () => {
  test("goes with checklogin, getMobileCode and wechatLogin, and nowhere else", async () => {
    loginCode(`${fake.upstream.url}/upload/wechat/qrcode/t1.svg`);
    fake.upstream.on("/api/login/checklogin", { body: envelope(0, "操作成功", ""), headers: { "set-cookie": `${SESSION}; path=/` } });
    fake.upstream.on("/api/login/getMobileCode", { body: envelope(0, "操作成功", { key: "sms-1" }) });
    fake.upstream.on("/api/login/wechatLogin", { body: envelope(0, "操作成功", { token: "member-token" }) });
    const browser = visitor();

    expect(await browser.post(wechatAction, "/login/wechat", { intent: "new-code" })).toMatchObject({ status: 303 });
    const page = await wechatLoader({ request: browser.request("/login/wechat"), params: {}, context: {} });
    expect(page.code?.image).toBe("/media/upload/wechat/qrcode/t1.svg");
    expect(await browser.post(checkAction, "/login/wechat/check", {})).toMatchObject({ data: { status: "go", to: "/login/wechat/bind" } });
    await bindLoader({ request: browser.request("/login/wechat/bind"), params: {}, context: {} });
    const captcha = { captcha_id: "cap-1", captcha_code: "ab12" };
    expect(await browser.post(bindAction, "/login/wechat/bind", { intent: "send-code", mobile: "13912345678", ...captcha })).toMatchObject({
      data: { smsKey: "sms-1" },
    });
    expect(
      await browser.post(bindAction, "/login/wechat/bind", { intent: "bind", mobile: "13912345678", key: "sms-1", code: "1234", ...captcha }),
    ).toMatchObject({
      status: 303,
      location: "/member/index",
    });

    for (const request of fake.upstream.requests) {
      expect(request.headers.cookie, request.path).toBe(SESSION_PATHS.includes(request.path) ? SESSION : undefined);
    }
    expect(new Set(fake.upstream.requests.map((request) => request.path))).toEqual(
      new Set(["/api/config/init", "/wechat/api/wechat/logincode", "/api/captcha/captcha", ...SESSION_PATHS]),
    );
  });
});

describe("an upstream where WeChat login does not work", () => {
  test("a refusing login code sends the visitor back to login with a message and hides WeChat", async () => {
    fake.upstream.on("/wechat/api/wechat/logincode", { body: envelope(-1, 'Request access_token fail: {"errcode":40013}', []) });
    const browser = visitor();
    const answer = await browser.post(wechatAction, "/login/wechat", { intent: "new-code", redirect: "/cart" });
    expect(answer).toMatchObject({ status: 303, location: "/login?redirect=%2Fcart" });
    expect(hasCapability("wechatLogin")).toBe(false);
    await expect(wechatLoader({ request: browser.request("/login/wechat"), params: {}, context: {} })).rejects.toMatchObject({ status: 404 });
    // Hidden: the login code is not asked again meanwhile.
    await browser.post(wechatAction, "/login/wechat", { intent: "new-code" });
    expect(fake.upstream.requests.filter((request) => request.path === "/wechat/api/wechat/logincode")).toHaveLength(1);
  });

  test("a QR picture from anywhere but WeChat or the upstream is not shown: hidden too", async () => {
    loginCode("https://images.example/qr.png");
    const answer = await visitor().post(wechatAction, "/login/wechat", { intent: "new-code" });
    expect(answer).toMatchObject({ status: 303, location: "/login" });
    expect(hasCapability("wechatLogin")).toBe(false);
  });

  test("a missing wechat addon (Niushop's HTML page) hides it", async () => {
    fake.upstream.on("/wechat/api/wechat/logincode", { contentType: "text/html; charset=utf-8", body: "<!DOCTYPE html><html><body>404</body></html>" });
    expect(await visitor().post(wechatAction, "/login/wechat", { intent: "new-code" })).toMatchObject({ status: 303, location: "/login" });
    expect(hasCapability("wechatLogin")).toBe(false);
  });

  test("switched off while the pages' 5 s copy still says on: a new code is a 404 and WeChat stays offered for when it is on again", async () => {
    const browser = visitor();
    await wechatLoader({ request: browser.request("/login/wechat"), params: {}, context: {} }); // the copy says on
    fake.upstream.on("/api/config/init", { body: envelope(0, "操作成功", { wechat_config_status: 0 }) });
    fake.upstream.on("/wechat/api/wechat/logincode", { body: envelope(-1, "未配置公众号", []) });
    expect(await browser.post(wechatAction, "/login/wechat", { intent: "new-code" })).toMatchObject({ status: 404 });
    expect(fake.upstream.requests.filter((request) => request.path === "/wechat/api/wechat/logincode")).toHaveLength(0);
    expect(hasCapability("wechatLogin")).toBe(true);
  });

  test("config/init off or failing: no WeChat, its page is a 404", async () => {
    fake.upstream.on("/api/config/init", { body: envelope(0, "操作成功", { wechat_config_status: 0 }) });
    await expect(wechatLoader({ request: visitor().request("/login/wechat"), params: {}, context: {} })).rejects.toMatchObject({ status: 404 });
    invalidate("wechat:");
    fake.upstream.on("/api/config/init", { status: 500, body: "boom" });
    await expect(wechatLoader({ request: visitor().request("/login/wechat"), params: {}, context: {} })).rejects.toMatchObject({ status: 404 });
  });
});
