import { afterEach, beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { ORDER_EXPIRED, type OrderOptions } from "~/upstream/order-create.server";
import {
  calculatePromotionOrder,
  createPromotionOrder,
  findCombo,
  findGroupbuy,
  findSeckillDetail,
  findSeckillSku,
  listGroupbuys,
  listSeckillGoods,
  listSeckillSlots,
  startPromotionOrder,
} from "~/upstream/promotion.server";
import { formErrorFor } from "~/upstream/error-messages";
import { SeckillDetailSchema, SeckillGoodsSchema, SeckillSlotListSchema } from "~/upstream/schemas/promotion";
import { useLiveShopApi } from "../support/bff-environment";
import { loadSample } from "../support/shape";

/**
 * The promotion pages' upstream functions (app/upstream/promotion.server.ts): their schemas
 * against the real seckill samples, then the functions against the reference shop API, with its
 * clock moved by the test API for slots that have not started or are over.
 */

const dataOf = (name: string) => loadSample(name).data;

describe("schemas parse the real seckill samples", () => {
  test("lists, goods page, detail", () => {
    expect(SeckillSlotListSchema.parse(dataOf("seckill_api_seckill_lists")).list).toEqual([
      { id: 1, name: "全天场", seckill_start_time: 0, seckill_end_time: 86399, type: "today" },
    ]);
    const page = dataOf("seckill_api_seckillgoods_page") as { list: unknown[] };
    expect(SeckillGoodsSchema.parse(page.list[0])).toMatchObject({
      id: 1,
      goods_id: 5,
      seckill_price: "2399.20",
      price: "2999.00",
      goods_stock: 80,
      sale_num: 0,
    });
    const detail = SeckillDetailSchema.parse((dataOf("seckill_api_seckillgoods_detail") as { goods_sku_detail: unknown }).goods_sku_detail);
    expect(detail).toMatchObject({ seckill_id: 1, sku_id: 5, seckill_price: "2399.20", max_buy: 2, stock: 20, start_time: 1795140730 });
    expect(detail.time_list).toEqual([{ seckill_start_time: 0, seckill_end_time: 86399 }]);
    expect(detail.goods_spec_format?.[0]?.value.map((value) => value.sku_id)).toEqual([5, 7]);
    expect(detail.purchased_num).toBeUndefined();
  });
});

describe("against the reference shop API", () => {
  const live = useLiveShopApi();
  let shop: TestShopApi;
  let member: UpstreamContext;
  let visitor: UpstreamContext;
  const express: OrderOptions = { delivery: { type: "express", title: "快递发货" }, useBalance: false, usePoint: false, invoice: null };
  /** Unix seconds of today (China time) at hh:00. */
  const chinaTime = (hours: number) => {
    const now = Math.floor(Date.now() / 1000);
    return now - ((now + 8 * 3600) % 86400) + hours * 3600;
  };

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

  test("slots come with the upstream's clock; goods of a slot; a detail with what the member bought today", async () => {
    await shop.testApi("/__test/clock", { at: chinaTime(9) });
    const found = await listSeckillSlots(visitor);
    // The moved clock keeps running: "now" is 09:00 plus the seconds this test took.
    expect(found!.now - chinaTime(9)).toBeGreaterThanOrEqual(0);
    expect(found!.now - chinaTime(9)).toBeLessThan(600);
    expect(found?.slots.map((slot) => slot.id)).toEqual([1, 2, 3]);
    const goods = await listSeckillGoods(visitor, { slotId: 1, type: "today", page: 1, pageSize: 20 });
    expect(goods.count).toBe(5);
    expect(goods.list[0]).toMatchObject({ seckill_price: expect.stringMatching(/^\d+\.\d{2}$/) });
    // The detail is the activity's first SKU (5.5.2 reads no sku_id); another SKU is info's.
    const detail = await findSeckillDetail(member, 1);
    expect(detail?.detail).toMatchObject({ seckill_id: 1, sku_id: 60, seckill_price: "11.80", max_buy: 10, purchased_num: 0 });
    expect(await findSeckillSku(member, 1, 61)).toMatchObject({ sku_id: 61, seckill_price: "17.20", max_buy: 10, purchased_num: 0 });
    expect(await findSeckillSku(member, 1, 1)).toBeNull();
    expect(await findSeckillDetail(visitor, 999)).toBeNull();
  });

  test("payment → calculate → create on the seckill endpoints; a used key is refused", async () => {
    const payment = await startPromotionOrder(member, { kind: "seckill", seckill_id: 1, sku_id: 61, num: 2 });
    expect(payment.seckill_info?.seckill_name).toBe("连花清瘟 限时秒杀");
    expect(payment.modules).toEqual([]);
    expect(payment.goods_list[0]).toMatchObject({ sku_id: 61, num: 2, price: "17.20" });
    const calculation = await calculatePromotionOrder(member, "seckill", payment.order_key, { ...express, couponId: 1, usePoint: true });
    expect(calculation).toMatchObject({ goods_money: "34.4", coupon_money: "0", error: 0 });
    const outTradeNo = await createPromotionOrder(member, "seckill", payment.order_key, express, { buyerMessage: "" });
    expect(outTradeNo).toMatch(/^\d+$/);
    await expect(createPromotionOrder(member, "seckill", payment.order_key, express, { buyerMessage: "" })).rejects.toMatchObject({
      upstreamMessage: ORDER_EXPIRED,
    });
    expect((await findSeckillSku(member, 1, 61))?.purchased_num).toBe(2);
  });

  test("refusals arrive as UpstreamError and read as our messages: over the limit, out of the slot", async () => {
    const over = startPromotionOrder(member, { kind: "seckill", seckill_id: 1, sku_id: 61, num: 11 });
    await expect(over).rejects.toBeInstanceOf(UpstreamError);
    const error = await over.catch((caught: UpstreamError) => caught);
    expect(formErrorFor(error as UpstreamError)).toMatch(/^promotion:errors\.seckillLimit\|limit=10\|bought=\d+$/);
    await shop.testApi("/__test/clock", { at: chinaTime(13) });
    const closed = await startPromotionOrder(member, { kind: "seckill", seckill_id: 6, sku_id: 146, num: 1 }).catch((caught: UpstreamError) => caught);
    expect(formErrorFor(closed as UpstreamError)).toBe("promotion:errors.seckillClosed");
  });

  test("combo: detail, unknown → null; checkout with the combo's name", async () => {
    const combo = await findCombo(visitor, 1);
    expect(combo).toMatchObject({ bl_id: 1, bl_name: "感冒家庭常备组合", bl_price: "32.80", shipping_fee_type: 1 });
    expect(combo?.bundling_goods.map((item) => item.sku_id)).toEqual([60, 17, 147]);
    expect(await findCombo(visitor, 999)).toBeNull();
    const payment = await startPromotionOrder(member, { kind: "bundling", bl_id: 1, num: 2 });
    expect(payment.bunding_info?.bl_name).toBe("感冒家庭常备组合");
    expect(payment.goods_money).toBe("65.6");
    const missing = await startPromotionOrder(member, { kind: "bundling", bl_id: 999, num: 1 }).catch((caught: UpstreamError) => caught);
    expect(formErrorFor(missing as UpstreamError)).toBe("promotion:errors.comboMissing");
  });

  test("group buy: list, detail with the upstream's clock, checkout terms; below the minimum reads as our message", async () => {
    const list = await listGroupbuys(visitor, { page: 1, pageSize: 10 });
    expect(list?.list.map((row) => row.groupbuy_id)).toEqual([1, 2, 3]);
    const found = await findGroupbuy(visitor, 2);
    expect(found?.detail).toMatchObject({ groupbuy_id: 2, sku_id: 158, groupbuy_price: "9.50", buy_num: 10, status: 2 });
    expect(found!.now).toBeGreaterThan(found!.detail.start_time);
    expect(await findGroupbuy(visitor, 999)).toBeNull();
    const payment = await startPromotionOrder(member, { kind: "groupbuy", groupbuy_id: 2, sku_id: 158, num: 10 });
    expect(payment.groupbuy_info).toEqual({ buy_num: 10, groupbuy_price: "9.50" });
    const below = await startPromotionOrder(member, { kind: "groupbuy", groupbuy_id: 2, sku_id: 158, num: 9 }).catch((caught: UpstreamError) => caught);
    expect(formErrorFor(below as UpstreamError)).toBe("promotion:errors.groupbuyMinimum|count=10");
  });
});
