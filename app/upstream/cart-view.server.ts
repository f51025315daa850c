import { isPurchasable, type BundleFacts, type CartLineFacts } from "~/domain/cart";
import { centsToYuan, yuanToCents } from "~/domain/pricing";
import { orderRefusal, type SaleControlRule } from "~/domain/sale-control";
import { ruleOfLine } from "./sale-control.server";
import { assetUrl } from "./context.server";
import type { BundleLine, CartLine } from "./schemas/cart";

/** What stands in for every price of a line whose price the member may not see: none of them leaves the server. */
const HIDDEN_PRICE = "0.00";

/**
 * A cart line as the page needs it: the facts the pricing rules read plus what is displayed. A
 * line the member may not order (sale control) cannot be bought; one whose price is hidden carries
 * no price at all (the row says "no permission" instead, issue 29).
 */
export function toCartLineView(line: CartLine) {
  const saleRefusal = orderRefusal(line.sale_control);
  const priceHidden = saleRefusal?.priceHidden === true;
  const facts: CartLineFacts = {
    cartId: line.cart_id,
    quantity: line.num,
    price: priceHidden ? HIDDEN_PRICE : line.price,
    discountPrice: priceHidden ? HIDDEN_PRICE : line.discount_price,
    memberPrice: priceHidden ? null : line.member_price,
    memberDiscount: line.is_member_discount === true,
    promotionLabel: line.promotion_label ?? "",
    promotionInfo: priceHidden
      ? null
      : line.promotion_info
        ? {
            goods_min: line.promotion_info.goods_min ?? line.goods_min,
            goods_limit: line.promotion_info.goods_limit ?? line.goods_limit,
            num_multiple: line.promotion_info.num_multiple,
            price: line.promotion_info.price ?? line.discount_price,
            price_json: line.promotion_info.price_json,
          }
        : null,
    stock: line.stock,
    minBuy: line.min_buy,
    maxBuy: line.max_buy,
    onShelf: line.goods_state === 1,
    saleRefusal,
  };
  return {
    ...facts,
    skuId: line.sku_id,
    siteName: line.site_name,
    name: line.sku_name || line.goods_name,
    image: assetUrl(line.sku_image.split(",")[0]),
    unit: line.unit,
    purchasable: isPurchasable(facts),
    saleControl: line.sale_control,
    getFree:
      line.get_free_goods && !priceHidden
        ? line.get_free_goods.getFreeGoods.map((entry) => ({
            goodsId: entry.goods_id,
            name: entry.goods?.goods_name ?? "",
            image: assetUrl(entry.goods?.goods_image ?? ""),
            price: entry.price,
            // `count` is how many exchange items come with the line; `num` is the quantity that qualifies.
            num: entry.count,
            unit: entry.unit || entry.goods?.unit || "",
            subtotal: centsToYuan(yuanToCents(entry.price) * entry.count),
          }))
        : null,
  };
}
export type CartLineView = ReturnType<typeof toCartLineView>;

/** A combo line; `rules`: the member's sale control of its goods (saleControlOf), none when not asked. */
export function toBundleView(bundle: BundleLine, rules: Map<number, SaleControlRule> = new Map()) {
  const saleRefusal = bundle.bundlingGoods.map((goods) => orderRefusal(ruleOfLine(rules, goods))).find((refusal) => refusal !== null) ?? null;
  const priceHidden = saleRefusal?.priceHidden === true;
  const facts: BundleFacts = {
    cartId: bundle.cart_id,
    quantity: bundle.num,
    price: priceHidden ? HIDDEN_PRICE : bundle.bl_price,
    stock: bundle.stock,
    saleRefusal,
  };
  return {
    ...facts,
    blId: bundle.bl_id,
    name: bundle.bl_name,
    goods: bundle.bundlingGoods.map((goods) => ({
      skuId: goods.sku_id,
      name: goods.sku_name,
      image: assetUrl(goods.sku_image),
      num: goods.num,
      price: priceHidden ? HIDDEN_PRICE : goods.price,
    })),
  };
}
export type BundleView = ReturnType<typeof toBundleView>;

/** Lines grouped as the upstream groups them (by shop), with unbuyable lines apart. */
export function toCartView(lines: CartLine[], bundles: BundleLine[], bundleRules: Map<number, SaleControlRule> = new Map()) {
  const views = lines.map(toCartLineView);
  const groups = new Map<string, CartLineView[]>();
  for (const line of views.filter((view) => view.purchasable)) {
    const group = groups.get(line.siteName) ?? [];
    group.push(line);
    groups.set(line.siteName, group);
  }
  return {
    groups: [...groups.entries()].map(([siteName, groupLines]) => ({ siteName, lines: groupLines })),
    invalid: views.filter((view) => !view.purchasable),
    bundles: bundles.map((bundle) => toBundleView(bundle, bundleRules)),
  };
}
export type CartView = ReturnType<typeof toCartView>;

/** What /cart's loader answers (the page, and the header's mini cart): a visitor has no cart. */
export type CartPageData = { member: false; cart: null; selected: number[] } | { member: true; cart: CartView; selected: number[] };
