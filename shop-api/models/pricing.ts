/**
 * Cart line pricing (docs/pricing.md, spec §5), the shop API's own implementation: the BFF has
 * its own and the two must agree (the BFF checks its totals against /api/Cart/calculate).
 *
 * All money is integer cents (fen). Conversions from and to the API's 2-decimal strings happen
 * at the edges (`toCents`, `centsToMoney`).
 */

/** "12.50" / 12.5 → 1250 (rounded to the nearest cent; junk → 0). */
export function toCents(value: string | number | null | undefined): number {
  const n = typeof value === 'string' ? Number(value.trim() === '' ? '0' : value) : (value ?? 0)
  return Number.isFinite(n) ? Math.round(n * 100) : 0
}

/** 1250 → "12.50" (exact: integer arithmetic, no float formatting). */
export function centsToMoney(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** A promotion that prices the line: seckill/discount special price, wholesale tiers, or none. */
export type PriceRule =
  | { kind: 'special'; price: number; goodsMin: number; goodsLimit: number; numMultiple: number }
  | { kind: 'wholesale'; tiers: { num: number; limitNum: number; price: number }[] }
  | { kind: 'none' }

export interface LineInput {
  num: number
  /** The goods (SKU) price in cents. */
  price: number
  /** The member level price in cents, null when there is none. */
  memberPrice: number | null
  /** Whether the member discount applies to the line (`is_member_discount`). */
  memberDiscount: boolean
  rule: PriceRule
}

export interface LineResult {
  /** Price of a unit outside the promotion. */
  base: number
  /** Units sold at the promotion's price, and that price (cents). */
  promoUnits: number
  promoPrice: number
  subtotal: number
}

/** The unit price without promotion: the member price when it applies and is lower, else the price. */
export function basePriceOf(input: Pick<LineInput, 'price' | 'memberPrice' | 'memberDiscount'>): number {
  if (input.memberDiscount && input.memberPrice !== null && input.memberPrice < input.price) return input.memberPrice
  return input.price
}

function result(num: number, base: number, promoUnits: number, promoPrice: number): LineResult {
  return { base, promoUnits, promoPrice, subtotal: promoUnits * promoPrice + (num - promoUnits) * base }
}

/**
 * The subtotal of one cart line.
 * - special (seckill / discount): nothing below `goodsMin`; at most `goodsLimit` units (0 = no
 *   limit), then only whole multiples of `numMultiple` (> 1) among them; the rest at base. A
 *   special price that is not below the base price is ignored.
 * - wholesale: the highest tier whose `num` ≤ quantity (none below the first tier); its
 *   `limitNum` > 0 caps the units at the tier price; the rest at base.
 * - none (get-free, bundling kinds, no promotion): base × quantity.
 */
export function priceCartLine(input: LineInput): LineResult {
  const num = Math.max(0, Math.trunc(input.num))
  const base = basePriceOf(input)
  const rule = input.rule

  if (rule.kind === 'special') {
    if (rule.price >= base) return result(num, base, 0, base)
    if (num < rule.goodsMin) return result(num, base, 0, rule.price)
    let units = rule.goodsLimit > 0 ? Math.min(num, rule.goodsLimit) : num
    if (rule.numMultiple > 1) units -= units % rule.numMultiple
    return result(num, base, units, rule.price)
  }

  if (rule.kind === 'wholesale') {
    let tier: { num: number; limitNum: number; price: number } | undefined
    for (const candidate of rule.tiers) {
      if (candidate.num <= 0 || candidate.num > num) continue
      if (!tier || candidate.num > tier.num) tier = candidate
    }
    if (!tier || tier.price >= base) return result(num, base, 0, base)
    const units = tier.limitNum > 0 ? Math.min(num, tier.limitNum) : num
    return result(num, base, units, tier.price)
  }

  return result(num, base, 0, base)
}
