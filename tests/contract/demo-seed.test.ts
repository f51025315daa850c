import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestShopApi, type TestShopApi } from "../../shop-api/testing";

/**
 * The demo data tells a true story (issue 29): every seeded order of the demo member opens and
 * acts as a real one would, through the same API calls the storefront makes. Unpaid orders can be
 * paid (a payment record of the order's amount), paid ones refund what was paid, order 6's
 * after-sales case is listed, and the seeded coupons and ledger rows read back.
 */

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let shop: TestShopApi;
let token = "";

beforeAll(async () => {
  shop = await startTestShopApi({ log: false });
  token = await shop.login("demo", "demo123456");
});

afterAll(async () => {
  await shop?.close();
});

async function ok(path: string, body: Record<string, unknown> = {}): Promise<Data> {
  const answer = await shop.call(path, { token, ...body });
  expect(answer.code, `${path}: ${answer.message}`).toBeGreaterThanOrEqual(0);
  return answer.data as Data;
}

async function order(orderId: number): Promise<Data> {
  return ok("/api/order/detail", { order_id: orderId });
}

describe("the demo member's seeded orders", () => {
  test("orders 1 to 6 are the demo member's, with goods lines of real goods", async () => {
    for (const id of [1, 2, 3, 4, 5, 6]) {
      const detail = await order(id);
      expect(detail.order_goods.length).toBeGreaterThan(0);
      for (const line of detail.order_goods) {
        expect(line.sku_id).toBeGreaterThan(0);
        expect(line.goods_id).toBeGreaterThan(0);
      }
    }
    expect((await order(1)).order_status).toBe(0);
    expect((await order(2)).order_status).toBe(0);
    expect((await order(3)).order_status).toBe(1);
    // Shipped early in 2026, so received automatically since, as a real order is (the shop's auto-receive time).
    const shipped = await order(4);
    expect(shipped.order_status).toBe(10);
    expect(shipped.package_list ?? shipped.delivery_time).toBeTruthy();
    expect((await order(5)).order_status).toBe(10);
  });

  test("an unpaid order has its payment record: 支付 gets a serial of the order's amount", async () => {
    for (const id of [1, 2]) {
      const detail = await order(id);
      const outTradeNo = await ok("/api/order/pay", { order_ids: id });
      const info = await ok("/api/pay/info", { out_trade_no: outTradeNo });
      expect(info).toMatchObject({ pay_status: 0, event: "OrderPayNotify" });
      expect(Number(info.pay_money)).toBeCloseTo(Number(detail.pay_money), 2);
      expect(Number(info.pay_money)).toBeGreaterThan(0);
    }
  });

  test("a paid order refunds what was paid for its line", async () => {
    const detail = await order(3);
    const [line] = detail.order_goods;
    const refund = await ok("/api/orderrefund/refunddata", { order_goods_id: line.order_goods_id });
    expect(Number(refund.refund_money)).toBeGreaterThan(0);
    expect(Number(refund.refund_money)).toBeCloseTo(Number(line.real_goods_money), 2);
  });

  test("order 6's after-sales case is listed and opens", async () => {
    const detail = await order(6);
    const [line] = detail.order_goods;
    expect(line.refund_status).toBe(1);
    const page = await ok("/api/orderrefund/lists", { page: 1, page_size: 10 });
    const listed = page.list.find((row: Data) => row.order_id === 6);
    expect(listed).toBeDefined();
    const refund = await ok("/api/orderrefund/detail", { order_goods_id: line.order_goods_id });
    expect(Number(refund.refund_apply_money)).toBeCloseTo(Number(line.real_goods_money), 2);
    expect(refund.refund_no).not.toBe("");
  });

  test("the seeded coupons and ledger rows read back", async () => {
    const coupons = await ok("/coupon/api/coupon/memberpage", { page: 1, page_size: 20, state: 1 });
    expect(coupons.list.length).toBeGreaterThan(0);
    // Each ledger adds up to what the member holds (an opening row explains the seeded amounts).
    const info = await ok("/api/member/info");
    const sum = async (accountType: string) => {
      const ledger = await ok("/api/memberaccount/page", { page: 1, page_size: 100, account_type: accountType });
      expect(ledger.list.length).toBeGreaterThan(0);
      return Math.round(ledger.list.reduce((total: number, row: Data) => total + Number(row.account_data), 0) * 100);
    };
    expect(await sum("point")).toBe(Math.round(Number(info.point) * 100));
    expect(await sum("balance,balance_money")).toBe(Math.round((Number(info.balance) + Number(info.balance_money)) * 100));
  });
});
