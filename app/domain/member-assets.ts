/**
 * Pure rules of the member's assets pages (docs/member-centre.md "Follows, footprint, coupons,
 * level, sign-in, points"): strict list queries, coupon faces, footprint days, the sign-in month.
 */

/**
 * `?page=` of these lists: absent = 1, else 1–9999; anything else is null (the page answers 400,
 * ADR 025: a junk link is said to be one, not silently shown as page 1).
 */
export function strictPage(value: string | undefined): number | null {
  if (value === undefined) return 1;
  return /^[1-9]\d{0,3}$/.test(value) ? Number(value) : null;
}

/** `?tab=`, `?type=`: absent = the first/default choice (""), a known value, or null (400). */
export function strictChoice<T extends string>(value: string | undefined, known: readonly T[]): T | "" | null {
  if (value === undefined || value === "") return "";
  return (known as readonly string[]).includes(value) ? (value as T) : null;
}

export const COUPON_TABS = ["usable", "used", "expired"] as const;
export type CouponTab = (typeof COUPON_TABS)[number];
/** The upstream's coupon state of each tab (contract §6.5: 1 待使用, 2 已使用, 3 已过期). */
export const COUPON_STATE: Record<CouponTab, 1 | 2 | 3> = { usable: 1, used: 2, expired: 3 };

/**
 * What a coupon takes off: a sum of money (`reward`) or a discount in 折 (`discount` 8.5 = 85 %)
 * capped by `discount_limit` when that is above 0. Values are the upstream's decimal strings.
 */
export function couponFace(coupon: {
  type: string;
  money: string;
  discount: string;
  discount_limit: string;
}): { kind: "reward"; money: string } | { kind: "discount"; discount: string; limit: string | null } {
  if (coupon.type === "discount") {
    return { kind: "discount", discount: trimZeros(coupon.discount), limit: Number(coupon.discount_limit) > 0 ? coupon.discount_limit : null };
  }
  return { kind: "reward", money: coupon.money };
}

/** "8.50" → "8.5", "9.00" → "9". */
export function trimZeros(decimal: string): string {
  return decimal.includes(".") ? decimal.replace(/\.?0+$/, "") : decimal;
}

/** A level's consume_discount in percent (95) as 折 ("9.5"); null for 100 (no discount) or junk. */
export function levelDiscount(percent: string): string | null {
  const value = Number(percent);
  if (!Number.isFinite(value) || value <= 0 || value >= 100) return null;
  return trimZeros((value / 10).toFixed(2));
}

/** Rows grouped by their day (`dayOf`, e.g. the China day of a time), in the rows' order. */
export function groupByDay<T>(rows: T[], dayOf: (row: T) => string): { day: string; rows: T[] }[] {
  const groups: { day: string; rows: T[] }[] = [];
  for (const row of rows) {
    const day = dayOf(row);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.rows.push(row);
    else {
      const earlier = groups.find((group) => group.day === day);
      if (earlier) earlier.rows.push(row);
      else groups.push({ day, rows: [row] });
    }
  }
  return groups;
}

/**
 * The weeks of a month (Sunday first, as Chinese wall calendars print it): each week 7 cells, a
 * day of the month or null. `month` is 1–12.
 */
export function monthWeeks(year: number, month: number): (number | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (number | null)[] = [...Array<null>(first).fill(null), ...Array.from({ length: days }, (_, index) => index + 1)];
  while (cells.length % 7) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}
