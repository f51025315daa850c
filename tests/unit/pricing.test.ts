import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { bestUnitPrice, centsToYuan, priceLine, yuanToCents, type LineInput, type PromotionRule } from "~/domain/pricing";

const yuan = yuanToCents;

/** The worked examples of docs/pricing.md, computed by hand. */
const EXAMPLES: Array<{ name: string; input: LineInput; subtotal: string; hints: string[] }> = [
  { name: "no promotion", input: { quantity: 3, price: yuan("12.50"), rule: { kind: "none" } }, subtotal: "37.50", hints: [] },
  {
    name: "member price lower than the price",
    input: { quantity: 2, price: yuan("20.00"), memberPrice: yuan("18.00"), memberDiscount: true, rule: { kind: "none" } },
    subtotal: "36.00",
    hints: [],
  },
  {
    name: "member price without member discount",
    input: { quantity: 2, price: yuan("20.00"), memberPrice: yuan("18.00"), memberDiscount: false, rule: { kind: "none" } },
    subtotal: "40.00",
    hints: [],
  },
  {
    name: "seckill, below goods_min",
    input: { quantity: 2, price: yuan("10.00"), rule: { kind: "seckill", price: yuan("6.00"), goodsMin: 3, goodsLimit: 0, numMultiple: 1 } },
    subtotal: "20.00",
    hints: ["belowMinimum"],
  },
  {
    name: "seckill, at goods_min",
    input: { quantity: 3, price: yuan("10.00"), rule: { kind: "seckill", price: yuan("6.00"), goodsMin: 3, goodsLimit: 0, numMultiple: 1 } },
    subtotal: "18.00",
    hints: [],
  },
  {
    name: "seckill, over goods_limit",
    input: { quantity: 7, price: yuan("10.00"), rule: { kind: "seckill", price: yuan("6.00"), goodsMin: 0, goodsLimit: 5, numMultiple: 1 } },
    subtotal: "50.00",
    hints: ["overLimit"],
  },
  {
    name: "seckill, under goods_limit",
    input: { quantity: 4, price: yuan("10.00"), rule: { kind: "seckill", price: yuan("6.00"), goodsMin: 0, goodsLimit: 5, numMultiple: 1 } },
    subtotal: "24.00",
    hints: ["upToLimit"],
  },
  {
    name: "discount, multiples of 3",
    input: { quantity: 7, price: yuan("9.99"), rule: { kind: "discount", price: yuan("7.99"), goodsMin: 0, goodsLimit: 0, numMultiple: 3 } },
    subtotal: "57.93",
    hints: ["onlyMultiples"],
  },
  {
    name: "discount, limit 10 then multiples of 3",
    input: { quantity: 12, price: yuan("5.00"), rule: { kind: "discount", price: yuan("4.00"), goodsMin: 0, goodsLimit: 10, numMultiple: 3 } },
    subtotal: "51.00",
    hints: ["overLimit", "onlyMultiples"],
  },
  {
    name: "wholesale, below the first tier",
    input: {
      quantity: 9,
      price: yuan("3.00"),
      rule: {
        kind: "wholesale",
        tiers: [
          { num: 10, limitNum: 0, price: yuan("2.50") },
          { num: 50, limitNum: 0, price: yuan("2.00") },
        ],
      },
    },
    subtotal: "27.00",
    hints: ["belowFirstTier"],
  },
  {
    name: "wholesale, first tier",
    input: {
      quantity: 10,
      price: yuan("3.00"),
      rule: {
        kind: "wholesale",
        tiers: [
          { num: 10, limitNum: 0, price: yuan("2.50") },
          { num: 50, limitNum: 0, price: yuan("2.00") },
        ],
      },
    },
    subtotal: "25.00",
    hints: [],
  },
  {
    name: "wholesale, highest tier reached",
    input: {
      quantity: 60,
      price: yuan("3.00"),
      rule: {
        kind: "wholesale",
        tiers: [
          { num: 10, limitNum: 0, price: yuan("2.50") },
          { num: 50, limitNum: 0, price: yuan("2.00") },
        ],
      },
    },
    subtotal: "120.00",
    hints: [],
  },
  {
    name: "wholesale, tier limit_num",
    input: {
      quantity: 60,
      price: yuan("3.00"),
      rule: {
        kind: "wholesale",
        tiers: [
          { num: 10, limitNum: 0, price: yuan("2.50") },
          { num: 50, limitNum: 55, price: yuan("2.00") },
        ],
      },
    },
    subtotal: "125.00",
    hints: ["overLimit"],
  },
];

describe("worked examples (docs/pricing.md)", () => {
  test.each(EXAMPLES)("$name → ¥$subtotal", ({ input, subtotal, hints }) => {
    const line = priceLine(input);
    expect(centsToYuan(line.subtotal)).toBe(subtotal);
    expect(line.hints.map((hint) => hint.key)).toEqual(hints);
  });
});

const cents = fc.integer({ min: 1, max: 1_000_000 });
const ruleArb: fc.Arbitrary<PromotionRule> = fc.oneof(
  fc.constant({ kind: "none" as const }),
  fc.record({
    kind: fc.constantFrom("seckill" as const, "discount" as const),
    price: cents,
    goodsMin: fc.integer({ min: 0, max: 20 }),
    goodsLimit: fc.integer({ min: 0, max: 50 }),
    numMultiple: fc.integer({ min: 0, max: 6 }),
  }),
  fc.record({
    kind: fc.constant("wholesale" as const),
    tiers: fc.array(fc.record({ num: fc.integer({ min: 1, max: 100 }), limitNum: fc.integer({ min: 0, max: 120 }), price: cents }), { maxLength: 4 }),
  }),
);
const lineArb = fc.record({
  quantity: fc.integer({ min: 1, max: 500 }),
  price: cents,
  memberPrice: fc.option(cents, { nil: null }),
  memberDiscount: fc.boolean(),
  rule: ruleArb,
});

describe("properties", () => {
  test("a subtotal never exceeds quantity × the price without promotion", () => {
    fc.assert(fc.property(lineArb, (input) => priceLine(input).subtotal <= input.quantity * priceLine({ ...input, rule: { kind: "none" } }).base));
  });

  test("a subtotal never falls below quantity × the best special price", () => {
    fc.assert(fc.property(lineArb, (input) => priceLine(input).subtotal >= input.quantity * bestUnitPrice(input)));
  });

  test("money stays in whole cents", () => {
    fc.assert(fc.property(lineArb, (input) => Number.isInteger(priceLine(input).subtotal)));
  });

  test("monotone in quantity: one more unit costs between the best special price and the base price, unless it crosses a threshold", () => {
    fc.assert(
      fc.property(lineArb, (input) => {
        const now = priceLine(input);
        const next = priceLine({ ...input, quantity: input.quantity + 1 });
        // Thresholds lower the price of several units at once: goods_min reached, a whole multiple
        // (num_multiple) reached within the limit, a wholesale tier reached.
        const next1 = input.quantity + 1;
        const rule = input.rule;
        const crossesThreshold =
          rule.kind === "seckill" || rule.kind === "discount"
            ? next1 === rule.goodsMin || (rule.numMultiple > 1 && next1 % rule.numMultiple === 0 && (rule.goodsLimit === 0 || next1 <= rule.goodsLimit))
            : rule.kind === "wholesale" && rule.tiers.some((tier) => tier.num === next1);
        if (crossesThreshold) return next.subtotal <= (input.quantity + 1) * now.base;
        const step = next.subtotal - now.subtotal;
        return step <= now.base && step >= 0;
      }),
    );
  });

  test("hand-computed formula for seckill/discount lines", () => {
    fc.assert(
      fc.property(lineArb, (input) => {
        if (input.rule.kind !== "seckill" && input.rule.kind !== "discount") return true;
        const { price, goodsMin, goodsLimit, numMultiple } = input.rule;
        const base = priceLine({ ...input, rule: { kind: "none" } }).base;
        const special = Math.min(price, base);
        let eligible = input.quantity < goodsMin ? 0 : goodsLimit > 0 ? Math.min(input.quantity, goodsLimit) : input.quantity;
        if (numMultiple > 1) eligible -= eligible % numMultiple;
        return priceLine(input).subtotal === eligible * special + (input.quantity - eligible) * base;
      }),
    );
  });
});

describe("money conversion", () => {
  test.each([
    ["12.345", 1235],
    ["0.1", 10],
    ["7", 700],
    ["", 0],
  ])("%s yuan → %i cents", (text, value) => {
    expect(yuanToCents(text)).toBe(value);
  });
  test("cents → yuan with 2 decimals", () => {
    expect(centsToYuan(5793)).toBe("57.93");
    expect(centsToYuan(5)).toBe("0.05");
  });
});
