import { describe, expect, test } from "vitest";
import { cashierOffersBalanceAndTransfer, RECHARGE_PAY_EVENT } from "~/domain/checkout";

describe("what the cashier offers besides online payment, by the payment record's event", () => {
  test("a recharge: neither balance nor transfer (stored value cannot buy stored value)", () => {
    expect(cashierOffersBalanceAndTransfer(RECHARGE_PAY_EVENT)).toBe(false);
  });

  test.each(["OrderPayNotify", "PointexchangeOrderPayNotify", undefined])("an order bought with %s: both", (event) => {
    expect(cashierOffersBalanceAndTransfer(event)).toBe(true);
  });
});
