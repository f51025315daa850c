// Checkout rules shared by the /payment schema (server) and its form (browser), kept free of zod
// so nothing here pulls the schema library into the browser bundle.

/** contract §2.9: the PC limits the buyer message to 140 characters. */
export const BUYER_MESSAGE_MAX = 140;

/** A mainland mobile (11 digits from 13…19), as the PC checks a virtual order's mobile. */
export const MOBILE = /^1[3-9]\d{9}$/;

/** Niushop's event of a goods order's payment record (`pay/info` `event`). */
export const ORDER_PAY_EVENT = "OrderPayNotify";

/**
 * Whether the cashier may offer the balance and offline transfer for a payment: only for a goods
 * order (issue 29). Stored value cannot buy stored value (a recharge: "该支付单不支持余额支付"),
 * and Niushop's PC cashier offers the transfer for `OrderPayNotify` alone. An upstream that does
 * not name the event pays orders only.
 */
export function paysForGoodsOrder(event: string | undefined): boolean {
  return !event || event === ORDER_PAY_EVENT;
}
