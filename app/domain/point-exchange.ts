/**
 * Points mall rules (docs/points-mall.md): what a member may exchange of an item, and why not.
 * The same rules decide the disabled button of /point and /point/{id} and the action's refusal;
 * the upstream checks them again at payment and create (and only it knows what the member
 * exchanged already against the limit: Niushop's list and detail do not say).
 */

export type ExchangeState = "available" | "login" | "soldOut" | "pointShort";

export type ExchangeFacts = {
  /** Points per unit. */
  point: number;
  /** null: not limited (a coupon exchange without a stock), or unknown (coupons in the list). */
  stock: number | null;
  /** Per member; 0 = no limit. */
  limit: number;
  /** The member's points; null for a visitor. */
  memberPoint: number | null;
};

const NO_LIMIT = Number.POSITIVE_INFINITY;

/** The most the member may exchange now (0 when nothing): stock, the limit, what the points pay for. */
export function maxExchangeable(facts: ExchangeFacts): number {
  const byStock = facts.stock === null ? NO_LIMIT : Math.max(0, facts.stock);
  const byLimit = facts.limit > 0 ? facts.limit : NO_LIMIT;
  const byPoints = facts.memberPoint === null || facts.point <= 0 ? NO_LIMIT : Math.floor(facts.memberPoint / facts.point);
  const most = Math.min(byStock, byLimit, byPoints);
  return Number.isFinite(most) ? most : 999_999;
}

/** Why one unit cannot be exchanged (sold out first, then the points), or "available". */
export function exchangeState(facts: ExchangeFacts): ExchangeState {
  if (facts.stock !== null && facts.stock <= 0) return "soldOut";
  if (facts.memberPoint === null) return "login";
  if (facts.memberPoint < facts.point) return "pointShort";
  return "available";
}

/** Why `num` units cannot be exchanged, as a translation key with its values, or null when they can. */
export function exchangeRefusal(facts: ExchangeFacts, num: number): string | null {
  if (facts.stock !== null && (facts.stock <= 0 || num > facts.stock)) return `point:errors.stock|count=${Math.max(0, facts.stock)}`;
  if (facts.limit > 0 && num > facts.limit) return `point:errors.limitPerMember|limit=${facts.limit}`;
  if (facts.memberPoint !== null && facts.memberPoint < facts.point * num) return `point:errors.pointShort|need=${facts.point * num}|have=${facts.memberPoint}`;
  return null;
}
