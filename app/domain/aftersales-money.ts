import { parseMoney } from "./pricing/money";
import { REFUND_STATUS } from "./aftersales";

/** Money rules of the after-sales pages (the list's amount). */

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
