import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { commitToken, readToken } from "~/auth/session.server";
import { memberContext, publicContext } from "~/upstream/context.server";
import { callUpstream, UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { Flag, IntLike, jsonString, LinkField, Money, paged, Text } from "~/upstream/schemas/common";
import { resetEnvCache } from "~/utils/env.server";
import { takeToast } from "~/utils/toast.server";
import { envelope, refusedUrl, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";

/**
 * The upstream client core (app/upstream/http.server.ts) against a fake upstream: request shape,
 * envelope, the error catalogue of spec §8, and gateway failures.
 */

let upstream: FakeUpstream;
const savedEnv = { ...process.env };
const NOT_LOGGED_IN = "您尚未登录，请先进行登录";

beforeAll(async () => {
  upstream = await startFakeUpstream();
  process.env.UPSTREAM_URL = upstream.url;
  process.env.SESSION_SECRET = "unit-test-secret-0123456789";
  process.env.UPSTREAM_TIMEOUT_MS = "2000";
  process.env.LOG_LEVEL = "silent";
  resetEnvCache();
});

afterAll(async () => {
  await upstream.close();
  process.env = { ...savedEnv };
  resetEnvCache();
});

beforeEach(() => upstream.reset());

function context(overrides: Partial<UpstreamContext> = {}): UpstreamContext {
  return { baseUrl: upstream.url, timeoutMs: 2_000, token: null, request: null, ...overrides };
}

const page = (path: string, init?: RequestInit) => new Request(`http://shop.test${path}`, init);

/** What a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}

async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(Response);
  return error as Response;
}

const MemberSchema = z.object({ member_id: IntLike, nickname: Text });

describe("the request", () => {
  test("is a POST of JSON with the app_type fields, the body and the token", async () => {
    upstream.on("/api/member/info", { body: envelope(0, "操作成功", { member_id: 1, nickname: "x" }) });
    await callUpstream(context({ token: "tok-123" }), "/api/member/info", MemberSchema, { page: 2, keyword: "感冒" });
    expect(upstream.requests).toHaveLength(1);
    const [sent] = upstream.requests;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/api/member/info");
    expect(sent.headers["content-type"]).toMatch(/^application\/json/);
    expect(sent.body).toEqual({ page: 2, keyword: "感冒", app_type: "pc", app_type_name: "PC", token: "tok-123" });
  });

  test("carries no token key for a visitor", async () => {
    upstream.on("/api/site/info", { body: envelope(0, "操作成功", {}) });
    await callUpstream(context(), "api/site/info", z.unknown());
    expect(upstream.requests[0].path).toBe("/api/site/info"); // a path without the leading slash works too
    expect(upstream.requests[0].body).not.toHaveProperty("token");
  });

  test("the caller cannot override app_type", async () => {
    upstream.on("/api/x", { body: envelope(0, "", null) });
    await callUpstream(context(), "/api/x", z.unknown(), { app_type: "h5", app_type_name: "H5" });
    expect(upstream.requests[0].body).toMatchObject({ app_type: "pc", app_type_name: "PC" });
  });

  test("keeps a path prefix of the base URL", async () => {
    upstream.on("/shop/api/site/info", { body: envelope(0, "", { ok: 1 }) });
    await callUpstream(context({ baseUrl: `${upstream.url}/shop` }), "/api/site/info", z.unknown());
    await callUpstream(context({ baseUrl: `${upstream.url}/shop/` }), "/api/site/info", z.unknown());
    expect(upstream.requests.map((request) => request.path)).toEqual(["/shop/api/site/info", "/shop/api/site/info"]);
  });

  test("memberContext sends the token sealed in the session cookie; the cookie does not show it", async () => {
    const setCookie = await commitToken(page("/login"), "member-token-42");
    const cookie = setCookie.split(";")[0];
    expect(cookie.startsWith("__session=")).toBe(true);
    const value = decodeURIComponent(cookie.slice("__session=".length));
    expect(value).not.toContain("member-token-42");
    expect(Buffer.from(value.split(".")[0], "base64").toString("utf8")).not.toContain("member-token-42");

    const request = page("/member/index", { headers: { Cookie: cookie } });
    expect(await readToken(request)).toBe("member-token-42");
    upstream.on("/api/member/info", { body: envelope(0, "", { member_id: 42, nickname: "n" }) });
    await callUpstream(await memberContext(request), "/api/member/info", MemberSchema, {}, "required");
    expect(upstream.requests[0].body).toMatchObject({ token: "member-token-42" });
  });

  test("publicContext never carries a token", () => {
    const ctx = publicContext(page("/index"));
    expect(ctx.token).toBeNull();
    expect(ctx.baseUrl).toBe(upstream.url);
    expect(ctx.timeoutMs).toBe(2000);
  });
});

describe("success", () => {
  test("returns data parsed by the schema (numeric strings coerced)", async () => {
    upstream.on("/api/member/info", { body: envelope(0, "操作成功", { member_id: "42", nickname: null, extra: "ignored" }) });
    const member = await callUpstream(context(), "/api/member/info", MemberSchema);
    expect(member).toEqual({ member_id: 42, nickname: "" });
  });

  test("any code >= 0 is success, even as a string", async () => {
    upstream.on("/api/a", { body: envelope(10, "ok", 5) });
    upstream.on("/api/b", { body: { code: "0", message: "ok", data: 6 } });
    expect(await callUpstream(context(), "/api/a", IntLike)).toBe(5);
    expect(await callUpstream(context(), "/api/b", IntLike)).toBe(6);
  });

  test("an answer without timestamp or message still parses", async () => {
    upstream.on("/api/a", { body: { code: 0, data: "" } });
    expect(await callUpstream(context(), "/api/a", z.string())).toBe("");
  });
});

describe("error catalogue (spec §8)", () => {
  test("-3 (shop closed) → redirect to /closed", async () => {
    upstream.on("/api/goods/x", { body: envelope(-3, "网站已关闭！") });
    const response = await thrownResponse(callUpstream(context({ request: page("/sku-12") }), "/api/goods/x", z.unknown()));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/closed");
  });

  test("-3 while rendering /closed itself → no redirect loop, an UpstreamError", async () => {
    upstream.on("/api/site/info", { body: envelope(-3, "网站已关闭！") });
    const error = await rejection(callUpstream(context({ request: page("/closed") }), "/api/site/info", z.unknown()));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe(-3);
  });

  test("-3 without a page request (shared data) → UpstreamError for the caller to decide", async () => {
    upstream.on("/api/site/status", { body: envelope(-3, "网站已关闭！") });
    const error = await rejection(callUpstream(context(), "/api/site/status", z.unknown()));
    expect(error).toBeInstanceOf(UpstreamError);
  });

  test.each([
    [-10009, "token已过期"],
    [-10010, "token不存在"],
    [-1, NOT_LOGGED_IN],
  ])("%i with a token → redirect to login that clears the session and sets a toast", async (code, message) => {
    upstream.on("/api/member/info", { body: envelope(code, message) });
    const request = page("/member/order_list?status=waitpay");
    const response = await thrownResponse(callUpstream(context({ token: "expired", request }), "/api/member/info", z.unknown(), {}, "required"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fmember%2Forder_list%3Fstatus%3Dwaitpay");

    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith("__session="));
    expect(session).toBeDefined();
    expect(session).toMatch(/^__session=;/);
    expect(session).toMatch(/Expires=Thu, 01 Jan 1970/);

    const toast = cookies.find((cookie) => cookie.startsWith("__toast="));
    expect(toast).toBeDefined();
    const next = await takeToast(page("/login", { headers: { Cookie: toast!.split(";")[0] } }));
    expect(next.toast).toEqual({ kind: "error", key: "common:toast.loginError" });
  });

  test("a token error on an optional call of a GET page reloads the same page as a visitor", async () => {
    upstream.on("/api/cart/count", { body: envelope(-10009, "token已过期") });
    const request = page("/sku-12?from=list");
    const response = await thrownResponse(callUpstream(context({ token: "expired", request }), "/api/cart/count", IntLike, {}, "optional"));
    expect(response.headers.get("Location")).toBe("/sku-12?from=list");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=;"))).toBe(true);
  });

  test("a token error during a form POST sends to login even for an optional call", async () => {
    upstream.on("/api/cart/count", { body: envelope(-10010, "token不存在") });
    const request = page("/sku-12", { method: "POST", body: new URLSearchParams({ intent: "add" }) });
    const response = await thrownResponse(callUpstream(context({ token: "gone", request }), "/api/cart/count", IntLike, {}, "optional"));
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fsku-12");
  });

  test("\"required\" without a token → redirect to /login?redirect=<encoded path>, no cookies touched", async () => {
    upstream.on("/api/order/num", { body: envelope(-1, NOT_LOGGED_IN) });
    const request = page("/member/index");
    const response = await thrownResponse(callUpstream(context({ request }), "/api/order/num", z.unknown(), {}, "required"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fmember%2Findex");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("\"optional\" without a token: the not-logged-in answer is the caller's UpstreamError", async () => {
    upstream.on("/api/cart/count", { body: envelope(-1, NOT_LOGGED_IN) });
    const error = await rejection(callUpstream(context({ request: page("/index") }), "/api/cart/count", IntLike, {}, "optional"));
    expect(error).toBeInstanceOf(UpstreamError);
  });

  test("-1 with another message is not a token error", async () => {
    upstream.on("/api/login/mobileCode", { body: envelope(-1, "该手机号未注册！", []) });
    const request = page("/login");
    const error = await rejection(callUpstream(context({ token: "t", request }), "/api/login/mobileCode", z.unknown(), {}, "required"));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ code: -1, upstreamMessage: "该手机号未注册！", data: [] });
  });

  test("other negative codes → UpstreamError with path, code, message and data", async () => {
    upstream.on("/api/login/login", { body: envelope(-10022, "用户名或密码错误") });
    const error = await rejection(callUpstream(context({ request: page("/login") }), "/api/login/login", z.unknown()));
    expect(error).toBeInstanceOf(UpstreamError);
    const upstreamError = error as UpstreamError;
    expect(upstreamError.code).toBe(-10022);
    expect(upstreamError.upstreamMessage).toBe("用户名或密码错误");
    expect(upstreamError.path).toBe("/api/login/login");
    expect(upstreamError.data).toBeUndefined(); // no data key, as on exception errors
    expect(upstreamError.message).toContain("-10022");
  });

  test("an error answer is not parsed with the success schema", async () => {
    upstream.on("/api/a", { body: envelope(-1, "失败", "") });
    const error = await rejection(callUpstream(context(), "/api/a", z.object({ token: z.string() })));
    expect(error).toBeInstanceOf(UpstreamError);
  });
});

describe("gateway failures → error page statuses", () => {
  test("an HTML page with HTTP 200 (unknown route upstream) → 502", async () => {
    upstream.on("/api/nope", { contentType: "text/html; charset=utf-8", body: "<!DOCTYPE html><html><body>页面错误！</body></html>" });
    const response = await thrownResponse(callUpstream(context(), "/api/nope", z.unknown()));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ reason: "upstream-bad-gateway" });
  });

  test("HTTP 500 → 502", async () => {
    upstream.on("/api/a", { status: 500, contentType: "text/plain", body: "internal error" });
    expect((await thrownResponse(callUpstream(context(), "/api/a", z.unknown()))).status).toBe(502);
  });

  test("HTTP 404 with a JSON envelope is still a gateway failure", async () => {
    upstream.on("/api/a", { status: 404, body: envelope(0, "", {}) });
    expect((await thrownResponse(callUpstream(context(), "/api/a", z.unknown()))).status).toBe(502);
  });

  test("connection refused → 502", async () => {
    const response = await thrownResponse(callUpstream(context({ baseUrl: await refusedUrl() }), "/api/a", z.unknown()));
    expect(response.status).toBe(502);
  });

  test("an answer slower than timeoutMs → 504", async () => {
    upstream.on("/api/slow", { delayMs: 1_000, body: envelope(0, "", {}) });
    const response = await thrownResponse(callUpstream(context({ timeoutMs: 100 }), "/api/slow", z.unknown()));
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ reason: "upstream-timeout" });
  });

  test("a body that stalls beyond timeoutMs → 504 too", async () => {
    upstream.on("/api/stall", { bodyDelayMs: 1_000, body: envelope(0, "", {}) });
    const response = await thrownResponse(callUpstream(context({ timeoutMs: 150 }), "/api/stall", z.unknown()));
    expect(response.status).toBe(504);
  });

  test("data the schema rejects → 502", async () => {
    upstream.on("/api/member/info", { body: envelope(0, "操作成功", { member_id: "not-a-number", nickname: "x" }) });
    expect((await thrownResponse(callUpstream(context(), "/api/member/info", MemberSchema))).status).toBe(502);
  });

  test.each([
    ["a JSON array", []],
    ["no code", { message: "ok", data: {} }],
    ["a non-numeric code", { code: "oops", message: "", data: {} }],
    ["JSON null", null],
  ])("%s instead of an envelope → 502", async (_label, body) => {
    upstream.on("/api/a", { body: JSON.stringify(body) });
    expect((await thrownResponse(callUpstream(context(), "/api/a", z.unknown()))).status).toBe(502);
  });

  test("an empty body → 502", async () => {
    upstream.on("/api/a", { body: "" });
    expect((await thrownResponse(callUpstream(context(), "/api/a", z.unknown()))).status).toBe(502);
  });
});

describe("schema helpers (schemas/common.ts)", () => {
  test("Money keeps decimal strings, accepts computed numbers, treats empty as 0", () => {
    expect(Money.parse("12.50")).toBe("12.50");
    expect(Money.parse(" 3.5 ")).toBe("3.5");
    expect(Money.parse(12.5)).toBe("12.5");
    expect(Money.parse(0)).toBe("0");
    expect(Money.parse("")).toBe("0");
    expect(Money.parse("-1.00")).toBe("-1.00");
  });

  test.each(["abc", "¥12", "1,000", null, undefined, {}, true])("Money refuses %j", (value) => {
    expect(Money.safeParse(value).success).toBe(false);
  });

  test("IntLike coerces numeric strings", () => {
    expect(IntLike.parse(3)).toBe(3);
    expect(IntLike.parse("3")).toBe(3);
    expect(IntLike.parse("-7")).toBe(-7);
    expect(IntLike.parse("210.000")).toBe(210);
  });

  test.each(["", "abc", "1e3", " 1", null, undefined, true])("IntLike refuses %j", (value) => {
    expect(IntLike.safeParse(value).success).toBe(false);
  });

  test("Flag reads 1/\"1\"/true as on, anything else as off", () => {
    expect([1, "1", true].map((value) => Flag.parse(value))).toEqual([true, true, true]);
    expect([0, "0", false, "", 2].map((value) => Flag.parse(value))).toEqual([false, false, false, false, false]);
  });

  test("Text turns null and missing into empty strings", () => {
    expect(Text.parse(null)).toBe("");
    expect(Text.parse(undefined)).toBe("");
    expect(Text.parse("x")).toBe("x");
  });

  test("jsonString decodes JSON packed in a string, with a fallback", () => {
    const Schema = jsonString(z.object({ url: z.string() }), { url: "" });
    expect(Schema.parse('{"url":"/list?category_id=3"}')).toEqual({ url: "/list?category_id=3" });
    expect(Schema.parse({ url: "/already-decoded" })).toEqual({ url: "/already-decoded" });
    expect(Schema.parse("")).toEqual({ url: "" });
    expect(Schema.parse("{not json")).toEqual({ url: "" });
    expect(Schema.parse('{"other":1}')).toEqual({ url: "" });
    expect(Schema.parse(null)).toEqual({ url: "" });
  });

  test("LinkField reads the real adv_url / nav_url strings", () => {
    expect(LinkField.parse('{"title":"\\u81ea\\u5b9a\\u4e49","url":"https:\\/\\/www.niushop.com"}')).toEqual({
      title: "自定义",
      url: "https://www.niushop.com",
    });
    expect(LinkField.parse("[]")).toEqual({ url: "", title: "" });
  });

  test("paged coerces counts", () => {
    const Page = paged(z.object({ id: IntLike }));
    expect(Page.parse({ page_count: "2", count: 11, list: [{ id: "1" }] })).toEqual({ page_count: 2, count: 11, list: [{ id: 1 }] });
    expect(Page.safeParse({ count: 1, list: [] }).success).toBe(false);
  });
});
