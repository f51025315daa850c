import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { chinaDayOf, chinaMidnightSeconds, formatCalendarDay, parseCalendarDay } from "~/domain/calendar-day";
import { validityDate } from "~/domain/qualification";
import { birthdayDay, birthdaySeconds, ProfileSchema } from "~/routes/_main.member.info/schema";

/**
 * The one reader of calendar days from outside (issue 29): it never throws on any string, reads
 * exactly the real days, and the forms built on it refuse an impossible date with their message
 * instead of a 500 ("RangeError: Invalid time value").
 */

const profile = (birthday: unknown) => ProfileSchema.safeParse({ intent: "profile", nickname: "药房", sex: "0", birthday });

/** Strings near the date shape as well as anything at all. */
const dateLike = fc.oneof(
  fc.string(),
  fc.tuple(fc.integer({ min: -1, max: 10_000 }), fc.integer({ min: -1, max: 100 }), fc.integer({ min: -1, max: 100 })).map(([y, m, d]) => `${y}-${m}-${d}`),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
);

/** The platform's own reading of a day, as a reference for years 1900–2100. */
function referenceDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

describe("parseCalendarDay", () => {
  test.each(["2024-13-01", "2000-00-10", "2000-01-32", "2023-02-29", "1900-02-29", "2024-1-01", "２０２４-01-01", "", "not a day", "2024-01-01T00:00"])(
    "%j is not a day",
    (value) => {
      expect(parseCalendarDay(value)).toBeNull();
    },
  );

  test.each([
    ["2024-02-29", { year: 2024, month: 2, day: 29 }],
    ["2000-02-29", { year: 2000, month: 2, day: 29 }],
    [" 1999-12-31 ", { year: 1999, month: 12, day: 31 }],
  ])("%j is a day", (value, day) => {
    expect(parseCalendarDay(value)).toEqual(day);
  });

  test("never throws, and answers a day exactly when the value is one (the platform agrees for 1900–2100)", () => {
    fc.assert(
      fc.property(dateLike, (value) => {
        const day = parseCalendarDay(value);
        if (day) expect(formatCalendarDay(day)).toBe(value.trim());
        if (/^(19\d\d|20\d\d|2100)-\d\d-\d\d$/.test(value)) expect(day !== null).toBe(referenceDay(value));
      }),
      { numRuns: 2000 },
    );
  });

  test("China's midnight and back give the same day", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }), (date) => {
        const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
        expect(chinaDayOf(chinaMidnightSeconds(day))).toEqual(day);
        // Date.UTC reads years 0–99 as 1900–1999, so the platform is the reference from year 100 on.
        if (day.year >= 100) expect(chinaMidnightSeconds(day)).toBe(Date.UTC(day.year, day.month - 1, day.day) / 1000 - 8 * 3600);
      }),
    );
    expect(chinaMidnightSeconds({ year: 2024, month: 3, day: 1 })).toBe(Date.parse("2024-03-01T00:00:00+08:00") / 1000);
  });
});

describe("forms built on it", () => {
  test.each(["2024-13-01", "2000-00-10", "2000-01-32"])("an impossible birthday %j is the form's message, not a 500", (birthday) => {
    const result = profile(birthday);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["member:info.errors.birthday"]);
    expect(birthdaySeconds(birthday)).toBe(0);
  });

  test("the profile form, birthday conversions and the validity date never throw on any string", () => {
    fc.assert(
      fc.property(dateLike, (value) => {
        profile(value);
        birthdaySeconds(value);
        validityDate(value, "2026-01-01");
      }),
      { numRuns: 2000 },
    );
  });

  test("a real birthday goes to China's midnight and back", () => {
    expect(profile("1990-06-15").success).toBe(true);
    const seconds = birthdaySeconds("1990-06-15");
    expect(seconds).toBe(Date.parse("1990-06-15T00:00:00+08:00") / 1000);
    expect(birthdayDay(seconds)).toBe("1990-06-15");
    expect(profile("1899-12-31").success).toBe(false);
    expect(profile("2999-01-01").success).toBe(false);
  });
});
