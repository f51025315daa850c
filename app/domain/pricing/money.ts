/**
 * Money in the pricing engine is integer cents (number, always an integer), never float sums.
 * Every upstream money value (a 2-decimal string like "12.30", a computed JSON number, "" for "no
 * price") is read by `parseMoney`, the one parser; `toCents` and `yuanToCents` are its views for
 * formatting and for the pricing engine. Results go out through `centsToYuan`.
 */
export type Cents = number;

/**
 * The one money parser: "12.345" → 1235n (half up; away from zero for negatives), 12.5 → 1250n,
 * "" / null / undefined → null ("no price"). Numbers are read as the text they print as (String(),
 * not toFixed(2): 1.005 must round like the text "1.005", where toFixed gives "1.00"), exponent
 * forms exactly ("1e-7" → 0n). bigint, so big values keep every digit. Anything else ("abc",
 * "1,000.00", "¥12", NaN) throws "not a decimal".
 */
export function parseMoney(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === "number" ? String(value) : value.trim();
  if (text === "") return null;
  const decimal = expandExponent(text);
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(decimal);
  if (!match || !/\d/.test(decimal)) throw new Error(`not a decimal: ${value}`);
  const [, sign, whole = "", decimals = ""] = match;
  const padded = `${decimals}000`;
  let cents = BigInt(whole || "0") * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1n;
  return sign ? -cents : cents;
}

/** "1.5e-7" → "0.00000015", "2e3" → "2000.": exact, by moving the decimal point (JSON numbers may use it). */
function expandExponent(text: string): string {
  const match = /^(-)?(\d*)(?:\.(\d*))?e([+-]?\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign = "", whole = "", decimals = "", exponent] = match;
  const digits = `${whole}${decimals}`;
  const point = whole.length + Number(exponent);
  const padded = point <= 0 ? `${"0".repeat(1 - point)}${digits}` : digits.padEnd(point, "0");
  const at = Math.max(point, 1);
  return `${sign}${padded.slice(0, at)}.${padded.slice(at)}`;
}

/** `parseMoney` with "no price" as 0n: "" → 0n (formatting, comparisons with a threshold). */
export function toCents(value: string | number | null | undefined): bigint {
  return parseMoney(value) ?? 0n;
}

/** `parseMoney` as a JS number of cents for the pricing engine; "" is 0. */
export function yuanToCents(value: string | number): Cents {
  return Number(toCents(value));
}

export function centsToYuan(cents: Cents): string {
  const negative = cents < 0;
  const absolute = Math.abs(cents);
  return `${negative ? "-" : ""}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}
