import { beforeAll, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { listAddresses } from "~/upstream/address.server";
import { registerWithUsername } from "~/upstream/auth.server";
import type { UpstreamContext } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import { getQualificationConfig } from "~/upstream/qualification.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * registerWithUsername's business fields against the reference shop API (docs/member-centre.md
 * "Registration"): region and address become the default delivery address, the business type and
 * real name are stored, a bad region or a missing address is refused, a distributor named as the
 * referrer becomes the parent and anyone else is ignored.
 */

const live = useLiveShopApi();
let shop: TestShopApi;
let visitor: UpstreamContext;

const CLINIC = 3;
const BEIJING = { province_id: 110000, city_id: 110100, district_id: 110101 };

beforeAll(() => {
  shop = live.shop;
  visitor = { baseUrl: shop.url, timeoutMs: 10_000 } as UpstreamContext;
});

async function register(extras: Parameters<typeof registerWithUsername>[1] extends infer T ? Partial<T> : never) {
  const captcha = await shop.captcha();
  return registerWithUsername(visitor, {
    username: `rx${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`,
    password: "test123456",
    captcha_id: captcha.id,
    captcha_code: captcha.code,
    ...extras,
  });
}

test("region and address become the default delivery address; label and real name are stored", async () => {
  const { token } = await register({
    ...BEIJING,
    full_address: "ignored-by-the-api",
    address: "南池子大街 9 号",
    member_label: CLINIC,
    member_label_name: "诊所",
    realname: "张医生",
    inputfenxiao_name: "nobody-is-a-distributor",
    invitation_code: "ABC123",
  });
  const member = { ...visitor, token, member: "required" as const };
  const addresses = await listAddresses(member);
  expect(addresses).toHaveLength(1);
  expect(addresses[0]).toMatchObject({ ...BEIJING, address: "南池子大街 9 号", full_address: "北京市-北京市-东城区", name: "张医生", is_default: true });
  expect(await getMember(member)).toMatchObject({ realname: "张医生" });
  expect(await getQualificationConfig(member)).toMatchObject({ member_label: CLINIC, member_label_name: "诊所" });
});

test("without region and address the member simply has no address", async () => {
  const { token } = await register({});
  expect(await listAddresses({ ...visitor, token, member: "required" })).toEqual([]);
});

test("a bad region path or a missing address is refused, nobody is registered", async () => {
  await expect(register({ province_id: 110000, city_id: 310100, district_id: 0, address: "x" })).rejects.toMatchObject({ upstreamMessage: "所选地区不存在" });
  await expect(register({ province_id: 110000, city_id: 110100, district_id: 0, address: "x" })).rejects.toMatchObject({ upstreamMessage: "请选择区/县" });
  await expect(register({ ...BEIJING, address: "" })).rejects.toMatchObject({ upstreamMessage: "请填写详细地址" });
});

test("a distributor named as the referrer becomes the new member's parent; a member who is not one is ignored", async () => {
  const distributor = await shop.newBuyer();
  const plain = await shop.newBuyer();
  shop.api.db.prepare("UPDATE member SET is_fenxiao = 1 WHERE member_id = ?").run(distributor.member_id);
  /** Registers with `referrer` typed in the referrer field; the new member's parent id. */
  const parentAfterRegistering = async (referrer: string) => {
    const username = `rf${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const captcha = await shop.captcha();
    await registerWithUsername(visitor, { username, password: "test123456", captcha_id: captcha.id, captcha_code: captcha.code, inputfenxiao_name: referrer });
    return (shop.api.db.prepare("SELECT parent_id FROM member WHERE username = ?").get(username) as { parent_id: number }).parent_id;
  };
  expect(await parentAfterRegistering(distributor.username)).toBe(distributor.member_id);
  expect(await parentAfterRegistering(` ${distributor.username} `)).toBe(distributor.member_id);
  expect(await parentAfterRegistering(plain.username)).toBe(0);
});
