import { z } from "zod/v4";
import { Flag, IntLike, Money, Text } from "./common";

/** A coupon type of the coupon zone (`/coupon/api/coupon/typelists`, real sample shape). */
export const CouponTypeSchema = z.object({
  coupon_type_id: IntLike,
  type: z.enum(["reward", "discount"]).catch("reward"),
  coupon_name: Text,
  money: Money.catch("0.00"),
  discount: Money.catch("0.00"),
  at_least: Money.catch("0.00"),
  discount_limit: Money.catch("0.00"),
  max_fetch: IntLike.catch(0),
  count: IntLike.catch(0),
  lead_count: IntLike.catch(0),
  is_remain: Flag.optional().catch(true),
  end_time: IntLike.catch(0),
  validity_type: IntLike.catch(0),
  fixed_term: IntLike.catch(0),
  goods_type_name: Text.catch(""),
  use_channel_name: Text.catch(""),
  member_coupon_num: IntLike.optional().catch(undefined),
});
export type CouponType = z.infer<typeof CouponTypeSchema>;
