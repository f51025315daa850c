import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { commitToken } from "~/session/session.server";
import { action as refundAction, loader as refundLoader } from "~/routes/_main.member.refund/route";
import { action as refundDetailAction, loader as refundDetailLoader } from "~/routes/_main.member.refund_detail/route";
import { pointBffAt } from "../support/bff-environment";
import { envelope, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";
import { loadSample } from "../support/shape";

/**
 * /member/refund against a fake upstream that behaves as Niushop 5.5.2: refunddata and refund take
 * any member's line (docs/upstream-conformance.md D1) and refund reads no amount (D5). The page
 * must check the lines are in the member's own order before it reads or applies anything.
 */

let upstream: FakeUpstream;
let restore = () => {};
let memberCookie = "";

beforeAll(async () => {
  upstream = await startFakeUpstream();
  restore = pointBffAt(upstream.url, { UPSTREAM_TIMEOUT_MS: "300" });
  memberCookie = (await commitToken(new Request("http://shop.test/login"), {}, "member-token", { newSignIn: true })).split(";")[0];
});

afterAll(async () => {
  await upstream.close();
  restore();
});

/** The member's order 1 with lines 1 and 2 (the real sample). */
const ORDER_DETAIL = loadSample("api_order_detail").data as Record<string, unknown>;
const LINE = { order_goods_id: 1, order_id: 1, sku_name: "牛牌 N1 智能手机 黑色 128G", sku_image: "upload/a.png", price: "2999.00", num: 2, refund_status: 0 };
const REFUND_DATA = { order_goods_info: LINE, refund_money: "5998.00", refund_type: [1], refund_reason_type: ["其他"], refund_delivery_money: "0.00" };

beforeEach(() => {
  upstream.reset();
  upstream.on("/api/order/detail", { body: envelope(0, "操作成功", ORDER_DETAIL) });
  upstream.on("/api/orderrefund/refunddata", { body: envelope(0, "操作成功", REFUND_DATA) });
  upstream.on("/api/orderrefund/refund", { body: envelope(0, "操作成功", 1) });
});

function request(path: string, form?: Record<string, string>) {
  const headers = new Headers({ Cookie: memberCookie });
  if (!form) return new Request(`http://shop.test${path}`, { headers });
  return new Request(`http://shop.test${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

const args = (req: Request) => ({ request: req, params: {}, context: {} });
const called = (path: string) => upstream.requests.filter((call) => call.path === path);
const APPLY = { intent: "submit", refund_type: "1", refund_reason: "其他", remark: "", amount: "0.01" };

describe("/member/refund", () => {
  test("another member's order: 404 for GET and POST, and no refund data is read or refund applied", async () => {
    upstream.on("/api/order/detail", { body: envelope(-1, "当前订单不是本账号的订单！", []) });
    await expect(refundLoader(args(request("/member/refund?order_goods_id=1&order_id=1")))).rejects.toMatchObject({ status: 404 });
    await expect(refundAction(args(request("/member/refund?order_goods_id=1&order_id=1", APPLY)))).rejects.toMatchObject({ status: 404 });
    expect(called("/api/orderrefund/refunddata")).toHaveLength(0);
    expect(called("/api/orderrefund/refund")).toHaveLength(0);
  });

  test("a line that is not in the named order (the member's own) is a 404 too, batch or not", async () => {
    await expect(refundLoader(args(request("/member/refund?order_goods_id=99&order_id=1")))).rejects.toMatchObject({ status: 404 });
    await expect(refundAction(args(request("/member/refund?order_goods_ids=1,99&order_id=1", APPLY)))).rejects.toMatchObject({ status: 404 });
    await expect(refundLoader(args(request("/member/refund?order_goods_id=1")))).rejects.toMatchObject({ status: 404 });
    expect(called("/api/orderrefund/refunddata")).toHaveLength(0);
    expect(called("/api/orderrefund/refund")).toHaveLength(0);
  });

  test("the member's own line: the whole refundable amount is shown, and applied for without an amount (a posted one is ignored)", async () => {
    const view = await refundLoader(args(request("/member/refund?order_goods_id=1&order_id=1")));
    expect(view).toMatchObject({ max: "5998.00", lines: [{ id: 1 }] });
    const applied = await refundAction(args(request("/member/refund?order_goods_id=1&order_id=1", APPLY)));
    expect(applied).toBeInstanceOf(Response);
    expect((applied as Response).headers.get("Location")).toBe("/member/refund_detail?order_goods_id=1");
    const [sent] = called("/api/orderrefund/refund");
    expect(sent?.body).toMatchObject({ order_goods_ids: "1", refund_type: 1, refund_reason: "其他" });
    expect(sent?.body).not.toHaveProperty("refund_apply_money");
  });

  test("a reason the upstream does not offer is refused at its field, a tampered image list at the form; nothing applied", async () => {
    const url = "/member/refund?order_goods_id=1&order_id=1";
    const wrong = (await refundAction(args(request(url, { ...APPLY, refund_reason: "随便写的", remark: "拆封了" })))) as unknown as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> }; images: unknown[] };
      init: ResponseInit;
    };
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.result.error).toEqual({ refund_reason: ["aftersales:errors.reasonMissing"] });
    expect(wrong.data.result.initialValue).toMatchObject({ refund_reason: "随便写的", remark: "拆封了" });
    const tampered = (await refundAction(
      args(request(url, { ...APPLY, refund_images: Array.from({ length: 9 }, (_, i) => `upload/${i}.png`).join(",") })),
    )) as unknown as {
      data: { result: { error: Record<string, string[]> } };
      init: ResponseInit;
    };
    expect(tampered.init.status).toBe(400);
    expect(tampered.data.result.error[""]).toEqual(["aftersales:errors.badForm"]);
    expect(called("/api/orderrefund/refund")).toHaveLength(0);
  });

  test("the member's own line the upstream refuses to refund: its message on a 409 page, not a 404 (issue 29)", async () => {
    upstream.on("/api/orderrefund/refunddata", { body: envelope(-1, "该订单已关闭，不能申请退款", null) });
    const refused = await refundLoader(args(request("/member/refund?order_goods_id=1&order_id=1"))).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(409);
    expect(await (refused as Response).json()).toEqual({ message: "upstream:该订单已关闭，不能申请退款" });
  });
});

describe("/member/refund_detail", () => {
  test("another member's line, answered by 5.5.2 with success and only the log: 404 for GET and POST (not a 502), nothing cancelled", async () => {
    upstream.on("/api/orderrefund/detail", { body: envelope(0, "操作成功", { refund_log_list: [] }) });
    await expect(refundDetailLoader(args(request("/member/refund_detail?order_goods_id=41")))).rejects.toMatchObject({ status: 404 });
    await expect(refundDetailAction(args(request("/member/refund_detail?order_goods_id=41", { intent: "cancel" })))).rejects.toMatchObject({ status: 404 });
    expect(called("/api/orderrefund/cancel")).toHaveLength(0);
  });

  test("a waybill without a company or with a number that is not letters and digits is refused at its fields (400), nothing read or sent", async () => {
    const refused = (await refundDetailAction(
      args(request("/member/refund_detail?order_goods_id=1", { intent: "delivery", company: "", number: "SF 12" })),
    )) as unknown as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error).toEqual({ company: ["aftersales:errors.waybillMissing"], number: ["aftersales:errors.waybillNumber"] });
    expect(refused.data.result.initialValue).toMatchObject({ number: "SF 12" });
    expect(upstream.requests).toHaveLength(0);
  });
});
