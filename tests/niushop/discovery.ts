import { z } from "zod";
import type { NiushopFixture } from "../../scripts/niushop/fixture";
import type { MemberAccount } from "./config";
import type { SuiteData, SuiteState } from "./state";
import { CentsSchema, IntSchema, Upstream, UpstreamRefusal } from "./upstream";

/**
 * Finds the data the journeys need through the upstream's own member API, the way a shopper would
 * come across it (the first goods with several SKUs, the running seckill, a topic…), so the suite
 * runs on any Niushop; the fixture of `npm run niushop` is the fallback where the API names
 * nothing. An addon the upstream lacks (its endpoint answers with an HTML page) leaves its entry
 * null, and the journeys that need it are skipped with that reason.
 */

const ListOf = <Row extends z.ZodTypeAny>(row: Row) => z.object({ list: z.array(row) });
const NAME = z.string().transform((name) => name.trim());

/** `null` when the endpoint is missing (an addon the upstream does not have); other failures are thrown. */
async function optional<T>(find: () => Promise<T | null>): Promise<T | null> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof Error && /not JSON/.test(error.message)) return null;
    if (error instanceof UpstreamRefusal) return null;
    throw error;
  }
}

const GoodsRowSchema = z.object({ goods_id: IntSchema, sku_id: IntSchema, goods_name: NAME, stock: z.coerce.number() }).passthrough();
const SkuRowSchema = z.object({ sku_id: IntSchema, stock: z.coerce.number() }).passthrough();

export async function discover(upstream: Upstream, fixture: NiushopFixture | null, member: MemberAccount): Promise<SuiteData> {
  const goods = (await upstream.call("/api/goodssku/page", ListOf(GoodsRowSchema), { page: 1, page_size: 50, min_price: "", max_price: "" })).list.filter(
    (row) => row.stock > 0,
  );

  const seckill = await optional(async () => {
    const slots = await upstream.call("/seckill/api/seckill/lists", ListOf(z.object({ id: IntSchema, type: z.string() }).passthrough()));
    for (const slot of slots.list.filter((candidate) => candidate.type === "today")) {
      const rows = await upstream.call(
        "/seckill/api/seckillgoods/page",
        ListOf(z.object({ id: IntSchema, goods_id: IntSchema, goods_name: NAME }).passthrough()),
        {
          page: 1,
          page_size: 20,
          seckill_time_id: slot.id,
        },
      );
      const row = rows.list[0];
      if (row) return { seckillId: row.id, goodsId: row.goods_id, name: row.goods_name };
    }
    return null;
  });

  const groupbuy = await optional(async () => {
    const rows = await upstream.call(
      "/groupbuy/api/goods/page",
      ListOf(z.object({ groupbuy_id: IntSchema, sku_id: IntSchema, goods_id: IntSchema, goods_name: NAME, buy_num: IntSchema }).passthrough()),
      { page: 1, page_size: 20 },
    );
    const row = rows.list[0];
    return row ? { groupbuyId: row.groupbuy_id, skuId: row.sku_id, goodsId: row.goods_id, name: row.goods_name, minimum: Math.max(1, row.buy_num) } : null;
  });

  const topic = await optional(async () => {
    const topics = await upstream.call("/topic/api/topic/page", ListOf(z.object({ topic_id: IntSchema, topic_name: NAME, status: IntSchema }).passthrough()), {
      page: 1,
      page_size: 20,
    });
    for (const candidate of topics.list) {
      const rows = await upstream.call("/topic/api/topicgoods/page", ListOf(z.object({ id: IntSchema, goods_id: IntSchema, goods_name: NAME }).passthrough()), {
        page: 1,
        page_size: 20,
        topic_id: candidate.topic_id,
      });
      const row = rows.list[0];
      if (row) return { topicId: candidate.topic_id, topicName: candidate.topic_name, topicGoodsId: row.id, goodsId: row.goods_id, name: row.goods_name };
    }
    return null;
  });

  // Combos are offered on a goods page (`bundling/api/bundling/lists` by sku): the first goods that has one.
  const combo = await optional(async () => {
    const skuIds = [...goods.map((row) => row.sku_id), ...(fixture ? [fixture.goods.bundlingA.skuIds[0]] : [])];
    for (const skuId of skuIds) {
      const combos = await upstream.call(
        "/bundling/api/bundling/lists",
        z.array(z.object({ bl_id: IntSchema, bl_name: NAME, bundling_goods: z.array(z.object({ goods_id: IntSchema }).passthrough()) }).passthrough()),
        { sku_id: skuId },
      );
      const found = combos[0];
      if (found) return { blId: found.bl_id, name: found.bl_name, skuId, goodsIds: found.bundling_goods.map((line) => line.goods_id) };
    }
    return null;
  });

  const points = await optional(async () => {
    const rows = await upstream.call(
      "/pointexchange/api/goods/page",
      ListOf(z.object({ id: IntSchema, type: IntSchema, type_id: IntSchema, name: NAME, point: IntSchema, price: z.coerce.number() }).passthrough()),
      { page: 1, page_size: 20 },
    );
    return rows.list;
  });
  const pointGoods = points?.find((row) => row.type === 1) ?? null;

  const promotionGoods = new Set<number>(
    [seckill?.goodsId, groupbuy?.goodsId, topic?.goodsId, ...(combo?.goodsIds ?? []), ...(fixture ? [fixture.goods.pintuan.goodsId] : [])].filter(
      (id): id is number => id !== undefined,
    ),
  );
  if (pointGoods) {
    const exchanged = goods.find((row) => row.sku_id === pointGoods.type_id || row.goods_id === pointGoods.type_id);
    if (exchanged) promotionGoods.add(exchanged.goods_id);
  }
  const plainGoods = goods.filter((row) => !promotionGoods.has(row.goods_id));

  let multiSku: SuiteData["multiSku"] = null;
  for (const row of plainGoods) {
    const skus = await upstream.call("/api/goodssku/goodsSku", z.array(SkuRowSchema), { goods_id: row.goods_id });
    const inStock = skus.filter((sku) => sku.stock > 0).map((sku) => sku.sku_id);
    if (inStock.length >= 2) {
      multiSku = { goodsId: row.goods_id, name: row.goods_name, skuIds: inStock };
      break;
    }
  }
  if (!multiSku && fixture) multiSku = { ...fixture.goods.multiSku };

  const plainRow = plainGoods.find((row) => row.goods_id !== multiSku?.goodsId) ?? plainGoods[0];
  const plain = plainRow
    ? { goodsId: plainRow.goods_id, skuId: plainRow.sku_id, name: plainRow.goods_name }
    : fixture
      ? { goodsId: fixture.goods.singleSku.goodsId, skuId: fixture.goods.singleSku.skuIds[0], name: fixture.goods.singleSku.name }
      : null;
  if (!plain) throw new Error("the upstream lists no goods in stock outside its promotions: the journeys have nothing to buy");

  // Pickup is offered per order: the stores the upstream lists at checkout for the plain goods (a
  // store only sells what it has on sale there), as a member sees them.
  const store = await optional(async () => {
    const token = await upstream.logIn(member.username, member.password);
    const payment = await upstream.call(
      "/api/ordercreate/payment",
      z.object({
        delivery: z.object({
          express_type: z.array(
            z.object({ name: z.string(), store_list: z.array(z.object({ store_id: IntSchema, store_name: NAME }).passthrough()).default([]) }).passthrough(),
          ),
        }),
      }),
      { sku_id: plain.skuId, num: 1 },
      token,
    );
    const first = payment.delivery.express_type.find((type) => type.name === "store")?.store_list[0];
    return first ? { storeId: first.store_id, name: first.store_name } : null;
  });

  const coupon = await optional(async () => {
    const rows = await upstream.call("/coupon/api/coupon/typepagelists", ListOf(z.object({ coupon_type_id: IntSchema, coupon_name: NAME }).passthrough()), {
      page: 1,
      page_size: 20,
    });
    const row = rows.list[0];
    return row ? { couponTypeId: row.coupon_type_id, name: row.coupon_name } : null;
  });

  const recharge = await optional(async () => {
    const rows = await upstream.call(
      "/memberrecharge/api/memberrecharge/page",
      ListOf(z.object({ recharge_id: IntSchema, recharge_name: NAME, buy_price: CentsSchema }).passthrough()),
      { page: 1, page_size: 20 },
    );
    const row = rows.list[0];
    return row ? { rechargeId: row.recharge_id, name: row.recharge_name, buyPrice: row.buy_price } : null;
  });

  const helpArticle = await optional(async () => {
    const classes = await upstream.call(
      "/api/helpclass/lists",
      z.array(
        z
          .object({ class_id: IntSchema, class_name: NAME, child_list: z.array(z.object({ id: IntSchema, title: NAME }).passthrough()).default([]) })
          .passthrough(),
      ),
    );
    const withArticles = classes.find((row) => row.child_list.length > 0);
    const article = withArticles?.child_list[0];
    return withArticles && article ? { id: article.id, title: article.title, classId: withArticles.class_id, className: withArticles.class_name } : null;
  });

  const notice = await optional(async () => {
    const rows = await upstream.call("/api/notice/page", ListOf(z.object({ id: IntSchema, title: NAME })), { page: 1, page_size: 10 });
    return rows.list[0] ?? null;
  });

  return {
    multiSku,
    plain,
    store,
    seckill,
    groupbuy: groupbuy && { groupbuyId: groupbuy.groupbuyId, skuId: groupbuy.skuId, name: groupbuy.name, minimum: groupbuy.minimum },
    topic: topic && { topicId: topic.topicId, topicGoodsId: topic.topicGoodsId, name: topic.name, topicName: topic.topicName },
    combo: combo && { blId: combo.blId, name: combo.name, skuId: combo.skuId },
    pointGoods: pointGoods && { id: pointGoods.id, name: pointGoods.name, point: pointGoods.point, price: pointGoods.price },
    coupon,
    recharge,
    helpArticle,
    notice,
  };
}

/** Which of the member forms the upstream guards with a captcha (its captcha config, as the BFF reads it). */
export async function captchaConfig(upstream: Upstream): Promise<SuiteState["captcha"]> {
  const config = await upstream.call(
    "/api/config/getCaptchaConfig",
    z.object({ shop_reception_login: z.coerce.number().default(0), shop_reception_register: z.coerce.number().default(0) }).passthrough(),
  );
  return { login: config.shop_reception_login === 1, register: config.shop_reception_register === 1 };
}
