import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { requestContext } from "~/upstream/context.server";
import { isLoginRequired } from "~/utils/routes";
import {
  getAgreement,
  getCaptchaConfig,
  getRegisterConfig,
  getRegisterReward,
  isMobileRegistered,
  listAptitudes,
  listMemberLabels,
  logIn,
  logInWithCode,
  newCaptcha,
  registerWithMobile,
  registerWithUsername,
  resetPassword,
  sendFindPasswordCode,
  sendLoginCode,
  sendRegisterCode,
} from "~/upstream/auth.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { getCartCount, getMember, getOrderNum, getUsableCouponCount, listLinkedAccounts, switchAccount } from "~/upstream/member.server";
import { getAdv, getLayoutData, getSiteInfo, isShopOpen } from "~/upstream/site.server";
import type { CategoryNode } from "~/upstream/schemas/category";
import { invalidate } from "~/utils/cache.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The real app/upstream/* functions against the reference shop API (in-process, fresh temp DB,
 * test API on): the same calls the BFF's loaders and actions make, over HTTP.
 */

const live = useLiveShopApi();
let shop: TestShopApi;

beforeAll(() => {
  shop = live.shop;
});

beforeEach(async () => {
  await shop.testApi("/__test/reset", {});
  invalidate(); // the 1 s status cache and the config caches must not leak between cases
});

/** The context of a page request, as memberContext builds it (token passed directly). */
function ctx(token: string | null = null, path = "/index", method = "GET"): UpstreamContext {
  // Member pages ask for the member (requireMember); every other page has it optionally.
  return requestContext(new Request(`http://shop.test${path}`, { method }), {}, token, isLoginRequired(path) ? "required" : "optional");
}

async function upstreamError(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => new Error("expected an UpstreamError"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

async function thrownRedirect(promise: Promise<unknown>): Promise<Response> {
  const error = await promise.then(
    () => new Error("expected a redirect"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Response);
  expect((error as Response).status).toBe(302);
  return error as Response;
}

async function captchaAnswer(id: string): Promise<string> {
  const answer = await shop.testApi<{ code: string }>(`/__test/captcha?id=${id}`);
  expect(answer.status).toBe(200);
  return answer.body.code;
}

/** A fresh captcha through the client, answered through the test API. */
async function solvedCaptcha() {
  const captcha = await newCaptcha(ctx());
  return { captcha_id: captcha.id, captcha_code: await captchaAnswer(captcha.id) };
}

async function latestSms(mobile: string) {
  const sms = await shop.testApi<{ code: string; key: string; template: string }>(`/__test/sms?mobile=${mobile}`);
  expect(sms.status).toBe(200);
  return sms.body;
}

let mobileCounter = 0;
function freshMobile(): string {
  mobileCounter += 1;
  return `137${String((Date.now() % 1_000_000) * 100 + mobileCounter)
    .padStart(8, "0")
    .slice(-8)}`;
}

const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function depth(nodes: CategoryNode[]): number {
  return nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((node) => depth(node.child_list)));
}

// ---------------------------------------------------------------------------------------------

describe("shared layout data", () => {
  test("getLayoutData returns every piece of the chrome", async () => {
    const layout = await getLayoutData();
    expect(layout.site.site_name).not.toBe("");

    expect(layout.categories.length).toBeGreaterThan(0);
    expect(depth(layout.categories)).toBe(3);
    const [first] = layout.categories;
    expect(first.level).toBe(1);
    expect(first.child_list[0].level).toBe(2);
    expect(first.child_list.flatMap((child) => child.child_list).every((leaf) => leaf.level === 3)).toBe(true);

    expect(layout.navList.length).toBeGreaterThan(0);
    for (const nav of layout.navList) {
      expect(nav.nav_title).not.toBe("");
      expect(nav.nav_url).toHaveProperty("url"); // the JSON string was decoded
    }

    expect(layout.helpClasses.length).toBeGreaterThan(0);
    expect(layout.helpClasses.some((helpClass) => helpClass.child_list.length > 0)).toBe(true);

    expect(layout.topAd.adv_position).not.toBeNull();
    expect(layout.topAd.adv_list.length).toBeGreaterThan(0);
    expect(layout.topAd.adv_list[0].adv_image).not.toBe("");

    expect(layout.copyright).not.toBeNull();
    expect(layout.defaultImages?.goods).not.toBe("");
    expect(layout.friendlyLinks).toBeInstanceOf(Array);
    expect(layout.services).toBeInstanceOf(Array);
    expect(typeof layout.hotWords.words).toBe("string");
    expect(typeof layout.defaultWords.words).toBe("string");
  });

  test("getAdv of an unknown position is empty, not an error", async () => {
    expect(await getAdv("NO_SUCH_POSITION")).toEqual({ adv_position: null, adv_list: [] });
  });

  test("getSiteInfo", async () => {
    const site = await getSiteInfo();
    expect(site.site_name).not.toBe("");
  });
});

describe("shop status", () => {
  test("isShopOpen follows the PC channel switch (each case after invalidate())", async () => {
    expect(await isShopOpen()).toBe(true);

    await shop.testApi("/__test/shop-status", { open: false });
    invalidate(); // isShopOpen caches its answer for 1 s
    expect(await isShopOpen()).toBe(false);

    await shop.testApi("/__test/shop-status", { open: true });
    invalidate();
    expect(await isShopOpen()).toBe(true);
  });

  test("a member call on a closed shop redirects the page to /closed", async () => {
    const token = await shop.login("demo", "demo123456");
    await shop.testApi("/__test/shop-status", { open: false });
    const response = await thrownRedirect(getMember(ctx(token, "/member/index")));
    expect(response.headers.get("Location")).toBe("/closed");
  });
});

describe("member", () => {
  test("login with demo → token → member data, counters, linked accounts, account switch", async () => {
    const { token } = await logIn(ctx(null, "/login", "POST"), { username: "demo", password: "demo123456", autoLoginRange: 7 });
    expect(token.length).toBeGreaterThan(10);

    const member = await getMember(ctx(token, "/member/index"));
    expect(member).toMatchObject({ username: "demo", nickname: "演示药房", mobile: "13800000000" });
    expect(member.member_id).toBeGreaterThan(0);
    expect(member.balance).toMatch(/^\d+\.\d{2}$/);
    expect(member.point).toBe(1280);

    const cart = await getCartCount(ctx(token));
    const expectedCart = shop.api.db.prepare("SELECT COALESCE(SUM(num), 0) AS n FROM cart WHERE member_id = ?").get(member.member_id) as { n: number };
    expect(cart).toBe(expectedCart.n);

    const orders = await getOrderNum(ctx(token, "/member/index"));
    expect(orders.waitpay).toBe(2);
    expect(orders.refunding).toBe(1);
    expect(Object.values(orders).every((value) => Number.isInteger(value) && value >= 0)).toBe(true);

    expect(await getUsableCouponCount(ctx(token, "/member/index"))).toBe(2);

    const accounts = (await listLinkedAccounts(ctx(token, "/member/index")))!;
    expect(accounts).toHaveLength(2);
    expect(accounts.filter((account) => account.is_current_member)).toEqual([expect.objectContaining({ member_id: member.member_id })]);
    const branch = accounts.find((account) => !account.is_current_member)!;
    expect(branch.username).toBe("demo_branch");

    const switched = await switchAccount(ctx(token, "/switch-account", "POST"), branch.member_id);
    expect(switched.token).not.toBe(token);
    const branchMember = await getMember(ctx(switched.token, "/member/index"));
    expect(branchMember.username).toBe("demo_branch");
    const accountsAfter = (await listLinkedAccounts(ctx(switched.token, "/member/index")))!;
    expect(accountsAfter.find((account) => account.is_current_member)?.member_id).toBe(branch.member_id);
  });

  test("switching to an account outside the group is refused", async () => {
    const token = await shop.login("demo", "demo123456");
    const clinic = shop.api.db.prepare("SELECT member_id FROM member WHERE username = 'clinic'").get() as { member_id: number };
    const error = await upstreamError(switchAccount(ctx(token, "/switch-account", "POST"), clinic.member_id));
    expect(error.code).toBe(-1);
    expect(error.upstreamMessage).toBe("账号不存在");
  });

  test("wrong password → UpstreamError -10022", async () => {
    const error = await upstreamError(logIn(ctx(null, "/login", "POST"), { username: "demo", password: "wrong-password" }));
    expect(error.code).toBe(-10022);
    expect(error.upstreamMessage).toBe("用户名或密码错误");
  });

  test("a bad token on a required call → login redirect that clears the session", async () => {
    const response = await thrownRedirect(getMember(ctx("not-a-real-token", "/member/order_list")));
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fmember%2Forder_list");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=;"))).toBe(true);
  });

  test("an expired token → login redirect too", async () => {
    const member = await shop.testApi<{ member_id: number }>("/__test/member", {});
    const expired = await shop.testApi<{ token: string }>("/__test/token", { member_id: member.body.member_id, ttl_seconds: 0 });
    const response = await thrownRedirect(getOrderNum(ctx(expired.body.token, "/member/index")));
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fmember%2Findex");
  });

  test("a visitor on a required call → login redirect without touching cookies", async () => {
    const response = await thrownRedirect(getMember(ctx(null, "/member/index")));
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fmember%2Findex");
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("sign-in configuration", () => {
  test("register config, agreement, labels, aptitudes, reward", async () => {
    const config = await getRegisterConfig(ctx());
    expect(config.login).toEqual(expect.arrayContaining(["username", "mobile"]));
    expect(config.register).toEqual(expect.arrayContaining(["username", "mobile"]));
    expect(config.pwd_len).toBeGreaterThan(0);

    const agreement = await getAgreement(ctx());
    expect(agreement.title).not.toBe("");
    expect(agreement.content).not.toBe("");
    expect((await getAgreement(ctx(), "PRIVACY")).title).toBeTypeOf("string");

    const labels = await listMemberLabels(ctx());
    expect(labels.length).toBeGreaterThan(0);
    expect(labels[0].label_id).toBeTypeOf("number");

    const aptitudes = await listAptitudes(ctx());
    expect(aptitudes.length).toBeGreaterThan(0);
    expect(aptitudes.every((aptitude) => typeof aptitude.is_must === "boolean")).toBe(true);

    const reward = (await getRegisterReward(ctx()))!;
    expect(typeof reward.is_use).toBe("boolean");
  });
});

describe("captcha", () => {
  test("login captcha flow: config switch, refused without/with a wrong answer, accepted with the right one", async () => {
    expect((await getCaptchaConfig(ctx())).shop_reception_login).toBe(false);

    await shop.testApi("/__test/config", { login_captcha: true });
    invalidate();
    expect((await getCaptchaConfig(ctx())).shop_reception_login).toBe(true);

    const withoutCaptcha = await upstreamError(logIn(ctx(), { username: "demo", password: "demo123456" }));
    expect(withoutCaptcha.code).toBe(-1);

    const wrong = await newCaptcha(ctx());
    expect(wrong.img).toMatch(/^data:image\/[a-z+]+;base64,[A-Za-z0-9+/=]+$/);
    const wrongAnswer = await upstreamError(logIn(ctx(), { username: "demo", password: "demo123456", captcha_id: wrong.id, captcha_code: "zzzz" }));
    expect(wrongAnswer.code).toBe(-1);

    const { token } = await logIn(ctx(), { username: "demo", password: "demo123456", ...(await solvedCaptcha()) });
    expect((await getMember(ctx(token))).username).toBe("demo");
  });

  test("asking for a new captcha retires the previous one", async () => {
    const first = await newCaptcha(ctx());
    const second = await newCaptcha(ctx(), first.id);
    expect(second.id).not.toBe(first.id);
    expect((await shop.testApi(`/__test/captcha?id=${first.id}`)).status).toBe(404);
    expect(await captchaAnswer(second.id)).toMatch(/^\w{4}$/);
  });
});

describe("SMS login", () => {
  test("sendLoginCode + the code from /__test/sms → logInWithCode → the member", async () => {
    const { key } = await sendLoginCode(ctx(), { mobile: "13800000000" });
    const sms = await latestSms("13800000000");
    expect(sms.key).toBe(key);

    const wrong = await upstreamError(logInWithCode(ctx(), { mobile: "13800000000", key, code: sms.code === "0000" ? "1111" : "0000" }));
    expect(wrong.upstreamMessage).toBe("手机动态码不正确");

    const { token } = await logInWithCode(ctx(), { mobile: "13800000000", key, code: sms.code });
    expect((await getMember(ctx(token))).mobile).toBe("13800000000");
  });

  test("an unregistered mobile gets no code", async () => {
    const error = await upstreamError(sendLoginCode(ctx(), { mobile: freshMobile() }));
    expect(error.upstreamMessage).toBe("该手机号未注册！");
  });
});

describe("registration", () => {
  test("by username (captcha answer via /__test/captcha)", async () => {
    const username = uniqueName("u");
    const { token } = await registerWithUsername(ctx(null, "/register", "POST"), {
      username,
      password: "secret123",
      nickname: "新会员",
      ...(await solvedCaptcha()),
    });
    const member = await getMember(ctx(token));
    expect(member).toMatchObject({ username, nickname: "新会员" });

    const again = await upstreamError(registerWithUsername(ctx(), { username, password: "secret123", ...(await solvedCaptcha()) }));
    expect(again.upstreamMessage).toBe("用户名已存在");

    // The new member can log in with the password.
    expect((await logIn(ctx(), { username, password: "secret123" })).token).not.toBe("");
  });

  test("by username without a captcha answer is refused", async () => {
    const error = await upstreamError(registerWithUsername(ctx(), { username: uniqueName("n"), password: "secret123" }));
    expect(error.code).toBe(-1);
  });

  test("by mobile", async () => {
    const mobile = freshMobile();
    expect(await isMobileRegistered(ctx(), mobile)).toBe(false);

    const { key } = await sendRegisterCode(ctx(), { mobile, ...(await solvedCaptcha()) });
    const sms = await latestSms(mobile);
    expect(sms.key).toBe(key);

    const { token } = await registerWithMobile(ctx(null, "/register", "POST"), { mobile, key, code: sms.code });
    expect((await getMember(ctx(token))).mobile).toBe(mobile);
    expect(await isMobileRegistered(ctx(), mobile)).toBe(true);

    const taken = await upstreamError(sendRegisterCode(ctx(), { mobile, ...(await solvedCaptcha()) }));
    expect(taken.upstreamMessage).toBe("手机号已存在");
  });
});

describe("find password", () => {
  test("code to the mobile, new password, old one refused", async () => {
    const mobile = freshMobile();
    const created = await shop.testApi<{ username: string; password: string }>("/__test/member", { mobile, password: "old-pass-123" });
    expect(created.status).toBe(200);

    const { key } = await sendFindPasswordCode(ctx(), { mobile, ...(await solvedCaptcha()) });
    const sms = await latestSms(mobile);
    expect(sms.key).toBe(key);

    await resetPassword(ctx(null, "/find_pass", "POST"), { mobile, key, code: sms.code, password: "new-pass-456" });

    const { token } = await logIn(ctx(), { username: created.body.username, password: "new-pass-456" });
    expect((await getMember(ctx(token))).mobile).toBe(mobile);
    expect((await upstreamError(logIn(ctx(), { username: created.body.username, password: "old-pass-123" }))).code).toBe(-10022);
  });

  test("an unknown mobile is refused", async () => {
    const error = await upstreamError(sendFindPasswordCode(ctx(), { mobile: freshMobile(), ...(await solvedCaptcha()) }));
    expect(error.upstreamMessage).toBe("手机号不存在");
  });
});
