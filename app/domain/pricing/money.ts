/**
 * Money in the pricing engine is integer cents (number, always an integer), never float sums.
 * Upstream decimal strings come in through `toCents`; results go out through `centsToYuan`.
 */
export type Cents = number;

export function yuanToCents(value: string | number): Cents {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim() || "0";
  const match = /^(-)?(\d+)(?:\.(\d{0,}))?$/.exec(text);
  if (!match) throw new Error(`not a money value: ${value}`);
  const [, sign, whole, decimals = ""] = match;
  const padded = `${decimals}000`;
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign ? -cents : cents;
}

export function centsToYuan(cents: Cents): string {
  const negative = cents < 0;
  const absolute = Math.abs(cents);
  return `${negative ? "-" : ""}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}
