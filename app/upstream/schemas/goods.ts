import { z } from "zod/v4";
import { Flag, IntLike, Money, OptionalMoney, Text, jsonString } from "./common";

/** A number that may be missing or junk: 0 then. */
const Count = IntLike.catch(0);

// Promotion parts shared by goods detail and cart lines (docs/catalog-contract.md).

/** A wholesale tier of `promotion_info.price_json` (ascending by `num`). */
export const PriceTierSchema = z.object({ num: IntLike, limit_num: Count, price: Money });
export type PriceTier = z.infer<typeof PriceTierSchema>;

/** A get-free (exchange purchase) offer of `promotion_info.getFreeGoods` (spec §3). */
export const GetFreeGoodsSchema = z.object({
  goods_id: Count,
  count: Count,
  num: Count,
  price: Money.catch("0"),
  unit: Text.catch(""),
  limit: Count,
  goods_limit: Count,
  ladder_json: z.array(z.object({ mainRang: Count, rang: Count, rangPrice: Money.catch("0"), unit: Text.catch("") })).catch([]),
  goods: z
    .object({ goods_name: Text.catch(""), goods_image: Text.catch(""), sku_id: Count, price: Money.catch("0"), unit: Text.catch("") })
    .nullish()
    .catch(null)
    .transform((value) => value ?? null),
});
export type GetFreeGoods = z.infer<typeof GetFreeGoodsSchema>;

// Goods as the list endpoints return them (goodssku/page, recommend, floors, brand goods), with
// the pharmacy fields of docs/catalog-contract.md. Every added field tolerates its absence, so a
// plain Niushop upstream (the real samples) parses too.

export const GoodsAttrSchema = z
  .object({
    attr_country_code: Text.catch(""),
    attr_specs: Text.catch(""),
    attr_place: Text.catch(""),
    attr_validity: Text.catch(""),
    attr_goods_attr: Text.catch(""),
    attr_production_date: Text.catch(""),
    attr_factory: Text.catch(""),
  })
  .catch({
    attr_country_code: "",
    attr_specs: "",
    attr_place: "",
    attr_validity: "",
    attr_goods_attr: "",
    attr_production_date: "",
    attr_factory: "",
  });
export type GoodsAttr = z.infer<typeof GoodsAttrSchema>;

export const GoodsLabelSchema = z.object({
  label_name: Text,
  label_color: Text.catch(""),
  font_color: Text.catch(""),
});
export type GoodsLabel = z.infer<typeof GoodsLabelSchema>;

const QualificationStatus = z.enum(["missing", "pending", "rejected", "expired"]);

export const SaleControlSchema = z
  .object({
    is_member_by: Flag.catch(true),
    view_price: Flag.catch(true),
    not_buy_msg: Text.catch(""),
    // Set when a missing qualification is the reason (docs/qualifications.md).
    qualification_id: IntLike.optional().catch(undefined),
    qualification_name: Text.optional().catch(undefined),
    qualification_status: QualificationStatus.optional().catch(undefined),
  })
  // The qualification key is there only when it is the reason (rules without one keep their shape).
  .transform(
    ({
      qualification_id,
      qualification_name,
      qualification_status,
      ...rule
    }): typeof rule & { qualification?: { id: number; name: string; status: z.infer<typeof QualificationStatus> } } =>
      qualification_id && qualification_name && qualification_status
        ? { ...rule, qualification: { id: qualification_id, name: qualification_name, status: qualification_status } }
        : rule,
  )
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);
export type SaleControl = z.infer<typeof SaleControlSchema>;

export const GoodsPromotionSchema = z.object({
  promotion_type: Text,
  promotion_name: Text.catch(""),
  id: IntLike.catch(0),
});
export type GoodsPromotion = z.infer<typeof GoodsPromotionSchema>;

/** A row of goodssku/page (and the other goods lists). */
export const GoodsRowSchema = z.object({
  goods_id: IntLike,
  sku_id: IntLike,
  goods_name: Text,
  sku_name: Text.catch(""),
  sku_image: Text.catch(""),
  goods_image: Text.catch(""),
  introduction: Text.catch(""),
  price: Money,
  market_price: Money.catch("0.00"),
  discount_price: Money,
  member_price: OptionalMoney,
  stock: IntLike.catch(0),
  sale_num: IntLike.catch(0),
  unit: Text.catch(""),
  min_buy: IntLike.catch(0),
  max_buy: IntLike.catch(0),
  promotion_type: z.union([z.number(), z.string()]).optional().catch(undefined),
  label_name: Text.catch(""),
  // pharmacy fields (docs/catalog-contract.md)
  attr: GoodsAttrSchema.optional().transform((value) => value ?? GoodsAttrSchema.parse(undefined)),
  is_jc: Flag.optional().catch(false).transform(Boolean),
  is_trace: Flag.optional().catch(false).transform(Boolean),
  goods_label: z
    .array(GoodsLabelSchema)
    .optional()
    .catch([])
    .transform((value) => value ?? []),
  promotion_color: Text.optional().catch(""),
  is_medicinal: Flag.optional().catch(false).transform(Boolean),
  is_chinese_medicine: Flag.optional().catch(false).transform(Boolean),
  stock_name: Text.optional().catch(""),
  brand_name: Text.optional().catch(""),
  goods_promotion: z
    .array(GoodsPromotionSchema)
    .optional()
    .catch([])
    .transform((value) => value ?? []),
  sale_control: SaleControlSchema,
  goods_spec_format: jsonString(z.array(z.unknown()), []).optional(),
});
export type GoodsRow = z.infer<typeof GoodsRowSchema>;

export const GoodsPageSchema = z.object({
  page_count: IntLike,
  count: IntLike,
  list: z.array(GoodsRowSchema),
});
export type GoodsPage = z.infer<typeof GoodsPageSchema>;
