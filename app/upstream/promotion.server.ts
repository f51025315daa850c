import { z } from "zod/v4";
import { withCapability } from "./capabilities.server";
import { callUpstream, callUpstreamTimed, type UpstreamContext } from "./http.server";
import { paged } from "./schemas/common";
import { CalculationSchema, OutTradeNoSchema, PaymentSchema } from "./schemas/checkout";
import {
  ComboSchema,
  GroupbuyDetailSchema,
  GroupbuyRowSchema,
  SeckillDetailSchema,
  SeckillGoodsSchema,
  SeckillSkuInfoSchema,
  SeckillSlotListSchema,
} from "./schemas/promotion";
import { optionParams, type OrderOptions } from "./order-create.server";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const SeckillPageSchema = paged(SeckillGoodsSchema);
const SeckillDetailEnvelopeSchema = z.object({ goods_sku_detail: SeckillDetailSchema.nullable() });
const GroupbuyPageSchema = paged(GroupbuyRowSchema);
const GroupbuyDetailEnvelopeSchema = z.object({ goods_sku_detail: GroupbuyDetailSchema.nullable() });

// Promotions (contract UPSTREAM-commerce §7). Seckill is an addon (capability "seckill"): without
// it the zone has no slots and the pages answer 404. Answers carry the upstream's clock
// (`timestamp`), which counts promotion time down (the PC does the same).

/** Today's slots and the upstream's now; null when the upstream has no seckill addon. */
export function listSeckillSlots(ctx: UpstreamContext) {
  return withCapability(
    "seckill",
    async () => {
      const { data, timestamp } = await callUpstreamTimed(ctx, "/seckill/api/seckill/lists", SeckillSlotListSchema);
      return { slots: data.list, now: timestamp };
    },
    null,
  );
}

export function listSeckillGoods(ctx: UpstreamContext, query: { slotId: number; type: "today" | "tomorrow"; page: number; pageSize: number }) {
  return callUpstream(ctx, "/seckill/api/seckillgoods/page", SeckillPageSchema, {
    seckill_time_id: query.slotId,
    seckill_time_type: query.type,
    page: query.page,
    page_size: query.pageSize,
  });
}

/**
 * Another SKU of an activity, as the PC switches spec (`seckillgoods/info`); null when the SKU is
 * not in the running activity.
 */
export async function findSeckillSku(ctx: UpstreamContext, seckillId: number, skuId: number) {
  const found = await callUpstream(ctx, "/seckill/api/seckillgoods/info", SeckillSkuInfoSchema, { seckill_id: seckillId, sku_id: skuId });
  return found.goods_sku_detail ?? null;
}

/**
 * One activity, at its first SKU (Niushop's detail reads no `sku_id`: another SKU is
 * findSeckillSku's), and the upstream's now; null when there is no such activity.
 */
export async function findSeckillDetail(ctx: UpstreamContext, seckillId: number) {
  const found = await withCapability(
    "seckill",
    () => callUpstreamTimed(ctx, "/seckill/api/seckillgoods/detail", SeckillDetailEnvelopeSchema, { seckill_id: seckillId }),
    null,
  );
  if (!found?.data.goods_sku_detail) return null;
  return { detail: found.data.goods_sku_detail, now: found.timestamp };
}

/**
 * One open combo; null when there is none, it is closed (`status` 0: Niushop answers a closed combo's
 * detail all the same), or the upstream has no bundling addon.
 */
export async function findCombo(ctx: UpstreamContext, blId: number) {
  const combo = await withCapability("combos", () => callUpstream(ctx, "/bundling/api/bundling/detail", ComboSchema.nullable(), { bl_id: blId }), null);
  return combo && combo.status !== 0 ? combo : null;
}

/** Running group buys; null when the upstream has no group-buy addon. */
export function listGroupbuys(ctx: UpstreamContext, query: { page: number; pageSize: number }) {
  return withCapability(
    "groupbuy",
    () => callUpstream(ctx, "/groupbuy/api/goods/page", GroupbuyPageSchema, { page: query.page, page_size: query.pageSize }),
    null,
  );
}

/** One group buy (any status) and the upstream's now; null when there is none. */
export async function findGroupbuy(ctx: UpstreamContext, groupbuyId: number) {
  const found = await withCapability(
    "groupbuy",
    () => callUpstreamTimed(ctx, "/groupbuy/api/goods/detail", GroupbuyDetailEnvelopeSchema, { groupbuy_id: groupbuyId }),
    null,
  );
  if (!found?.data.goods_sku_detail) return null;
  return { detail: found.data.goods_sku_detail, now: found.timestamp };
}

// Promotion checkouts: the normal checkout's calls under the addon's prefix (§7.1).

/** What each kind's payment takes (its order-create data, spec §4). */
export type PromotionSource =
  | { kind: "seckill"; seckill_id: number; sku_id: number; num: number }
  | { kind: "bundling"; bl_id: number; num: number }
  | { kind: "groupbuy"; groupbuy_id: number; sku_id: number; num: number }
  | { kind: "pointexchange"; id: number; num: number }
  | { kind: "topic"; topic_goods_id: number; num: number };

const PREFIX: Record<PromotionSource["kind"], string> = {
  seckill: "/seckill/api/ordercreate",
  bundling: "/bundling/api/ordercreate",
  groupbuy: "/groupbuy/api/ordercreate",
  pointexchange: "/pointexchange/api/ordercreate",
  topic: "/topic/api/ordercreate",
};

export function startPromotionOrder(ctx: UpstreamContext, source: PromotionSource) {
  const { kind, ...params } = source;
  return callUpstream(ctx, `${PREFIX[kind]}/payment`, PaymentSchema, params);
}

export function calculatePromotionOrder(ctx: UpstreamContext, kind: PromotionSource["kind"], orderKey: string, options: OrderOptions) {
  return callUpstream(ctx, `${PREFIX[kind]}/calculate`, CalculationSchema, optionParams(orderKey, { ...options, couponId: undefined, usePoint: false }));
}

export function createPromotionOrder(
  ctx: UpstreamContext,
  kind: PromotionSource["kind"],
  orderKey: string,
  options: OrderOptions,
  extra: { buyerMessage: string; payPassword?: string },
) {
  return callUpstream(ctx, `${PREFIX[kind]}/create`, OutTradeNoSchema, {
    ...optionParams(orderKey, { ...options, couponId: undefined, usePoint: false }),
    buyer_message: extra.buyerMessage,
    ...(extra.payPassword ? { pay_password: extra.payPassword } : {}),
  });
}
