import { withCapability } from "./capabilities.server";
import { callUpstream, type UpstreamContext } from "./http.server";
import { Ignored } from "./schemas/common";
import { uploadImage } from "./upload.server";
import {
  BalanceConfigSchema,
  OfflineConfigSchema,
  OfflineInfoSchema,
  OutTradeNoSchema,
  PayAnswerSchema,
  PayInfoSchema,
  PayStatusSchema,
  PayTypesSchema,
} from "./schemas/checkout";

// The cashier (contract UPSTREAM-commerce §3). Per member: never cached.

/** `pay_status` values (§3.2). */
export const PAY_STATUS = { pending: 0, inProgress: 1, paid: 2, cancelled: -1, closed: -2 } as const;

/**
 * A transfer voucher's review (`/offlinepay/api/pay/info` `status`, numbered as 5.5.2's
 * `addon/offlinepay/model/Pay.php`): waiting for the seller, passed (the payment is then paid),
 * refused (the member sends another), closed with its payment.
 */
export const VOUCHER_STATUS = { waiting: 0, passed: 1, refused: 2, closed: 3 } as const;

export type VoucherReview = "waiting" | "passed" | "refused" | "closed";

/** The review a voucher's status says; one without a status has just been sent, so it waits. */
export function voucherReview(status: number | undefined): VoucherReview {
  switch (status) {
    case VOUCHER_STATUS.passed:
      return "passed";
    case VOUCHER_STATUS.refused:
      return "refused";
    case VOUCHER_STATUS.closed:
      return "closed";
    default:
      return "waiting";
  }
}

export function getPayInfo(ctx: UpstreamContext, outTradeNo: string) {
  return callUpstream(ctx, "/api/pay/info", PayInfoSchema, { out_trade_no: outTradeNo });
}

export function getPayStatus(ctx: UpstreamContext, outTradeNo: string) {
  return callUpstream(ctx, "/api/pay/status", PayStatusSchema, { out_trade_no: outTradeNo });
}

export function listPayTypes(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/pay/type", PayTypesSchema);
}

export function getBalanceConfig(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/pay/getBalanceConfig", BalanceConfigSchema);
}

/**
 * Starts a payment. `return_url` is where the gateway (the reference API's simulator) sends the
 * browser back; balance payment sends the pay password.
 */
export function startPayment(ctx: UpstreamContext, params: { outTradeNo: string; payType: string; returnUrl: string; payPassword?: string }) {
  return callUpstream(ctx, "/api/pay/pay", PayAnswerSchema, {
    out_trade_no: params.outTradeNo,
    pay_type: params.payType,
    return_url: params.returnUrl,
    ...(params.payPassword ? { pay_password: params.payPassword } : {}),
  });
}

/** A new serial for an unpaid order (§3.4): `/api/order/pay {order_ids}`. */
export function payExistingOrder(ctx: UpstreamContext, orderId: number) {
  return callUpstream(ctx, "/api/order/pay", OutTradeNoSchema, { order_ids: orderId });
}

export function resetPayment(ctx: UpstreamContext, outTradeNo: string) {
  return callUpstream(ctx, "/api/pay/resetpay", Ignored, { out_trade_no: outTradeNo });
}

// Offline transfer is an addon (capability "offlinepay"): without it the cashier has no transfer option.

export function getOfflineConfig(ctx: UpstreamContext) {
  return withCapability("offlinepay", () => callUpstream(ctx, "/offlinepay/api/pay/config", OfflineConfigSchema), null);
}

export function getOfflineVoucher(ctx: UpstreamContext, outTradeNo: string) {
  return callUpstream(ctx, "/offlinepay/api/pay/info", OfflineInfoSchema, { out_trade_no: outTradeNo });
}

export function submitOfflineVoucher(ctx: UpstreamContext, outTradeNo: string, imgs: string[], desc: string) {
  return callUpstream(ctx, "/offlinepay/api/pay/pay", Ignored, { out_trade_no: outTradeNo, imgs: imgs.join(","), desc });
}

/** Uploads a voucher image (checked for type and size by the action first). */
export function uploadVoucherImage(ctx: UpstreamContext, file: File): Promise<string> {
  return uploadImage(ctx, "/offlinepay/api/pay/uploadimg", file);
}
