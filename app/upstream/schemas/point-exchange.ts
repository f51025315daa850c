import { z } from "zod/v4";
import { IntLike, Money, Text } from "./common";

// Points mall (contract UPSTREAM-commerce §6.12, `/pointexchange/api/*`). Only the fields the pages read are parsed.

/** An exchange item (`goods/page`, `goods/detail`): type 1 goods, 2 coupon (3 red packet: not offered by this storefront). */
export const ExchangeItemSchema = z.object({
  id: IntLike,
  type: IntLike,
  name: Text,
  image: Text.optional().default(""),
  /** Points per unit. */
  point: IntLike,
  /** The cash part per unit ("0.00": points only). */
  price: Money,
  market_price: Money.optional().catch(undefined),
  stock: IntLike.catch(0),
  /** Per member; 0 = no limit. */
  limit_num: IntLike.catch(0),
  /** What the member exchanged already (logged-in answers). */
  exchanged_num: IntLike.optional().catch(undefined),
  sku_id: IntLike.optional().catch(undefined),
  unit: Text.optional().catch(undefined),
  /** Coupons: the face value and threshold. */
  coupon_type: Text.optional().catch(undefined),
  money: Money.optional().catch(undefined),
  discount: IntLike.optional().catch(undefined),
  at_least: Money.optional().catch(undefined),
  fixed_term: IntLike.optional().catch(undefined),
});
export type ExchangeItem = z.infer<typeof ExchangeItemSchema>;

export const ExchangeDetailSchema = ExchangeItemSchema.extend({
  /** Plain text (rendered as text, never as HTML). */
  content: Text.optional().default(""),
  member_point: IntLike.optional().catch(undefined),
});
export type ExchangeDetail = z.infer<typeof ExchangeDetailSchema>;

/** A coupon exchange's checkout (`ordercreate/payment|calculate` for type 2): the key and the points it takes. */
export const CouponExchangeSchema = z.object({
  order_key: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/),
  point: IntLike,
  member_point: IntLike.catch(0),
  exchange_info: z.object({ id: IntLike, name: Text, point: IntLike, num: IntLike, total_point: IntLike }),
});
export type CouponExchange = z.infer<typeof CouponExchangeSchema>;
