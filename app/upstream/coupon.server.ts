import { z } from "zod/v4";
import { callUpstream, type UpstreamContext } from "./http.server";
import { CouponTypeSchema } from "./schemas/coupon";
import { Ignored } from "./schemas/common";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const CouponTypesSchema = z.array(CouponTypeSchema);

// Coupons: per member, never cached.

/** Receives one coupon of a type (get_type 2 = received by the member). Limits answer -1 with a message. */
export function receiveCoupon(ctx: UpstreamContext, couponTypeId: number) {
  return callUpstream(ctx, "/coupon/api/coupon/receive", Ignored, { coupon_type_id: couponTypeId, get_type: 2 });
}

/** The coupon zone: every receivable coupon type; with a token it says how many the member holds. */
export function listCouponTypes(ctx: UpstreamContext) {
  return callUpstream(ctx, "/coupon/api/coupon/typelists", CouponTypesSchema, { num: 100 });
}
