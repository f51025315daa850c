import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { z } from "zod/v4";
import { clearToken, commitToken, readToken } from "~/session/session.server";
import { memberContext, sharedContext } from "~/upstream/context.server";
import {
  callUnenvelopedUpstream,
  callUpstream,
  EmptyAnswerError,
  EndpointMissingError,
  ShopClosedError,
  TokenRejectedError,
  UpstreamError,
  type UpstreamContext,
} from "~/upstream/http.server";
import { FromTypesSchema } from "~/upstream/schemas/finance";
import { Flag, IntLike, jsonString, LinkField, Money, paged, Text } from "~/upstream/schemas/common";
import { takeToast } from "~/utils/toast.server";
import { envelope, refusedUrl, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";
import { pointBffAt } from "../support/bff-environment";

/**
 * The upstream client core (app/upstream/http.server.ts) against a fake upstream: request shape,
 * envelope, the error catalogue of spec §8, and gateway failures.
 */

let upstream: FakeUpstream;
const NOT_LOGGED_IN = "您尚未登录，请先进行登录";

let restoreEnv: () => void;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  restoreEnv = pointBffAt(upstream.url, { UPSTREAM_TIMEOUT_MS: "2000" });
});

afterAll(async () => {
  await upstream.close();
  restoreEnv();
});

beforeEach(() => upstream.reset());

function context(overrides: Partial<UpstreamContext> = {}): UpstreamContext {
  return { baseUrl: upstream.url, timeoutMs: 2_000, token: null, member: "none", ...overrides };
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
    const setCookie = await commitToken(page("/login"), {}, "member-token-42", { newSignIn: true });
    const cookie = setCookie.split(";")[0];
    expect(cookie.startsWith("__session=")).toBe(true);
    const value = decodeURIComponent(cookie.slice("__session=".length));
    expect(value).not.toContain("member-token-42");
    expect(Buffer.from(value.split(".")[0], "base64").toString("utf8")).not.toContain("member-token-42");

    const request = page("/member/index", { headers: { Cookie: cookie } });
    expect(await readToken(request, {})).toBe("member-token-42");
    upstream.on("/api/member/info", { body: envelope(0, "", { member_id: 42, nickname: "n" }) });
    await callUpstream(await memberContext(request, {}, "required"), "/api/member/info", MemberSchema);
    expect(upstream.requests[0].body).toMatchObject({ token: "member-token-42" });
  });

  test("sharedContext never carries a token", () => {
    const ctx = sharedContext();
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

describe("typed failures (http.server knows nothing of sessions)", () => {
  test("-3 (shop closed) → ShopClosedError", async () => {
    upstream.on("/api/site/status", { body: envelope(-3, "网站已关闭！") });
    const error = await rejection(callUpstream(context(), "/api/site/status", z.unknown()));
    expect(error).toBeInstanceOf(ShopClosedError);
    expect(error).toMatchObject({ code: -3 });
  });

  test.each([
    [-10009, "token已过期"],
    [-10010, "token不存在"],
    [-1, NOT_LOGGED_IN],
  ])("%i with a token → TokenRejectedError", async (code, message) => {
    upstream.on("/api/member/info", { body: envelope(code, message) });
    expect(await rejection(callUpstream(context({ token: "expired" }), "/api/member/info", z.unknown()))).toBeInstanceOf(TokenRejectedError);
  });

  test("not logged in without a token: TokenRejectedError only when the context needs the member", async () => {
    upstream.on("/api/cart/count", { body: envelope(-1, NOT_LOGGED_IN) });
    const optional = await rejection(callUpstream(context({ member: "optional" }), "/api/cart/count", IntLike));
    expect(optional).toBeInstanceOf(UpstreamError);
    expect(optional).not.toBeInstanceOf(TokenRejectedError);
    expect(await rejection(callUpstream(context({ member: "required" }), "/api/cart/count", IntLike))).toBeInstanceOf(TokenRejectedError);
  });

  test("every failure goes to onFailure before it is thrown; onFailure may throw instead", async () => {
    upstream.on("/api/a", { body: envelope(-10022, "用户名或密码错误") });
    const seen: UpstreamError[] = [];
    const error = await rejection(callUpstream(context({ onFailure: async (failure) => void seen.push(failure) }), "/api/a", z.unknown()));
    expect(seen).toEqual([error]);
    const replaced = await rejection(
      callUpstream(
        context({
          onFailure: async () => {
            throw new Response(null, { status: 302 });
          },
        }),
        "/api/a",
        z.unknown(),
      ),
    );
    expect(replaced).toBeInstanceOf(Response);
  });

  test("a refreshtoken for a member is handed to onRefreshedToken; a visitor's or the same token is not", async () => {
    upstream.on("/api/a", { body: { ...envelope(0, "", 1), refreshtoken: "fresh-token" } });
    const refreshed: string[] = [];
    const onRefreshedToken = async (token: string) => void refreshed.push(token);
    await callUpstream(context({ token: "old", onRefreshedToken }), "/api/a", IntLike);
    await callUpstream(context({ onRefreshedToken }), "/api/a", IntLike);
    await callUpstream(context({ token: "fresh-token", onRefreshedToken }), "/api/a", IntLike);
    expect(refreshed).toEqual(["fresh-token"]);
  });

  test("-1 with another message is not a token error", async () => {
    upstream.on("/api/login/mobileCode", { body: envelope(-1, "该手机号未注册！", []) });
    const error = await rejection(callUpstream(context({ token: "t", member: "required" }), "/api/login/mobileCode", z.unknown()));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).not.toBeInstanceOf(TokenRejectedError);
    expect(error).toMatchObject({ code: -1, upstreamMessage: "该手机号未注册！", data: [] });
  });

  test("other negative codes → UpstreamError with path, code, message and data", async () => {
    upstream.on("/api/login/login", { body: envelope(-10022, "用户名或密码错误") });
    const error = await rejection(callUpstream(context(), "/api/login/login", z.unknown()));
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

describe("error catalogue of a page request (context.server, spec §8)", () => {
  async function sessionCookie(token: string) {
    return (await commitToken(page("/login"), {}, token, { newSignIn: true })).split(";")[0];
  }

  test("-3 (shop closed) → redirect to /closed", async () => {
    upstream.on("/api/goods/x", { body: envelope(-3, "网站已关闭！") });
    const response = await thrownResponse(callUpstream(await memberContext(page("/sku-12"), {}), "/api/goods/x", z.unknown()));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/closed");
  });

  test("-3 while rendering /closed itself → no redirect loop, the ShopClosedError", async () => {
    upstream.on("/api/site/info", { body: envelope(-3, "网站已关闭！") });
    expect(await rejection(callUpstream(await memberContext(page("/closed"), {}), "/api/site/info", z.unknown()))).toBeInstanceOf(ShopClosedError);
  });

  test.each([
    [-10009, "token已过期"],
    [-10010, "token不存在"],
    [-1, NOT_LOGGED_IN],
  ])("%i with a token on a member page → redirect to login that clears the session and sets a toast", async (code, message) => {
    upstream.on("/api/member/info", { body: envelope(code, message) });
    const request = page("/member/order_list?status=waitpay", { headers: { Cookie: await sessionCookie("expired") } });
    const response = await thrownResponse(callUpstream(await memberContext(request, {}, "required"), "/api/member/info", z.unknown()));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fmember%2Forder_list%3Fstatus%3Dwaitpay");

    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith("__session="));
    expect(session).toMatch(/^__session=;/);
    expect(session).toMatch(/Expires=Thu, 01 Jan 1970/);
    const toast = cookies.find((cookie) => cookie.startsWith("__toast="));
    expect(toast).toBeDefined();
    const next = await takeToast(page("/login", { headers: { Cookie: toast!.split(";")[0] } }));
    expect(next.toast).toEqual({ kind: "error", key: "common:toast.loginError" });
  });

  test("a token error on an optional page (GET) reloads the same page as a visitor", async () => {
    upstream.on("/api/cart/count", { body: envelope(-10009, "token已过期") });
    const request = page("/sku-12?from=list", { headers: { Cookie: await sessionCookie("expired") } });
    const response = await thrownResponse(callUpstream(await memberContext(request, {}), "/api/cart/count", IntLike));
    expect(response.headers.get("Location")).toBe("/sku-12?from=list");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=;"))).toBe(true);
  });

  test.each(["//evil.com/", "/\\evil.com/", "//evil.com/%2e%2e", "/%2F%2Fevil.com"])(
    "the reload after a token error stays on this site for the path %j",
    async (path) => {
      upstream.on("/api/cart/count", { body: envelope(-10009, "token已过期") });
      const request = new Request(`http://shop.test${path}`, { headers: { Cookie: await sessionCookie("expired") } });
      const response = await thrownResponse(callUpstream(await memberContext(request, {}), "/api/cart/count", IntLike));
      const location = response.headers.get("Location") ?? "";
      expect(new URL(location, "http://shop.test").origin).toBe("http://shop.test");
      expect(location.startsWith("//")).toBe(false);
      expect(location.startsWith("/\\")).toBe(false);
    },
  );

  test("a token error during a form POST sends to login even on an optional page", async () => {
    upstream.on("/api/cart/count", { body: envelope(-10010, "token不存在") });
    const request = page("/sku-12", { method: "POST", body: new URLSearchParams({ intent: "add" }), headers: { Cookie: await sessionCookie("gone") } });
    const response = await thrownResponse(callUpstream(await memberContext(request, {}), "/api/cart/count", IntLike));
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fsku-12");
  });

  test("a member page without a token → redirect to /login?redirect=<encoded path>, no cookies touched", async () => {
    upstream.on("/api/order/num", { body: envelope(-1, NOT_LOGGED_IN) });
    const response = await thrownResponse(callUpstream(await memberContext(page("/member/index"), {}, "required"), "/api/order/num", z.unknown()));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fmember%2Findex");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("an optional page without a token: the not-logged-in answer is the caller's UpstreamError", async () => {
    upstream.on("/api/cart/count", { body: envelope(-1, NOT_LOGGED_IN) });
    const error = await rejection(callUpstream(await memberContext(page("/index"), {}), "/api/cart/count", IntLike));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).not.toBeInstanceOf(TokenRejectedError);
    expect((error as Response).status).toBe(502); // unhandled, it is a bad-gateway page, not a redirect
  });

  test("a logged-out cookie replayed is a visitor's", async () => {
    const cookie = await sessionCookie("still-valid-upstream");
    const request = page("/member/index", { headers: { Cookie: cookie } });
    expect(await readToken(request, {})).toBe("still-valid-upstream");
    await clearToken(request, {});
    expect(await readToken(page("/member/index", { headers: { Cookie: cookie } }), {})).toBeNull();
  });

  test("an opened session is remembered by its exact cookie: a tampered copy of it opens nothing", async () => {
    const cookie = await sessionCookie("member-token-7");
    expect(await readToken(page("/index", { headers: { Cookie: cookie } }), {})).toBe("member-token-7");
    expect(await readToken(page("/index", { headers: { Cookie: cookie } }), {})).toBe("member-token-7");
    const tampered = `${cookie.slice(0, -3)}${cookie.endsWith("A") ? "B" : "A"}${cookie.slice(-2)}`;
    expect(await readToken(page("/index", { headers: { Cookie: tampered } }), {})).toBeNull();
  });
});

describe("gateway failures → error page statuses", () => {
  test("an HTML page with HTTP 200 (unknown route on a stock Niushop) → EndpointMissingError", async () => {
    upstream.on("/api/nope", { contentType: "text/html; charset=utf-8", body: "<!DOCTYPE html><html><body>页面错误！</body></html>" });
    const error = await rejection(callUpstream(context(), "/api/nope", z.unknown()));
    expect(error).toBeInstanceOf(EndpointMissingError);
    // Where no capability expects it, it is thrown as what it is: a 502 for the error boundary.
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(502);
  });

  test("text that is neither JSON nor an HTML page → 502", async () => {
    upstream.on("/api/odd", { contentType: "text/plain", body: "Fatal error" });
    const response = await thrownResponse(callUpstream(context(), "/api/odd", z.unknown()));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ reason: "upstream-bad-gateway" });
  });

  test("HTTP 500 → 502", async () => {
    upstream.on("/api/a", { status: 500, contentType: "text/plain", body: "internal error" });
    expect((await thrownResponse(callUpstream(context(), "/api/a", z.unknown()))).status).toBe(502);
  });

  test("HTTP 404 → EndpointMissingError, whatever the body", async () => {
    upstream.on("/api/a", { status: 404, body: envelope(0, "", {}) });
    expect(await rejection(callUpstream(context(), "/api/a", z.unknown()))).toBeInstanceOf(EndpointMissingError);
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

  test("after a time-out, the request's further calls fail at once without asking (a failed post waited twice)", async () => {
    upstream.on("/api/slow", { delayMs: 1_000, body: envelope(0, "", {}) });
    upstream.on("/api/site/info", { body: envelope(0, "", {}) });
    const failure = { status: null };
    const ctx = context({ timeoutMs: 150, failure });
    expect((await thrownResponse(callUpstream(ctx, "/api/slow", z.unknown()))).status).toBe(504);
    expect(failure.status).toBe(504);
    const asked = upstream.requests.length;
    const started = performance.now();
    expect((await thrownResponse(callUpstream(ctx, "/api/site/info", z.unknown()))).status).toBe(504);
    expect(performance.now() - started).toBeLessThan(100);
    expect(upstream.requests.length).toBe(asked);
    // Another request (its own memory) still asks.
    expect(await callUpstream(context({ failure: { status: null } }), "/api/site/info", z.unknown())).toEqual({});
  });

  test("an upstream refusal or a bad answer is not remembered as a failure", async () => {
    upstream.on("/api/a", { status: 500, contentType: "text/plain", body: "internal error" });
    upstream.on("/api/b", { body: envelope(-1, "缺少参数", "") });
    const failure = { status: null };
    await thrownResponse(callUpstream(context({ failure }), "/api/a", z.unknown()));
    await rejection(callUpstream(context({ failure }), "/api/b", z.unknown()));
    expect(failure.status).toBeNull();
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

  test("an empty body → EmptyAnswerError, a 502 (an HTML error page that came out empty, with or without its content type)", async () => {
    upstream.on("/api/a", { body: "" });
    const error = await thrownResponse(callUpstream(context(), "/api/a", z.unknown()));
    expect(error).toBeInstanceOf(EmptyAnswerError);
    expect(error.status).toBe(502);
    upstream.on("/servicer/api/chat/keyword", { contentType: "text/html; charset=utf-8", body: "  " });
    expect(await rejection(callUpstream(context(), "/servicer/api/chat/keyword", z.unknown()))).toBeInstanceOf(EmptyAnswerError);
  });
});

describe("the one unenveloped answer (memberaccount/fromtype)", () => {
  const SOURCES = {
    balance: { order: { type_name: "消费", type_url: "" }, adjust: { type_name: "调整", type_url: "" } },
    balance_money: { withdraw: { type_name: "提现", type_url: "" } },
    point: { signin: { type_name: "签到", type_url: "" } },
    growth: { register: { type_name: "注册", type_url: "" } },
  };

  test("its keys beside timestamp are the data, parsed by the schema", async () => {
    // What Niushop's Memberaccount::fromType sends: the model's array, response() adds timestamp.
    upstream.on("/api/memberaccount/fromtype", { body: { ...SOURCES, timestamp: 1_700_000_000 } });
    expect(await callUnenvelopedUpstream(context(), "/api/memberaccount/fromtype", FromTypesSchema)).toEqual({
      balance: { order: { type_name: "消费" }, adjust: { type_name: "调整" } },
      balance_money: { withdraw: { type_name: "提现" } },
      point: { signin: { type_name: "签到" } },
    });
  });

  test("the same answer through callUpstream is still refused: the envelope check is not loosened", async () => {
    upstream.on("/api/memberaccount/fromtype", { body: { ...SOURCES, timestamp: 1_700_000_000 } });
    expect((await thrownResponse(callUpstream(context(), "/api/memberaccount/fromtype", FromTypesSchema))).status).toBe(502);
  });

  test("an upstream that does wrap it is read too", async () => {
    upstream.on("/api/memberaccount/fromtype", { body: envelope(0, "操作成功", SOURCES) });
    expect((await callUnenvelopedUpstream(context(), "/api/memberaccount/fromtype", FromTypesSchema)).point).toEqual({ signin: { type_name: "签到" } });
  });

  test("a refusal before the action (-3, a PHP exception) is still an envelope, settled as one", async () => {
    upstream.on("/api/memberaccount/fromtype", { body: { code: -3, message: "网站已关闭！", timestamp: 1_700_000_000 } });
    expect(await rejection(callUnenvelopedUpstream(context(), "/api/memberaccount/fromtype", FromTypesSchema))).toBeInstanceOf(ShopClosedError);
  });

  test("a refreshtoken beside the keys is handed over, and is not data", async () => {
    const refreshed: string[] = [];
    upstream.on("/api/memberaccount/fromtype", { body: { point: SOURCES.point, timestamp: 1, refreshtoken: "fresh-token" } });
    const sources = await callUnenvelopedUpstream(
      context({ token: "old-token", onRefreshedToken: async (token) => void refreshed.push(token) }),
      "/api/memberaccount/fromtype",
      z.record(z.string(), z.unknown()),
    );
    expect(sources).toEqual({ point: SOURCES.point });
    expect(refreshed).toEqual(["fresh-token"]);
  });

  test.each([
    ["a JSON array", []],
    ["JSON null", null],
    ["a string", "oops"],
  ])("%s → 502", async (_label, body) => {
    upstream.on("/api/memberaccount/fromtype", { body: JSON.stringify(body) });
    expect((await thrownResponse(callUnenvelopedUpstream(context(), "/api/memberaccount/fromtype", FromTypesSchema))).status).toBe(502);
  });

  test("kinds the upstream leaves out, or sends broken, have no sources", async () => {
    upstream.on("/api/memberaccount/fromtype", { body: { balance: "broken", timestamp: 1 } });
    expect(await callUnenvelopedUpstream(context(), "/api/memberaccount/fromtype", FromTypesSchema)).toEqual({ balance: {}, balance_money: {}, point: {} });
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

  test('Flag reads 1/"1"/true as on, anything else as off', () => {
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
