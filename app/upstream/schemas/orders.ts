import { z } from "zod/v4";
import { Flag, IntLike, Money, Text, jsonString, paged } from "./common";
import { SpecFormat } from "./checkout";

// Orders after checkout (contract UPSTREAM-commerce §4.2–§4.5; samples api_order_lists*.json,
// api_order_detail.json). Only the fields the pages read are parsed.

/** A list the upstream may answer as `[]`, an object, null or "" for "none". */
function looseArray<T extends z.ZodType>(item: T) {
  return z.unknown().transform((value): z.output<T>[] => {
    const parsed = z.array(item).safeParse(value);
    return parsed.success ? parsed.data : [];
  });
}

/** A buyer button of an order: `{action, title, color}`. */
export const OrderActionSchema = z.object({ action: z.string(), title: Text });
export type OrderAction = z.infer<typeof OrderActionSchema>;

/** A line's after-sales button: refund actions use the key `event` (§5.1). */
export const RefundActionSchema = z.object({ event: z.string(), title: Text });

export const OrderLineSchema = z.object({
  order_goods_id: IntLike,
  goods_id: IntLike.optional().default(0),
  sku_id: IntLike,
  sku_name: Text,
  sku_image: Text,
  sku_spec_format: SpecFormat.optional(),
  price: Money,
  num: IntLike,
  goods_money: Money,
  delivery_status: IntLike.optional().default(0),
  delivery_status_name: Text.optional().default(""),
  refund_status: IntLike.optional().default(0),
  refund_status_name: Text.optional().default(""),
  refund_action: looseArray(RefundActionSchema).optional(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** `delivery_store_info`: a JSON string of the pickup store (§4.4). */
export const StoreInfoSchema = z.object({
  full_address: Text.optional().default(""),
  address: Text.optional().default(""),
  telphone: Text.optional().default(""),
  open_date: Text.optional().default(""),
  start_time: z.unknown().optional(),
  end_time: z.unknown().optional(),
});
export type StoreInfo = z.infer<typeof StoreInfoSchema>;

/** Verify-type virtual goods: one code and its uses (§4.4; `is_veirfy` sic). */
export const VirtualCodeSchema = z.object({
  code: Text,
  expire_time: IntLike.optional().default(0),
  total_verify_num: IntLike.optional().default(1),
  verify_num: IntLike.optional().default(0),
  is_veirfy: IntLike.optional().default(0),
  verify_time: IntLike.optional().default(0),
});
/** E-card goods: an array of `{card_info: {cardno, password}}`. */
export const CardSchema = z.object({ card_info: z.object({ cardno: Text, password: Text }) });

/** `virtual_goods`: a verify code, a list of cards, or nothing (`[]`, absent). */
export const VirtualGoods = z.unknown().transform((value): { codes: z.output<typeof VirtualCodeSchema>[]; cards: z.output<typeof CardSchema>[] } => {
  const code = VirtualCodeSchema.safeParse(value);
  if (code.success && code.data.code) return { codes: [code.data], cards: [] };
  const codes = z.array(VirtualCodeSchema).safeParse(value);
  if (codes.success) return { codes: codes.data.filter((c) => c.code), cards: [] };
  const cards = z.array(CardSchema).safeParse(value);
  return { codes: [], cards: cards.success ? cards.data : [] };
});

export const OrderSchema = z.object({
  order_id: IntLike,
  order_no: Text,
  out_trade_no: Text,
  site_name: Text.optional().default(""),
  order_type: IntLike,
  order_type_name: Text.optional().default(""),
  /** The promotion the order was bought in (秒杀, 团购, 积分兑换…; "" for a normal order). */
  promotion_type_name: Text.optional().catch("").default(""),
  order_status: IntLike,
  order_status_name: Text,
  pay_status: IntLike.optional().default(0),
  pay_type: Text.optional().default(""),
  pay_type_name: Text.optional().default(""),
  delivery_type: Text.optional().default(""),
  delivery_type_name: Text.optional().default(""),
  create_time: IntLike,
  pay_time: IntLike.optional().default(0),
  delivery_time: IntLike.optional().default(0),
  sign_time: IntLike.optional().default(0),
  finish_time: IntLike.optional().default(0),
  close_time: IntLike.optional().default(0),
  close_cause: Text.optional().default(""),
  name: Text.optional().default(""),
  mobile: Text.optional().default(""),
  full_address: Text.optional().default(""),
  address: Text.optional().default(""),
  buyer_message: Text.optional().default(""),
  goods_num: IntLike.optional().default(0),
  goods_money: Money,
  delivery_money: Money.optional().default("0"),
  promotion_money: Money.optional().default("0"),
  coupon_money: Money.optional().default("0"),
  point_money: Money.optional().default("0"),
  adjust_money: Money.optional().default("0"),
  invoice_money: Money.optional().default("0"),
  invoice_delivery_money: Money.optional().default("0"),
  balance_money: Money.optional().default("0"),
  order_money: Money,
  pay_money: Money,
  is_evaluate: Flag.optional().default(false),
  evaluate_status: IntLike.optional().default(0),
  is_enable_refund: Flag.optional().default(false),
  order_scene: Text.optional().default("online"),
  is_invoice: Flag.optional().default(false),
  invoice_title: Text.optional().default(""),
  invoice_content: Text.optional().default(""),
  taxpayer_number: Text.optional().default(""),
  delivery_code: Text.optional().default(""),
  delivery_store_name: Text.optional().default(""),
  delivery_store_info: jsonString(StoreInfoSchema.nullable(), null).optional(),
  /** When a shipped order receives itself (reference API; absent upstream → not shown). */
  auto_receive_time: IntLike.optional().default(0),
  virtual_code: Text.optional().default(""),
  virtual_goods: VirtualGoods.optional(),
  /** Local delivery's deliverer (reference API; docs/orders.md). */
  deliverer: Text.optional().default(""),
  deliverer_mobile: Text.optional().default(""),
  order_goods: z.array(OrderLineSchema),
  action: looseArray(OrderActionSchema),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderPageSchema = paged(OrderSchema).extend({ auto_close: IntLike.optional().default(0) });
export type OrderPage = z.infer<typeof OrderPageSchema>;

export const OrderDetailSchema = OrderSchema.extend({ auto_close: IntLike.optional().default(0) });
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const TraceSchema = z.object({
  success: Flag.optional().default(false),
  reason: Text.optional().default(""),
  list: looseArray(z.object({ datetime: Text, remark: Text })),
});

export const PackageSchema = z.object({
  id: IntLike.optional(),
  package_name: Text,
  delivery_no: Text,
  express_company_name: Text,
  goods_list: looseArray(z.object({ sku_id: IntLike.optional(), sku_name: Text, num: IntLike, sku_image: Text.optional().default("") })),
  trace: TraceSchema.optional().catch(undefined),
});
export type Package = z.infer<typeof PackageSchema>;

export const AgreementSchema = z.object({ title: Text, content: Text });
