import { requireCapability, withCapability } from "./capabilities.server";
import { callUpstream, type UpstreamContext } from "./http.server";
import {
  ChangedSchema,
  FollowPageSchema,
  FootprintPageSchema,
  MemberCouponPageSchema,
  SignedTodaySchema,
  SigninConfigSchema,
  SigninRecordsSchema,
  SigninResultSchema,
} from "./schemas/member-assets";

// Member assets (contract §6.4–§6.7): follows, footprint, the member's coupons, sign-in.
// Everything is per member: never cached. Points and levels are in finance.server.ts.

export type Paging = { page: number; pageSize: number };

// ----------------------------------------------------------------------------------- follows

export function listFollows(ctx: UpstreamContext, paging: Paging) {
  return callUpstream(ctx, "/api/goodscollect/page", FollowPageSchema, { page: paging.page, page_size: paging.pageSize });
}

// --------------------------------------------------------------------------------- footprint

/** Every footprint (`page_size 0`, as the PC does to group them by day), newest first. */
export function listFootprints(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/goodsbrowse/page", FootprintPageSchema, { page: 1, page_size: 0 }).then((page) => page.list);
}

/** Deletes footprints of the caller by id → how many went (another member's ids count 0). */
export function deleteFootprints(ctx: UpstreamContext, ids: number[]) {
  return callUpstream(ctx, "/api/goodsbrowse/delete", ChangedSchema, { id: ids.join(",") });
}

// ----------------------------------------------------------------------------------- coupons

/** `state`: 1 usable, 2 used, 3 expired (contract §6.5). */
export function listMemberCoupons(ctx: UpstreamContext, params: Paging & { state: 1 | 2 | 3 }) {
  return callUpstream(ctx, "/coupon/api/coupon/memberpage", MemberCouponPageSchema, { state: params.state, page: params.page, page_size: params.pageSize });
}

// ----------------------------------------------------------------------------------- sign-in
// Capability "signin" (ADR 009): an upstream without `/api/membersignin/*` has no sign-in page.

/** The sign-in config; null when the upstream has no sign-in. */
export function getSigninConfig(ctx: UpstreamContext) {
  return withCapability("signin", () => callUpstream(ctx, "/api/membersignin/getsignstatus", SigninConfigSchema), null);
}

export function hasSignedInToday(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/membersignin/issign", SignedTodaySchema);
}

/** Signs in for today → the reward; refused (UpstreamError "SIGNED_IN") when already done. */
export function signIn(ctx: UpstreamContext) {
  return requireCapability("signin", () => callUpstream(ctx, "/api/membersignin/signin", SigninResultSchema));
}

export function listSigninRecords(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/membersignin/getsignrecords", SigninRecordsSchema);
}
