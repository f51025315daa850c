import { afterEach, beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { action, loader } from "~/routes/_auth.register/route";
import { resetCapabilities } from "~/upstream/capabilities.server";
import { invalidate } from "~/utils/cache.server";
import { honeypotInputProps } from "~/utils/honeypot.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * What registration asks for follows what the upstream keeps (audit D12, docs/behaviour.md
 * "Registration"): Niushop 5.5.2 saves only username and password (mobile and code), so without the
 * B2B registration addition (capability registerExtras, recognised by /api/register/labellist) the
 * form asks for nothing else and sends nothing else; with it, the business fields are asked and
 * kept, region and address required where the upstream has region data.
 */

const live = useLiveShopApi();
let shop: TestShopApi;

beforeAll(() => {
  shop = live.shop;
});

/** The registration addition's endpoints, which a stock Niushop 5.5.2 lacks. */
const REGISTRATION_ADDITION = ["/api/register/labellist", "/api/register/getAptitude", "/api/qualification", "/api/upload/qualification"];
const BEIJING = { province_id: "110000", city_id: "110100", district_id: "110101" };

async function asStockNiushop() {
  await shop.testApi("/__test/endpoints", { disabled: REGISTRATION_ADDITION });
  resetCapabilities();
  invalidate();
}

afterEach(async () => {
  await shop.testApi("/__test/endpoints", { disabled: [] });
  resetCapabilities();
  invalidate();
});

type Loaded = Awaited<ReturnType<typeof loader>>;
const load = async (query = "") => (await loader({ request: new Request(`http://shop.test/register${query}`), params: {}, context: {} })) as Loaded;

/** Posts the register form as a browser would (honeypot included); the redirect or the answer's status and data. */
async function post(fields: Record<string, string>) {
  const trap = honeypotInputProps();
  const body = new FormData();
  body.append(trap.nameFieldName, "");
  body.append(trap.validFromFieldName!, trap.encryptedValidFrom);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request("http://shop.test/register", { method: "POST", body });
  const answer = (await action({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown)) as unknown;
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location"), error: null };
  const { data, init } = answer as { data: { result: { error?: Record<string, string[] | null> } }; init: { status?: number } | null };
  return { status: init?.status ?? 200, location: null, error: data.result.error ?? null };
}

async function captcha() {
  const { id, code } = await shop.captcha();
  return { captcha_id: id, captcha_code: code };
}

type Row = { realname: string; province_id: number; address: string; member_label_name: string; invitation_code: string; member_id: number };
const memberRow = (column: "username" | "mobile", value: string) =>
  shop.api.db.prepare(`SELECT member_id, realname, province_id, address, member_label_name, invitation_code FROM member WHERE ${column} = ?`).get(value) as Row;
const addressCount = (memberId: number) =>
  (shop.api.db.prepare("SELECT COUNT(*) AS n FROM member_address WHERE member_id = ?").get(memberId) as { n: number }).n;

const username = () => `rf${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const fresh = { password: "test123456", confirm_password: "test123456", agreement: "on" };

describe("a stock Niushop (no registration addition)", () => {
  test("the form asks only for username and password: no business type, contact name, region, address or referrer", async () => {
    await asStockNiushop();
    const page = await load();
    expect(page).toMatchObject({ extrasStored: false, labels: [], types: null, extras: { regions: null } });
  });

  test("a registration without an address is taken, and what a forged form adds is not sent", async () => {
    await asStockNiushop();
    const name = username();
    const answer = await post({
      intent: "register-username",
      username: name,
      ...fresh,
      ...(await captcha()),
      realname: "张医生",
      ...BEIJING,
      address: "南池子大街 9 号",
      invitation_code: "ABC123",
    });
    expect(answer).toMatchObject({ status: 303 });
    const row = memberRow("username", name);
    // The reference API would keep them (this B2B flavour): empty means they were never sent.
    expect(row).toMatchObject({ realname: "", province_id: 0, address: "", invitation_code: "" });
    expect(addressCount(row.member_id)).toBe(0);
  });

  test("mobile registration asks no contact name and sends none", async () => {
    await asStockNiushop();
    const mobile = `134${String(Date.now() % 100_000_000).padStart(8, "0")}`;
    const sent = await post({ intent: "send-code", mobile, ...fresh, ...(await captcha()) });
    expect(sent.status).toBe(200);
    const { key, code } = (await shop.testApi<{ key: string; code: string }>(`/__test/sms?mobile=${mobile}`)).body;
    expect(await post({ intent: "register-mobile", mobile, key, code, realname: "李药师", agreement: "on" })).toMatchObject({ status: 303 });
    expect(memberRow("mobile", mobile)).toMatchObject({ realname: "" });
  });
});

describe("an upstream with the registration addition (the reference API)", () => {
  test("the business fields are asked; region and address are required and kept", async () => {
    // Without the qualification addon, so that no document is required at sign-up (docs/qualifications.md covers that).
    await shop.testApi("/__test/endpoints", { disabled: ["/api/qualification", "/api/upload/qualification"] });
    const page = await load();
    expect(page.extrasStored).toBe(true);
    expect(page.labels.length).toBeGreaterThan(0);
    expect(page.extras.regions?.options.provinces.length).toBeGreaterThan(0);

    const name = username();
    const missing = await post({ intent: "register-username", username: name, ...fresh, ...(await captcha()), realname: "张医生" });
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ province_id: ["address:errors.provinceRequired"], address: ["address:errors.detailRequired"] });

    const done = await post({
      intent: "register-username",
      username: name,
      ...fresh,
      ...(await captcha()),
      realname: "张医生",
      ...BEIJING,
      address: "南池子大街 9 号",
    });
    expect(done, JSON.stringify(done.error)).toMatchObject({ status: 303 });
    const row = memberRow("username", name);
    expect(row).toMatchObject({ realname: "张医生", province_id: 110000, address: "南池子大街 9 号" });
    expect(addressCount(row.member_id)).toBe(1);
  });

  test("mobile registration keeps the contact name and business type", async () => {
    const mobile = `133${String(Date.now() % 100_000_000).padStart(8, "0")}`;
    await post({ intent: "send-code", mobile, agreement: "on", ...(await captcha()) });
    const { key, code } = (await shop.testApi<{ key: string; code: string }>(`/__test/sms?mobile=${mobile}`)).body;
    const label = (await load("?mode=mobile")).labels[0]!;
    const answer = await post({ intent: "register-mobile", mobile, key, code, realname: "李药师", member_label: String(label.label_id), agreement: "on" });
    expect(answer.status).toBe(303);
    expect(memberRow("mobile", mobile)).toMatchObject({ realname: "李药师", member_label_name: label.label_name });
  });
});
