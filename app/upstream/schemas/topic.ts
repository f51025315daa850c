import { z } from "zod/v4";
import { IntLike, Money, Text } from "./common";
import { SaleControlSchema } from "./goods";
import { CampaignSkuSchema } from "./promotion";

// Topics (专题活动, contract §7.5) and the /activity landing's discount and spend-and-save rows
// (§7.6, §7.7). Only the fields the pages read are parsed.

/** A running topic (`topic/page`). */
export const TopicRowSchema = z.object({
  topic_id: IntLike,
  topic_name: Text,
  topic_adv: Text.catch(""),
  remark: Text.catch(""),
  status: IntLike.catch(2),
  start_time: IntLike,
  end_time: IntLike,
});
export type TopicRow = z.infer<typeof TopicRowSchema>;

/**
 * A goods of a topic (`topicgoods/page`): `id` is the topic goods id. Each row carries its topic's
 * dates and status (Niushop joins them in: `nptg.start_time, nptg.end_time, npt.status`): the
 * page answers them nowhere else.
 */
export const TopicGoodsRowSchema = z.object({
  id: IntLike,
  topic_id: IntLike,
  start_time: IntLike.optional().catch(undefined),
  end_time: IntLike.optional().catch(undefined),
  /** The topic's stored status: 1 not started, 2 running, 3 ended. */
  status: IntLike.optional().catch(undefined),
  topic_price: Money,
  sku_id: IntLike,
  sku_name: Text,
  goods_id: IntLike,
  goods_name: Text,
  price: Money,
  stock: IntLike.catch(0),
  sale_num: IntLike.catch(0),
  max_buy: IntLike.catch(0),
  sku_image: Text.catch(""),
  unit: Text.optional(),
  sale_control: SaleControlSchema.optional(),
});
export type TopicGoodsRow = z.infer<typeof TopicGoodsRowSchema>;

/**
 * `topicgoods/page`: the page of goods plus the topic's `topic_name, topic_adv` and the zone's
 * `bg_color` (Niushop's Topicgoods::page adds nothing else: the dates are in the rows).
 */
export const TopicGoodsPageSchema = z.object({
  page_count: IntLike,
  count: IntLike,
  list: z.array(TopicGoodsRowSchema),
  topic_name: Text.optional().catch(undefined),
  topic_adv: Text.optional().catch(undefined),
  bg_color: Text.optional().catch(undefined),
});
export type TopicGoodsPage = z.infer<typeof TopicGoodsPageSchema>;

/** `topicgoods/detail` → `goods_sku_detail` (null: no such topic goods). Status 1 not started, 2 running, 3 ended. */
export const TopicGoodsDetailSchema = CampaignSkuSchema.extend({
  id: IntLike,
  topic_id: IntLike,
  topic_name: Text.catch(""),
  topic_price: Money,
  /** Per member over the topic; 0 = no limit (the reference API's addition). */
  max_buy: IntLike.catch(0),
  purchased_num: IntLike.optional().catch(undefined),
  sale_num: IntLike.catch(0),
  /** Not in Niushop's answer (it details running topics only); the reference API adds it. */
  status: IntLike.optional().catch(undefined),
});
export type TopicGoodsDetail = z.infer<typeof TopicGoodsDetailSchema>;

/** A goods of a running time-limited discount (`discount/lists`). */
export const DiscountRowSchema = z.object({
  discount_id: IntLike,
  discount_name: Text.catch(""),
  sku_id: IntLike,
  goods_id: IntLike,
  sku_name: Text,
  sku_image: Text.catch(""),
  price: Money,
  discount_price: Money,
  end_time: IntLike.catch(0),
  unit: Text.optional(),
  sale_control: SaleControlSchema.optional(),
});
export type DiscountRow = z.infer<typeof DiscountRowSchema>;

/** A spend-and-save activity (`manjian/info`, `manjian/lists`): type 0 by amount, 1 by quantity. */
export const ManjianSchema = z.object({
  manjian_id: IntLike,
  manjian_name: Text,
  manjian_type: IntLike.catch(2),
  type: IntLike.catch(0),
  end_time: IntLike.catch(0),
  rule_json: z
    .array(
      z.object({
        limit: Money,
        discount_money: Money.optional().catch(undefined),
        free_shipping: IntLike.optional().catch(undefined),
        point: IntLike.optional().catch(undefined),
        coupon: IntLike.optional().catch(undefined),
      }),
    )
    .catch([]),
});
export type Manjian = z.infer<typeof ManjianSchema>;
