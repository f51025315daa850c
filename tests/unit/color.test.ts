import { describe, expect, test } from "vitest";
import { contrastRatio, legibleTextOn, readableOnWhite } from "~/utils/color";

describe("upstream colours stay readable", () => {
  test("contrast ratios as WCAG defines them", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#2f9e44", "#ffffff")).toBeCloseTo(3.45, 1);
    expect(contrastRatio("red", "#fff")).toBeNull();
  });

  test("white text stays on dark backgrounds; light ones get black", () => {
    expect(legibleTextOn("#1d7032")).toBe("#ffffff");
    expect(legibleTextOn("#FFAA00")).toBe("#000000"); // spec §9 bulk-purchase tag
    expect(legibleTextOn("#6DD4C4")).toBe("#000000"); // spec §9 approval-number tag
    expect(legibleTextOn("#F55E82")).toBe("#000000"); // spec §9 trace-code tag
    expect(legibleTextOn("#E8F5E9", "#2E7D32")).toBe("#2E7D32");
  });

  test("a colour that is not #rgb or #rrggbb is kept as given", () => {
    expect(legibleTextOn("rgb(0,0,0)", "#fff")).toBe("#fff");
  });

  test("text colours on white: readable ones kept, pale ones dropped", () => {
    expect(readableOnWhite("#1d7032")).toBe("#1d7032");
    expect(readableOnWhite("#ffaa00")).toBeUndefined();
    expect(readableOnWhite(undefined)).toBeUndefined();
  });
});
