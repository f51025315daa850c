import { z } from "zod/v4";
import { probeCapability, requireCapability, withCapability } from "./capabilities.server";
import { evaluationsChanged } from "./goods-detail.server";
import { callUpstream, type UpstreamContext } from "./http.server";
import { Ignored } from "./schemas/common";
import { ComplaintInfoSchema, EvaluateInfoSchema, RefundDataSchema, RefundDetailSchema, RefundPageSchema, type RefundDetail } from "./schemas/aftersales";
import { uploadImage } from "./upload.server";

// After-sales (contract UPSTREAM-commerce §4.3 evaluations, §5 refunds; complaints: docs/after-sales-api.md).
// Per member: never cached. A review marks its goods' shared evaluation pages as changed.

export const REFUND_PAGE_SIZE = 10;

// ------------------------------------------------------------------ evaluations

export function getEvaluateInfo(ctx: UpstreamContext, orderId: number) {
  return callUpstream(ctx, "/api/order/evluateinfo", EvaluateInfoSchema, { order_id: orderId });
}

/** A line's first review, with the line's sku as evluateinfo gave it (the upstream stores what it is sent). */
export type FirstReviewInput = {
  orderGoodsId: number;
  goodsId: number;
  skuId: number;
  skuName: string;
  skuPrice: string;
  skuImage: string;
  content: string;
  images: string[];
  scores: number;
};

/**
 * The first review of the order's lines, with the fields the PC sends: `goods_evaluate` is a JSON
 * string whose lines carry the sku's name, price and image (the upstream reads each without a
 * default: `Undefined array key "sku_name"` without them), and the reviewer's name and avatar,
 * which the goods page shows (the upstream keeps what it is sent; the PC sends the nickname).
 */
export async function addEvaluation(
  ctx: UpstreamContext,
  input: { orderId: number; orderNo: string; reviewer: { name: string; headimg: string }; anonymous: boolean; lines: FirstReviewInput[] },
) {
  const goodsEvaluate = input.lines.map((line) => ({
    content: line.content,
    images: line.images.join(","),
    scores: line.scores,
    explain_type: line.scores >= 4 ? 1 : line.scores >= 2 ? 2 : 3,
    order_goods_id: line.orderGoodsId,
    goods_id: line.goodsId,
    sku_id: line.skuId,
    sku_name: line.skuName,
    sku_price: line.skuPrice,
    sku_image: line.skuImage,
    site_id: 1,
  }));
  await callUpstream(ctx, "/api/goodsevaluate/add", Ignored, {
    order_id: input.orderId,
    goods_evaluate: JSON.stringify(goodsEvaluate),
    order_no: input.orderNo,
    member_name: input.reviewer.name,
    member_headimg: input.reviewer.headimg,
    is_anonymous: input.anonymous ? 1 : 0,
  });
  await evaluationsChanged(input.lines.map((line) => line.goodsId));
}

export type AgainReviewInput = { orderGoodsId: number; goodsId: number; skuId: number; content: string; images: string[] };

export async function addAgainEvaluation(ctx: UpstreamContext, input: { orderId: number; lines: AgainReviewInput[] }) {
  const goodsEvaluate = input.lines.map((line) => ({
    order_goods_id: line.orderGoodsId,
    goods_id: line.goodsId,
    sku_id: line.skuId,
    again_content: line.content,
    again_images: line.images.join(","),
    site_id: 1,
  }));
  await callUpstream(ctx, "/api/goodsevaluate/again", Ignored, { order_id: input.orderId, goods_evaluate: JSON.stringify(goodsEvaluate) });
  await evaluationsChanged(input.lines.map((line) => line.goodsId));
}

/** Uploads an evaluation image (checked for type and size by the action first). */
export function uploadEvaluateImage(ctx: UpstreamContext, file: File): Promise<string> {
  return uploadImage(ctx, "/api/upload/evaluateimg", file);
}

// ------------------------------------------------------------------ refunds

export function getRefundData(ctx: UpstreamContext, orderGoodsId: number) {
  return callUpstream(ctx, "/api/orderrefund/refunddata", RefundDataSchema, { order_goods_id: orderGoodsId });
}

export function getRefundDataBatch(ctx: UpstreamContext, orderGoodsIds: number[]) {
  return callUpstream(ctx, "/api/orderrefund/refunddatabatch", RefundDataSchema, { order_goods_ids: orderGoodsIds.join(",") });
}

export type RefundInput = { orderGoodsIds: number[]; type: 1 | 2; reason: string; remark: string; images: string[] };

/**
 * Applies for a refund of the lines' whole refundable amount: 5.5.2 reads no amount and records
 * the one it computes, so none is sent (the PC sends none either). It does not check whose lines
 * they are: the caller checks ownership first (docs/upstream-conformance.md D1).
 */
export function applyRefund(ctx: UpstreamContext, input: RefundInput) {
  return callUpstream(ctx, "/api/orderrefund/refund", Ignored, {
    order_goods_ids: input.orderGoodsIds.join(","),
    refund_type: input.type,
    refund_reason: input.reason,
    refund_remark: input.remark,
    refund_images: input.images.join(","),
  });
}

export function cancelRefund(ctx: UpstreamContext, orderGoodsId: number) {
  return callUpstream(ctx, "/api/orderrefund/cancel", Ignored, { order_goods_id: orderGoodsId });
}

export function sendReturnWaybill(ctx: UpstreamContext, orderGoodsId: number, waybill: { company: string; number: string; remark: string }) {
  return callUpstream(ctx, "/api/orderrefund/delivery", Ignored, {
    order_goods_id: orderGoodsId,
    refund_delivery_name: waybill.company,
    refund_delivery_no: waybill.number,
    refund_delivery_remark: waybill.remark,
  });
}

/**
 * Niushop 5.5.2 answers a line that is not the member's with success and a detail of only the log
 * (OrderRefund::getMemberRefundDetail finds no line and adds `refund_log_list`): that is no line.
 */
const RefundDetailAnswerSchema = z.union([
  RefundDetailSchema,
  z
    .object({ order_goods_id: z.undefined() })
    .passthrough()
    .transform(() => null),
]);

/** The member's refund line, or null when there is no such line of theirs. */
export function getRefundDetail(ctx: UpstreamContext, orderGoodsId: number): Promise<RefundDetail | null> {
  return callUpstream(ctx, "/api/orderrefund/detail", RefundDetailAnswerSchema, { order_goods_id: orderGoodsId });
}

export function listRefunds(ctx: UpstreamContext, page: number) {
  return callUpstream(ctx, "/api/orderrefund/lists", RefundPageSchema, { page, page_size: REFUND_PAGE_SIZE });
}

export function uploadRefundImage(ctx: UpstreamContext, file: File): Promise<string> {
  return uploadImage(ctx, "/api/upload/refundimg", file);
}

// ------------------------------------------------------------------ complaints (capability "complaints")

/** Whether complaints exist upstream (links to /member/complain are shown only then). */
export function complaintsAvailable(): Promise<boolean> {
  return probeCapability("complaints");
}

/** The line's complaint state, or null when the upstream has no complaints. */
export function findComplaint(ctx: UpstreamContext, orderGoodsId: number) {
  return withCapability("complaints", () => callUpstream(ctx, "/api/ordercomplain/detail", ComplaintInfoSchema, { order_goods_id: orderGoodsId }), null);
}

export function fileComplaint(ctx: UpstreamContext, input: { orderGoodsId: number; reason: string; remark: string }) {
  return requireCapability("complaints", () =>
    callUpstream(ctx, "/api/ordercomplain/complain", Ignored, {
      order_goods_id: input.orderGoodsId,
      complain_reason: input.reason,
      complain_remark: input.remark,
      complain_images: "",
    }),
  );
}

export function withdrawComplaint(ctx: UpstreamContext, orderGoodsId: number) {
  return requireCapability("complaints", () => callUpstream(ctx, "/api/ordercomplain/cancel", Ignored, { order_goods_id: orderGoodsId }));
}
