import { describe, expect, test } from "vitest";
import { exchangeRefusal, exchangeState, maxExchangeable, type ExchangeFacts } from "~/domain/point-exchange";

const facts = (patch: Partial<ExchangeFacts> = {}): ExchangeFacts => ({ point: 500, stock: 10, limit: 3, exchanged: 0, memberPoint: 2000, ...patch });

describe("points mall rules", () => {
  test("the state of one unit: sold out before everything, a visitor logs in, then the limit, then the points", () => {
    expect(exchangeState(facts())).toBe("available");
    expect(exchangeState(facts({ stock: 0, memberPoint: null }))).toBe("soldOut");
    expect(exchangeState(facts({ memberPoint: null }))).toBe("login");
    expect(exchangeState(facts({ exchanged: 3, memberPoint: 0 }))).toBe("limitReached");
    expect(exchangeState(facts({ memberPoint: 499 }))).toBe("pointShort");
    expect(exchangeState(facts({ limit: 0, exchanged: 99 }))).toBe("available");
  });

  test("the most that may be exchanged: stock, what the limit leaves, what the points pay for", () => {
    expect(maxExchangeable(facts())).toBe(3);
    expect(maxExchangeable(facts({ exchanged: 2 }))).toBe(1);
    expect(maxExchangeable(facts({ limit: 0 }))).toBe(4);
    expect(maxExchangeable(facts({ limit: 0, memberPoint: 100000 }))).toBe(10);
    expect(maxExchangeable(facts({ memberPoint: 499 }))).toBe(0);
    expect(maxExchangeable(facts({ stock: -2 }))).toBe(0);
  });

  test("refusing a number: over stock, over the limit with what was exchanged, too few points with what is needed", () => {
    expect(exchangeRefusal(facts(), 3)).toBeNull();
    expect(exchangeRefusal(facts({ stock: 2 }), 3)).toBe("point:errors.stock|count=2");
    expect(exchangeRefusal(facts({ exchanged: 1 }), 3)).toBe("point:errors.limit|limit=3|exchanged=1");
    expect(exchangeRefusal(facts({ memberPoint: 1200 }), 3)).toBe("point:errors.pointShort|need=1500|have=1200");
  });
});
