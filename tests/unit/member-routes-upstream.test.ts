import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { commitToken } from "~/session/session.server";
import { action as evaluateAction } from "~/routes/_main.evaluate/route";
import { action as addressAction } from "~/routes/_main.member.address_edit/route";
import { action as withdrawAction, loader as withdrawLoader } from "~/routes/_main.member.apply_withdrawal";
import { action as complainAction } from "~/routes/_main.member.complain/route";
import { action as rechargeOrderAction } from "~/routes/_main.member.recharge_order/route";
import { invalidate } from "~/utils/cache.server";
import { pointBffAt } from "../support/bff-environment";
import { envelope, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";

/**
 * The member actions that a real Niushop 5.5.2 refused (issue 28), against a fake upstream that
 * answers as it does: what each sends (every field the PHP reads without a default), and how
 * each takes the real answers (`data: ""` after a withdrawal).
 */

let upstream: FakeUpstream;
let restore = () => {};
let memberCookie = "";

beforeAll(async () => {
  upstream = await startFakeUpstream();
  restore = pointBffAt(upstream.url, { UPSTREAM_TIMEOUT_MS: "1000" });
  memberCookie = (await commitToken(new Request("http://shop.test/login"), {}, "member-token", { newSignIn: true })).split(";")[0];
});

afterAll(async () => {
  await upstream.close();
  restore();
});

beforeEach(() => {
  upstream.reset();
  invalidate();
});

function post(path: string, form: Record<string, string>) {
  const headers = new Headers({ Cookie: memberCookie });
  return new Request(`http://shop.test${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

const bodyOf = (path: string) => upstream.requests.find((call) => call.path === path)?.body as Record<string, unknown> | undefined;
const calls = (path: string) => upstream.requests.filter((call) => call.path === path).length;

/** Remix `data()` results: { data, init }. */
function unwrap(result: unknown): { status: number; data: Record<string, unknown> } {
  const value = result as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: value.init?.status ?? 200, data: value.data };
}

describe("/member/address_edit", () => {
  const region = (id: number, pid: number, name: string, level: number) => ({ id, pid, name, shortname: name, level });
  beforeEach(() => {
    upstream.on("/api/address/lists", (body) => {
      const children: Record<number, unknown[]> = {
        0: [region(110000, 0, "北京市", 1)],
        110000: [region(110100, 110000, "北京市", 2)],
        110100: [region(110101, 110100, "东城区", 3)],
        110101: [],
      };
      return { body: envelope(0, "", children[Number(body.pid)] ?? []) };
    });
  });
  const FORM = {
    intent: "save",
    name: "王小明",
    mobile: "13612345678",
    province_id: "110000",
    city_id: "110100",
    district_id: "110101",
    address: "南池子大街 2 号",
  };
  const ROW = {
    id: 7,
    name: "王小明",
    mobile: "13612345678",
    telephone: "",
    province_id: 110000,
    city_id: 110100,
    district_id: 110101,
    community_id: 0,
    address: "1 号",
    full_address: "北京市-北京市-东城区",
    is_default: 1,
  };

  test("add sends every field the upstream reads, coordinates empty (a plain address)", async () => {
    upstream.on("/api/memberaddress/add", { body: envelope(0, "操作成功", "12") });
    const response = (await addressAction({ request: post("/member/address_edit", FORM), params: {}, context: {} })) as Response;
    expect(response.status).toBe(303);
    expect(bodyOf("/api/memberaddress/add")).toMatchObject({
      name: "王小明",
      mobile: "13612345678",
      telephone: "",
      province_id: 110000,
      city_id: 110100,
      district_id: 110101,
      community_id: 0,
      address: "南池子大街 2 号",
      full_address: "北京市-北京市-东城区",
      longitude: "",
      latitude: "",
      is_default: 0,
    });
  });

  test("edit sends the stored coordinates back: a located address stays located (upstream refuses to drop them)", async () => {
    upstream.on("/api/memberaddress/info", { body: envelope(0, "操作成功", { ...ROW, longitude: "116.40529", latitude: "39.904987", type: 2 }) });
    upstream.on("/api/memberaddress/edit", { body: envelope(0, "操作成功", 1) });
    const response = (await addressAction({ request: post("/member/address_edit", { ...FORM, id: "7" }), params: {}, context: {} })) as Response;
    expect(response.status).toBe(303);
    expect(bodyOf("/api/memberaddress/edit")).toMatchObject({ id: 7, name: "王小明", longitude: "116.40529", latitude: "39.904987", is_default: 0 });
  });

  test("an address row without coordinates (null or absent upstream) edits with empty ones", async () => {
    upstream.on("/api/memberaddress/info", { body: envelope(0, "操作成功", { ...ROW, longitude: null }) });
    upstream.on("/api/memberaddress/edit", { body: envelope(0, "操作成功", 1) });
    await addressAction({ request: post("/member/address_edit", { ...FORM, id: "7" }), params: {}, context: {} });
    expect(bodyOf("/api/memberaddress/edit")).toMatchObject({ longitude: "", latitude: "" });
  });
});

describe("/evaluate", () => {
  const INFO = {
    evaluate_status: 0,
    evaluate_status_name: "待评价",
    list: [
      {
        order_goods_id: 31,
        order_id: 9,
        order_no: "20261122000009",
        site_id: 1,
        goods_id: 5,
        sku_id: 5,
        sku_name: "板蓝根颗粒 10g*20袋",
        sku_image: "upload/goods/5/main.svg",
        price: "9.80",
        num: 1,
      },
    ],
  };
  const MEMBER = { member_id: 3, username: "buyer3", nickname: "仁心药房", headimg: "upload/headimg/3.png", mobile: "" };

  test("a first review sends the PC's fields: each line's sku name, price and image, the order number and the reviewer", async () => {
    upstream.on("/api/order/evluateinfo", { body: envelope(0, "操作成功", INFO) });
    upstream.on("/api/member/info", { body: envelope(0, "操作成功", MEMBER) });
    upstream.on("/api/goodsevaluate/add", { body: envelope(0, "操作成功", 1) });
    const form = { intent: "submit", scores_31: "5", content_31: "正品，发货快", images_31: "" };
    const response = (await evaluateAction({ request: post("/evaluate?order_id=9", form), params: {}, context: {} })) as Response;
    expect(response.status).toBe(303);
    const sent = bodyOf("/api/goodsevaluate/add")!;
    expect(sent).toMatchObject({ order_id: 9, order_no: "20261122000009", member_name: "仁心药房", member_headimg: "upload/headimg/3.png", is_anonymous: 0 });
    expect(JSON.parse(sent.goods_evaluate as string)).toEqual([
      {
        content: "正品，发货快",
        images: "",
        scores: 5,
        explain_type: 1,
        order_goods_id: 31,
        goods_id: 5,
        sku_id: 5,
        sku_name: "板蓝根颗粒 10g*20袋",
        sku_price: "9.80",
        sku_image: "upload/goods/5/main.svg",
        site_id: 1,
      },
    ]);
  });

  test("a follow-up review sends what the PC sends (again needs no sku fields)", async () => {
    upstream.on("/api/order/evluateinfo", { body: envelope(0, "操作成功", { ...INFO, evaluate_status: 1, list: [{ ...INFO.list[0], content: "正品" }] }) });
    upstream.on("/api/goodsevaluate/again", { body: envelope(0, "操作成功", 1) });
    const form = { intent: "submit", content_31: "用了一周，效果不错", images_31: "" };
    expect(((await evaluateAction({ request: post("/evaluate?order_id=9", form), params: {}, context: {} })) as Response).status).toBe(303);
    expect(JSON.parse(bodyOf("/api/goodsevaluate/again")!.goods_evaluate as string)).toEqual([
      { order_goods_id: 31, goods_id: 5, sku_id: 5, again_content: "用了一周，效果不错", again_images: "", site_id: 1 },
    ]);
    expect(calls("/api/member/info")).toBe(0);
  });
});

describe("/member/apply_withdrawal", () => {
  const ACCOUNT = {
    id: 4,
    realname: "王五",
    mobile: "13700137000",
    withdraw_type: "bank",
    withdraw_type_name: "银行卡",
    branch_bank_name: "招商银行",
    bank_account: "6225880123456789",
    is_default: 1,
  };
  beforeEach(() => {
    upstream.on("/api/memberwithdraw/info", {
      body: envelope(0, "操作成功", {
        member_info: { balance_money: "300.00", balance_withdraw_apply: "0.00", balance_withdraw: "0.00" },
        config: { is_use: 1, rate: "1.00", transfer_type: "bank", min: "10.00", max: "50000.00" },
      }),
    });
    upstream.on("/api/memberwithdraw/transfertype", { body: envelope(0, "操作成功", { bank: "银行卡" }) });
    upstream.on("/api/memberbankaccount/info", { body: envelope(0, "操作成功", ACCOUNT) });
    upstream.on("/api/memberbankaccount/page", { body: envelope(0, "操作成功", { page_count: 1, count: 1, list: [ACCOUNT] }) });
  });
  const apply = (form: Record<string, string>) => withdrawAction({ request: post("/member/apply_withdrawal", form), params: {}, context: {} });

  test('the upstream answers data "" on success: the records, with the success message', async () => {
    upstream.on("/api/memberwithdraw/apply", { body: envelope(0, "操作成功", "") });
    const response = (await apply({ account_id: "4", apply_money: "100", form_id: randomUUID() })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/member/withdrawal");
    expect(response.headers.get("Set-Cookie")).toContain("__toast");
    expect(bodyOf("/api/memberwithdraw/apply")).toMatchObject({
      apply_money: "100",
      transfer_type: "bank",
      realname: "王五",
      mobile: "13700137000",
      bank_name: "招商银行",
      account_number: "6225880123456789",
    });
  });

  test("the same form posted again is not applied again, whatever the first answer was", async () => {
    // The first answer never arrives in time (the member sees an error and retries).
    upstream.on("/api/memberwithdraw/apply", { delayMs: 1_500, body: envelope(0, "操作成功", "") });
    const formId = randomUUID();
    await expect(apply({ account_id: "4", apply_money: "100", form_id: formId })).rejects.toMatchObject({ status: 504 });
    upstream.on("/api/memberwithdraw/apply", { body: envelope(0, "操作成功", "") });
    const retry = (await apply({ account_id: "4", apply_money: "100", form_id: formId })) as Response;
    expect(retry.status).toBe(303);
    expect(retry.headers.get("Location")).toBe("/member/withdrawal");
    expect(calls("/api/memberwithdraw/apply")).toBe(1);
  });

  test("a refusal applies nothing, so the same form may be corrected and sent again", async () => {
    upstream.on("/api/memberwithdraw/apply", { body: envelope(-1, "申请提现金额不能大于会员可提现金额", []) });
    const formId = randomUUID();
    const refused = unwrap(await apply({ account_id: "4", apply_money: "100", form_id: formId }));
    expect(refused.status).toBe(409);
    expect(refused.data.result).toMatchObject({
      status: "error",
      error: { "": ["upstream:申请提现金额不能大于会员可提现金额"] },
      initialValue: { apply_money: "100" },
    });
    upstream.on("/api/memberwithdraw/apply", { body: envelope(0, "操作成功", "") });
    expect(((await apply({ account_id: "4", apply_money: "50", form_id: formId })) as Response).status).toBe(303);
    expect(calls("/api/memberwithdraw/apply")).toBe(2);
  });

  test("a form without its one-time id is an old copy: 400, nothing applied", async () => {
    const stale = unwrap(await apply({ account_id: "4", apply_money: "100" }));
    expect(stale.status).toBe(400);
    // Said at the form (its id is a hidden field), and the amount is to be filled in again.
    expect(stale.data.result).toMatchObject({ status: "error", error: { "": ["finance:errors.withdraw.staleForm"] } });
    expect((stale.data.result as { initialValue: Record<string, unknown> }).initialValue.apply_money).toBeUndefined();
    expect(calls("/api/memberwithdraw/apply")).toBe(0);
  });

  test("an amount that is not digits with up to 2 decimals is refused at its field; a rule at the form", async () => {
    const bad = unwrap(await apply({ account_id: "4", apply_money: "1.234", form_id: randomUUID() }));
    expect(bad.status).toBe(400);
    expect(bad.data.result).toMatchObject({ error: { apply_money: ["finance:errors.withdraw.badAmount"] }, initialValue: { apply_money: "1.234" } });
    const low = unwrap(await apply({ account_id: "4", apply_money: "9.99", form_id: randomUUID() }));
    expect(low.status).toBe(400);
    expect(low.data.result).toMatchObject({ error: { "": ["finance:errors.withdraw.belowMin|min=10.00"] } });
    expect(calls("/api/memberwithdraw/apply")).toBe(0);
  });

  test("every render of the page carries a new one-time id", async () => {
    const render = async () => {
      const request = new Request("http://shop.test/member/apply_withdrawal", { headers: new Headers({ Cookie: memberCookie }) });
      return ((await withdrawLoader({ request, params: {}, context: {} })) as { formId: string }).formId;
    };
    const [first, second] = [await render(), await render()];
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });
});

describe("form answers in conform's shape (submission.reply)", () => {
  test("/member/complain: a post with no known intent is not this page's form (400, nothing asked upstream)", async () => {
    const answer = unwrap(await complainAction({ request: post("/member/complain?order_goods_id=31", { intent: "other" }), params: {}, context: {} }));
    expect(answer.status).toBe(400);
    expect(answer.data.result).toMatchObject({ status: "error", error: { "": ["aftersales:errors.badForm"] } });
    expect(upstream.requests).toHaveLength(0);
  });

  test("/member/complain: a complaint without a reason is refused at the reason, the remark echoed", async () => {
    const answer = unwrap(
      await complainAction({ request: post("/member/complain?order_goods_id=31", { intent: "complain", remark: "包装未拆封" }), params: {}, context: {} }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.result).toMatchObject({ error: { reason: ["aftersales:errors.complainReason"] }, initialValue: { remark: "包装未拆封" } });
  });

  test("/member/recharge_order: a form without a package or an amount is an unknown package (404); a bad amount 400", async () => {
    const none = unwrap(await rechargeOrderAction({ request: post("/member/recharge_order", { other: "1" }), params: {}, context: {} }));
    expect(none.status).toBe(404);
    expect(none.data.result).toMatchObject({ error: { "": ["finance:errors.unknownPackage"] } });
    const bad = unwrap(await rechargeOrderAction({ request: post("/member/recharge_order", { face_value: "1.234" }), params: {}, context: {} }));
    expect(bad.status).toBe(400);
    expect(bad.data.result).toMatchObject({ error: { "": ["finance:errors.rechargeAmount"] } });
    expect(upstream.requests).toHaveLength(0);
  });
});
