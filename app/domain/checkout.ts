// Checkout rules shared by the /payment schema (server) and its form (browser), kept free of zod
// so nothing here pulls the schema library into the browser bundle.

/** contract §2.9: the PC limits the buyer message to 140 characters. */
export const BUYER_MESSAGE_MAX = 140;

/** A mainland mobile (11 digits from 13…19), as the PC checks a virtual order's mobile. */
export const MOBILE = /^1[3-9]\d{9}$/;

/** Niushop's event of a recharge's payment record (`pay/info` `event`): stored value bought. */
export const RECHARGE_PAY_EVENT = "MemberRechargeOrderPayNotify";

/**
 * Whether the cashier may offer the balance and offline transfer for a payment (issue 29): not for
 * a recharge (stored value cannot buy stored value: "该支付单不支持余额支付"). Every order a member
 * buys goods with (goods, promotion and points orders) may be paid so; Niushop 5.5.2 takes a
 * transfer voucher for a points order's payment too (`npm run test:niushop`).
 */
export function cashierOffersBalanceAndTransfer(event: string | undefined): boolean {
  return event !== RECHARGE_PAY_EVENT;
}
