import { z } from "zod/v4";
import { IntLike, jsonString, Money, Text } from "./common";
import { SaleControlSchema } from "./goods";

// Promotion addons (contract UPSTREAM-commerce §7): seckill slots, goods and detail. Only the
// fields the pages read are parsed.

/** A slot of the day (`seckill/lists`): times are seconds since midnight, China time. */
export const SeckillSlotSchema = z.object({
  id: IntLike,
  name: Text,
  seckill_start_time: IntLike,
  seckill_end_time: IntLike,
  /** "today": not over yet today; "tomorrow": over today, listed for tomorrow. */
  type: Text.optional(),
});
export type SeckillSlot = z.infer<typeof SeckillSlotSchema>;

export const SeckillSlotListSchema = z.object({ list: z.array(SeckillSlotSchema) });

/** A goods of a slot (`seckillgoods/page`): `id` is the seckill_id. */
export const SeckillGoodsSchema = z.object({
  id: IntLike,
  seckill_name: Text,
  goods_id: IntLike,
  sku_id: IntLike.optional(),
  goods_name: Text,
  goods_image: Text,
  price: Money,
  seckill_price: Money,
  /** Left: the smaller of the activity's and the real stock. */
  goods_stock: IntLike,
  sale_num: IntLike.catch(0),
  start_time: IntLike.catch(0),
  end_time: IntLike.catch(0),
  sale_control: SaleControlSchema.optional(),
});
export type SeckillGoods = z.infer<typeof SeckillGoodsSchema>;

/** `goods_spec_format`: a JSON string of spec groups whose values name their sku_id. */
const SpecGroups = jsonString(
  z.array(
    z.object({
      spec_name: Text,
      value: z.array(z.object({ spec_value_name: Text, sku_id: IntLike, selected: z.boolean().optional().catch(false) })),
    }),
  ),
  [],
);

/**
 * What a campaign's detail (`goods_sku_detail` of a seckill, a group buy, a topic's goods) says of
 * its SKU and dates, whatever the campaign; each detail extends it with its own price and limits.
 */
export const CampaignSkuSchema = z.object({
  sku_id: IntLike,
  goods_id: IntLike,
  sku_name: Text,
  goods_name: Text,
  sku_image: Text,
  introduction: Text.optional(),
  unit: Text.optional(),
  price: Money,
  stock: IntLike,
  start_time: IntLike,
  end_time: IntLike,
  sale_control: SaleControlSchema.optional(),
});

/** `seckillgoods/detail` → `goods_sku_detail` (null: no such running activity). */
export const SeckillDetailSchema = CampaignSkuSchema.extend({
  seckill_id: IntLike,
  seckill_name: Text.optional(),
  seckill_price: Money,
  /** Per member and day; 0 = no limit. */
  max_buy: IntLike.catch(0),
  /** What the member bought today (logged in, limited). */
  purchased_num: IntLike.optional().catch(undefined),
  goods_min: IntLike.optional().catch(undefined),
  num_multiple: IntLike.optional().catch(undefined),
  sale_num: IntLike.catch(0),
  time_list: z.array(z.object({ seckill_start_time: IntLike, seckill_end_time: IntLike })).catch([]),
  goods_spec_format: SpecGroups.optional(),
});
export type SeckillDetail = z.infer<typeof SeckillDetailSchema>;

/**
 * `seckillgoods/info {seckill_id, sku_id}` (the PC's spec switch): that SKU's own numbers, laid
 * over the detail (which is always the activity's first SKU). `{type: "again"}` without
 * `goods_sku_detail`: the SKU is not in the running activity.
 */
export const SeckillSkuSchema = SeckillDetailSchema.pick({
  sku_id: true,
  sku_name: true,
  sku_image: true,
  introduction: true,
  unit: true,
  price: true,
  seckill_price: true,
  stock: true,
  max_buy: true,
  purchased_num: true,
  goods_spec_format: true,
});
export const SeckillSkuInfoSchema = z.object({ goods_sku_detail: SeckillSkuSchema.nullable().optional() });

/** A combo (`bundling/detail`): its goods with their specs and prices, the package price. */
export const ComboSchema = z.object({
  bl_id: IntLike,
  bl_name: Text,
  bl_price: Money,
  /** Σ of the items' prices (one set). */
  goods_money: Money.optional().catch(undefined),
  /** 1: the seller pays shipping; 2: the buyer does. */
  shipping_fee_type: IntLike.catch(2),
  /** 1 open, 0 closed (Niushop's detail answers a closed combo too). */
  status: IntLike.optional().catch(undefined),
  bundling_goods: z.array(
    z.object({
      sku_id: IntLike,
      goods_id: IntLike,
      sku_name: Text,
      sku_image: Text,
      price: Money,
      stock: IntLike.catch(0),
      unit: Text.optional(),
    }),
  ),
});
export type Combo = z.infer<typeof ComboSchema>;

/** A running group buy (`groupbuy/api/goods/page`). */
export const GroupbuyRowSchema = z.object({
  groupbuy_id: IntLike,
  goods_id: IntLike,
  sku_id: IntLike,
  goods_name: Text,
  goods_image: Text,
  price: Money,
  groupbuy_price: Money,
  /** The minimum quantity at the group price. */
  buy_num: IntLike,
  sell_num: IntLike.catch(0),
  unit: Text.optional(),
  sale_control: SaleControlSchema.optional(),
});
export type GroupbuyRow = z.infer<typeof GroupbuyRowSchema>;

/** `groupbuy/api/goods/detail` → `goods_sku_detail` (null: no such group buy). Status 1 not started, 2 running, 3 ended. */
export const GroupbuyDetailSchema = CampaignSkuSchema.extend({
  groupbuy_id: IntLike,
  groupbuy_price: Money,
  buy_num: IntLike,
  sell_num: IntLike.catch(0),
  rule: Text.optional(),
  status: IntLike,
});
export type GroupbuyDetail = z.infer<typeof GroupbuyDetailSchema>;
