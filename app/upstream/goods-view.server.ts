import { choosePromotion } from "~/domain/promotion";
import { purchaseRights, type SaleControlRule } from "~/domain/sale-control";
import { assetUrl } from "./context.server";
import type { GoodsRow } from "./schemas/goods";

/**
 * Whether this viewer may see the goods' prices (spec §6): members, unless sale control sets
 * `view_price` 0. Prices a viewer may not see never leave the server: the views below carry
 * `null` instead, so neither the HTML nor the loader data (`window.__remixContext`) holds them.
 */
export function canSeePrice(isMember: boolean, saleControl: SaleControlRule): boolean {
  return purchaseRights(isMember, saleControl).price === "visible";
}

/** What a goods tile needs, pruned from an upstream row (images made browser URLs, prices only for those who may see them). */
export function toGoodsCard(row: GoodsRow, viewer: { isMember: boolean }, fallbackImage = "") {
  const image = (row.sku_image || row.goods_image).split(",")[0];
  const priceVisible = canSeePrice(viewer.isMember, row.sale_control);
  return {
    goodsId: row.goods_id,
    skuId: row.sku_id,
    name: row.sku_name || row.goods_name,
    image: assetUrl(image) || fallbackImage,
    price: priceVisible ? row.discount_price : null,
    marketPrice: priceVisible ? row.market_price : null,
    memberPrice: priceVisible ? row.member_price : null,
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
