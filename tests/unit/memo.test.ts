import { describe, expect, test, vi } from "vitest";
import { contrastRatio, legibleTextOn } from "~/utils/color";
import { formatDate, formatDateTime } from "~/utils/format";
import { memoize, memoizeByOwner } from "~/utils/memo";

describe("memoize", () => {
  test("computes each argument once and answers the same after", () => {
    const square = vi.fn((value: number) => value * value);
    const memo = memoize(square);
    expect([memo(3), memo(3), memo(4), memo(3)]).toEqual([9, 9, 16, 9]);
    expect(square).toHaveBeenCalledTimes(2);
  });

  test("keeps undefined and null answers too", () => {
    const lookUp = vi.fn((key: string) => (key === "none" ? null : undefined));
    const memo = memoize(lookUp);
    memo("none");
    memo("none");
    memo("other");
    memo("other");
    expect(lookUp).toHaveBeenCalledTimes(2);
  });

  test("starts afresh when full, so open-ended arguments cannot grow it without bound", () => {
    const identity = vi.fn((value: number) => value);
    const memo = memoize(identity, 2);
    memo(1);
    memo(2);
    memo(3); // full: cleared, then 3 kept
    memo(1);
    expect(identity).toHaveBeenCalledTimes(4);
    memo(3);
    expect(identity).toHaveBeenCalledTimes(4);
  });
});

describe("the memoized helpers answer as before", () => {
  test("dates, whatever the pattern a moment was first asked with", () => {
    const moment = 1_767_196_800; // 2026-01-01 00:00 in Shanghai
    expect(formatDate(moment)).toBe("2026-01-01");
    expect(formatDateTime(moment)).toBe("2026-01-01 00:00");
    expect(formatDateTime(moment + 59, "YYYY/MM/DD HH:mm:ss")).toBe("2026/01/01 00:00:59");
    expect(formatDateTime(0)).toBe("");
  });

  test("colours", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21);
    expect(contrastRatio("#fff", "#fff")).toBe(1);
    expect(contrastRatio("red", "#fff")).toBeNull();
    expect(legibleTextOn("#ffeb3b")).toBe("#000000");
    expect(legibleTextOn("#0b7a5b")).toBe("#ffffff");
  });
});

describe("memoizeByOwner", () => {
  test("makes each (owner, key) once; another owner or key makes its own", () => {
    const keep = memoizeByOwner<object, string, string | undefined>();
    const first = {};
    const second = {};
    const make = vi.fn((text: string | undefined) => () => text);
    expect(keep(first, "a", make("1"))).toBe("1");
    expect(keep(first, "a", make("never"))).toBe("1");
    expect(keep(first, "b", make("2"))).toBe("2");
    expect(keep(second, "a", make("3"))).toBe("3");
    // An undefined answer is kept too.
    expect(keep(second, "none", make(undefined))).toBeUndefined();
    expect(keep(second, "none", make("never"))).toBeUndefined();
  });
});
