import { withCapability } from "./capabilities.server";
import { callUpstream, UpstreamError, type UpstreamContext } from "./http.server";
import { paged } from "./schemas/common";
import { OutTradeNoSchema } from "./schemas/checkout";
import { CouponExchangeSchema, ExchangeDetailSchema, ExchangeItemSchema } from "./schemas/point-exchange";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const ExchangePageSchema = paged(ExchangeItemSchema);

// Points mall (contract UPSTREAM-commerce §6.12). The pointexchange addon is a capability: without
// it /point and its pages answer 404. Goods exchanges are checked out on the shared /payment page
// (promotion.server.ts, kind "pointexchange"); coupon exchanges need no address and end at once.

/** The upstream's "no such item" answer (goods/detail, ordercreate/payment). */
export const EXCHANGE_MISSING = "商品未找到";

export type ExchangeQuery = {
  /** 1 goods, 2 coupons; absent = all. */
  type?: 1 | 2;
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
        ...(query.type ? { type: query.type } : {}),
        ...(query.order ? { order: query.order, sort: query.sort ?? "asc" } : {}),
        ...(query.maxPoint !== undefined ? { max_point: query.maxPoint } : {}),
      }),
    null,
  );
}

/** One exchange item; null when there is none (or no points mall upstream). */
export async function findExchange(ctx: UpstreamContext, id: number) {
  try {
    return await withCapability("pointexchange", () => callUpstream(ctx, "/pointexchange/api/goods/detail", ExchangeDetailSchema, { id }), null);
  } catch (error) {
    if (error instanceof UpstreamError && error.upstreamMessage === EXCHANGE_MISSING) return null;
    throw error;
  }
}

/** A coupon exchange's checkout: the order key and the points it takes (refusals are UpstreamErrors). */
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
