import { z } from "zod/v4";
import { IntLike, Money, Text } from "./common";

// Points mall (contract UPSTREAM-commerce §6.12, `/pointexchange/api/*`), in the shapes Niushop's
// pointexchange addon answers (addon/pointexchange/model/Exchange.php). Only the fields the pages
// read are parsed.

/**
 * An exchange as `goods/page` lists it (`promotion_exchange_goods.*`): `id` is the exchange (what
 * `goods/detail` and `ordercreate/payment` take); `price` its cash part per unit; type 1 goods (with
 * the goods' name, image and stock), 2 coupon (with its face value; no stock in the list).
 */
export const ExchangeItemSchema = z.object({
  id: IntLike,
  type: IntLike,
  name: Text,
  image: Text.optional().default(""),
  /** Points per unit. */
  point: IntLike,
  /** The cash part per unit ("0.00": points only). */
  price: Money.catch("0.00"),
  /** Goods: the goods' stock; coupons have none in the list (unknown). */
  stock: IntLike.optional().catch(undefined),
  /** Coupons: the face value and threshold. */
  coupon_type: Text.optional().catch(undefined),
  money: Money.optional().catch(undefined),
  discount: Money.optional().catch(undefined),
  at_least: Money.optional().catch(undefined),
});
export type ExchangeItem = z.infer<typeof ExchangeItemSchema>;

/**
 * `goods/detail`: the exchange's first SKU row (`promotion_exchange`) joined with the goods SKU
 * (type 1) or the coupon type (type 2). `exchange_id` is the exchange; `id` the SKU's row. `price`
 * is the goods' own price, the exchange's cash part is `exchange_price`. `content` is HTML (goods:
 * the goods description; coupons: the shop's exchange notes), `rule` the goods exchange's notes.
 */
export const ExchangeDetailSchema = z.object({
  exchange_id: IntLike,
  id: IntLike,
  type: IntLike,
  /** Goods: the SKU (coupons: the coupon type). */
  sku_id: IntLike.optional().catch(undefined),
  point: IntLike,
  exchange_price: Money.catch("0.00"),
  /** Per member; 0 = no limit. */
  limit_num: IntLike.catch(0),
  /** Goods: the SKU's stock; coupons: the exchange's (below 0: no limit). */
  stock: IntLike.catch(0),
  content: Text.catch(""),
  rule: Text.catch(""),
  // Goods (type 1).
  sku_name: Text.optional().catch(undefined),
  goods_name: Text.optional().catch(undefined),
  sku_image: Text.optional().catch(undefined),
  goods_image: Text.optional().catch(undefined),
  unit: Text.optional().catch(undefined),
  // Coupons (type 2).
  name: Text.optional().catch(undefined),
  money: Money.optional().catch(undefined),
  at_least: Money.optional().catch(undefined),
  fixed_term: IntLike.optional().catch(undefined),
});
export type ExchangeDetail = z.infer<typeof ExchangeDetailSchema>;

/** The member's points (`/api/memberaccount/info` with `account_type: "point"`, as the PC asks for them). */
export const PointAccountSchema = z.object({ point: IntLike.catch(0) });

/**
 * A coupon exchange's checkout (`ordercreate/payment` for type 2: the order-create model's fields):
 * the key, the points it takes in all (`point`), the member's account, the exchange row, and a
 * refusal the model found (`error` 1 with `error_msg`: limit, stock, closed).
 */
export const CouponExchangeSchema = z.object({
  order_key: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/),
  point: IntLike,
  goods_num: IntLike.optional().catch(undefined),
  member_account: z.object({ point: IntLike.catch(0) }).catch({ point: 0 }),
  exchange_info: z.object({ id: IntLike, name: Text, point: IntLike }),
  error: IntLike.optional().catch(0).default(0),
  error_msg: Text.optional().default(""),
});
export type CouponExchange = z.infer<typeof CouponExchangeSchema>;
