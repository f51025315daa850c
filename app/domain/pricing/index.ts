import type { Cents } from "./money";

export { centsToYuan, parseMoney, toCents, yuanToCents, type Cents } from "./money";

/**
 * The promotion pricing rules of spec §5, as one pure function per line (docs/pricing.md).
 *
 * - `base` is what one unit costs without a promotion: the member price when the member discount
 *   applies and is lower, else the goods price.
 * - seckill / discount: below `goodsMin` no unit gets the special price; above `goodsLimit`
 *   (0 = unlimited) the excess pays `base`; with `numMultiple` > 1 only whole multiples get the
 *   special price and the remainder pays `base`.
 * - wholesale: the highest tier whose `num` does not exceed the quantity applies; below the first
 *   tier no discount; a tier's `limitNum` > 0 caps how many units get its price.
 */
export type SpecialPriceRule = {
  kind: "seckill" | "discount";
  price: Cents;
  goodsMin: number;
  goodsLimit: number;
  numMultiple: number;
};
export type WholesaleTier = { num: number; limitNum: number; price: Cents };
export type WholesaleRule = { kind: "wholesale"; tiers: WholesaleTier[] };
export type PromotionRule = SpecialPriceRule | WholesaleRule | { kind: "none" };

export type LineInput = {
  quantity: number;
  price: Cents;
  memberPrice?: Cents | null;
  memberDiscount?: boolean;
  rule: PromotionRule;
};

export type LinePrice = {
  base: Cents;
  /** Units that got the promotion's price, and that price. */
  specialUnits: number;
  specialPrice: Cents;
  subtotal: Cents;
  /** What the quantity says about the promotion (spec §8 cart hints). */
  hints: CartHint[];
};

export type CartHint =
  | { key: "belowMinimum"; min: number }
  | { key: "overLimit"; limit: number }
  | { key: "upToLimit"; remaining: number }
  | { key: "onlyMultiples"; multiple: number }
  | { key: "belowFirstTier"; num: number };

export function basePrice(input: Pick<LineInput, "price" | "memberPrice" | "memberDiscount">): Cents {
  const member = input.memberDiscount ? input.memberPrice : null;
  return member !== null && member !== undefined && member < input.price ? member : input.price;
}

function special(quantity: number, base: Cents, rule: SpecialPriceRule): LinePrice {
  const hints: CartHint[] = [];
  const price = Math.min(rule.price, base); // a "special" price above the base price is no special
  if (rule.goodsMin > 1 && quantity < rule.goodsMin) {
    return { base, specialUnits: 0, specialPrice: price, subtotal: quantity * base, hints: [{ key: "belowMinimum", min: rule.goodsMin }] };
  }
  let eligible = quantity;
  if (rule.goodsLimit > 0) {
    if (quantity > rule.goodsLimit) hints.push({ key: "overLimit", limit: rule.goodsLimit });
    else if (quantity < rule.goodsLimit) hints.push({ key: "upToLimit", remaining: rule.goodsLimit - quantity });
    eligible = Math.min(quantity, rule.goodsLimit);
  }
  if (rule.numMultiple > 1) {
    const multiples = Math.floor(eligible / rule.numMultiple) * rule.numMultiple;
    if (multiples !== eligible) hints.push({ key: "onlyMultiples", multiple: rule.numMultiple });
    eligible = multiples;
  }
  return { base, specialUnits: eligible, specialPrice: price, subtotal: eligible * price + (quantity - eligible) * base, hints };
}

function wholesale(quantity: number, base: Cents, rule: WholesaleRule): LinePrice {
  const tiers = [...rule.tiers].filter((tier) => tier.num > 0).sort((a, b) => a.num - b.num);
  const tier = [...tiers].reverse().find((candidate) => candidate.num <= quantity);
  if (!tier) {
    const hints: CartHint[] = tiers.length ? [{ key: "belowFirstTier", num: tiers[0].num }] : [];
    return { base, specialUnits: 0, specialPrice: base, subtotal: quantity * base, hints };
  }
  const price = Math.min(tier.price, base);
  const hints: CartHint[] = [];
  let eligible = quantity;
  if (tier.limitNum > 0 && quantity > tier.limitNum) {
    hints.push({ key: "overLimit", limit: tier.limitNum });
    eligible = tier.limitNum;
  }
  return { base, specialUnits: eligible, specialPrice: price, subtotal: eligible * price + (quantity - eligible) * base, hints };
}

/** The price of one cart line. `quantity` must be a positive integer. */
export function priceLine(input: LineInput): LinePrice {
  if (!Number.isInteger(input.quantity) || input.quantity < 0) throw new Error(`bad quantity ${input.quantity}`);
  const base = basePrice(input);
  switch (input.rule.kind) {
    case "seckill":
    case "discount":
      return special(input.quantity, base, input.rule);
    case "wholesale":
      return wholesale(input.quantity, base, input.rule);
    case "none":
      return { base, specialUnits: 0, specialPrice: base, subtotal: input.quantity * base, hints: [] };
  }
}

/** The lowest unit price the rule can ever give (for bounds and display). */
export function bestUnitPrice(input: Omit<LineInput, "quantity">): Cents {
  const base = basePrice(input);
  switch (input.rule.kind) {
    case "seckill":
    case "discount":
      return Math.min(input.rule.price, base);
    case "wholesale":
      return Math.min(base, ...input.rule.tiers.map((tier) => tier.price));
    case "none":
      return base;
  }
}

/** Sum of the selected lines' subtotals. */
export function totalOf(lines: Array<Pick<LinePrice, "subtotal">>): Cents {
  return lines.reduce((sum, line) => sum + line.subtotal, 0);
}
