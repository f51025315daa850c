import { centsToYuan, priceLine, totalOf, yuanToCents, type CartHint, type PromotionRule } from "./pricing";
import type { QuantityLimits } from "./quantity";
import type { OrderRefusal } from "./sale-control";

/**
 * The cart's own rules on top of the pricing engine: which lines can be bought, how a line is
 * priced, and the totals of the selected lines. Pure, so the page computes the same totals on the
 * server and, when the buyer ticks boxes, in the browser.
 */
export type CartLineFacts = {
  cartId: number;
  quantity: number;
  price: string;
  discountPrice: string;
  memberPrice: string | null;
  memberDiscount: boolean;
  promotionLabel: string;
  promotionInfo: {
    goods_min?: number;
    goods_limit?: number;
    num_multiple?: number;
    price?: string;
    price_json?: Array<{ num: number; limit_num: number; price: string }>;
  } | null;
  stock: number;
  minBuy: number;
  maxBuy: number;
  onShelf: boolean;
  /** Sale control: why this member may not order the goods (hidden price or refused purchase), else null. */
  saleRefusal: OrderRefusal | null;
};

/** `saleRefusal`: sale control refuses one of the combo's goods (its price hidden or its purchase refused). */
export type BundleFacts = { cartId: number; quantity: number; price: string; stock: number; saleRefusal: OrderRefusal | null };

/** A combo line can be selected and settled when in stock and none of its goods is refused by sale control. */
export function isBundlePurchasable(bundle: Pick<BundleFacts, "stock" | "saleRefusal">): boolean {
  return bundle.saleRefusal === null && bundle.stock > 0;
}

/**
 * Off-shelf, out-of-stock, "minimum above stock" and sale-controlled lines (issue 29) are shown
 * apart and cannot be selected, counted in a total or settled.
 */
export function isPurchasable(line: Pick<CartLineFacts, "onShelf" | "stock" | "minBuy" | "saleRefusal">): boolean {
  return line.saleRefusal === null && line.onShelf && line.stock > 0 && line.minBuy <= line.stock;
}

export function promotionRuleOf(line: CartLineFacts): PromotionRule {
  const info = line.promotionInfo;
  if ((line.promotionLabel === "seckill" || line.promotionLabel === "discount") && info) {
    return {
      kind: line.promotionLabel,
      price: yuanToCents(info.price ?? line.discountPrice),
      goodsMin: info.goods_min ?? 0,
      goodsLimit: info.goods_limit ?? 0,
      numMultiple: info.num_multiple ?? 1,
    };
  }
  if (line.promotionLabel === "wholesale" && info?.price_json?.length) {
    return { kind: "wholesale", tiers: info.price_json.map((tier) => ({ num: tier.num, limitNum: tier.limit_num, price: yuanToCents(tier.price) })) };
  }
  return { kind: "none" };
}

export type PricedLine = { cartId: number; unitPrice: string; subtotal: string; subtotalCents: number; hints: CartHint[] };

export function priceCartLine(line: CartLineFacts): PricedLine {
  const priced = priceLine({
    quantity: line.quantity,
    price: yuanToCents(line.price),
    memberPrice: line.memberPrice ? yuanToCents(line.memberPrice) : null,
    memberDiscount: line.memberDiscount,
    rule: promotionRuleOf(line),
  });
  const unit = priced.specialUnits > 0 ? priced.specialPrice : priced.base;
  return { cartId: line.cartId, unitPrice: centsToYuan(unit), subtotal: centsToYuan(priced.subtotal), subtotalCents: priced.subtotal, hints: priced.hints };
}

export function priceBundle(bundle: BundleFacts): { cartId: number; subtotal: string; subtotalCents: number } {
  const cents = yuanToCents(bundle.price) * bundle.quantity;
  return { cartId: bundle.cartId, subtotal: centsToYuan(cents), subtotalCents: cents };
}

/**
 * The limits the stepper and the action clamp a line's quantity to. A promotion's goods_limit is
 * not a cap: over it the excess pays the full price (spec §5).
 */
export function lineQuantityLimits(line: CartLineFacts): QuantityLimits {
  return { minBuy: line.minBuy, stock: line.stock, maxBuy: line.maxBuy };
}

/** Totals of the selected purchasable lines and bundles: amount and count of lines (not units). */
export function selectedTotals(
  lines: CartLineFacts[],
  bundles: BundleFacts[],
  selected: ReadonlySet<number>,
): { total: string; lineCount: number; quantity: number } {
  const chosenLines = lines.filter((line) => selected.has(line.cartId) && isPurchasable(line));
  const chosenBundles = bundles.filter((bundle) => selected.has(bundle.cartId) && isBundlePurchasable(bundle));
  const cents =
    totalOf(chosenLines.map(priceCartLine).map((line) => ({ subtotal: line.subtotalCents }))) +
    totalOf(chosenBundles.map(priceBundle).map((bundle) => ({ subtotal: bundle.subtotalCents })));
  return {
    total: centsToYuan(cents),
    lineCount: chosenLines.length + chosenBundles.length,
    quantity: chosenLines.reduce((sum, line) => sum + line.quantity, 0) + chosenBundles.reduce((sum, bundle) => sum + bundle.quantity, 0),
  };
}
