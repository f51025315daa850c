import { beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import {
  bindEmail,
  bindMobile,
  canBindEmail,
  checkEmail,
  getMyTeam,
  listStockouts,
  sendBindMobileCode,
  sendEmailCode,
  sendBoundMobileCode,
  TEAM_PAGE,
  verifySentCode,
} from "~/upstream/account.server";
import { CapabilityAbsentError, resetCapabilities } from "~/upstream/capabilities.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The account functions (app/upstream/account.server.ts) against the reference shop API: binding
 * and changing the mobile (the old mobile's code checked with verifypaypwdcode), binding the email, the salesman's team and the
 * stock-out log (docs/member-centre.md "Mobile and email", "Staff").
 */

const live = useLiveShopApi();
let shop: TestShopApi;

beforeAll(() => {
  shop = live.shop;
});

async function freshMember(body: Record<string, unknown> = {}) {
  const made = (await shop.testApi("/__test/member", body)).body as { member_id: number; username: string; password: string; mobile: string };
  const ctx: UpstreamContext = { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login(made.username, made.password), member: "required" };
  return { ctx, ...made };
}

/** The email binding calls, which Niushop 5.5.2 lacks. */
const EMAIL_PATHS = ["/api/member/checkemail", "/api/member/bingemailcode", "/api/member/modifyemail"];

let mobileCounter = 0;
function unusedMobile() {
  mobileCounter += 1;
  return `137${String(Date.now() % 100_000).padStart(5, "0")}${String(mobileCounter).padStart(3, "0")}`;
}

async function captcha() {
  const { id, code } = await shop.captcha();
  return { captcha_id: id, captcha_code: code };
}

async function smsTo(mobile: string) {
  return (await shop.testApi<{ code: string; key: string }>(`/__test/sms?mobile=${mobile}`)).body;
}

describe("mobile", () => {
  test("a member without a mobile binds one with the SMS code and a captcha; the code works once", async () => {
    const { ctx } = await freshMember({ mobile: "" });
    const mobile = unusedMobile();
    const key = await sendBindMobileCode(ctx, { mobile, ...(await captcha()) });
    const sms = await smsTo(mobile);
    expect(sms.key).toBe(key);
    await expect(bindMobile(ctx, { mobile, key, code: sms.code === "0000" ? "0001" : "0000", ...(await captcha()) })).rejects.toMatchObject({
      upstreamMessage: "动态码不正确",
    });
    await bindMobile(ctx, { mobile, key, code: sms.code, ...(await captcha()) });
    expect((await getMember(ctx)).mobile).toBe(mobile);
    // One use: the same key and code again are refused.
    const other = await freshMember({ mobile: "" });
    await expect(bindMobile(other.ctx, { mobile: unusedMobile(), key, code: sms.code, ...(await captcha()) })).rejects.toBeInstanceOf(UpstreamError);
  });

  test("refusals: wrong captcha, bad format, a mobile another member has, an expired code", async () => {
    const { ctx } = await freshMember({ mobile: "" });
    const taken = await freshMember();
    await expect(sendBindMobileCode(ctx, { mobile: unusedMobile(), captcha_id: (await captcha()).captcha_id, captcha_code: "zzzz" })).rejects.toMatchObject({
      upstreamMessage: "验证码不正确",
    });
    await expect(sendBindMobileCode(ctx, { mobile: "12345", ...(await captcha()) })).rejects.toMatchObject({ upstreamMessage: "手机号格式不正确" });
    await expect(sendBindMobileCode(ctx, { mobile: taken.mobile, ...(await captcha()) })).rejects.toMatchObject({ upstreamMessage: "当前手机号已存在" });

    const mobile = unusedMobile();
    const key = await sendBindMobileCode(ctx, { mobile, ...(await captcha()) });
    const { code } = await smsTo(mobile);
    try {
      await shop.testApi("/__test/clock", { advance_seconds: 11 * 60 });
      await expect(bindMobile(ctx, { mobile, key, code, ...(await captcha()) })).rejects.toMatchObject({ upstreamMessage: "动态码不正确" });
    } finally {
      await shop.testApi("/__test/clock", { reset: true });
    }
    expect((await getMember(ctx)).mobile).toBe("");
  });

  test("as Niushop 5.5.2, modifymobile proves nothing about the old number, and verifypaypwdcode checks any key with its code", async () => {
    const { ctx, mobile: old } = await freshMember();
    const stranger = await freshMember();
    // The old mobile's code, for this member.
    const oldKey = await sendBoundMobileCode(ctx, await captcha());
    const oldSms = await smsTo(old);
    expect(oldSms.key).toBe(oldKey);
    await expect(verifySentCode(ctx, { key: oldKey, code: oldSms.code === "0000" ? "0001" : "0000" })).rejects.toMatchObject({
      upstreamMessage: "验证码不正确",
    });
    await verifySentCode(ctx, { key: oldKey, code: oldSms.code });
    // Nothing ties the key to the member who asked for it (hence the BFF's signed key), nor is it burned by a check.
    await verifySentCode(stranger.ctx, { key: oldKey, code: oldSms.code });
    await verifySentCode({ ...ctx, token: null, member: "optional" }, { key: oldKey, code: oldSms.code });

    // The change goes through on the new number's code alone.
    const mobile = unusedMobile();
    const key = await sendBindMobileCode(ctx, { mobile, ...(await captcha()) });
    const { code } = await smsTo(mobile);
    await bindMobile(ctx, { mobile, key, code, ...(await captcha()) });
    expect((await getMember(ctx)).mobile).toBe(mobile);
  });
});

describe("email", () => {
  test("a code to the address binds it; taken, malformed and wrong codes are refused", async () => {
    const { ctx } = await freshMember();
    const email = `buyer${Date.now()}@example.com`;
    await checkEmail(ctx, email);
    await expect(checkEmail(ctx, "not-an-email")).rejects.toMatchObject({ upstreamMessage: "邮箱格式不正确" });
    const key = await sendEmailCode(ctx, { email, ...(await captcha()) });
    const mail = (await shop.testApi<{ code: string; key: string }>(`/__test/email?email=${encodeURIComponent(email)}`)).body;
    expect(mail.key).toBe(key);
    expect(mail.code).toMatch(/^\d{6}$/);
    await expect(bindEmail(ctx, { email, key, code: mail.code === "000000" ? "000001" : "000000" })).rejects.toMatchObject({
      upstreamMessage: "邮箱动态码不正确",
    });
    await bindEmail(ctx, { email, key, code: mail.code });
    expect((await getMember(ctx)).email).toBe(email);

    const other = await freshMember();
    await expect(checkEmail(other.ctx, email.toUpperCase())).rejects.toMatchObject({ upstreamMessage: "当前邮箱已存在" });
    await expect(sendEmailCode(other.ctx, { email, ...(await captcha()) })).rejects.toMatchObject({ upstreamMessage: "当前邮箱已存在" });
  });

  test("a Niushop without email binding (5.5.2): absent capability, the calls refused as such, never a gateway error (ADR 009)", async () => {
    const { ctx } = await freshMember();
    resetCapabilities();
    await shop.testApi("/__test/endpoints", { disabled: EMAIL_PATHS });
    try {
      expect(await canBindEmail()).toBe(false);
      await expect(sendEmailCode(ctx, { email: "buyer@example.com", ...(await captcha()) })).rejects.toBeInstanceOf(CapabilityAbsentError);
      await expect(bindEmail(ctx, { email: "buyer@example.com", key: "k", code: "123456" })).rejects.toBeInstanceOf(CapabilityAbsentError);
      await expect(checkEmail(ctx, "buyer@example.com")).rejects.toBeInstanceOf(CapabilityAbsentError);
    } finally {
      await shop.testApi("/__test/endpoints", { disabled: [] });
      resetCapabilities();
    }
    expect(await canBindEmail()).toBe(true);
  });
});

describe("staff", () => {
  test("the seeded demo member is a salesman whose team is the other two buyers (page 0, size 99999)", async () => {
    expect(TEAM_PAGE).toEqual({ page: 0, page_size: 99999 });
    const ctx: UpstreamContext = { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login("demo", "demo123456"), member: "required" };
    const team = await getMyTeam(ctx);
    expect(team?.count).toBe(2);
    expect(team?.list.map((row) => row.username)).toEqual(["demo_branch", "clinic"]);
    expect(team?.list[0]).toMatchObject({ nickname: "演示药房二店", order_num: expect.any(Number), order_money: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  test("a member who is not a salesman gets null; a new salesman sees the team the test API gives them", async () => {
    const plain = await freshMember();
    expect(await getMyTeam(plain.ctx)).toBeNull();
    const buyer = await freshMember();
    await shop.testApi("/__test/salesman", { member_id: plain.member_id, team: [buyer.member_id] });
    expect((await getMyTeam(plain.ctx))?.list.map((row) => row.member_id)).toEqual([buyer.member_id]);
    await shop.testApi("/__test/salesman", { member_id: plain.member_id, status: 0 });
    expect(await getMyTeam(plain.ctx)).toBeNull();
  });

  test("without the staff addon the team is null and the stock-out log is absent (ADR 009)", async () => {
    const ctx: UpstreamContext = { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login("demo", "demo123456"), member: "required" };
    resetCapabilities();
    await shop.testApi("/__test/endpoints", { disabled: ["/staff"] });
    try {
      expect(await getMyTeam(ctx)).toBeNull();
      await expect(listStockouts({ page: 1, pageSize: 10 })).rejects.toBeInstanceOf(CapabilityAbsentError);
    } finally {
      await shop.testApi("/__test/endpoints", { disabled: [] });
      resetCapabilities();
    }
    expect((await getMyTeam(ctx))?.count).toBe(2);
  });

  test("the stock-out log needs no token, newest first, paged", async () => {
    const first = await listStockouts({ page: 1, pageSize: 10 });
    expect(first).toMatchObject({ count: 14, page_count: 2 });
    expect(first.list).toHaveLength(10);
    expect(first.list[0]).toMatchObject({ status: 0, restock_time: 0 });
    const times = first.list.map((row) => row.stockout_time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await listStockouts({ page: 2, pageSize: 10 });
    expect(second.list).toHaveLength(4);
    expect(second.list.every((row) => row.status === 1 && row.restock_time > row.stockout_time)).toBe(true);
  });
});
