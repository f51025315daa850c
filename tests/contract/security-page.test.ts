import { beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { commitToken } from "~/session/session.server";
import { action, loader } from "~/routes/_main.member.security/route";
import { resetCapabilities } from "~/upstream/capabilities.server";
import { takeToast } from "~/utils/toast.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * /member/security's loader and action against the reference shop API, which answers like Niushop
 * 5.5.2 where the audit found the storefront wrong (docs/upstream-conformance.md D9–D11):
 * `modifymobile` proves nothing about the old number and `verifypaypwdcode` takes any key with its
 * code (D9), the email binding calls may be missing (D10), and a member without a login password
 * sets one with an SMS key and code (D11).
 */

const live = useLiveShopApi();
let shop: TestShopApi;

beforeAll(() => {
  shop = live.shop;
});

type Answer = {
  mobileResult?: { status?: string; error?: Record<string, string[] | null> | null };
  mobileKeys?: { oldKey: string | null; key: string | null };
  result?: { status?: string; error?: Record<string, string[] | null> | null };
  passwordKey?: string | null;
  payKey?: string;
  payError?: string;
};

let mobileCounter = 0;
function unusedMobile() {
  mobileCounter += 1;
  return `135${String(Date.now() % 100_000).padStart(5, "0")}${String(mobileCounter).padStart(3, "0")}`;
}

async function signedIn(token: string) {
  const cookie = (await commitToken(new Request("http://shop.test/login"), {}, token, { newSignIn: true })).split(";")[0]!;
  return {
    cookie,
    load: async () => loader({ request: new Request("http://shop.test/member/security", { headers: { Cookie: cookie } }), params: {}, context: {} }),
    /** Posts the page's form; the answer's status and data (or the redirect). */
    post: async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      const request = new Request("http://shop.test/member/security", { method: "POST", headers: { Cookie: cookie }, body });
      const answer = (await action({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown)) as unknown;
      if (answer instanceof Response)
        return { status: answer.status, location: answer.headers.get("Location"), cookie: answer.headers.get("Set-Cookie"), data: {} as Answer };
      // data() (with a status) or a plain object (200).
      const wrapped = answer as { data?: Answer; init?: { status?: number } | null };
      if (wrapped && typeof wrapped === "object" && "init" in wrapped && "data" in wrapped)
        return { status: wrapped.init?.status ?? 200, location: null, cookie: null, data: wrapped.data! };
      return { status: 200, location: null, cookie: null, data: answer as Answer };
    },
  };
}

async function freshMember(body: Record<string, unknown> = {}) {
  const made = (await shop.testApi<{ member_id: number; username: string; password: string; mobile: string }>("/__test/member", body)).body;
  return { ...made, token: await shop.login(made.username, made.password) };
}

async function captcha() {
  const { id, code } = await shop.captcha();
  return { captcha_id: id, captcha_code: code };
}

async function sms(mobile: string) {
  return (await shop.testApi<{ code: string; key: string }>(`/__test/sms?mobile=${mobile}`)).body;
}

const wrong = (code: string) => (code === "0000" ? "0001" : "0000");

async function mobileOf(token: string) {
  return ((await shop.call("/api/member/info", { token })).data as { mobile: string }).mobile;
}

describe("changing a bound mobile (D9): the BFF checks the old number's code itself", () => {
  test("a wrong old code is refused at every step; nothing is sent or changed; the right one changes the mobile", async () => {
    const member = await freshMember();
    const page = await signedIn(member.token);
    const asked = await page.post({ intent: "old-code", ...(await captcha()) });
    expect(asked.status).toBe(200);
    const oldKey = asked.data.mobileKeys!.oldKey!;
    const oldSms = await sms(member.mobile);
    expect(oldKey.startsWith(`${oldSms.key}.`)).toBe(true); // the upstream's key, signed for this member

    const mobile = unusedMobile();
    const refused = await page.post({ intent: "mobile-code", mobile, old_key: oldKey, old_code: wrong(oldSms.code), ...(await captcha()) });
    expect(refused.status).toBe(400);
    expect(refused.data.mobileResult!.error).toMatchObject({ old_code: ["account:errors.codeWrong"] });
    expect((await sms(mobile)).code).toBeUndefined(); // nothing sent to the new number

    const sent = await page.post({ intent: "mobile-code", mobile, old_key: oldKey, old_code: oldSms.code, ...(await captcha()) });
    expect(sent.status).toBe(200);
    const key = sent.data.mobileKeys!.key!;
    const newSms = await sms(mobile);
    expect(newSms.key).toBe(key);

    // The bind step checks the old code again: with a wrong one the new number's code alone changes nothing.
    const bindRefused = await page.post({
      intent: "mobile-bind",
      mobile,
      key,
      code: newSms.code,
      old_key: oldKey,
      old_code: wrong(oldSms.code),
      ...(await captcha()),
    });
    expect(bindRefused.status).toBe(400);
    expect(bindRefused.data.mobileResult!.error).toMatchObject({ old_code: ["account:errors.codeWrong"] });
    expect(await mobileOf(member.token)).toBe(member.mobile);

    const bound = await page.post({ intent: "mobile-bind", mobile, key, code: newSms.code, old_key: oldKey, old_code: oldSms.code, ...(await captcha()) });
    expect(bound).toMatchObject({ status: 303, location: "/member/security" });
    expect(await mobileOf(member.token)).toBe(mobile);
  });

  test("only a key the BFF gave this member for this mobile counts: an unsigned key, another member's, or one from before the number changed", async () => {
    const member = await freshMember();
    const page = await signedIn(member.token);
    await page.post({ intent: "old-code", ...(await captcha()) });
    const own = await sms(member.mobile);
    // The raw upstream key with its right code (Niushop 5.5.2 would take it from anyone).
    const mobile = unusedMobile();
    const unsigned = await page.post({ intent: "mobile-code", mobile, old_key: own.key, old_code: own.code, ...(await captcha()) });
    expect(unsigned.status).toBe(400);
    expect(unsigned.data.mobileResult!.error).toMatchObject({ "": ["account:errors.oldCodeRequired"] });
    expect(unsigned.data.mobileKeys!.oldKey).toBeNull();

    // Another member's signed key, with its right code (a number the other member owns).
    const other = await freshMember();
    const otherPage = await signedIn(other.token);
    const otherKey = (await otherPage.post({ intent: "old-code", ...(await captcha()) })).data.mobileKeys!.oldKey!;
    const otherCode = (await sms(other.mobile)).code;
    const foreign = await page.post({ intent: "mobile-code", mobile, old_key: otherKey, old_code: otherCode, ...(await captcha()) });
    expect(foreign.status).toBe(400);
    expect(foreign.data.mobileResult!.error).toMatchObject({ "": ["account:errors.oldCodeRequired"] });
    expect((await sms(mobile)).code).toBeUndefined();

    // A key signed for the member's previous number proves nothing once the number changed.
    const signedOld = (await page.post({ intent: "old-code", ...(await captcha()) })).data.mobileKeys!.oldKey!;
    const oldCode = (await sms(member.mobile)).code;
    await page.post({ intent: "mobile-code", mobile, old_key: signedOld, old_code: oldCode, ...(await captcha()) });
    const newCode = (await sms(mobile)).code;
    const bound = await page.post({
      intent: "mobile-bind",
      mobile,
      key: (await sms(mobile)).key,
      code: newCode,
      old_key: signedOld,
      old_code: oldCode,
      ...(await captcha()),
    });
    expect(bound.status).toBe(303);
    const again = unusedMobile();
    const stale = await page.post({ intent: "mobile-code", mobile: again, old_key: signedOld, old_code: oldCode, ...(await captcha()) });
    expect(stale.status).toBe(400);
    expect(stale.data.mobileResult!.error).toMatchObject({ "": ["account:errors.oldCodeRequired"] });
  });
});

describe("email binding (D10) is a capability", () => {
  const EMAIL_PATHS = ["/api/member/checkemail", "/api/member/bingemailcode", "/api/member/modifyemail"];

  test("without the endpoints (Niushop 5.5.2) there is no email panel, and a post goes back to the page with a message, never a 502", async () => {
    const member = await freshMember();
    const page = await signedIn(member.token);
    resetCapabilities();
    await shop.testApi("/__test/endpoints", { disabled: EMAIL_PATHS });
    try {
      expect((await page.load()).email).toBeNull();
      const posted = await page.post({ intent: "email-code", email: "buyer@example.com", ...(await captcha()) });
      expect(posted).toMatchObject({ status: 303, location: "/member/security" });
      const { toast } = await takeToast(new Request("http://shop.test/", { headers: { Cookie: posted.cookie!.split(";")[0]! } }));
      expect(toast).toEqual({ kind: "error", key: "account:email.unavailable" });
    } finally {
      await shop.testApi("/__test/endpoints", { disabled: [] });
      resetCapabilities();
    }
    expect((await page.load()).email).toBe("");
  });
});

describe("a member without a login password (D11) sets one with a code to the bound mobile", () => {
  async function registeredBySms() {
    const mobile = unusedMobile();
    const { data } = await shop.call("/api/register/mobileCode", { mobile, ...(await captcha()) });
    const { code } = await sms(mobile);
    const registered = await shop.call("/api/register/mobile", { mobile, key: (data as { key: string }).key, code });
    return { mobile, token: (registered.data as { token: string }).token };
  }

  test("no old password is asked; a wrong code and a key not sent for this member are refused; the right code sets it", async () => {
    const member = await registeredBySms();
    const page = await signedIn(member.token);
    expect(await page.load()).toMatchObject({ hasPassword: false, mobile: member.mobile });

    const noCode = await page.post({ intent: "password", new_password: "newpass123", confirm_password: "newpass123" });
    expect(noCode.status).toBe(400);
    expect(noCode.data.result!.error).toMatchObject({ key: ["member:security.errors.sendFirst"] });

    const asked = await page.post({ intent: "password-code", ...(await captcha()) });
    expect(asked.status).toBe(200);
    const passwordKey = asked.data.passwordKey!;
    const sent = await sms(member.mobile);
    expect(passwordKey.startsWith(`${sent.key}.`)).toBe(true);

    const wrongCode = await page.post({
      intent: "password",
      key: passwordKey,
      code: wrong(sent.code),
      new_password: "newpass123",
      confirm_password: "newpass123",
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.data.result!.error).toMatchObject({ code: ["member:security.errors.codeWrong"] });
    expect(wrongCode.data.passwordKey).toBe(passwordKey); // the step is kept

    // The raw key of a code the member holds for a number of theirs (5.5.2 would take any such pair).
    const spare = unusedMobile();
    const bindKey = ((await shop.call("/api/member/bindmobliecode", { token: member.token, mobile: spare, ...(await captcha()) })).data as { key: string }).key;
    const forged = await page.post({
      intent: "password",
      key: bindKey,
      code: (await sms(spare)).code,
      new_password: "newpass123",
      confirm_password: "newpass123",
    });
    expect(forged.status).toBe(400);
    expect(forged.data.result!.error).toMatchObject({ "": ["member:security.errors.sendFirst"] });

    const set = await page.post({ intent: "password", key: passwordKey, code: sent.code, new_password: "newpass123", confirm_password: "newpass123" });
    expect(set).toMatchObject({ status: 303, location: "/member/security" });
    expect(await page.load()).toMatchObject({ hasPassword: true });
    await expect(shop.login(member.mobile, "newpass123")).resolves.toEqual(expect.any(String));
  });

  test("a member with a password still changes it with the old one (no code step)", async () => {
    const member = await freshMember();
    const page = await signedIn(member.token);
    expect(await page.load()).toMatchObject({ hasPassword: true });
    const refused = await page.post({ intent: "password", old_password: "not-the-one1", new_password: "newpass123", confirm_password: "newpass123" });
    expect(refused.status).toBe(400);
    expect(refused.data.result!.error).toMatchObject({ old_password: ["member:security.errors.oldWrong"] });
    const asked = await page.post({ intent: "password-code", ...(await captcha()) });
    expect(asked.status).toBe(400); // no code step for a member who has a password
    const changed = await page.post({ intent: "password", old_password: member.password, new_password: "newpass123", confirm_password: "newpass123" });
    expect(changed).toMatchObject({ status: 303, location: "/member/security" });
  });
});

describe("the pay password: only a key the BFF gave this member counts", () => {
  test("another member's key with its right code is refused (Niushop 5.5.2 would take it); the member's own signed key sets it", async () => {
    const member = await freshMember();
    const page = await signedIn(member.token);
    const payKey = (await page.post({ intent: "pay-code" })).data.payKey!;
    const own = await sms(member.mobile);
    expect(payKey.startsWith(`${own.key}.`)).toBe(true);

    const other = await freshMember();
    const otherKey = ((await shop.call("/api/member/paypwdcode", { token: other.token })).data as { key: string }).key;
    const otherCode = (await sms(other.mobile)).code;
    const fields = { intent: "pay-password", pay_password: "246810", confirm_pay_password: "246810" };
    const foreign = await page.post({ ...fields, key: otherKey, code: otherCode });
    expect(foreign).toMatchObject({ status: 400, data: { payError: "member:security.errors.sendFirst" } });
    expect((await shop.call("/api/member/issetpayaassword", { token: member.token })).data as number).toBe(0);

    expect(await page.post({ ...fields, key: payKey, code: own.code })).toMatchObject({ status: 303, location: "/member/security" });
    expect((await shop.call("/api/member/issetpayaassword", { token: member.token })).data as number).toBe(1);
  });
});
