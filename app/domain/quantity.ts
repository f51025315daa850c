/**
 * Cart quantity rules (spec §5): minimum and step are `min_buy` (default 1); the maximum is the
 * stock or a computed limit (`max_buy`, the promotion's `goods_limit`, whichever is lowest and set);
 * an empty or below-1 value becomes 1 (then the minimum applies). Bundling lines: min 1, max stock.
 * Used by the stepper with JS and by the action without (the upstream does not check).
 */
export type QuantityLimits = { minBuy?: number; stock: number; maxBuy?: number; limit?: number };

export function quantityBounds({ minBuy = 0, stock, maxBuy = 0, limit = 0 }: QuantityLimits) {
  const step = minBuy > 1 ? minBuy : 1;
  const caps = [stock, maxBuy > 0 ? maxBuy : Infinity, limit > 0 ? limit : Infinity];
  const max = Math.max(0, Math.floor(Math.min(...caps)));
  return { min: step, step, max };
}

/** Parses what the buyer typed and clamps it into the bounds. Never throws. */
export function clampQuantity(raw: unknown, limits: QuantityLimits): number {
  const { min, step, max } = quantityBounds(limits);
  const typed = typeof raw === "number" ? raw : Number(String(raw ?? "").trim() || "0");
  let quantity = Number.isFinite(typed) ? Math.floor(typed) : 0;
  if (quantity < 1) quantity = 1;
  quantity = Math.max(quantity, min);
  quantity = Math.ceil(quantity / step) * step; // whole steps of min_buy
  if (quantity > max) quantity = Math.floor(max / step) * step;
  return Math.max(quantity, Math.min(min, max));
}

export function clampBundleQuantity(raw: unknown, stock: number): number {
  return clampQuantity(raw, { minBuy: 1, stock });
}
