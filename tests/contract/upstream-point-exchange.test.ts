import { beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { ORDER_EXPIRED, type OrderOptions } from "~/upstream/order-create.server";
import { createCouponExchange, findExchange, listExchanges, startCouponExchange } from "~/upstream/point-exchange.server";
import { calculatePromotionOrder, createPromotionOrder, startPromotionOrder } from "~/upstream/promotion.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The points mall's upstream functions (app/upstream/point-exchange.server.ts, and the
 * "pointexchange" kind of promotion.server.ts) against the reference shop API (docs/points-mall.md):
 * list filters, detail (unknown → null), the coupon exchange, the goods exchange checkout, and the
 * refusals read as our messages. No real sample exists for §6.12 (H5 only upstream).
 */

describe("against the reference shop API", () => {
  const live = useLiveShopApi();
  let shop: TestShopApi;
  let member: UpstreamContext;
  let memberId: number;
  let visitor: UpstreamContext;
  const express: OrderOptions = { delivery: { type: "express", title: "快递发货" }, useBalance: false, usePoint: false, invoice: null };

  beforeAll(async () => {
    shop = live.shop;
    const fresh = (await shop.testApi("/__test/member", {})).body as { username: string; password: string; member_id: number };
    memberId = fresh.member_id;
    shop.api.db
      .prepare(
        "INSERT INTO member_address (member_id, name, mobile, province_id, city_id, district_id, address, full_address, is_default) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)",
      )
      .run(fresh.member_id, "王五", "13700137000", 110000, 110100, 110101, "王府井大街 1 号", "北京市-北京市-东城区");
    await shop.testApi("/__test/member/balance", { member_id: fresh.member_id, point: 4000 });
    member = { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login(fresh.username, fresh.password), member: "required" };
    visitor = { baseUrl: shop.url, timeoutMs: 10_000, token: null, member: "optional" };
  });

  test("listExchanges: all, by kind, by points with what the member can afford; the member's exchanged count", async () => {
    const all = await listExchanges(visitor, { page: 1, pageSize: 20 });
    expect(all?.count).toBe(6);
    expect(all?.list[0]).toMatchObject({ id: 1, type: 1, point: 2000, price: "0.00", limit_num: 5 });
    expect(all?.list[0]?.exchanged_num).toBeUndefined();
    const coupons = await listExchanges(member, { type: 2, page: 1, pageSize: 20 });
    expect(coupons?.list.map((item) => [item.id, item.money, item.at_least, item.exchanged_num])).toEqual([
      [5, "20.00", "200.00", 0],
      [6, "60.00", "500.00", 0],
    ]);
    const affordable = await listExchanges(member, { order: "point", sort: "desc", maxPoint: 1500, page: 1, pageSize: 20 });
    expect(affordable?.list.map((item) => item.point)).toEqual([1500, 1200, 500, 300]);
  });

  test("findExchange: the item with its text and the member's points; unknown → null", async () => {
    expect(await findExchange(member, 2)).toMatchObject({ id: 2, point: 3000, price: "59.00", member_point: 4000, content: expect.stringContaining("59") });
    expect(await findExchange(visitor, 99999)).toBeNull();
  });

  test("coupon exchange: start → create takes the points; a used key is refused; too few points reads as our message", async () => {
    const exchange = await startCouponExchange(member, { id: 5, num: 1 });
    expect(exchange).toMatchObject({ point: 500, member_point: 4000, exchange_info: { id: 5, total_point: 500 } });
    expect(await createCouponExchange(member, exchange.order_key)).toMatch(/^\d+$/);
    await expect(createCouponExchange(member, exchange.order_key)).rejects.toMatchObject({ upstreamMessage: ORDER_EXPIRED });
    const refused = await startCouponExchange(member, { id: 6, num: 4 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(formErrorFor(refused as UpstreamError)).toBe("point:errors.limit|limit=1|exchanged=0");
    await shop.testApi("/__test/member/balance", { member_id: memberId, point: 100 });
    try {
      const short = await startCouponExchange(member, { id: 5, num: 1 }).catch((error: unknown) => error);
      expect(formErrorFor(short as UpstreamError)).toBe("point:errors.pointShortUpstream");
    } finally {
      await shop.testApi("/__test/member/balance", { member_id: memberId, point: 3500 });
    }
  });

  test("goods exchange: the promotion checkout of kind pointexchange at the cash part, with the points in the banner", async () => {
    const payment = await startPromotionOrder(member, { kind: "pointexchange", id: 2, num: 1 });
    expect(payment.exchange_info).toEqual({ name: "腕式电子血压计 YE8900A", point: 3000, total_point: 3000, num: 1 });
    expect(payment.modules).toEqual([]);
    const calculation = await calculatePromotionOrder(member, "pointexchange", payment.order_key, express);
    expect(calculation).toMatchObject({ goods_money: "59", error: 0 });
    expect(await createPromotionOrder(member, "pointexchange", payment.order_key, express, { buyerMessage: "" })).toMatch(/^\d+$/);
    const over = await startPromotionOrder(member, { kind: "pointexchange", id: 2, num: 1 }).catch((error: unknown) => error);
    expect(formErrorFor(over as UpstreamError)).toBe("point:errors.limit|limit=1|exchanged=1");
    const sold = await startPromotionOrder(member, { kind: "pointexchange", id: 4, num: 1 }).catch((error: unknown) => error);
    expect(formErrorFor(sold as UpstreamError)).toBe("point:errors.stockUpstream");
  });
});
