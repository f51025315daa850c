import { describe, expect, test } from "vitest";
import { detailPathFor, detailUrl, lineRefund, nextStep, orderButtons, tabOf } from "~/domain/orders";

/** The order rules the pages rely on (app/domain/orders.ts, docs/orders.md). */

const order = (over: Partial<Parameters<typeof orderButtons>[0]> = {}): Parameters<typeof orderButtons>[0] => ({
  order_id: 7,
  order_status: 1,
  out_trade_no: "17950000001",
  is_evaluate: false,
  evaluate_status: 0,
  action: [],
  order_goods: [
    { order_goods_id: 70, refund_status: 0 },
    { order_goods_id: 71, refund_status: 1 },
  ],
  ...over,
});
const ids = (o: Parameters<typeof orderButtons>[0]) => orderButtons(o).map((b) => b.id);

describe("tabs", () => {
  test.each([
    [null, "all"],
    ["waitpay", "waitpay"],
    ["waitrate", "waitrate"],
    ["wait_use", "all"],
    ["refunding", "aftersales"],
    ["<script>", "all"],
  ])("?status=%s → %s", (status, tab) => {
    expect(tabOf(status)).toBe(tab);
  });
});

describe("one detail route per kind", () => {
  test.each([
    [1, "/member/order_detail"],
    [2, "/member/order_detail_pickup"],
    [3, "/member/order_detail_local_delivery"],
    [4, "/member/order_detail_virtual"],
    [5, null],
    [0, null],
  ])("order_type %i → %s", (type, path) => {
    expect(detailPathFor(type)).toBe(path);
  });
  test("detail URL carries the order id", () => {
    expect(detailUrl({ order_id: 3, order_type: 2 })).toBe("/member/order_detail_pickup?order_id=3");
    expect(detailUrl({ order_id: 3, order_type: 9 })).toBeNull();
  });
});

describe("buttons are exactly action[] plus evaluate and buy again", () => {
  test("unpaid: close and pay (to /pay?order_id), no buy again", () => {
    const buttons = orderButtons(order({ order_status: 0, action: [{ action: "orderClose" }, { action: "orderPay" }] }));
    expect(buttons).toEqual([
      { kind: "form", id: "close" },
      { kind: "link", id: "pay", href: "/pay?order_id=7", primary: true },
    ]);
  });
  test("shipped: receive and trace; unknown codes are skipped", () => {
    expect(ids(order({ order_status: 3, action: [{ action: "memberTakeDelivery" }, { action: "trace" }, { action: "orderAddressUpdate" }] }))).toEqual([
      "receive",
      "trace",
      "buy-again",
    ]);
  });
  test("evaluate when is_evaluate and not yet evaluated; evaluate again once; nothing after the follow-up", () => {
    const received = { order_status: 4, is_evaluate: true, action: [{ action: "trace" }] };
    expect(orderButtons(order({ ...received, evaluate_status: 0 }))).toContainEqual({ kind: "link", id: "evaluate", href: "/evaluate?order_id=7" });
    expect(ids(order({ ...received, evaluate_status: 1 }))).toContain("evaluateAgain");
    expect(ids(order({ ...received, evaluate_status: 2 }))).toEqual(["trace", "buy-again"]);
    expect(ids(order({ order_status: 4, is_evaluate: false }))).toEqual(["buy-again"]);
  });
  test("batch refund links the lines without a refund; offline pay goes to the cashier", () => {
    const [batch] = orderButtons(order({ action: [{ action: "memberBatchRefund" }] }));
    expect(batch).toEqual({ kind: "link", id: "batchRefund", href: "/member/refund?order_id=7&order_goods_ids=70" });
    const [offline] = orderButtons(order({ order_status: 0, action: [{ action: "orderOfflinePay" }] }));
    expect(offline).toMatchObject({ href: "/pay?out_trade_no=17950000001" });
  });
});

describe("per-line after-sales (§4.2 last paragraph)", () => {
  const base = { order_id: 7, is_enable_refund: true, order_scene: "online" };
  test("apply while refunds are enabled and the line has none", () => {
    expect(lineRefund(base, { order_goods_id: 70, refund_status: 0, refund_status_name: "" })).toEqual({
      kind: "apply",
      href: "/member/refund?order_goods_id=70&order_id=7",
    });
    expect(lineRefund({ ...base, is_enable_refund: false }, { order_goods_id: 70, refund_status: 0, refund_status_name: "" })).toBeNull();
    expect(lineRefund({ ...base, order_scene: "cashier" }, { order_goods_id: 70, refund_status: 0, refund_status_name: "" })).toBeNull();
  });
  test("a line with a refund links its detail, labelled with its state", () => {
    expect(lineRefund({ ...base, is_enable_refund: false }, { order_goods_id: 71, refund_status: 1, refund_status_name: "申请售后" })).toEqual({
      kind: "detail",
      href: "/member/refund_detail?order_goods_id=71",
      label: "申请售后",
    });
  });
});

describe("next step and deadline", () => {
  const at = { create_time: 1_000, auto_receive_time: 0 };
  test("unpaid: pay before create_time + auto_close", () => {
    expect(nextStep({ ...at, order_type: 1, order_status: 0 }, 1800)).toEqual({ key: "next.pay", deadline: 2800 });
    expect(nextStep({ ...at, order_type: 1, order_status: 0 }, 0)).toEqual({ key: "next.pay", deadline: null });
  });
  test("shipped: receive, with the auto-receive time only when the upstream gives it", () => {
    expect(nextStep({ ...at, order_type: 1, order_status: 3, auto_receive_time: 5000 }, 1800)).toEqual({ key: "next.receive", deadline: 5000 });
    expect(nextStep({ ...at, order_type: 3, order_status: 3 }, 1800)).toEqual({ key: "next.receive", deadline: null });
    expect(nextStep({ ...at, order_type: 4, order_status: 3, auto_receive_time: 5000 }, 1800)).toEqual({ key: "next.confirmUse", deadline: null });
  });
  test.each([
    [1, 1, "next.waitShip"],
    [3, 1, "next.waitLocal"],
    [2, 2, "next.pickup"],
    [1, 4, "next.received"],
    [1, 10, "next.completed"],
    [1, -1, "next.closed"],
    [1, 99, "next.unknown"],
  ])("type %i status %i → %s", (type, status, key) => {
    expect(nextStep({ ...at, order_type: type, order_status: status }, 1800).key).toBe(key);
  });
});
