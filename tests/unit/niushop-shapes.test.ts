import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loader as pointDetailLoader } from "~/routes/_main.point.$id";
import { loader as promotionLoader } from "~/routes/_main.promotion.$slug/route";
import { resetCapabilities } from "~/upstream/capabilities.server";
import type { UpstreamContext } from "~/upstream/http.server";
import { findExchange, listExchanges, startCouponExchange } from "~/upstream/point-exchange.server";
import { findCombo } from "~/upstream/promotion.server";
import { findTopic, findTopicGoods } from "~/upstream/topic.server";
import { envelope, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";
import { pointBffAt } from "../support/bff-environment";

/**
 * Issue 28 (6, 7, 8): the BFF's schemas and upstream functions read the answers of a real Niushop
 * 5.5.2, as its PHP builds them (field lists and types of the models named at each sample; ints
 * as ints, decimals as strings, as ThinkPHP's PDO answers them). Each sample holds every key the
 * PHP selects, so a field we read under the wrong name shows up here, not in production.
 */

let upstream: FakeUpstream;
let restoreEnv: () => void;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  restoreEnv = pointBffAt(upstream.url, { UPSTREAM_TIMEOUT_MS: "2000" });
});

afterAll(async () => {
  await upstream.close();
  restoreEnv();
});

beforeEach(() => {
  upstream.reset();
  resetCapabilities();
});

const visitor = (): UpstreamContext => ({ baseUrl: upstream.url, timeoutMs: 2_000, token: null, member: "optional" });
const args = (path: string, params: Record<string, string> = {}) => ({ request: new Request(`http://shop.test${path}`), params, context: {} });

/** addon/pointexchange/model/Exchange.php getExchangeDetail, type 1: the SKU's exchange row (pe) joined with peg, the SKU and the goods. */
const GOODS_EXCHANGE_DETAIL = {
  type: 1,
  exchange_id: 1,
  id: 3,
  sku_id: 12,
  goods_id: 7,
  pay_type: 1,
  point: 100,
  exchange_price: "5.00",
  limit_num: 2,
  delivery_price: "0.00",
  balance: "0.00",
  state: 1,
  content: "<p>铝塑板包装，<strong>每盒 24 片</strong></p><script>alert(1)</script>",
  exchange_goods_id: 1,
  rule: "<p>每个账号限兑 2 盒</p>",
  site_id: 1,
  sku_name: "布洛芬缓释胶囊 0.3g*24粒",
  sku_spec_format: "",
  price: "13.50",
  promotion_type: 0,
  stock: 88,
  click_num: 3,
  sale_num: 0,
  collect_num: 0,
  sku_image: "upload/1/common/images/20251101/ibuprofen.png",
  sku_images: "upload/1/common/images/20251101/ibuprofen.png",
  goods_content: "<p>铝塑板包装，<strong>每盒 24 片</strong></p>",
  goods_state: 1,
  is_virtual: 0,
  is_free_shipping: 1,
  goods_spec_format: "",
  goods_attr_format: "[]",
  introduction: "",
  unit: "盒",
  video_url: "",
  evaluate: 0,
  goods_service_ids: "",
  goods_image: "upload/1/common/images/20251101/ibuprofen.png",
  goods_stock: "88.000",
  goods_name: "布洛芬缓释胶囊",
  qr_id: 0,
  stock_show: 1,
  sale_show: 1,
  goods_service: [],
};

/** The same for a coupon exchange (type 2): the row joined with promotion_coupon_type. */
const COUPON_EXCHANGE_DETAIL = {
  type: 2,
  exchange_id: 2,
  id: 4,
  sku_id: 9,
  goods_id: 9,
  pay_type: 0,
  point: 300,
  exchange_price: "0.00",
  limit_num: 0,
  delivery_price: "0.00",
  balance: "0.00",
  state: 1,
  content: "<p>兑换后 30 天内有效</p>",
  exchange_goods_id: 2,
  rule: null,
  stock: -1,
  coupon_type: "reward",
  discount_limit: "0.00",
  image: "",
  name: "满100减10",
  count: -1,
  lead_count: 0,
  money: "10.00",
  discount: "0.00",
  at_least: "100.00",
  validity_type: 1,
  fixed_term: 30,
  end_time: 0,
};

describe("points mall (addon/pointexchange)", () => {
  test("goods/detail of goods: the exchange's cash part, not the goods' price; the exchange's id for the checkout; HTML sanitized", async () => {
    upstream.on("/pointexchange/api/goods/detail", { body: envelope(0, "操作成功", GOODS_EXCHANGE_DETAIL) });
    const exchange = await findExchange(visitor(), 1);
    expect(exchange).toMatchObject({
      id: 1,
      kind: "goods",
      name: "布洛芬缓释胶囊 0.3g*24粒",
      point: 100,
      cash: "5.00",
      stock: 88,
      limit: 2,
      skuId: 12,
      unit: "盒",
    });
    expect(exchange?.contentHtml).toBe("<p>铝塑板包装，<strong>每盒 24 片</strong></p>");
    expect(exchange?.ruleHtml).toBe("<p>每个账号限兑 2 盒</p>");
    expect(exchange?.image).toMatch(/^\/media\//);
  });

  test("goods/detail of a coupon: its face, its notes, a stock below 0 is no limit", async () => {
    upstream.on("/pointexchange/api/goods/detail", { body: envelope(0, "操作成功", COUPON_EXCHANGE_DETAIL) });
    expect(await findExchange(visitor(), 2)).toMatchObject({
      id: 2,
      kind: "coupon",
      name: "满100减10",
      cash: "0.00",
      stock: null,
      limit: 0,
      skuId: null,
      money: "10.00",
      atLeast: "100.00",
      fixedTerm: 30,
      contentHtml: "<p>兑换后 30 天内有效</p>",
      ruleHtml: "",
    });
  });

  test("goods/detail of an exchange that is off: Niushop's error($info) → none", async () => {
    upstream.on("/pointexchange/api/goods/detail", { body: envelope(-1, "操作失败", null) });
    expect(await findExchange(visitor(), 1)).toBeNull();
  });

  test("/point/{id} (a visitor): the page's figures from Niushop's detail", async () => {
    upstream.on("/pointexchange/api/goods/detail", { body: envelope(0, "操作成功", GOODS_EXCHANGE_DETAIL) });
    const view = await pointDetailLoader(args("/point/1", { id: "1" }));
    expect(view).toMatchObject({ id: 1, kind: "goods", point: 100, cash: null, hasCash: true, stock: 88, limit: 2, memberPoint: null, state: "login" });
    expect(view.contentHtml).not.toContain("<script");
  });

  test("goods/page rows (peg.* with the goods, or the coupon type): the list reads them, coupons without a stock", async () => {
    const goodsRow = {
      id: 1,
      site_id: 1,
      type: 1,
      type_name: "商品",
      type_id: 7,
      name: "布洛芬缓释胶囊",
      image: "upload/1/common/images/20251101/ibuprofen.png",
      point: 100,
      price: "5.00",
      balance: "0.00",
      state: 1,
      content: "<p>…</p>",
      create_time: 1761955200,
      modify_time: 0,
      sort: 0,
      pay_type: 1,
      delivery_price: "0.00",
      rule: "<p>每个账号限兑 2 盒</p>",
      stock: "88.000",
      stock_show: 1,
      sale_show: 1,
      sale_num: "0.000",
    };
    upstream.on("/pointexchange/api/goods/page", (body) => {
      // Niushop lists one kind at a time and needs "" bounds to list anything on PHP 8.
      expect(body).toMatchObject({ type: 1, min_point: "", max_point: "" });
      return { body: envelope(0, "操作成功", { page_count: 1, count: 1, list: [goodsRow] }) };
    });
    const goods = await listExchanges(visitor(), { type: 1, page: 1, pageSize: 20 });
    expect(goods?.list[0]).toMatchObject({ id: 1, type: 1, name: "布洛芬缓释胶囊", point: 100, price: "5.00", stock: 88 });
    const couponRow = {
      ...goodsRow,
      id: 2,
      type: 2,
      type_name: "优惠券",
      type_id: 9,
      name: "满100减10",
      coupon_type: "reward",
      goods_type: 1,
      at_least: "100.00",
      money: "10.00",
      discount: "0.00",
    };
    delete (couponRow as Partial<typeof couponRow>).stock;
    upstream.on("/pointexchange/api/goods/page", { body: envelope(0, "操作成功", { page_count: 1, count: 1, list: [couponRow] }) });
    const coupons = await listExchanges(visitor(), { type: 2, page: 1, pageSize: 20 });
    expect(coupons?.list[0]).toMatchObject({ id: 2, money: "10.00", at_least: "100.00" });
    expect(coupons?.list[0]?.stock).toBeUndefined();
  });

  test("ordercreate/payment of a coupon: the order-create model's fields (member_account, the row, error inside the success)", async () => {
    upstream.on("/pointexchange/api/ordercreate/payment", {
      body: envelope(0, "操作成功", {
        order_key: "202511011200001234",
        point: 600,
        price: 0,
        balance: 0,
        goods_num: 2,
        goods_money: 0,
        order_money: 0,
        pay_money: 0,
        order_name: "满100减10【优惠券】",
        member_account: { member_id: 5, point: 500, balance: "0.00", balance_money: "0.00", is_pay_password: 0 },
        exchange_info: { ...COUPON_EXCHANGE_DETAIL, id: 4, exchange_goods_id: 2, name: "满100减10", point: 300, coupon_type: "reward" },
        error: 1,
        error_msg: "当前兑换库存不足！",
      }),
    });
    expect(await startCouponExchange({ ...visitor(), token: "t", member: "required" }, { id: 2, num: 2 })).toMatchObject({
      order_key: "202511011200001234",
      point: 600,
      member_account: { point: 500 },
      exchange_info: { id: 4, name: "满100减10", point: 300 },
      error: 1,
      error_msg: "当前兑换库存不足！",
    });
  });
});

/** addon/topic/model/TopicGoods.php getTopicGoodsPageList: the row's fields, the topic's dates and status among them. */
const TOPIC_GOODS_ROW = {
  sku_id: 12,
  sku_name: "布洛芬缓释胶囊 0.3g*24粒",
  sku_no: "",
  sku_spec_format: "",
  price: "13.50",
  market_price: "0.00",
  cost_price: "0.00",
  discount_price: "13.50",
  promotion_type: 0,
  stock: "88",
  weight: "0.00",
  volume: "0.00",
  click_num: 0,
  sale_num: "0",
  collect_num: 0,
  sku_image: "upload/1/ibuprofen.png",
  sku_images: "upload/1/ibuprofen.png",
  goods_id: 7,
  goods_class: 1,
  goods_class_name: "实物商品",
  goods_attr_class: 0,
  goods_attr_name: "",
  goods_name: "布洛芬缓释胶囊",
  goods_state: 1,
  is_virtual: 0,
  virtual_indate: 0,
  is_free_shipping: 1,
  shipping_template: 0,
  goods_spec_format: "",
  goods_attr_format: "[]",
  is_delete: 0,
  introduction: "",
  keywords: "",
  unit: "盒",
  sort: 0,
  topic_name: "冬季专场",
  topic_adv: "upload/1/topic.png",
  status: 2,
  id: 21,
  start_time: 1761955200,
  end_time: 1764547200,
  topic_price: "9.90",
  topic_id: 2,
  stock_show: 1,
  sale_show: 1,
  market_price_show: 1,
};

describe("topics (addon/topic)", () => {
  test("topicgoods/page: the dates and status are read off the rows (Niushop adds only topic_adv, topic_name, bg_color beside the page)", async () => {
    upstream.on("/topic/api/topicgoods/page", {
      body: envelope(0, "操作成功", {
        page_count: 1,
        count: 1,
        list: [TOPIC_GOODS_ROW],
        topic_adv: "upload/1/topic.png",
        topic_name: "冬季专场",
        bg_color: "#F7F7F7",
      }),
    });
    const found = await findTopic(visitor(), 2, { page: 1, pageSize: 20 });
    expect(found?.period).toEqual({ startTime: 1761955200, endTime: 1764547200, status: 2 });
    expect(found?.topic.list[0]).toMatchObject({ id: 21, topic_price: "9.90", price: "13.50", stock: 88 });
  });

  test("/promotion/topic-{id}: the dates shown and the countdown running from the upstream's now", async () => {
    const now = 1762000000;
    upstream.on("/topic/api/topicgoods/page", {
      body: {
        ...envelope(0, "操作成功", { page_count: 1, count: 1, list: [TOPIC_GOODS_ROW], topic_adv: "", topic_name: "冬季专场", bg_color: "" }),
        timestamp: now,
      },
    });
    const view = (await promotionLoader(args("/promotion/topic-2", { slug: "topic-2" }))) as unknown as { data: Record<string, unknown> };
    expect(view.data).toMatchObject({
      kind: "topic",
      name: "冬季专场",
      from: "2025-11-01 08:00",
      to: "2025-12-01 08:00",
      phase: { state: "running", seconds: 1764547200 - now },
    });
  });

  test("a topic without goods has no dates to show: no countdown at 00:00:00", async () => {
    upstream.on("/topic/api/topicgoods/page", {
      body: envelope(0, "操作成功", { page_count: 0, count: 0, list: [], topic_adv: "", topic_name: "空专场", bg_color: "" }),
    });
    const view = (await promotionLoader(args("/promotion/topic-3", { slug: "topic-3" }))) as unknown as { data: Record<string, unknown> };
    expect(view.data).toMatchObject({ name: "空专场", from: "", to: "", phase: null });
  });

  test("an unknown topic: Niushop's PHP 8 failure reading null → 404; an unknown or not running topic goods: error() → none", async () => {
    upstream.on("/topic/api/topicgoods/page", { body: { code: -1, message: "系统异常：Trying to access array offset on value of type null", timestamp: 1 } });
    expect(await findTopic(visitor(), 999, { page: 1, pageSize: 20 })).toBeNull();
    upstream.on("/topic/api/topicgoods/detail", { body: envelope(-1, "操作失败", "") });
    expect(await findTopicGoods(visitor(), 999)).toBeNull();
    // Any other refusal is not "none".
    upstream.on("/topic/api/topicgoods/detail", { body: envelope(-1, "系统繁忙", "") });
    await expect(findTopicGoods(visitor(), 999)).rejects.toMatchObject({ upstreamMessage: "系统繁忙" });
  });
});

describe("combos (addon/bundling)", () => {
  /** addon/bundling/model/Bundling.php getBundlingDetail: the combo (any status) and its goods. */
  const COMBO = {
    bl_id: 1,
    bl_name: "感冒组合",
    site_id: 1,
    site_name: "",
    bl_price: "30.00",
    goods_money: "36.50",
    shipping_fee_type: 1,
    status: 1,
    bundling_goods: [
      {
        sku_id: 12,
        goods_id: 7,
        sku_name: "布洛芬缓释胶囊",
        price: "13.50",
        sku_image: "upload/1/a.png",
        stock: "88",
        unit: "盒",
        promotion_price: "12.00",
        sale_store: "all",
      },
      {
        sku_id: 13,
        goods_id: 8,
        sku_name: "感冒灵颗粒",
        price: "23.00",
        sku_image: "upload/1/b.png",
        stock: "40",
        unit: "盒",
        promotion_price: "18.00",
        sale_store: "all",
      },
    ],
    bundling_goods_count: 2,
  };

  test("bundling/detail: an open combo is read; a closed one (status 0, answered all the same) is none", async () => {
    upstream.on("/bundling/api/bundling/detail", { body: envelope(0, "操作成功", COMBO) });
    expect(await findCombo(visitor(), 1)).toMatchObject({
      bl_id: 1,
      bl_price: "30.00",
      bundling_goods: [
        { sku_id: 12, stock: 88 },
        { sku_id: 13, stock: 40 },
      ],
    });
    upstream.on("/bundling/api/bundling/detail", { body: envelope(0, "操作成功", { ...COMBO, status: 0 }) });
    expect(await findCombo(visitor(), 1)).toBeNull();
    upstream.on("/bundling/api/bundling/detail", { body: envelope(0, "操作成功", null) });
    expect(await findCombo(visitor(), 99)).toBeNull();
  });
});
