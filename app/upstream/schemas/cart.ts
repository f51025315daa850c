import { z } from "zod/v4";
import { Flag, IntLike, Money, OptionalMoney, Text } from "./common";
import { GetFreeGoodsSchema, PriceTierSchema, SaleControlSchema } from "./goods";

// Cart lines (docs/catalog-contract.md "Cart"): the real sample's keys plus the spec §3 fields.

export const CartPromotionInfoSchema = z
  .object({
    goods_min: IntLike.optional().catch(undefined),
    goods_limit: IntLike.optional().catch(undefined),
    num_multiple: IntLike.optional().catch(undefined),
    price: Money.optional().catch(undefined),
    price_json: z.array(PriceTierSchema).optional().catch(undefined),
  })
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);

/** `get_free_goods` of a cart line: `null` or the exchange offers (spec §3). */
export const CartGetFreeSchema = z
  .object({ is_ladder: Flag.catch(false), getFreeGoods: z.array(GetFreeGoodsSchema).catch([]) })
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);

export const CartLineSchema = z.object({
  cart_id: IntLike,
  site_id: IntLike.catch(1),
  site_name: Text.catch(""),
  sku_id: IntLike,
  goods_id: IntLike,
  sku_name: Text,
  goods_name: Text.catch(""),
  sku_image: Text.catch(""),
  sku_spec_format: Text.optional().catch(""),
  num: IntLike,
  price: Money,
  market_price: Money.catch("0.00"),
  discount_price: Money,
  member_price: OptionalMoney,
  stock: IntLike.catch(0),
  goods_state: IntLike.catch(1),
  min_buy: IntLike.catch(0),
  max_buy: IntLike.catch(0),
  unit: Text.catch(""),
  goods_min: IntLike.optional().catch(undefined),
  goods_limit: IntLike.optional().catch(undefined),
  promotion_label: Text.optional().catch(""),
  is_member_discount: Flag.optional().catch(false),
  promotion_info: CartPromotionInfoSchema,
  sale_control: SaleControlSchema,
  get_free_goods: CartGetFreeSchema,
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const BundleLineSchema = z.object({
  cart_id: IntLike,
  bl_id: IntLike,
  bl_name: Text,
  bl_price: Money,
  num: IntLike,
  stock: IntLike.catch(0),
  bundlingGoods: z
    .array(
      z.object({ sku_id: IntLike, goods_id: IntLike.catch(0), sku_name: Text, sku_image: Text.catch(""), price: Money.catch("0.00"), num: IntLike.catch(1) }),
    )
    .catch([]),
});
export type BundleLine = z.infer<typeof BundleLineSchema>;

/** What /api/Cart/calculate answers (used to check that our totals agree with the upstream's). */
export const CartCalculationSchema = z.object({
  goods_list: z.array(z.object({ cart_id: IntLike, sku_id: IntLike, num: IntLike, price: Money, subtotal: Money })).catch([]),
  bundling_list: z.array(z.object({ cart_id: IntLike, bl_id: IntLike, num: IntLike, bl_price: Money, subtotal: Money })).catch([]),
  goods_num: IntLike.catch(0),
  goods_money: Money,
  order_money: Money,
});
export type CartCalculation = z.infer<typeof CartCalculationSchema>;
