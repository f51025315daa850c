import { z } from "zod/v4";
import type { DeliverySlot } from "~/domain/checkout";
import { callUpstream, type UpstreamContext } from "./http.server";
import { CalculationSchema, CouponSchema, OutTradeNoSchema, PaymentSchema } from "./schemas/checkout";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const CouponsSchema = z.array(CouponSchema);

// Order creation, the stateful v5 flow (contract UPSTREAM-commerce §2): payment → order_key,
// calculate after every choice, create once. Per member: never cached.

/** What is bought: cart lines, or one sku ("buy now"). */
export type OrderSource = { cart_ids: number[] } | { sku_id: number; num: number };

/** The member's choices, as calculate and create take them (§2.5). */
export type OrderOptions = {
  delivery: { type: string; title: string; storeId?: number; storeName?: string; askTime?: DeliverySlot };
  /** undefined: let the upstream choose (its best coupon); 0: none. */
  couponId?: number;
  useBalance: boolean;
  /** is_point: deduct points (points-cash addon). Sent always, so the upstream default (1) never applies unasked. */
  usePoint: boolean;
  invoice: null | {
    type: 1 | 2;
    titleType: 1 | 2;
    title: string;
    taxNumber: string;
    content: string;
    email: string;
  };
  /** The pickup contact (§2.4: top-level member_address is only read for pickup/virtual). */
  contact?: { name: string; mobile: string };
};

export function startOrder(ctx: UpstreamContext, source: OrderSource) {
  const params = "cart_ids" in source ? { cart_ids: source.cart_ids.join(",") } : { sku_id: source.sku_id, num: source.num };
  return callUpstream(ctx, "/api/ordercreate/payment", PaymentSchema, params);
}

/** The params calculate and create share; JSON fields are JSON strings, as the PC sends them. */
export function optionParams(orderKey: string, options: OrderOptions): Record<string, unknown> {
  const { delivery, invoice } = options;
  const params: Record<string, unknown> = {
    order_key: orderKey,
    delivery: JSON.stringify({
      delivery_type: delivery.type,
      delivery_type_name: delivery.title,
      ...(delivery.storeId ? { store_id: delivery.storeId, store_name: delivery.storeName ?? "" } : {}),
      // Local delivery: the window the buyer asked for (the shape calculate answers back, §2.5).
      ...(delivery.askTime
        ? {
            buyer_ask_delivery_time: {
              start_date: delivery.askTime.date,
              start_time: delivery.askTime.start,
              end_date: delivery.askTime.date,
              end_time: delivery.askTime.end,
              remark: "",
            },
          }
        : {}),
    }),
    is_balance: options.useBalance ? 1 : 0,
    is_point: options.usePoint ? 1 : 0,
    is_invoice: invoice ? 1 : 0,
  };
  if (options.couponId !== undefined) params.coupon = JSON.stringify({ coupon_id: options.couponId });
  if (delivery.storeId) params.store_id = delivery.storeId;
  if (options.contact) params.member_address = JSON.stringify(options.contact);
  if (invoice) {
    Object.assign(params, {
      invoice_type: invoice.type,
      invoice_title_type: invoice.titleType,
      invoice_title: invoice.title,
      taxpayer_number: invoice.taxNumber,
      invoice_content: invoice.content,
      invoice_email: invoice.email,
    });
  }
  return params;
}

export function calculateOrder(ctx: UpstreamContext, orderKey: string, options: OrderOptions) {
  return callUpstream(ctx, "/api/ordercreate/calculate", CalculationSchema, optionParams(orderKey, options));
}

export function listOrderCoupons(ctx: UpstreamContext, orderKey: string, options: OrderOptions) {
  const { delivery } = optionParams(orderKey, options);
  return callUpstream(ctx, "/api/ordercreate/getcouponlist", CouponsSchema, { order_key: orderKey, delivery });
}

/**
 * Creates the order; the order_key is single-use upstream, so a repeat answers 订单已过期. The
 * upstream does not check `pay_password` (the caller checked it: auth/pay-password.server.ts); it
 * is sent as the PC sends it once checked.
 */
export function createOrder(ctx: UpstreamContext, orderKey: string, options: OrderOptions, extra: { buyerMessage: string; payPassword?: string }) {
  return callUpstream(ctx, "/api/ordercreate/create", OutTradeNoSchema, {
    ...optionParams(orderKey, options),
    buyer_message: extra.buyerMessage,
    ...(extra.payPassword ? { pay_password: extra.payPassword } : {}),
  });
}

/** The upstream's message for a gone order_key (cache expired or already used). */
export const ORDER_EXPIRED = "订单已过期";
