import { choosePromotion } from "~/domain/promotion";
import { assetUrl } from "./context.server";
import type { GoodsRow } from "./schemas/goods";

/** What a goods tile needs, pruned from an upstream row (images made browser URLs). */
export function toGoodsCard(row: GoodsRow, fallbackImage = "") {
  const image = (row.sku_image || row.goods_image).split(",")[0];
  return {
    goodsId: row.goods_id,
    skuId: row.sku_id,
    name: row.sku_name || row.goods_name,
    image: assetUrl(image) || fallbackImage,
    price: row.discount_price,
    marketPrice: row.market_price,
    memberPrice: row.member_price,
    stock: row.stock,
    unit: row.unit,
    specs: row.attr.attr_specs,
    factory: row.attr.attr_factory,
    labels: row.goods_label,
    // The badge follows the display precedence of spec §4 (get-free > seckill > discount > wholesale > bundling).
    promotion: displayedPromotionName(row),
    promotionColor: row.promotion_color ?? "",
    saleControl: row.sale_control,
  };
}
export type GoodsCardView = ReturnType<typeof toGoodsCard>;

function displayedPromotionName(row: GoodsRow): string {
  const chosen = choosePromotion(row.goods_promotion.map((promotion) => ({ kind: promotion.promotion_type, name: promotion.promotion_name })));
  return chosen.kind === "default" ? "" : chosen.name;
}
