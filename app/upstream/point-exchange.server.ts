import { withCapability } from "./capabilities.server";
import { assetUrl } from "./context.server";
import { upstreamHtml } from "./goods-detail.server";
import { callUpstream, UpstreamError, type UpstreamContext } from "./http.server";
import { paged } from "./schemas/common";
import { OutTradeNoSchema } from "./schemas/checkout";
import { CouponExchangeSchema, ExchangeDetailSchema, ExchangeItemSchema, PointAccountSchema, type ExchangeDetail } from "./schemas/point-exchange";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const ExchangePageSchema = paged(ExchangeItemSchema);

// Points mall (contract UPSTREAM-commerce §6.12). The pointexchange addon is a capability: without
// it /point and its pages answer 404. Goods exchanges are checked out on the shared /payment page
// (promotion.server.ts, kind "pointexchange"); coupon exchanges need no address and end at once.

/**
 * The upstream's answers for an exchange it will not detail (goods/detail): none with that id, or
 * one that is off (or whose goods are off the shelf: Niushop's bare `error($info)`).
 */
export const EXCHANGE_MISSING = "商品未找到";
export const EXCHANGE_OFF = "操作失败";

export type ExchangeQuery = {
  /** 1 goods, 2 coupons (Niushop lists one kind at a time; goods when none is asked for). */
  type: 1 | 2;
  /** "point" sorts by the points needed; absent = the shop's order. */
  order?: "point";
  sort?: "asc" | "desc";
  /** Only items the member can afford (the member's points). */
  maxPoint?: number;
  page: number;
  pageSize: number;
};

/** One page of exchange items; null when the upstream has no points mall. */
export function listExchanges(ctx: UpstreamContext, query: ExchangeQuery) {
  return withCapability(
    "pointexchange",
    () =>
      callUpstream(ctx, "/pointexchange/api/goods/page", ExchangePageSchema, {
        page: query.page,
        page_size: query.pageSize,
        type: query.type,
        ...(query.order ? { order: query.order, sort: query.sort ?? "asc" } : {}),
        // Niushop filters by points unless these are "" (its 0 default is a filter on PHP 8: a
        // list of nothing), so "no bound" is said as "" (issue 28, niushop/README.md fact 10).
        min_point: "",
        max_point: query.maxPoint ?? "",
      }),
    null,
  );
}

/** An exchange as /point/{id} and its checkout show it, whichever kind. */
export type Exchange = {
  /** The exchange: what the list links to and the checkout takes (`exchange_id` of the detail). */
  id: number;
  kind: "goods" | "coupon";
  name: string;
  image: string;
  /** Points per unit. */
  point: number;
  /** The cash part per unit ("0.00": points only). */
  cash: string;
  /** null: no limit (a coupon exchange without a stock). */
  stock: number | null;
  /** Per member; 0 = no limit. */
  limit: number;
  skuId: number | null;
  unit: string;
  /** Sanitized HTML: the goods description or the coupon exchange's notes; the goods exchange's notes. */
  contentHtml: string;
  ruleHtml: string;
  money: string | null;
  atLeast: string | null;
  fixedTerm: number;
};

function toExchange(detail: ExchangeDetail, upstreamUrl: string): Exchange {
  const goods = detail.type === 1;
  return {
    id: detail.exchange_id,
    kind: goods ? "goods" : "coupon",
    name: (goods ? detail.sku_name || detail.goods_name : detail.name) ?? "",
    image: goods ? assetUrl(detail.sku_image || detail.goods_image || "") : "",
    point: detail.point,
    cash: detail.exchange_price,
    stock: !goods && detail.stock < 0 ? null : detail.stock,
    limit: detail.limit_num,
    skuId: goods ? (detail.sku_id ?? null) : null,
    unit: detail.unit ?? "",
    contentHtml: detail.content ? upstreamHtml(detail.content, upstreamUrl) : "",
    ruleHtml: detail.rule ? upstreamHtml(detail.rule, upstreamUrl) : "",
    money: detail.money ?? null,
    atLeast: detail.at_least ?? null,
    fixedTerm: detail.fixed_term ?? 0,
  };
}

/** One exchange item (goods or coupon; red packets are not offered here); null when there is none (or no points mall upstream). */
export async function findExchange(ctx: UpstreamContext, id: number): Promise<Exchange | null> {
  try {
    const detail = await withCapability("pointexchange", () => callUpstream(ctx, "/pointexchange/api/goods/detail", ExchangeDetailSchema, { id }), null);
    return detail && (detail.type === 1 || detail.type === 2) ? toExchange(detail, ctx.baseUrl) : null;
  } catch (error) {
    if (error instanceof UpstreamError && (error.upstreamMessage === EXCHANGE_MISSING || error.upstreamMessage === EXCHANGE_OFF)) return null;
    throw error;
  }
}

/** The member's points, asked for as Niushop's PC asks (`memberaccount/info`, `account_type: "point"`). */
export async function getMemberPoints(ctx: UpstreamContext): Promise<number> {
  return (await callUpstream(ctx, "/api/memberaccount/info", PointAccountSchema, { account_type: "point" })).point;
}

/** A coupon exchange's checkout: the order key, the points it takes and the member's (refusals are UpstreamErrors or `error` 1). */
export function startCouponExchange(ctx: UpstreamContext, source: { id: number; num: number }) {
  return callUpstream(ctx, "/pointexchange/api/ordercreate/payment", CouponExchangeSchema, source);
}

/**
 * Exchange the coupon: points taken, the coupons given → the exchange's out_trade_no. 5.5.2 reads
 * `buyer_message` without a default (`Undefined array key` without it); a coupon has no message.
 */
export function createCouponExchange(ctx: UpstreamContext, orderKey: string) {
  return callUpstream(ctx, "/pointexchange/api/ordercreate/create", OutTradeNoSchema, { order_key: orderKey, buyer_message: "" });
}
