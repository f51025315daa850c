import { describe, expect, test } from "vitest";
import { getRegisterReward } from "~/upstream/auth.server";
import { invalidate } from "~/utils/cache.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The sign-up gift (issue 29 item 3): the reference shop API gives the registration reward on
 * registration, as Niushop 5.5.2 does (points, stored value and growth with their ledger rows),
 * only while it is switched on; and the BFF reads the same switch before /register promises it.
 */
const live = useLiveShopApi();

type Info = { point: number; growth: number; balance: string };

async function registerByUsername(): Promise<string> {
  const captcha = await live.shop.captcha();
  const answer = await live.shop.call("/api/register/username", {
    username: `gift${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`,
    password: "secret123",
    captcha_id: captcha.id,
    captcha_code: captcha.code,
  });
  expect(answer.code, answer.message).toBe(0);
  return (answer.data as { token: string }).token;
}

async function registerByMobile(): Promise<string> {
  const mobile = `135${String(Date.now()).slice(-8)}`;
  const captcha = await live.shop.captcha();
  const sent = await live.shop.call("/api/register/mobileCode", { mobile, captcha_id: captcha.id, captcha_code: captcha.code });
  const key = (sent.data as { key: string }).key;
  const sms = await live.shop.testApi<{ code: string }>(`/__test/sms?mobile=${mobile}`);
  const answer = await live.shop.call("/api/register/mobile", { mobile, key, code: sms.body.code });
  expect(answer.code, answer.message).toBe(0);
  return (answer.data as { token: string }).token;
}

/** The coupon types of the member's usable coupons. */
async function couponTypesOf(token: string): Promise<number[]> {
  const page = (await live.shop.call("/coupon/api/coupon/memberpage", { token, page: 1, page_size: 20, state: 1 })).data as {
    list: Array<{ coupon_type_id: number }>;
  };
  return page.list.map((coupon) => coupon.coupon_type_id);
}

async function infoOf(token: string) {
  return (await live.shop.call("/api/member/info", { token })).data as Info;
}

describe.each([
  ["username", registerByUsername],
  ["mobile", registerByMobile],
])("registration by %s", (_way, register) => {
  test("gives the reward while it is on, with ledger rows, and nothing while it is off", async () => {
    await live.shop.testApi("/__test/config/register-reward", { is_use: 1, point: 100, growth: 10, balance: 0, coupon: "6" });
    invalidate();
    expect(await getRegisterReward({ baseUrl: live.shop.url, timeoutMs: 10_000, token: null, member: "optional" })).toMatchObject({
      is_use: true,
      value: { point: 100, growth: 10, coupon_list: [{ coupon_type_id: 6, coupon_name: "新客立减10元" }] },
    });
    const rewarded = await register();
    expect(await infoOf(rewarded)).toMatchObject({ point: 100, growth: 10 });
    expect(await couponTypesOf(rewarded)).toEqual([6]);
    const ledger = (await live.shop.call("/api/memberaccount/page", { token: rewarded, page: 1, page_size: 10, account_type: "point" })).data as {
      list: Array<{ account_data: number | string; from_type: string }>;
    };
    expect(ledger.list).toContainEqual(expect.objectContaining({ from_type: "register" }));

    await live.shop.testApi("/__test/config/register-reward", { is_use: 0 });
    invalidate();
    const reward = await getRegisterReward({ baseUrl: live.shop.url, timeoutMs: 10_000, token: null, member: "optional" });
    expect(reward?.is_use).toBe(false);
    const plain = await register();
    expect(await infoOf(plain)).toMatchObject({ point: 0, growth: 0 });
    expect(await couponTypesOf(plain)).toEqual([]);
    await live.shop.testApi("/__test/config/register-reward", { is_use: 1 });
  });
});
