import { z } from "zod/v4";
import { IntLike, Money, OptionalMoney, paged, Text } from "./common";
import { SaleControlSchema } from "./goods";

// Member assets (contract UPSTREAM-commerce §6.4–§6.7; shapes the contract leaves open:
// docs/member-centre.md). Money stays a decimal string.

/** The goods of a followed or browsed row: both lists show it as the same card. */
const ListedSkuSchema = z.object({
  goods_id: IntLike,
  sku_id: IntLike,
  sku_name: Text.catch(""),
  sku_image: Text.catch(""),
  goods_name: Text,
  goods_image: Text.catch(""),
  discount_price: Money.catch("0.00"),
  market_price: Money.catch("0.00"),
  member_price: OptionalMoney,
  sale_control: SaleControlSchema,
});

/** A row of `goodscollect/page` (contract §6.6). */
export const FollowRowSchema = ListedSkuSchema.extend({ collect_id: IntLike });
export type FollowRow = z.infer<typeof FollowRowSchema>;
export const FollowPageSchema = paged(FollowRowSchema);

/** A row of `goodsbrowse/page` (contract §6.7). */
export const FootprintRowSchema = ListedSkuSchema.extend({ id: IntLike, browse_time: IntLike.catch(0) });
export type FootprintRow = z.infer<typeof FootprintRowSchema>;
export const FootprintPageSchema = paged(FootprintRowSchema);

/** `goodscollect/delete`, `goodsbrowse/delete`: how many rows went (0 = none of the caller's). */
export const ChangedSchema = IntLike.catch(0);

/** A row of `coupon/memberpage` (contract §6.5). */
export const MemberCouponSchema = z.object({
  coupon_id: IntLike,
  coupon_type_id: IntLike.catch(0),
  coupon_name: Text,
  type: Text,
  money: Money.catch("0.00"),
  discount: Money.catch("0.00"),
  discount_limit: Money.catch("0.00"),
  at_least: Money.catch("0.00"),
  goods_type: IntLike.catch(1),
  goods_type_name: Text.catch(""),
  state: IntLike.catch(1),
  start_time: IntLike.catch(0),
  end_time: IntLike.catch(0),
  use_time: IntLike.catch(0),
});
export type MemberCoupon = z.infer<typeof MemberCouponSchema>;
export const MemberCouponPageSchema = paged(MemberCouponSchema);

export const SigninRewardSchema = z.object({ day: IntLike, point: IntLike.catch(0), growth: IntLike.catch(0) });
export type SigninReward = z.infer<typeof SigninRewardSchema>;

/** `membersignin/getsignstatus`: `{is_use, value: {cycle, reward: [...]}}`. */
export const SigninConfigSchema = z.object({
  is_use: IntLike.catch(0),
  value: z.object({ cycle: IntLike.catch(30), reward: z.array(SigninRewardSchema).catch([]) }).catch({ cycle: 30, reward: [] }),
});
export type SigninConfig = z.infer<typeof SigninConfigSchema>;

/** `membersignin/issign`: 1 signed today, 0 not yet. */
export const SignedTodaySchema = IntLike.transform((value) => value === 1);

/** `membersignin/signin`: the reward just earned. */
export const SigninResultSchema = z.object({ point: IntLike.catch(0), growth: IntLike.catch(0), days_series: IntLike.optional().catch(undefined) });

/** `membersignin/getsignrecords`: this month's sign-ins and the 6 days before. */
export const SigninRecordsSchema = z.array(z.object({ create_time: IntLike, point: IntLike.catch(0), growth: IntLike.catch(0) })).catch([]);
