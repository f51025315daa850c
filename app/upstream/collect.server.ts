import { callUpstream, type UpstreamContext } from "./http.server";
import { Ignored } from "./schemas/common";
import { ChangedSchema } from "./schemas/member-assets";

// Follows (收藏) of goods: per member, never cached.

/** Follows a goods. The upstream refuses a duplicate with -10001 "操作失败" (catalog §5.9). */
export function followGoods(ctx: UpstreamContext, goods: { goods_id: number; sku_id: number }) {
  return callUpstream(ctx, "/api/goodscollect/add", Ignored, { goods_id: goods.goods_id, sku_id: goods.sku_id });
}

/** Unfollows a goods → how many follows went (0: the member did not follow it). */
export function unfollowGoods(ctx: UpstreamContext, goods: { goods_id: number; sku_id: number }) {
  return callUpstream(ctx, "/api/goodscollect/delete", ChangedSchema, { goods_id: goods.goods_id, sku_id: goods.sku_id });
}
