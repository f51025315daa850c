import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The shop's time zone: times read the same for every buyer whatever the server's zone. */
export const SHOP_TIME_ZONE = "Asia/Shanghai";

/**
 * Shared formatters (spec §9): money with 2 decimals and the yuan sign, dates, units.
 * Money arrives as decimal strings; formatting works on the string's integer cents so no float
 * arithmetic touches it.
 */
export function formatMoney(value: string | number, withSymbol = true): string {
  // String(), not toFixed(2): 1.005 must round half up like the text "1.005" (toFixed gives "1.00").
  const text = typeof value === "number" ? String(value) : value;
  const cents = toCents(text);
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const yuan = absolute / 100n;
  const fraction = (absolute % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${withSymbol ? "¥" : ""}${yuan}.${fraction}`;
}

/** "12.345" → 1235n (half up), "" → 0n, "1e-7" → 0n. Throws on text that is not a decimal number. */
export function toCents(text: string): bigint {
  const trimmed = expandExponent(text.trim() || "0");
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match || !/\d/.test(trimmed)) throw new Error(`not a decimal: ${text}`);
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

/** Unix seconds → "YYYY-MM-DD HH:mm" (or another dayjs pattern). */
export function formatDateTime(unixSeconds: number, pattern = "YYYY-MM-DD HH:mm"): string {
  return unixSeconds > 0 ? dayjs.unix(unixSeconds).tz(SHOP_TIME_ZONE).format(pattern) : "";
}

export function formatDate(unixSeconds: number): string {
  return formatDateTime(unixSeconds, "YYYY-MM-DD");
}

/** spec §9: the unit defaults to "box" (盒); wholesale lines default to "piece" (件). */
export function unitOrDefault(unit: string | null | undefined, t: (key: string) => string, wholesale = false): string {
  return unit?.trim() || t(wholesale ? "common:unit.piece" : "common:unit.box");
}
