import { beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { ORDER_EXPIRED, type OrderOptions } from "~/upstream/order-create.server";
import { createCouponExchange, findExchange, getMemberPoints, listExchanges, startCouponExchange } from "~/upstream/point-exchange.server";
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

  test("listExchanges: one kind at a time (goods by default, as Niushop), by points with what the member can afford", async () => {
    // Niushop's list rows: the exchange (peg.*) with the goods' name, image and stock; no member fields.
    const raw = (await shop.call("/pointexchange/api/goods/page", { min_point: "", max_point: "" })).data as { list: Record<string, unknown>[] };
    expect(raw.list[0]).toMatchObject({ id: 1, type: 1, point: 2000, price: "0.00", stock: expect.any(Number), stock_show: 1, sale_show: 1 });
    expect(raw.list[0]).not.toHaveProperty("limit_num");
    expect(raw.list[0]).not.toHaveProperty("exchanged_num");
    // Without "" bounds, PHP 8 reads Niushop's 0 defaults as bounds: nothing is listed.
    expect(((await shop.call("/pointexchange/api/goods/page", {})).data as { count: number }).count).toBe(0);
    const goods = await listExchanges(visitor, { type: 1, page: 1, pageSize: 20 });
    expect(goods?.list.map((item) => [item.id, item.type])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ]);
    const coupons = await listExchanges(member, { type: 2, page: 1, pageSize: 20 });
    expect(coupons?.list.map((item) => [item.id, item.money, item.at_least, item.stock])).toEqual([
      [5, "20.00", "200.00", undefined],
      [6, "60.00", "500.00", undefined],
    ]);
    const affordable = await listExchanges(member, { type: 1, order: "point", sort: "desc", maxPoint: 1500, page: 1, pageSize: 20 });
    expect(affordable?.list.map((item) => item.point)).toEqual([1500, 300]);
  });

  test("findExchange: Niushop's detail read as the exchange: its cash part (not the goods' price), the description as sanitized HTML; unknown or off → null", async () => {
    const raw = (await shop.call("/pointexchange/api/goods/detail", { id: 2 })).data as Record<string, unknown>;
    expect(raw).toMatchObject({ exchange_id: 2, id: 2, type: 1, point: 3000, exchange_price: "59.00", limit_num: 1, rule: expect.stringMatching(/^<p>/) });
    expect(Number(raw.price)).toBeGreaterThan(59); // the goods' own price
    expect(raw).not.toHaveProperty("member_point");
    const goods = await findExchange(member, 2);
    expect(goods).toMatchObject({ id: 2, kind: "goods", point: 3000, cash: "59.00", limit: 1, skuId: raw.sku_id, stock: raw.stock });
    expect(goods?.name).toBe(raw.sku_name);
    expect(goods?.ruleHtml).toMatch(/^<p>3000 积分加 59 元换购/);
    expect(goods?.contentHtml).not.toContain("<script");
    const coupon = await findExchange(visitor, 5);
    expect(coupon).toMatchObject({
      id: 5,
      kind: "coupon",
      name: "积分兑换 满200减20",
      cash: "0.00",
      money: "20.00",
      atLeast: "200.00",
      fixedTerm: 30,
      stock: 1000,
    });
    expect(coupon?.contentHtml).toBe("<p>全场商品满 200 元减 20 元，兑换后 30 天内有效。</p>");
    expect(await findExchange(visitor, 99999)).toBeNull();
    shop.api.db.prepare("UPDATE point_exchange SET state = 0 WHERE id = 3").run();
    try {
      expect(await shop.call("/pointexchange/api/goods/detail", { id: 3 })).toMatchObject({ code: -1, message: "操作失败", data: null });
      expect(await findExchange(visitor, 3)).toBeNull();
    } finally {
      shop.api.db.prepare("UPDATE point_exchange SET state = 1 WHERE id = 3").run();
    }
  });

  test("getMemberPoints: the member's points as the PC reads them (memberaccount/info, account_type point)", async () => {
    await shop.testApi("/__test/member/balance", { member_id: memberId, point: 4000 });
    expect(await getMemberPoints(member)).toBe(4000);
  });

  test("coupon exchange: start (Niushop's order-create fields) → create takes the points; a used key is refused; the limit inside the success; too few points refused by create", async () => {
    const exchange = await startCouponExchange(member, { id: 5, num: 1 });
    expect(exchange).toMatchObject({ point: 500, member_account: { point: 4000 }, exchange_info: { id: 5, point: 500 }, error: 0 });
    expect(await createCouponExchange(member, exchange.order_key)).toMatch(/^\d+$/);
    await expect(createCouponExchange(member, exchange.order_key)).rejects.toMatchObject({ upstreamMessage: ORDER_EXPIRED });
    const over = await startCouponExchange(member, { id: 6, num: 4 });
    expect(over).toMatchObject({ error: 1, error_msg: "最多可以兑换1件" });
    expect(formErrorFor({ code: -1, upstreamMessage: over.error_msg })).toBe("point:errors.limitPerMember|limit=1");
    await shop.testApi("/__test/member/balance", { member_id: memberId, point: 100 });
    try {
      const short = await startCouponExchange(member, { id: 5, num: 1 });
      expect(short).toMatchObject({ error: 0, point: 500, member_account: { point: 100 } });
      const refused = await createCouponExchange(member, short.order_key).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UpstreamError);
      expect(formErrorFor(refused as UpstreamError)).toBe("point:errors.pointShortUpstream");
    } finally {
      await shop.testApi("/__test/member/balance", { member_id: memberId, point: 3500 });
    }
  });

  test("goods exchange: the promotion checkout of kind pointexchange at the cash part, with the points in the banner", async () => {
    const payment = await startPromotionOrder(member, { kind: "pointexchange", id: 2, num: 1 });
    expect(payment.exchange_info).toEqual({ name: "腕式电子血压计 YE8900A", point: 3000, price: "59.00" });
    expect(payment.goods_num).toBe(1);
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
