import { canSeePrice } from "./goods-view.server";
import { assetUrl } from "./context.server";
import type { FollowRow, FootprintRow } from "./schemas/member-assets";

/**
 * A followed or browsed goods as a tile: the member's price, or null when sale control hides it
 * (the hidden price never reaches the browser, as on the goods lists).
 */
export function toGoodsTile(row: FollowRow | FootprintRow, id: number) {
  const visible = canSeePrice(true, row.sale_control);
  return {
    id,
    goodsId: row.goods_id,
    skuId: row.sku_id,
    name: row.sku_name || row.goods_name,
    image: assetUrl((row.sku_image || row.goods_image).split(",")[0]),
    price: visible ? (row.member_price ?? row.discount_price) : null,
    marketPrice: visible ? row.market_price : null,
  };
}
