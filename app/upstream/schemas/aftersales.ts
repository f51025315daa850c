import { z } from "zod/v4";
import { IntLike, Money, paged, Text } from "./common";

// After-sales answers (contract UPSTREAM-commerce §4.3 evaluation rows, §5; docs/after-sales-api.md
// for complaints). Fields the pages do not read are left out; optional ones fall back.

const Id = IntLike.pipe(z.number().int().positive());
const Seconds = IntLike.catch(0);

/** `/api/order/evluateinfo` (sic): the lines to evaluate, with the first review once there is one. */
export const EvaluateLineSchema = z.object({
  order_goods_id: Id,
  order_id: Id,
  order_no: Text.catch(""),
  goods_id: IntLike.catch(0),
  sku_id: IntLike.catch(0),
  sku_name: Text,
  sku_image: Text,
  price: Money.catch("0"),
  num: IntLike.catch(1),
  content: Text.optional().catch(""),
  images: Text.optional().catch(""),
});
export const EvaluateInfoSchema = z.object({
  evaluate_status: IntLike,
  evaluate_status_name: Text.catch(""),
  list: z.array(EvaluateLineSchema),
});
export type EvaluateInfo = z.infer<typeof EvaluateInfoSchema>;

/** `event` codes of `refund_action[]` (§5.1); unknown ones are kept and ignored by the pages. */
export const RefundActionSchema = z.object({ event: z.string(), title: Text.catch("") });

/** An order line with its refund fields (§4.4), as refunddata, detail and lists answer it. */
export const RefundLineSchema = z.object({
  order_goods_id: Id,
  order_id: Id,
  order_no: Text.optional().catch(""),
  sku_name: Text,
  sku_image: Text,
  price: Money.catch("0"),
  num: IntLike.catch(1),
  real_goods_money: Money.catch("0"),
  refund_status: IntLike.catch(0),
  refund_status_name: Text.catch(""),
  refund_type: IntLike.catch(0),
  refund_no: Text.catch(""),
  refund_apply_money: Money.catch("0"),
  refund_real_money: Money.catch("0"),
  shop_active_refund_money: Money.catch("0"),
  refund_reason: Text.catch(""),
  refund_remark: Text.catch(""),
  refund_images: Text.catch(""),
  refund_refuse_reason: Text.catch(""),
  refund_action_time: Seconds,
  refund_delivery_name: Text.catch(""),
  refund_delivery_no: Text.catch(""),
  refund_delivery_remark: Text.catch(""),
});
export type RefundLine = z.infer<typeof RefundLineSchema>;

/** refunddata (one line object) and refunddatabatch (an array): always an array for us. */
export const RefundDataSchema = z.object({
  order_goods_info: z.union([z.array(RefundLineSchema), RefundLineSchema.transform((line) => [line])]),
  refund_money: Money,
  refund_type: z.array(IntLike).catch([1]),
  refund_reason_type: z.array(z.string()).catch([]),
  refund_delivery_money: Money.catch("0"),
});
export type RefundData = z.infer<typeof RefundDataSchema>;

export const RefundLogSchema = z.object({
  action: Text,
  action_time: Seconds,
  action_way: IntLike.catch(1),
  username: Text.catch(""),
  desc: Text.optional().catch(""),
});

export const RefundDetailSchema = RefundLineSchema.extend({
  refund_action: z.array(RefundActionSchema).catch([]),
  refund_log_list: z.array(RefundLogSchema).catch([]),
  shop_contacts: Text.catch(""),
  shop_mobile: Text.catch(""),
  shop_address: Text.catch(""),
});
export type RefundDetail = z.infer<typeof RefundDetailSchema>;

export const RefundListItemSchema = RefundLineSchema.extend({
  site_name: Text.catch(""),
  refund_action: z.array(RefundActionSchema).catch([]),
});
export const RefundPageSchema = paged(RefundListItemSchema);
export type RefundListItem = z.infer<typeof RefundListItemSchema>;

/** `/api/ordercomplain/detail` (our shape, docs/after-sales-api.md). */
export const ComplaintSchema = z.object({
  complain_id: Id,
  complain_status: IntLike,
  complain_status_name: Text.catch(""),
  complain_reason: Text,
  complain_remark: Text.catch(""),
  platform_remark: Text.catch(""),
  create_time: Seconds,
  complain_action: z.array(RefundActionSchema).catch([]),
});
export const ComplaintInfoSchema = z.object({
  order_goods_id: Id,
  order_id: Id,
  sku_name: Text,
  refund_status: IntLike.catch(0),
  refund_status_name: Text.catch(""),
  can_complain: IntLike.catch(0).transform((value) => value === 1),
  complain_reason_type: z.array(z.string()).catch([]),
  complain: ComplaintSchema.nullable().catch(null),
});
export type ComplaintInfo = z.infer<typeof ComplaintInfoSchema>;
