import { requireCapability, withCapability } from "./capabilities.server";
import { callUpstream, type UpstreamContext } from "./http.server";
import { cachedForMember } from "~/utils/cache.server";
import { TokenSchema } from "./schemas/common";
import { CountSchema, LinkedAccountsSchema, MemberSchema, OrderNumSchema } from "./schemas/member";

// Everything here is per member: never shared (STYLE.md B1.6); only the top bar's data is kept, per member.

export function getMember(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/member/info", MemberSchema);
}

export function getCartCount(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/cart/count", CountSchema);
}

/**
 * What every page's chrome shows of the member: the name in the top bar and the cart's count. Kept
 * per token and session revision (ADR 035): a post of this session starts a new revision, so the
 * member's own changes show at once; changes from elsewhere (another browser, the shop's admin)
 * show within MEMBER_BAR_TTL_MS.
 */
export const MEMBER_BAR_TTL_MS = 60_000;
export type MemberBar = { nickname: string; username: string; cartCount: number };

/** The member's top bar data; null for a visitor. */
export async function getMemberBar(ctx: UpstreamContext, revision: string): Promise<MemberBar | null> {
  if (!ctx.token) return null;
  return cachedForMember(ctx.token, `member-bar:${revision}`, MEMBER_BAR_TTL_MS, async () => {
    const [member, cartCount] = await Promise.all([getMember(ctx), getCartCount(ctx)]);
    return { nickname: member.nickname || member.username, username: member.username, cartCount };
  });
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

/** What /switch-account's loader answers (its page without JS, the header's dialog with JS). */
export type LinkedAccountsData = { accounts: NonNullable<Awaited<ReturnType<typeof listLinkedAccounts>>> };
