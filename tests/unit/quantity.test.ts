import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { clampBundleQuantity, clampQuantity, quantityBounds } from "~/domain/quantity";

describe("quantity rules (spec §5)", () => {
  test.each([
    ["", { stock: 10 }, 1],
    ["0", { stock: 10 }, 1],
    ["-4", { stock: 10 }, 1],
    ["abc", { stock: 10 }, 1],
    ["3.7", { stock: 10 }, 3],
    ["99", { stock: 10 }, 10],
    ["2", { stock: 100, minBuy: 5 }, 5],
    ["7", { stock: 100, minBuy: 5 }, 10],
    ["99", { stock: 100, minBuy: 5, maxBuy: 20 }, 20],
    ["99", { stock: 100, limit: 12 }, 12],
    ["1e9", { stock: 50 }, 50],
  ])("%j with %j → %i", (raw, limits, expected) => {
    expect(clampQuantity(raw, limits)).toBe(expected);
  });

  test("bounds: min and step are min_buy; max is the lowest of stock, max_buy and the limit", () => {
    expect(quantityBounds({ minBuy: 6, stock: 100, maxBuy: 30, limit: 0 })).toEqual({ min: 6, step: 6, max: 30 });
    expect(quantityBounds({ stock: 8 })).toEqual({ min: 1, step: 1, max: 8 });
  });

  test("bundling lines: min 1, max stock", () => {
    expect(clampBundleQuantity("0", 4)).toBe(1);
    expect(clampBundleQuantity("9", 4)).toBe(4);
  });

  test("the result is always within [1, max] and a whole step when the stock allows one", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 200 }),
        (raw, minBuy, stock, maxBuy) => {
          const quantity = clampQuantity(raw, { minBuy, stock, maxBuy });
          const { step, max } = quantityBounds({ minBuy, stock, maxBuy });
          if (quantity < 1 && max >= 1) return false;
          if (quantity > Math.max(max, 1)) return false;
          return max < step || quantity % step === 0;
        },
      ),
    );
  });
});
