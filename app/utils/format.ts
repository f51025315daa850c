import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { toCents } from "~/domain/pricing/money";

dayjs.extend(utc);
dayjs.extend(timezone);

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
