import { z } from "zod/v4";
import { Flag, IntLike, LinkSchema, Money, Text, jsonString } from "./common";
import { GoodsRowSchema } from "./goods";

export const BrandSchema = z.object({
  brand_id: IntLike,
  brand_name: Text,
  brand_initial: Text.catch(""),
  image_url: Text.catch(""),
  banner: Text.catch(""),
  brand_desc: Text.catch(""),
});
export type Brand = z.infer<typeof BrandSchema>;
export const BrandPageSchema = z.object({ page_count: IntLike, count: IntLike, list: z.array(BrandSchema) });

/** A floor slot (catalog §3.1): goods, category, img or text. */
const FloorSlotSchema = z
  .object({
    type: Text,
    value: z
      .object({
        list: z.array(z.unknown()).optional(),
        url: Text.optional(),
        text: Text.optional(),
        color: Text.optional(),
        link: z
          .union([LinkSchema, jsonString(LinkSchema, { url: "", title: "" })])
          .optional()
          .catch(undefined),
      })
      .passthrough()
      .catch({}),
  })
  .passthrough();

export const FloorSchema = z.object({
  title: Text.catch(""),
  block_name: Text,
  value: z.record(z.string(), FloorSlotSchema.optional().catch(undefined)).catch({}),
});
export type Floor = z.infer<typeof FloorSchema>;

export const FloorCategorySchema = z.object({
  category_id: IntLike,
  category_name: Text,
  short_name: Text.catch(""),
  level: IntLike.catch(1),
  image: Text.catch(""),
});

/** The home float layer: the real API's fields plus the spec's display type and time window. */
export const FloatLayerSchema = z.object({
  title: Text.catch(""),
  url: jsonString(LinkSchema, { url: "", title: "" }),
  is_show: Flag.catch(false),
  number: IntLike.catch(0),
  img_url: Text.catch(""),
  type: z.enum(["1", "2", "3"]).optional().catch(undefined),
  startTime: IntLike.optional().catch(undefined),
  endTime: IntLike.optional().catch(undefined),
});
export type FloatLayer = z.infer<typeof FloatLayerSchema>;

export const CategoryInfoSchema = z.object({
  category_id: IntLike,
  category_name: Text,
  level: IntLike.catch(1),
  category_full_name: Text.catch(""),
});

export const SaleControlEntrySchema = z.object({
  id: IntLike,
  type: Text.catch("goods"),
  goods_id: IntLike.optional().catch(undefined),
  sku_id: IntLike.optional().catch(undefined),
  goods_name: Text.optional().catch(""),
  sku_image: Text.optional().catch(""),
  category_id: IntLike.optional().catch(undefined),
  category_name: Text.optional().catch(""),
  is_member_by: Flag.catch(true),
  view_price: Flag.catch(true),
  not_buy_msg: Text.catch(""),
  reason: Text.catch(""),
});
export type SaleControlEntry = z.infer<typeof SaleControlEntrySchema>;
export const SaleControlPageSchema = z.object({ page_count: IntLike, count: IntLike, list: z.array(SaleControlEntrySchema) });

export const SuggestionSchema = z.array(z.object({ goods_id: IntLike, sku_id: IntLike.optional().catch(undefined), goods_name: Text }));

export { GoodsRowSchema, Money };
