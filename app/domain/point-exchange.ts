/**
 * Points mall rules (docs/points-mall.md): what a member may exchange of an item, and why not.
 * The same rules decide the disabled button of /point and /point/{id} and the action's refusal;
 * the upstream checks them again at payment and create.
 */

export type ExchangeState = "available" | "login" | "soldOut" | "limitReached" | "pointShort";

export type ExchangeFacts = {
  /** Points per unit. */
  point: number;
  stock: number;
  /** Per member; 0 = no limit. */
  limit: number;
  /** What the member exchanged already (not closed). */
  exchanged: number;
  /** The member's points; null for a visitor. */
  memberPoint: number | null;
};

/** The most the member may exchange now (0 when nothing): stock, what the limit leaves, what the points pay for. */
export function maxExchangeable(facts: ExchangeFacts): number {
  const byStock = Math.max(0, facts.stock);
  const byLimit = facts.limit > 0 ? Math.max(0, facts.limit - facts.exchanged) : byStock;
  const byPoints = facts.memberPoint === null || facts.point <= 0 ? byStock : Math.floor(facts.memberPoint / facts.point);
  return Math.min(byStock, byLimit, byPoints);
}

/** Why one unit cannot be exchanged (sold out first, then the limit, then the points), or "available". */
export function exchangeState(facts: ExchangeFacts): ExchangeState {
  if (facts.stock <= 0) return "soldOut";
  if (facts.memberPoint === null) return "login";
  if (facts.limit > 0 && facts.exchanged >= facts.limit) return "limitReached";
  if (facts.memberPoint < facts.point) return "pointShort";
  return "available";
}

/** Why `num` units cannot be exchanged, as a translation key with its values, or null when they can. */
export function exchangeRefusal(facts: ExchangeFacts, num: number): string | null {
  if (facts.stock <= 0 || num > facts.stock) return `point:errors.stock|count=${Math.max(0, facts.stock)}`;
  if (facts.limit > 0 && facts.exchanged + num > facts.limit) return `point:errors.limit|limit=${facts.limit}|exchanged=${facts.exchanged}`;
  if (facts.memberPoint !== null && facts.memberPoint < facts.point * num) return `point:errors.pointShort|need=${facts.point * num}|have=${facts.memberPoint}`;
  return null;
}
