import { toCents } from "~/domain/pricing/money";

/**
 * The upstream's withdrawal rules (contract §6.10), checked by the BFF before it calls `apply`,
 * so a refused amount changes nothing and gets our translated message. Amounts are yuan strings
 * as the upstream writes them ("10.00"); the comparisons are in integer cents.
 */
export type WithdrawRules = {
  /** config.is_use */
  enabled: boolean;
  min: string;
  /** config.max: 0 refuses every amount (no "unlimited" case upstream). */
  max: string;
  /** The member's withdrawable cash (balance_money). */
  available: string;
  /** Percent, e.g. "1.00". */
  rate: string;
  /** The transfer types the shop allows (transfertype keys). */
  transferTypes: string[];
};

export type WithdrawProblem =
  | { reason: "disabled" }
  | { reason: "badAmount" }
  | { reason: "belowMin"; min: string }
  | { reason: "aboveMax"; max: string }
  | { reason: "aboveBalance" }
  | { reason: "badTransferType" };

/** A typed amount: digits with up to 2 decimals, above 0, at most 999 999 999.99. */
export const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** Why `amount` cannot be withdrawn to an account of `transferType`, in the upstream's order, or null. */
export function withdrawProblem(amount: string, transferType: string, rules: WithdrawRules): WithdrawProblem | null {
  if (!rules.enabled) return { reason: "disabled" };
  const text = amount.trim();
  if (!AMOUNT_PATTERN.test(text) || toCents(text) <= 0n) return { reason: "badAmount" };
  const cents = toCents(text);
  if (cents < toCents(rules.min)) return { reason: "belowMin", min: rules.min };
  if (cents > toCents(rules.max)) return { reason: "aboveMax", max: rules.max };
  if (cents > toCents(rules.available)) return { reason: "aboveBalance" };
  if (!rules.transferTypes.includes(transferType)) return { reason: "badTransferType" };
  return null;
}

/** The fee and what arrives: fee = round(amount × rate / 100) to the cent (half up), as upstream. */
export function withdrawFee(amount: string, rate: string): { fee: bigint; net: bigint } {
  const cents = toCents(amount);
  // rate has 2 decimals: cents × rate(in hundredths) / 10000, rounded half up.
  const fee = (cents * toCents(rate) + 5000n) / 10000n;
  return { fee, net: cents - fee };
}
