import { expect, test } from "vitest";
import { growthProgress } from "~/domain/finance/growth";

const LEVELS = [
  { level_name: "金牌", growth: "5000.00" },
  { level_name: "普通", growth: "0.00" },
  { level_name: "银牌", growth: "1000.00" },
];

test.each([
  [0, { next: { name: "银牌", growth: 1000 }, percent: 0 }],
  [250, { next: { name: "银牌", growth: 1000 }, percent: 25 }],
  [1000, { next: { name: "金牌", growth: 5000 }, percent: 20 }],
  [4999, { next: { name: "金牌", growth: 5000 }, percent: 99 }],
  [5000, { next: null, percent: 100 }],
])("growth %i → %j", (growth, expected) => {
  expect(growthProgress(growth, LEVELS)).toEqual(expected);
});

test("no levels: already at the top", () => {
  expect(growthProgress(10, [])).toEqual({ next: null, percent: 100 });
});
