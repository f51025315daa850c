import { toCents } from "~/domain/pricing/money";
import { memoize } from "./memo";

/** The shop's time zone: times read the same for every buyer whatever the server's zone. */
export const SHOP_TIME_ZONE = "Asia/Shanghai";

/**
 * Shared formatters (spec §9): money with 2 decimals and the yuan sign, dates, units.
 * Money is read by the one parser (`toCents`, ~/domain/pricing/money) into integer cents, so no
 * float arithmetic touches it.
 */
export function formatMoney(value: string | number, withSymbol = true): string {
  const cents = toCents(value);
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const yuan = absolute / 100n;
  const fraction = (absolute % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${withSymbol ? "¥" : ""}${yuan}.${fraction}`;
}

// The platform's Intl does the time-zone work (no date library in the browser bundle, ADR 010).
const shopClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The shop clock's fields of a moment, by pattern token; memoized, as `formatToParts` is slow (~10 µs). */
const clockFields = memoize((unixSeconds: number): Record<string, string> => {
  const parts = Object.fromEntries(shopClock.formatToParts(new Date(unixSeconds * 1000)).map((part) => [part.type, part.value]));
  return { YYYY: parts.year, MM: parts.month, DD: parts.day, HH: parts.hour, mm: parts.minute, ss: parts.second };
});

/** Unix seconds → "YYYY-MM-DD HH:mm" (or another pattern of the tokens YYYY MM DD HH mm ss). */
export function formatDateTime(unixSeconds: number, pattern = "YYYY-MM-DD HH:mm"): string {
  if (!(unixSeconds > 0)) return "";
  const tokens = clockFields(unixSeconds);
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token]);
}

export function formatDate(unixSeconds: number): string {
  return formatDateTime(unixSeconds, "YYYY-MM-DD");
}

/** spec §9: the unit defaults to "box" (盒); wholesale lines default to "piece" (件). */
export function unitOrDefault(unit: string | null | undefined, t: (key: string) => string, wholesale = false): string {
  return unit?.trim() || t(wholesale ? "common:unit.piece" : "common:unit.box");
}
