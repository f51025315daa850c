/**
 * The one reader of calendar days ("YYYY-MM-DD") that come from outside: form fields, query
 * strings, upstream answers. It never throws, whatever the string (issue 29: an impossible
 * birthday such as "2024-13-01" made `new Date(NaN).toISOString()` throw a RangeError, a 500).
 * Plain arithmetic, no Date parsing of the text, and no date library in the browser (ADR 010).
 */
export type CalendarDay = { year: number; month: number; day: number };

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOURS_AHEAD_OF_UTC_IN_CHINA = 8;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real day of the Gregorian calendar, or null for anything else (surrounding spaces allowed). */
export function parseCalendarDay(value: unknown): CalendarDay | null {
  if (typeof value !== "string") return null;
  const match = DAY_PATTERN.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** "YYYY-MM-DD" of a day. */
export function formatCalendarDay({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Days since 1970-01-01 of a day (proleptic Gregorian; H. Hinnant's days_from_civil). */
function daysFromEpoch({ year, month, day }: CalendarDay): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** Unix seconds of the day's midnight in China (UTC+8), the shop's clock. */
export function chinaMidnightSeconds(day: CalendarDay): number {
  return daysFromEpoch(day) * 86_400 - HOURS_AHEAD_OF_UTC_IN_CHINA * 3600;
}

/** The day in China of a unix time, or null for a time that is not a finite number. */
export function chinaDayOf(unixSeconds: number): CalendarDay | null {
  if (!Number.isFinite(unixSeconds)) return null;
  const days = Math.floor((unixSeconds + HOURS_AHEAD_OF_UTC_IN_CHINA * 3600) / 86_400);
  // civil_from_days (the inverse of daysFromEpoch).
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Today in China, "YYYY-MM-DD". */
export function chinaToday(now = Date.now()): string {
  const today = chinaDayOf(Math.floor(now / 1000));
  return today ? formatCalendarDay(today) : "";
}
