import { afterEach, beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { ORDER_EXPIRED, type OrderOptions } from "~/upstream/order-create.server";
import { calculatePromotionOrder, createPromotionOrder, startPromotionOrder } from "~/upstream/promotion.server";
import { findTopic, findTopicGoods, listDiscountGoods, listManjian, listTopics } from "~/upstream/topic.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The topic and /activity upstream functions (app/upstream/topic.server.ts) against the reference
 * shop API: lists with the upstream's clock, a topic in each state, the topic checkout, refusals
 * read as our messages.
 */

const PROMO_START = 1767196800;

describe("against the reference shop API", () => {
  const live = useLiveShopApi();
  let shop: TestShopApi;
  let member: UpstreamContext;
  let visitor: UpstreamContext;
  const express: OrderOptions = { delivery: { type: "express", title: "快递发货" }, useBalance: false, usePoint: false, invoice: null };

  beforeAll(async () => {
    shop = live.shop;
    const fresh = (await shop.testApi("/__test/member", {})).body as { username: string; password: string; member_id: number };
    shop.api.db
      .prepare(
        "INSERT INTO member_address (member_id, name, mobile, province_id, city_id, district_id, address, full_address, is_default) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)",
      )
      .run(fresh.member_id, "王五", "13700137000", 110000, 110100, 110101, "王府井大街 1 号", "北京市-北京市-东城区");
    member = { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login(fresh.username, fresh.password), member: "required" };
    visitor = { baseUrl: shop.url, timeoutMs: 10_000, token: null, member: "optional" };
  });

  afterEach(async () => {
    await shop.testApi("/__test/clock", { reset: true });
  });

  test("listTopics: the running topics with the upstream's clock; none before they start", async () => {
    const found = await listTopics(visitor, { page: 1, pageSize: 10 });
    expect(found?.list.map((topic) => topic.topic_id)).toEqual([2, 1]);
    expect(found?.list[0]).toMatchObject({ topic_name: "冬季呼吸道健康专场", topic_adv: "upload/topic/topic_2.svg", status: 2 });
    expect(found!.now).toBeGreaterThan(PROMO_START);
    await shop.testApi("/__test/clock", { at: PROMO_START - 60 });
    expect((await listTopics(visitor, { page: 1, pageSize: 10 }))?.list).toEqual([]);
  });

  test("findTopic: a topic in each state with its goods, its dates and status read off the rows (as Niushop answers them); unknown → null", async () => {
    // Niushop's shape: beside the page only the name, banner and colour; the dates are in each row.
    const raw = (await shop.call("/topic/api/topicgoods/page", { topic_id: 2 })).data as Record<string, unknown> & { list: Record<string, unknown>[] };
    expect(Object.keys(raw).sort()).toEqual(["bg_color", "count", "list", "page_count", "topic_adv", "topic_name"]);
    expect(raw.list[0]).toMatchObject({
      id: 5,
      topic_id: 2,
      status: 2,
      start_time: PROMO_START,
      end_time: expect.any(Number),
      topic_name: "冬季呼吸道健康专场",
    });
    const running = await findTopic(visitor, 2, { page: 1, pageSize: 20 });
    expect(running?.topic).toMatchObject({ topic_name: "冬季呼吸道健康专场", count: 4 });
    expect(running?.period).toEqual({ startTime: PROMO_START, endTime: raw.list[0]!.end_time, status: 2 });
    expect(running?.topic.list[0]).toMatchObject({ id: 5, sku_id: 76, topic_price: "14.00", price: "16.50", stock: 500 });
    expect((await findTopic(visitor, 3, { page: 1, pageSize: 20 }))?.period?.status).toBe(1);
    expect((await findTopic(visitor, 4, { page: 1, pageSize: 20 }))?.period?.status).toBe(3);
    // An unknown topic: Niushop (and so the reference API) fails reading its null info; the page is a 404.
    expect(await shop.call("/topic/api/topicgoods/page", { topic_id: 999 })).toMatchObject({
      code: -1,
      message: "系统异常：Trying to access array offset on value of type null",
    });
    expect(await findTopic(visitor, 999, { page: 1, pageSize: 20 })).toBeNull();
  });

  test("findTopicGoods: price, stock, limit and what the member bought; unknown → null", async () => {
    const found = await findTopicGoods(member, 5);
    expect(found?.detail).toMatchObject({
      id: 5,
      topic_id: 2,
      topic_name: "冬季呼吸道健康专场",
      topic_price: "14.00",
      price: "16.50",
      max_buy: 5,
      purchased_num: 0,
    });
    expect((await findTopicGoods(visitor, 5))?.detail.purchased_num).toBeUndefined();
    // Niushop answers a topic goods it does not detail with a bare error(): read as "none".
    expect(await shop.call("/topic/api/topicgoods/detail", { topic_id: 999 })).toMatchObject({ code: -1, message: "操作失败", data: "" });
    expect(await findTopicGoods(visitor, 999)).toBeNull();
  });

  test("payment → calculate → create on the topic endpoints; a used key is refused", async () => {
    const payment = await startPromotionOrder(member, { kind: "topic", topic_goods_id: 6, num: 2 });
    expect(payment.topic_info?.topic_name).toBe("冬季呼吸道健康专场");
    expect(payment.modules).toEqual([]);
    expect(payment.goods_list[0]).toMatchObject({ sku_id: 77, num: 2, price: "11.90" });
    const calculation = await calculatePromotionOrder(member, "topic", payment.order_key, { ...express, couponId: 1, usePoint: true });
    expect(calculation).toMatchObject({ goods_money: "23.8", coupon_money: "0", error: 0 });
    const outTradeNo = await createPromotionOrder(member, "topic", payment.order_key, express, { buyerMessage: "" });
    expect(outTradeNo).toMatch(/^\d+$/);
    await expect(createPromotionOrder(member, "topic", payment.order_key, express, { buyerMessage: "" })).rejects.toMatchObject({
      upstreamMessage: ORDER_EXPIRED,
    });
  });

  test("refusals arrive as UpstreamError and read as our messages: not running, over the limit, junk quantity", async () => {
    const closed = await startPromotionOrder(member, { kind: "topic", topic_goods_id: 9, num: 1 }).catch((caught: UpstreamError) => caught);
    expect(closed).toBeInstanceOf(UpstreamError);
    expect(formErrorFor(closed as UpstreamError)).toBe("topic:errors.closed");
    const over = await startPromotionOrder(member, { kind: "topic", topic_goods_id: 5, num: 6 }).catch((caught: UpstreamError) => caught);
    expect(formErrorFor(over as UpstreamError)).toBe("topic:errors.limit|limit=5|bought=0");
    const zero = await startPromotionOrder(member, { kind: "topic", topic_goods_id: 5, num: 0 }).catch((caught: UpstreamError) => caught);
    expect(formErrorFor(zero as UpstreamError)).toBe("promotion:errors.badQuantity");
  });

  test("listDiscountGoods and listManjian: the running activities of /activity", async () => {
    const discounts = await listDiscountGoods(visitor, { page: 1, pageSize: 12 });
    expect(discounts?.list[0]).toMatchObject({ discount_id: 1, sku_id: 14, price: "15.80", discount_price: "12.60" });
    const manjians = await listManjian(visitor);
    expect(manjians).toEqual([expect.objectContaining({ manjian_id: 1, manjian_name: "保健食品满额立减", type: 0 })]);
    expect(manjians?.[0]?.rule_json.map((rule) => [rule.limit, rule.discount_money, rule.free_shipping])).toEqual([
      ["300.00", "30.00", 0],
      ["500.00", "60.00", 1],
    ]);
  });
});
