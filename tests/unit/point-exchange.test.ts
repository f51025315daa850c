import { describe, expect, test } from "vitest";
import { exchangeRefusal, exchangeState, maxExchangeable, type ExchangeFacts } from "~/domain/point-exchange";

const facts = (patch: Partial<ExchangeFacts> = {}): ExchangeFacts => ({ point: 500, stock: 10, limit: 3, memberPoint: 2000, ...patch });

describe("points mall rules", () => {
  test("the state of one unit: sold out before everything, a visitor logs in, then the points", () => {
    expect(exchangeState(facts())).toBe("available");
    expect(exchangeState(facts({ stock: 0, memberPoint: null }))).toBe("soldOut");
    expect(exchangeState(facts({ memberPoint: null }))).toBe("login");
    expect(exchangeState(facts({ memberPoint: 499 }))).toBe("pointShort");
    // A stock that is not known (coupons in Niushop's list) or not limited never reads as sold out.
    expect(exchangeState(facts({ stock: null }))).toBe("available");
  });

  test("the most that may be exchanged: stock, the limit, what the points pay for", () => {
    expect(maxExchangeable(facts())).toBe(3);
    expect(maxExchangeable(facts({ limit: 0 }))).toBe(4);
    expect(maxExchangeable(facts({ limit: 0, memberPoint: 100000 }))).toBe(10);
    expect(maxExchangeable(facts({ memberPoint: 499 }))).toBe(0);
    expect(maxExchangeable(facts({ stock: -2 }))).toBe(0);
    expect(maxExchangeable(facts({ stock: null, limit: 0, memberPoint: 100000 }))).toBe(200);
    expect(maxExchangeable(facts({ stock: null, limit: 0, memberPoint: null }))).toBe(999_999);
  });

  test("refusing a number: over stock, over the limit, too few points with what is needed", () => {
    expect(exchangeRefusal(facts(), 3)).toBeNull();
    expect(exchangeRefusal(facts({ stock: 2 }), 3)).toBe("point:errors.stock|count=2");
    expect(exchangeRefusal(facts(), 4)).toBe("point:errors.limitPerMember|limit=3");
    expect(exchangeRefusal(facts({ memberPoint: 1200 }), 3)).toBe("point:errors.pointShort|need=1500|have=1200");
    expect(exchangeRefusal(facts({ stock: null, limit: 0 }), 4)).toBeNull();
  });
});
