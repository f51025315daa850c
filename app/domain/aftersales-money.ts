import { parseMoney } from "./pricing/money";
import { REFUND_STATUS } from "./aftersales";

/** Money rules of the after-sales pages (server side: refund amount check, the list's amount). */

/**
 * The amount asked for a refund, in cents, or the problem: a plain decimal with at most 2
 * decimals, at least 0.01, at most the maximum the upstream computed.
 */
export function refundAmount(raw: string, maxYuan: string): { cents: number } | { problem: string } {
  const text = raw.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return { problem: "aftersales:errors.amountFormat" };
  const cents = Number(parseMoney(text));
  const max = Number(parseMoney(maxYuan) ?? 0n);
  if (cents < 1) return { problem: "aftersales:errors.amountMin" };
  if (cents > max) return { problem: `aftersales:errors.amountMax|max=${maxYuan}` };
  return { cents };
}

/**
 * The after-sales list's amount and label (contract §5.2, last paragraph): amount =
 * (refund_real_money when refunded, else refund_apply_money) + shop_active_refund_money;
 * label "refunded" when status 3, else "refunding".
 */
export function activistAmount(item: { refund_status: number; refund_real_money: string; refund_apply_money: string; shop_active_refund_money: string }): {
  cents: number;
  label: "refunded" | "refunding";
} {
  const done = item.refund_status === REFUND_STATUS.done;
  const base = Number(parseMoney(done ? item.refund_real_money : item.refund_apply_money) ?? 0n);
  return { cents: base + Number(parseMoney(item.shop_active_refund_money) ?? 0n), label: done ? "refunded" : "refunding" };
}
