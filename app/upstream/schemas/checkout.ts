import { z } from "zod/v4";
import { Flag, IntLike, jsonString, Money, OptionalMoney, Text } from "./common";

// Order creation (contract UPSTREAM-commerce §2) and the cashier (§3). Only the fields the pages
// read are parsed; the rest of the upstream's large objects passes unread.

/** A loose list: the upstream answers `[]` or `{}` or null for "none". */
function looseList<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(item), z.record(z.string(), item).transform((value) => Object.values(value)), z.null(), z.literal("")])
    .optional()
    .transform((value) => value ?? [])
    .transform((value) => (Array.isArray(value) ? value : []));
}

export const SpecItemSchema = z.object({ spec_name: Text, spec_value_name: Text });

/** `sku_spec_format`: a JSON string of spec pairs, "" for none. */
export const SpecFormat = jsonString(z.array(SpecItemSchema), []);

export const OrderGoodsSchema = z.object({
  sku_id: IntLike,
  goods_id: IntLike.optional(),
  sku_name: Text,
  goods_name: Text.optional(),
  sku_image: Text,
  sku_spec_format: SpecFormat.optional(),
  price: Money,
  num: IntLike,
  goods_money: Money,
  promotion_money: Money.optional().default("0"),
  coupon_money: Money.optional().default("0"),
  /** The promotion that priced the line: seckill, discount, wholesale, getfree (reference API; a real Niushop leaves it out). */
  promotion_label: Text.optional().catch(""),
  site_name: Text.optional(),
});
export type OrderGoods = z.infer<typeof OrderGoodsSchema>;

export const StoreSchema = z.object({
  store_id: IntLike,
  store_name: Text,
  full_address: Text.optional(),
  address: Text.optional(),
  open_date: Text.optional(),
  telphone: Text.optional(),
});
export type Store = z.infer<typeof StoreSchema>;

export const DeliveryTypeSchema = z.object({ name: z.string(), title: Text, store_list: looseList(StoreSchema) });
export type DeliveryType = z.infer<typeof DeliveryTypeSchema>;

export const OrderAddressSchema = z.object({
  id: IntLike,
  name: Text,
  mobile: Text,
  telephone: Text.optional(),
  full_address: Text,
  address: Text,
});
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

/** `member_address`: an object, or `[]`/null/"" when the member has no default address. */
const MemberAddress = z.union([OrderAddressSchema, z.unknown().transform(() => null)]);

export const MemberAccountSchema = z.object({
  balance_total: Money.optional().default("0"),
  is_pay_password: Flag.optional().default(false),
  nickname: Text.optional(),
  mobile: Text.optional(),
});

export const InvoiceConfigSchema = z
  .object({
    invoice_status: Flag.optional().default(false),
    invoice_content_array: looseList(z.string()),
    invoice_rate: Money.optional().default("0"),
    invoice_delivery_money: Money.optional().default("0"),
    /** Allowed kinds, "1,2" (1 paper, 2 electronic). */
    invoice_type: z
      .union([z.string(), z.number()])
      .optional()
      .transform((value) => String(value ?? "1,2")),
  })
  .catch({ invoice_status: false, invoice_content_array: [], invoice_rate: "0", invoice_delivery_money: "0", invoice_type: "1,2" });

/** What both payment and calculate answer (the order-create object). */
const OrderCreateBase = z.object({
  order_key: z.string().min(1).max(64),
  /** Whose order the key holds (Niushop answers the cached order's fields; checkout.server.ts priceOrder). */
  member_id: IntLike.optional().catch(undefined),
  is_virtual: Flag.optional().default(false),
  goods_list: z.array(OrderGoodsSchema),
  goods_num: IntLike.optional().default(0),
  goods_money: Money,
  delivery_money: Money.optional().default("0"),
  promotion_money: Money.optional().default("0"),
  coupon_id: IntLike.optional().catch(0).default(0),
  coupon_money: Money.optional().default("0"),
  invoice_money: Money.optional().default("0"),
  invoice_delivery_money: Money.optional().default("0"),
  point_money: Money.optional().default("0"),
  /** Points the member may use on this order (0: none, or the points-cash addon is off: no switch). */
  max_usable_point: IntLike.optional().catch(0).default(0),
  /** Points used by this calculation. */
  point: IntLike.optional().catch(0).default(0),
  /** What max_usable_point is worth (reference API only; absent upstream). */
  max_point_money: OptionalMoney,
  balance_money: Money.optional().default("0"),
  order_money: Money,
  pay_money: Money,
  member_account: MemberAccountSchema.optional().catch(undefined),
  invoice: InvoiceConfigSchema.optional(),
  modules: looseList(z.string()),
  error: IntLike.optional().catch(0).default(0),
  error_msg: Text.optional().default(""),
});

export const PaymentSchema = OrderCreateBase.extend({
  delivery: z.object({ member_address: MemberAddress.optional().default(null), express_type: looseList(DeliveryTypeSchema) }),
  /** Seckill checkouts (contract §7.1): the activity, for the page's banner. */
  seckill_info: z.object({ seckill_name: Text }).optional().catch(undefined),
  /** Combo checkouts: the combo (upstream's spelling, `bunding_info`). */
  bunding_info: z.object({ bl_name: Text }).optional().catch(undefined),
  /** Group-buy checkouts: the minimum and the group price, for the banner. */
  groupbuy_info: z.object({ buy_num: IntLike, groupbuy_price: Money }).optional().catch(undefined),
  /**
   * Points-mall goods exchanges (contract §6.12): the exchange's row, whose points per unit times
   * `goods_num` are what the order takes, for the banner (Niushop sends no total of its own there),
   * and its cash part per unit (the goods line's `price` is the goods' own).
   */
  exchange_info: z.object({ name: Text, point: IntLike, price: Money }).optional().catch(undefined),
  /** Topic checkouts: the topic, for the banner. */
  topic_info: z.object({ topic_name: Text }).optional().catch(undefined),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const CalculationSchema = OrderCreateBase.extend({
  delivery: z
    .object({ member_address: MemberAddress.optional().default(null), delivery_type: Text.optional(), store_id: IntLike.optional().catch(undefined) })
    .optional()
    .catch(undefined),
});
export type Calculation = z.infer<typeof CalculationSchema>;

export const CouponSchema = z.object({
  coupon_id: IntLike,
  coupon_name: Text,
  type: Text,
  /** What it would take off this order (reference API); absent upstream. */
  coupon_money: Money.optional().catch(undefined),
  money: Money.optional().default("0"),
  discount: Money.optional().default("0"),
  at_least: Money.optional().default("0"),
  end_time: IntLike.optional().default(0),
});
export type Coupon = z.infer<typeof CouponSchema>;

/** `create` → the payment serial, digits. */
export const OutTradeNoSchema = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^[0-9A-Za-z_-]{1,64}$/));

/** `pay/info`: the payment record, `[]` when there is none (sample api_pay_info_not_found). */
export const PayInfoSchema = z.union([
  z.object({
    out_trade_no: z.coerce.string(),
    pay_money: Money,
    pay_status: IntLike,
    pay_type: Text,
    pay_body: Text.optional(),
    /** What paying settles: `OrderPayNotify` (a goods order), `MemberRechargeOrderPayNotify` (a recharge)… */
    event: Text.optional().catch(undefined),
    member_id: IntLike,
    create_time: IntLike.optional().default(0),
    pay_time: IntLike.optional().default(0),
    order_id: IntLike.optional().catch(undefined),
    order_type: IntLike.optional().catch(undefined),
    auto_close_time: IntLike.optional().catch(undefined),
  }),
  z.array(z.unknown()).transform(() => null),
]);
export type PayInfo = NonNullable<z.infer<typeof PayInfoSchema>>;

export const PayStatusSchema = z.object({ out_trade_no: z.coerce.string(), pay_status: IntLike, member_id: IntLike.optional() });

/** `pay/type`: a comma list of enabled channels, possibly empty. */
export const PayTypesSchema = z.object({ pay_type: Text }).transform((value) =>
  value.pay_type
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean),
);

export const BalanceConfigSchema = z.object({ balance_show: Flag });

/** `pay/pay`: already paid, or where to send the browser (a gateway URL), or a QR code. */
export const PayAnswerSchema = z
  .object({
    pay_success: Flag.optional(),
    type: Text.optional(),
    data: z.unknown().optional(),
    url: Text.optional(),
    qrcode: Text.optional(),
  })
  .passthrough();

/** `offlinepay/api/pay/config`: the transfer accounts (`value.bank`, others unread). */
export const OfflineConfigSchema = z
  .object({
    value: z
      .object({
        bank: z
          .object({
            status: Flag.optional().default(false),
            bank_name: Text.optional(),
            account_name: Text.optional(),
            account_number: Text.optional(),
            branch_name: Text.optional(),
          })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

export const OfflineInfoSchema = z.union([
  z
    .object({ imgs: Text.optional(), desc: Text.optional(), status: IntLike.optional().catch(undefined), audit_remark: Text.optional().catch("") })
    .passthrough(),
  z.array(z.unknown()).transform(() => null),
  z.null(),
]);
