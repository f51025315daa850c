import { requireCapability, withCapability } from "./capabilities.server";
import { callUpstream, type UpstreamContext } from "./http.server";
import { TokenSchema } from "./schemas/common";
import { CountSchema, LinkedAccountsSchema, MemberSchema, OrderNumSchema } from "./schemas/member";

// Everything here is per member: never cached (STYLE.md B1.6).

export function getMember(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/member/info", MemberSchema);
}

export function getCartCount(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/cart/count", CountSchema);
}

export function getOrderNum(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/order/num", OrderNumSchema, { order_status: "waitpay,waitsend,waitconfirm,waitrate,refunding" });
}

export function getUsableCouponCount(ctx: UpstreamContext) {
  return callUpstream(ctx, "/coupon/api/coupon/num", CountSchema, { state: 1 });
}

/** The accounts of the member's group; `null` when the upstream has no account switch (multiaccount addon). */
export function listLinkedAccounts(ctx: UpstreamContext) {
  return withCapability(
    "multiaccount",
    () => callUpstream(ctx, "/multiaccount/api/MultiAccount/lists", LinkedAccountsSchema, {}).then((data) => data.group_list),
    null,
  );
}

/** Exchanges the token for one of a linked account (spec §4 "Account switch"); CapabilityAbsentError without the addon. */
export function switchAccount(ctx: UpstreamContext, memberId: number) {
  return requireCapability("multiaccount", () => callUpstream(ctx, "/multiaccount/api/MultiAccount/change", TokenSchema, { member_id: memberId }));
}
