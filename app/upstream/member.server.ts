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

export function listLinkedAccounts(ctx: UpstreamContext) {
  return callUpstream(ctx, "/multiaccount/api/MultiAccount/lists", LinkedAccountsSchema, {}).then((data) => data.group_list);
}

/** Exchanges the token for one of a linked account (spec §4 "Account switch"). */
export function switchAccount(ctx: UpstreamContext, memberId: number) {
  return callUpstream(ctx, "/multiaccount/api/MultiAccount/change", TokenSchema, { member_id: memberId });
}
