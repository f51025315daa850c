import { describe, expect, test } from "vitest";
import { couponFace, groupByDay, levelDiscount, monthWeeks, strictChoice, strictPage, trimZeros } from "~/domain/member-assets";

describe("strict list queries (ADR 025)", () => {
  test("page: absent is 1, 1–9999 kept, anything else null", () => {
    expect(strictPage(undefined)).toBe(1);
    expect(strictPage("3")).toBe(3);
    for (const junk of ["", "0", "-1", "1.5", "abc", "10000", "01"]) expect(strictPage(junk)).toBeNull();
  });

  test("tab/type: absent or empty is the default, known kept, unknown null", () => {
    const tabs = ["usable", "used", "expired"] as const;
    expect(strictChoice(undefined, tabs)).toBe("");
    expect(strictChoice("", tabs)).toBe("");
    expect(strictChoice("used", tabs)).toBe("used");
    expect(strictChoice("USED", tabs)).toBeNull();
    expect(strictChoice("<script>", tabs)).toBeNull();
  });
});

describe("coupon face and level discount", () => {
  test("reward is money off; discount is 折 with its cap when above 0", () => {
    expect(couponFace({ type: "reward", money: "30.00", discount: "0.00", discount_limit: "0.00" })).toEqual({ kind: "reward", money: "30.00" });
    expect(couponFace({ type: "discount", money: "0.00", discount: "9.50", discount_limit: "0.00" })).toEqual({
      kind: "discount",
      discount: "9.5",
      limit: null,
    });
    expect(couponFace({ type: "discount", money: "0.00", discount: "8.00", discount_limit: "50.00" })).toEqual({
      kind: "discount",
      discount: "8",
      limit: "50.00",
    });
  });

  test("trimZeros and a level's consume_discount in 折 (100 = none)", () => {
    expect([trimZeros("8.50"), trimZeros("9.00"), trimZeros("1000"), trimZeros("0.05")]).toEqual(["8.5", "9", "1000", "0.05"]);
    expect([levelDiscount("95.00"), levelDiscount("90"), levelDiscount("100.00"), levelDiscount("0"), levelDiscount("x")]).toEqual([
      "9.5",
      "9",
      null,
      null,
      null,
    ]);
  });
});

describe("footprint days and the sign-in month", () => {
  test("groupByDay keeps the rows' order and gathers a day seen again", () => {
    const rows = [
      { id: 1, day: "2026-11-25" },
      { id: 2, day: "2026-11-25" },
      { id: 3, day: "2026-11-24" },
      { id: 4, day: "2026-11-25" },
    ];
    expect(groupByDay(rows, (row) => row.day).map((group) => [group.day, group.rows.map((row) => row.id)])).toEqual([
      ["2026-11-25", [1, 2, 4]],
      ["2026-11-24", [3]],
    ]);
  });

  test("monthWeeks: Sunday first, whole weeks, every day once", () => {
    // November 2026 starts on a Sunday and has 30 days.
    const november = monthWeeks(2026, 11);
    expect(november[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(november).toHaveLength(5);
    expect(november[4]).toEqual([29, 30, null, null, null, null, null]);
    // February 2028 (leap year) starts on a Tuesday.
    const february = monthWeeks(2028, 2);
    expect(february[0]).toEqual([null, null, 1, 2, 3, 4, 5]);
    expect(february.flat().filter((day) => day !== null)).toHaveLength(29);
  });
});
