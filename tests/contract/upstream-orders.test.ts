import { beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import type { UpstreamContext } from "~/upstream/http.server";
import { UpstreamError } from "~/upstream/http.server";
import { orderCardView, orderDetailView } from "~/upstream/order-view.server";
import {
  closeOrder,
  confirmReceipt,
  confirmVirtualUse,
  deleteOrder,
  findOrder,
  getTransactionAgreement,
  listOrders,
  listPackages,
  orderErrorFor,
} from "~/upstream/orders.server";
import { OrderDetailSchema, OrderPageSchema } from "~/upstream/schemas/orders";
import { useLiveShopApi } from "../support/bff-environment";
import { loadSample } from "../support/shape";

/**
 * The order pages' upstream functions (app/upstream/orders.server.ts): their schemas against the
 * real Niushop samples, then the functions against the reference shop API on a fresh database.
 */

describe("schemas parse the real samples", () => {
  test("lists: the unpaid order with its lines and close/pay actions", () => {
    const page = OrderPageSchema.parse(loadSample("api_order_lists").data);
    expect(page).toMatchObject({ count: 1, page_count: 1, auto_close: 1800 });
    const [order] = page.list;
    expect(order).toMatchObject({ order_id: 1, order_type: 1, order_status: 0, order_status_name: "待支付", pay_money: "6057.70", is_evaluate: false });
    expect(order.action.map((a) => a.action)).toEqual(["orderClose", "orderPay"]);
    expect(order.order_goods.map((line) => [line.sku_id, line.num, line.price])).toEqual([
      [5, 2, "2999.00"],
      [9, 3, "19.90"],
    ]);
    expect(order.order_goods[0].sku_spec_format).toEqual([
      { spec_name: "颜色", spec_value_name: "黑色" },
      { spec_name: "存储", spec_value_name: "128G" },
    ]);
    expect(OrderPageSchema.parse(loadSample("api_order_lists_waitpay").data).list).toHaveLength(1);
  });

  test("detail: store info absent, no virtual goods, buttons from action[]", () => {
    const order = OrderDetailSchema.parse(loadSample("api_order_detail").data);
    expect(order).toMatchObject({ order_no: "2026112211131001", delivery_store_info: null, auto_close: 1800, auto_receive_time: 0 });
    expect(orderCardView(order).buttons.map((b) => b.id)).toEqual(["close", "pay"]);
  });
});

describe("against the reference shop API", () => {
  const live = useLiveShopApi();
  let shop: TestShopApi;
  let member: UpstreamContext;
  let other: UpstreamContext;
  let username: string;

  const newOrder = async (kind: string, paid: boolean, lines = [{ sku_id: 4, num: 2 }]) =>
    (await shop.testApi<{ order_id: number }>("/__test/order/create", { username, kind, paid, lines })).body.order_id;

  beforeAll(async () => {
    shop = live.shop;
    const made = async () => {
      const fresh = (await shop.testApi("/__test/member", {})).body as { username: string; password: string };
      return {
        username: fresh.username,
        ctx: { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login(fresh.username, fresh.password), member: "required" } as UpstreamContext,
      };
    };
    const mine = await made();
    username = mine.username;
    member = mine.ctx;
    other = (await made()).ctx;
  });

  test("list by tab and search; detail; another member's order is null", async () => {
    const unpaid = await newOrder("express", false);
    const paid = await newOrder("express", true);
    expect((await listOrders(member, { tab: "all", page: 1 })).list.map((o) => o.order_id)).toEqual([paid, unpaid]);
    expect((await listOrders(member, { tab: "waitpay", page: 1 })).list.map((o) => o.order_id)).toEqual([unpaid]);
    expect((await listOrders(member, { tab: "waitsend", page: 1 })).list.map((o) => o.order_id)).toContain(paid);
    const order = await findOrder(member, paid);
    expect(order).toMatchObject({ order_id: paid, order_status: 1, order_status_name: "待发货", is_enable_refund: true });
    expect((await listOrders(member, { tab: "all", page: 1, search: order!.order_no })).list.map((o) => o.order_id)).toEqual([paid]);
    expect(await findOrder(other, paid)).toBeNull();
  });

  test("ship → packages with a trace → receipt; a second receipt is refused with a known message", async () => {
    const orderId = await newOrder("express", true);
    expect(await listPackages(member, orderId)).toEqual([]);
    const shipped = (await shop.testApi<{ delivery_no: string }>("/__test/order/ship", { order_id: orderId })).body;
    const [pkg] = await listPackages(member, orderId);
    expect(pkg).toMatchObject({ delivery_no: shipped.delivery_no, express_company_name: "顺丰速运" });
    expect(pkg.trace?.list[0].remark).toContain("揽收");
    const view = await orderDetailView((await findOrder(member, orderId))!);
    expect(view.buttons.map((b) => b.id)).toEqual(["receive", "trace", "buy-again"]);
    expect(view.next.key).toBe("next.receive");
    expect(view.next.deadline).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await confirmReceipt(member, orderId);
    const refusal = await confirmReceipt(member, orderId).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UpstreamError);
    expect(orderErrorFor(refusal as UpstreamError)).toBe("orders:errors.notReceivable");
    const received = await orderDetailView((await findOrder(member, orderId))!);
    expect(received.statusName).toBe("common:coded.orderStatus.received");
    expect(received.buttons.map((b) => b.id)).toEqual(["trace", "evaluate", "buy-again"]);
  });

  test("close with a reason, then delete; refusals in between", async () => {
    const orderId = await newOrder("express", false);
    await expect(deleteOrder(member, orderId)).rejects.toMatchObject({ upstreamMessage: "只有已经关闭的订单才能删除" });
    await closeOrder(member, orderId, "wrongItems");
    const closed = await findOrder(member, orderId);
    expect(closed).toMatchObject({ order_status: -1, close_cause: "商品选错了" });
    await expect(closeOrder(member, orderId, "other")).rejects.toMatchObject({ upstreamMessage: "订单不是待支付状态，不可关闭" });
    await deleteOrder(member, orderId);
    expect(await findOrder(member, orderId)).toBeNull();
  });

  test("pickup and virtual details", async () => {
    const pickup = await orderDetailView((await findOrder(member, await newOrder("store", true)))!);
    expect(pickup.pickup?.code).toMatch(/^\d{8}$/);
    expect(pickup.pickup?.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(pickup.store?.address).not.toBe("");
    const virtualId = await newOrder("virtual", true);
    const virtual = await orderDetailView((await findOrder(member, virtualId))!);
    expect(virtual.virtual?.codes).toEqual([expect.objectContaining({ used: false, uses: "0/1" })]);
    await confirmVirtualUse(member, virtualId);
    expect((await orderDetailView((await findOrder(member, virtualId))!)).virtual?.codes[0].used).toBe(true);
  });

  test("the transaction agreement", async () => {
    expect(await getTransactionAgreement(member)).toMatchObject({ title: "购买协议" });
  });
});
