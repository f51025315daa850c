import { describe, expect, test } from "vitest";
import { parseMoney, toCents, yuanToCents } from "~/domain/pricing/money";
import { Money, OptionalMoney } from "~/upstream/schemas/common";

describe("parseMoney, the one money parser", () => {
  test.each([null, undefined, "", "   "])("%j is no price (null)", (value) => {
    expect(parseMoney(value)).toBeNull();
  });

  test.each<[string | number, bigint]>([
    ["0.00", 0n],
    [0, 0n],
    ["12.30", 1230n],
    ["12.3", 1230n],
    [12.3, 1230n],
    ["12", 1200n],
    ["12.345", 1235n], // half up at the third decimal
    [12.345, 1235n], // read as the text it prints as, not toFixed(2)
    [1.005, 101n], // toFixed(2) would give "1.00"
    ["12.344", 1234n],
    ["-12.30", -1230n],
    ["-12.345", -1235n], // half away from zero
    [-12.345, -1235n],
    ["-0.004", 0n], // no negative zero
    [" 3.5 ", 350n],
    [1e-7, 0n], // String(1e-7) is "1e-7"
    [1e21, 100000000000000000000000n], // String(1e21) is "1e+21"
  ])("%j → %s cents", (value, cents) => {
    expect(parseMoney(value)).toBe(cents);
  });

  test.each<string | number>(["abc", "free", "1,000.00", "¥12", "12.3.4", "--1", "-", ".", "1e", "0x10", Number.NaN, Number.POSITIVE_INFINITY])(
    "%j is refused, not guessed",
    (value) => {
      expect(() => parseMoney(value)).toThrow(/not a decimal/);
    },
  );
});

describe("its views", () => {
  test("toCents: no price is 0n", () => {
    expect(toCents("")).toBe(0n);
    expect(toCents(null)).toBe(0n);
    expect(toCents("12.30")).toBe(1230n);
  });

  test("yuanToCents: a number of cents for the pricing engine", () => {
    expect(yuanToCents("")).toBe(0);
    expect(yuanToCents("12.345")).toBe(1235);
    expect(yuanToCents(12.3)).toBe(1230);
    expect(yuanToCents("1e-7")).toBe(0); // Money keeps exponent forms; the engine reads them
    expect(() => yuanToCents("abc")).toThrow(/not a decimal/);
  });
});

describe("the zod Money schemas accept exactly what the parser reads", () => {
  test.each<[unknown, boolean]>([
    ["12.30", true],
    [12.3, true],
    ["", true],
    ["1e-7", true],
    [1e21, true],
    ["abc", false],
    ["1,000.00", false],
    [Number.POSITIVE_INFINITY, false],
  ])("Money %j → %s", (value, ok) => {
    expect(Money.safeParse(value).success).toBe(ok);
  });

  test.each<[unknown, string | null]>([
    ["", null],
    [null, null],
    [undefined, null],
    ["garbage", null],
    ["0.00", "0.00"],
    ["26.50", "26.50"],
    [26.5, "26.5"],
  ])("OptionalMoney %j → %j", (value, expected) => {
    expect(OptionalMoney.parse(value)).toBe(expected);
  });
});
