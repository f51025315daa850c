import { callUpstream, isRefusal, type UpstreamError, type UpstreamContext } from "./http.server";
import { formErrorFor } from "./error-messages";
import { Ignored } from "./schemas/common";
import { AgreementSchema, OrderDetailSchema, OrderPageSchema, PackageSchema } from "./schemas/orders";
import { z } from "zod/v4";
import type { CloseReason, OrderTab } from "~/domain/orders";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const PackagesSchema = z.array(PackageSchema);

// The member's orders after checkout (contract UPSTREAM-commerce §4.3–§4.5). Per member: never cached.

export const ORDER_PAGE_SIZE = 10;

/** A business refusal (not a closed shop or a rejected token, which the generic rules handle). */

export function listOrders(ctx: UpstreamContext, params: { tab: OrderTab; page: number; search?: string }) {
  return callUpstream(ctx, "/api/order/lists", OrderPageSchema, {
    order_status: params.tab,
    page: params.page,
    page_size: ORDER_PAGE_SIZE,
    ...(params.search ? { searchText: params.search } : {}),
  });
}

/** An order of the member, or null when the upstream refuses it (another member's, deleted, unknown). */
export function findOrder(ctx: UpstreamContext, orderId: number) {
  return callUpstream(ctx, "/api/order/detail", OrderDetailSchema, { order_id: orderId }).catch((error: unknown) => {
    if (isRefusal(error)) return null;
    throw error;
  });
}

/** The seller reads the reason in Chinese; the buyer picks it in their language. */
const CLOSE_CAUSES: Record<CloseReason, string> = {
  changedMind: "不想买了",
  wrongItems: "商品选错了",
  betterPrice: "其他渠道价格更低",
  payProblem: "支付遇到问题",
  other: "其他原因",
};

/** Closes an unpaid order (the upstream gives back stock, balance, points and coupon). `close_cause` is ours; Niushop ignores it. */
export function closeOrder(ctx: UpstreamContext, orderId: number, reason: CloseReason) {
  return callUpstream(ctx, "/api/order/close", Ignored, { order_id: orderId, close_cause: CLOSE_CAUSES[reason] });
}

export function confirmReceipt(ctx: UpstreamContext, orderId: number) {
  return callUpstream(ctx, "/api/order/takedelivery", Ignored, { order_id: orderId });
}

export function confirmVirtualUse(ctx: UpstreamContext, orderId: number) {
  return callUpstream(ctx, "/api/order/membervirtualtakedelivery", Ignored, { order_id: orderId });
}

export function deleteOrder(ctx: UpstreamContext, orderId: number) {
  return callUpstream(ctx, "/api/order/delete", Ignored, { order_id: orderId });
}

/** Parcels of an order with their traces (newest first, as the upstream sends them); none → []. */
export function listPackages(ctx: UpstreamContext, orderId: number) {
  return callUpstream(ctx, "/api/order/package", PackagesSchema, { order_id: orderId }).catch((error: unknown) => {
    // "No parcels" is answered as a refusal (code -1); the order itself was checked by the caller.
    if (isRefusal(error)) return [];
    throw error;
  });
}

export function getTransactionAgreement(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/order/transactionagreement", AgreementSchema);
}

/** Upstream refusals of order actions we know → our keys; anything else as the upstream wrote it. */
const KNOWN: Record<string, string> = {
  "订单不是待支付状态，不可关闭": "orders:errors.notClosable",
  不是已发货或待核销状态: "orders:errors.notReceivable",
  只有已经关闭的订单才能删除: "orders:errors.notDeletable",
  "当前订单不是本账号的订单！": "orders:errors.notFound",
  不是待收货状态的虚拟订单: "orders:errors.notUsable",
};

export function orderErrorFor(error: UpstreamError): string {
  return KNOWN[error.upstreamMessage] ?? formErrorFor(error);
}
