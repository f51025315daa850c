import { describe, expect, test } from "vitest";
import { toCents } from "~/domain/pricing/money";
import { formatDate, formatDateTime, formatMoney, unitOrDefault } from "~/utils/format";

describe("toCents", () => {
  test.each([
    ["12.50", 1250n],
    ["12.5", 1250n],
    ["12", 1200n],
    ["12.", 1200n],
    [".5", 50n],
    ["0.01", 1n],
    ["12.344", 1234n],
    ["12.345", 1235n], // half up
    ["12.349", 1235n],
    ["0.005", 1n],
    ["0.004", 0n],
    ["-12.345", -1235n], // half away from zero for negatives
    ["-0.005", -1n],
    ["-0.004", 0n],
    ["  3.5  ", 350n],
    ["", 0n],
    ["   ", 0n],
    ["1e-7", 0n], // JSON numbers in exponent form, as Money keeps them
    ["1.5e2", 15000n],
    ["2E3", 200000n],
    ["-1.239e1", -1239n],
  ])("%j → %s", (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  test("big values keep every digit (bigint, no float)", () => {
    expect(toCents("123456789012345678.99")).toBe(12345678901234567899n);
    expect(toCents("99999999999999999999.995")).toBe(10000000000000000000000n);
  });

  test.each(["abc", "1,000.00", "12.3.4", "¥12", "--1", "-", ".", "1e", "NaN", "Infinity"])("%j is not a decimal", (text) => {
    expect(() => toCents(text)).toThrow(/not a decimal/);
  });
});

describe("formatMoney", () => {
  test.each<[string | number, string]>([
    ["12.5", "¥12.50"],
    ["12.50", "¥12.50"],
    ["0", "¥0.00"],
    ["", "¥0.00"],
    ["0.01", "¥0.01"],
    ["1.005", "¥1.01"],
    ["1234567.891", "¥1234567.89"],
    ["-3.5", "-¥3.50"],
    ["-0.004", "¥0.00"], // rounds to zero: no "-¥0.00"
    [12, "¥12.00"],
    [12.5, "¥12.50"],
    [-7.25, "-¥7.25"],
    [0, "¥0.00"],
  ])("%j → %s", (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  test("numbers have no float error", () => {
    expect(formatMoney(0.1 + 0.2)).toBe("¥0.30");
    expect(formatMoney(1.1 * 3)).toBe("¥3.30");
    expect(formatMoney(0.1 + 0.2 - 0.3)).toBe("¥0.00"); // 5.55e-17
  });

  test("numbers round half up like the text they print as (toFixed would give 1.00 and 2.67)", () => {
    expect(formatMoney(1.005)).toBe("¥1.01");
    expect(formatMoney(2.675)).toBe("¥2.68");
    expect(formatMoney(-1.005)).toBe("-¥1.01");
  });

  test("big values", () => {
    expect(formatMoney("98765432109876.54")).toBe("¥98765432109876.54");
    expect(formatMoney(1e21)).toBe("¥1000000000000000000000.00");
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe("¥9007199254740991.00");
  });

  test("without the symbol", () => {
    expect(formatMoney("12.5", false)).toBe("12.50");
    expect(formatMoney(-3, false)).toBe("-3.00");
  });

  test("garbage is refused rather than shown", () => {
    expect(() => formatMoney("free")).toThrow();
    expect(() => formatMoney(Number.NaN)).toThrow();
  });
});

describe("dates", () => {
  // 2024-01-02 03:04:05 in the shop's time zone (UTC+8), whatever the machine's zone.
  const moment = Math.floor(Date.UTC(2024, 0, 1, 19, 4, 5) / 1000);

  test("formatDateTime: YYYY-MM-DD HH:mm by default", () => {
    expect(formatDateTime(moment)).toBe("2024-01-02 03:04");
  });

  test("formatDateTime with a pattern", () => {
    expect(formatDateTime(moment, "YYYY/MM/DD HH:mm:ss")).toBe("2024/01/02 03:04:05");
  });

  test("formatDate", () => {
    expect(formatDate(moment)).toBe("2024-01-02");
  });

  test("0 and negative timestamps (unset upstream) render as empty", () => {
    expect(formatDateTime(0)).toBe("");
    expect(formatDate(-1)).toBe("");
  });
});

describe("unitOrDefault", () => {
  const t = (key: string) => `<${key}>`;
  test("keeps a real unit", () => {
    expect(unitOrDefault(" 瓶 ", t)).toBe("瓶");
  });
  test("defaults to box, or piece for wholesale", () => {
    expect(unitOrDefault("", t)).toBe("<common:unit.box>");
    expect(unitOrDefault(null, t)).toBe("<common:unit.box>");
    expect(unitOrDefault(undefined, t, true)).toBe("<common:unit.piece>");
  });
});
