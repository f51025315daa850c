import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatCountdown } from "~/domain/countdown";

const zhDays = (count: number) => `${count}天`;

describe("formatCountdown", () => {
  test.each([
    [0, "00:00:00"],
    [3661, "01:01:01"],
    [86_399, "23:59:59"],
    [86_400, "1天 00:00:00"],
    [50 * 3600, "2天 02:00:00"],
    // The figure of issue 29: 18335 hours are 763 days and 23 hours.
    [18_335 * 3600 + 52 * 60 + 38, "763天 23:52:38"],
    [-5, "00:00:00"],
    [12.9, "00:00:12"],
    [Number.NaN, "00:00:00"],
    [Number.POSITIVE_INFINITY, "00:00:00"],
  ])("%d seconds → %s", (seconds, expected) => {
    expect(formatCountdown(seconds, zhDays)).toBe(expected);
  });

  test("the day word is the caller's (en-us)", () => {
    expect(formatCountdown(3 * 86_400 + 5, (count) => `${count}d`)).toBe("3d 00:00:05");
  });

  test("the clock part never reaches 24 hours and reads back as the same duration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 365 * 86_400 }), (seconds) => {
        const match = /^(?:(\d+)天 )?(\d{2}):(\d{2}):(\d{2})$/.exec(formatCountdown(seconds, zhDays));
        expect(match).not.toBeNull();
        const [, days = "0", hours, minutes, secs] = match as RegExpExecArray;
        expect(Number(hours)).toBeLessThan(24);
        expect(Number(days) * 86_400 + Number(hours) * 3600 + Number(minutes) * 60 + Number(secs)).toBe(seconds);
      }),
    );
  });
});
