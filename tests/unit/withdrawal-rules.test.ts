import { describe, expect, test } from "vitest";
import { withdrawFee, withdrawProblem, type WithdrawRules } from "~/domain/finance/withdrawal";

const RULES: WithdrawRules = { enabled: true, min: "10.00", max: "500.00", available: "300.00", rate: "1.00", transferTypes: ["bank", "alipay"] };

describe("withdrawProblem (contract §6.10, checked before the upstream is called)", () => {
  test.each([
    ["10.00", "bank", null],
    ["300", "alipay", null],
    ["9.99", "bank", { reason: "belowMin", min: "10.00" }],
    ["300.01", "bank", { reason: "aboveBalance" }],
    ["0", "bank", { reason: "badAmount" }],
    ["-5", "bank", { reason: "badAmount" }],
    ["12.345", "bank", { reason: "badAmount" }],
    ["1e3", "bank", { reason: "badAmount" }],
    ["", "bank", { reason: "badAmount" }],
    ["50", "wechatpay", { reason: "badTransferType" }],
  ])("%j to %s → %j", (amount, type, expected) => {
    expect(withdrawProblem(amount, type, RULES)).toEqual(expected);
  });

  test("above the maximum is refused before the balance is looked at", () => {
    expect(withdrawProblem("600", "bank", { ...RULES, available: "1000" })).toEqual({ reason: "aboveMax", max: "500.00" });
  });

  test("a maximum of 0 refuses every amount (no unlimited case)", () => {
    expect(withdrawProblem("10", "bank", { ...RULES, max: "0.00" })).toEqual({ reason: "aboveMax", max: "0.00" });
  });

  test("a disabled withdrawal refuses everything first", () => {
    expect(withdrawProblem("bad", "none", { ...RULES, enabled: false })).toEqual({ reason: "disabled" });
  });
});

test("fee: amount × rate / 100 rounded half up to the cent", () => {
  expect(withdrawFee("100.00", "1.00")).toEqual({ fee: 100n, net: 9900n });
  expect(withdrawFee("10.50", "0.60")).toEqual({ fee: 6n, net: 1044n }); // 6.3 cents → 6
  expect(withdrawFee("12.50", "1.00")).toEqual({ fee: 13n, net: 1237n }); // 12.5 cents → 13
  expect(withdrawFee("50", "0")).toEqual({ fee: 0n, net: 5000n });
});
