import { z } from "zod/v4";
import { Flag, IntLike, Money, Text, jsonString, paged } from "./common";
import { GetFreeGoodsSchema, GoodsRowSchema, PriceTierSchema } from "./goods";

export { GetFreeGoodsSchema, PriceTierSchema, type GetFreeGoods, type PriceTier } from "./goods";

// The goods detail page's upstream shapes: goodssku/detail (real samples + the pharmacy fields of
// docs/catalog-contract.md), evaluations, after-sale, QR code. Optional parts fall back to empty
// values so a plain Niushop answer parses too; the parts the page cannot do without do not.

/** A number that may be missing or junk: 0 then. */
const Count = IntLike.catch(0);
/** Unix seconds, 0 when unknown. */
const Seconds = IntLike.catch(0);

/** One value of a spec in `goods_spec_format`: clicking it loads `sku_id`. */
export const SpecValueSchema = z.object({
  spec_value_id: Count,
  spec_value_name: Text,
  sku_id: Count,
  image: Text.catch(""),
  selected: Flag.catch(false),
  disabled: Flag.catch(false),
});
export const SpecSchema = z.object({
  spec_id: Count,
  spec_name: Text,
  value: z.array(SpecValueSchema).catch([]),
});
export type Spec = z.infer<typeof SpecSchema>;

/** `goods_attr_format` rows (attribute name/value pairs of the goods). */
export const AttrRowSchema = z.object({ attr_name: Text, attr_value_name: Text.catch("") });

/**
 * The active promotion's numbers (catalog contract): seckill/discount `{goods_min, goods_limit,
 * num_multiple, price}`, wholesale `{price_json}`, get-free `{is_ladder, getFreeGoods}`; `null`
 * when none. `start_time`/`end_time` are read when the upstream sends them (time windows).
 */
export const PromotionInfoSchema = z
  .object({
    goods_min: Count,
    goods_limit: Count,
    num_multiple: Count,
    price: Money.nullish()
      .catch(null)
      .transform((value) => value ?? null),
    price_json: jsonString(z.array(PriceTierSchema), []),
    is_ladder: Flag.catch(false),
    getFreeGoods: z.array(GetFreeGoodsSchema).catch([]),
    start_time: Seconds,
    end_time: Seconds,
  })
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);
export type PromotionInfo = z.infer<typeof PromotionInfoSchema>;

/** A receivable coupon of `coupon_list` (`reward` = cash off `money`, `discount` = `discount` 折). */
export const GoodsCouponSchema = z.object({
  coupon_type_id: IntLike,
  coupon_name: Text,
  type: Text.catch("reward"),
  money: Money.catch("0"),
  discount: Money.catch("0"),
  discount_limit: Money.catch("0"),
  at_least: Money.catch("0"),
  count: IntLike.catch(-1),
  lead_count: Count,
  max_fetch: Count,
  member_coupon_num: Count,
  end_time: Seconds,
  validity_type: Count,
  fixed_term: Count,
});
export type GoodsCoupon = z.infer<typeof GoodsCouponSchema>;

/** A combo (bundling) containing this goods. */
export const BundlingSchema = z.object({
  bl_id: IntLike,
  bl_name: Text,
  bl_price: Money.catch("0"),
  goods_money: Money.catch("0"),
  bundling_goods: z
    .array(
      z.object({
        sku_id: IntLike,
        sku_name: Text.catch(""),
        goods_name: Text.catch(""),
        sku_image: Text.catch(""),
        price: Money.catch("0"),
        promotion_price: Money.nullish().catch(null),
      }),
    )
    .catch([]),
});
export type Bundling = z.infer<typeof BundlingSchema>;

export const GoodsServiceItemSchema = z.object({ service_name: Text, desc: Text.catch("") });

export const EvaluateConfigSchema = z.object({
  evaluate_status: Flag.catch(true),
  evaluate_show: Flag.catch(true),
  evaluate_audit: Flag.catch(true),
});
export type EvaluateConfig = z.infer<typeof EvaluateConfigSchema>;

/** `goods_sku_detail`: a goods row plus everything the detail page shows. */
export const GoodsDetailSchema = GoodsRowSchema.extend({
  sku_images: Text.catch(""),
  goods_content: Text.catch(""),
  goods_spec_format: jsonString(z.array(SpecSchema), []),
  goods_attr_format: jsonString(z.array(AttrRowSchema.catch({ attr_name: "", attr_value_name: "" })), []),
  goods_attr: Text.catch(""),
  tax_rate: Text.catch(""),
  validity_days: Count,
  goods_stock: Text.catch(""),
  collect_num: Count,
  is_collect: Flag.catch(false),
  evaluate_count: Count,
  start_time: Seconds,
  end_time: Seconds,
  promotion_info: PromotionInfoSchema,
  coupon_list: z.array(GoodsCouponSchema).catch([]),
  bundling_list: z.array(BundlingSchema).catch([]),
  goods_service: z.array(GoodsServiceItemSchema).catch([]),
  evaluate_config: EvaluateConfigSchema.nullish()
    .catch(null)
    .transform((value) => value ?? null),
});
export type GoodsDetail = z.infer<typeof GoodsDetailSchema>;

/** goodssku/detail's data: `{goods_sku_detail: {...} | null}` (+ `member_info` for members). */
export const GoodsDetailEnvelopeSchema = z.object({ goods_sku_detail: GoodsDetailSchema.nullable() });

export const EvaluationSchema = z.object({
  evaluate_id: IntLike,
  content: Text.catch(""),
  images: Text.catch(""),
  explain_first: Text.catch(""),
  again_content: Text.catch(""),
  again_images: Text.catch(""),
  scores: IntLike.nullish().catch(null),
  member_name: Text.catch(""),
  member_headimg: Text.catch(""),
  is_anonymous: Flag.catch(false),
  explain_type: IntLike.catch(1),
  sku_name: Text.catch(""),
  create_time: Seconds,
});
export type Evaluation = z.infer<typeof EvaluationSchema>;
export const EvaluationPageSchema = paged(EvaluationSchema);
export type EvaluationPage = z.infer<typeof EvaluationPageSchema>;

/** `/api/goods/aftersale`: the after-sale policy document (HTML), or nothing. */
export const AftersaleSchema = z
  .object({ content: Text.catch(""), title: Text.catch("") })
  .nullish()
  .catch(null)
  .transform((value) => value?.content ?? "");

/** `/api/goodssku/goodsqrcode`: `{path: {h5: {status, url, img}}}`; status 1 = generated. */
export const GoodsQrCodeSchema = z.object({
  path: z.object({
    h5: z.object({ status: IntLike.catch(0), url: Text.catch(""), img: Text.catch(""), message: Text.catch("") }),
  }),
});
