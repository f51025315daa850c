import { describe, expect, test } from "vitest";
import { manjianRules, topicBlock, topicBuyable, topicPhase } from "~/domain/topic";

describe("topicPhase", () => {
  const topic = { startTime: 1000, endTime: 2000 };
  test("before the start: not started, counting down to it", () => {
    expect(topicPhase(topic, 400)).toEqual({ state: "upcoming", seconds: 600 });
  });
  test("within the dates: running, counting down to the end", () => {
    expect(topicPhase({ ...topic, status: 2 }, 1500)).toEqual({ state: "running", seconds: 500 });
    expect(topicPhase(topic, 1000)).toEqual({ state: "running", seconds: 1000 });
  });
  test("at and after the end, or closed by hand (status 3): ended", () => {
    expect(topicPhase(topic, 2000)).toEqual({ state: "ended", seconds: 0 });
    expect(topicPhase({ ...topic, status: 3 }, 1500)).toEqual({ state: "ended", seconds: 0 });
  });
  test("a stored status 1 within the dates still says not started", () => {
    expect(topicPhase({ ...topic, status: 1 }, 1500).state).toBe("upcoming");
  });
});

describe("topicBuyable and topicBlock", () => {
  test("the stock, capped by what the limit leaves", () => {
    expect(topicBuyable({ stock: 10, maxBuy: 0, purchased: 0 })).toBe(10);
    expect(topicBuyable({ stock: 10, maxBuy: 5, purchased: 3 })).toBe(2);
    expect(topicBuyable({ stock: 1, maxBuy: 5, purchased: 0 })).toBe(1);
    expect(topicBuyable({ stock: 10, maxBuy: 5, purchased: 7 })).toBe(0);
    expect(topicBuyable({ stock: -1, maxBuy: 0, purchased: 0 })).toBe(0);
  });
  const base = { phase: "running" as const, stock: 10, maxBuy: 5, purchased: 0, buy: "allowed" as const };
  test("the reason in the order the buyer needs it", () => {
    expect(topicBlock(base)).toBeNull();
    expect(topicBlock({ ...base, phase: "upcoming" })).toBe("upcoming");
    expect(topicBlock({ ...base, phase: "ended", stock: 0 })).toBe("ended");
    expect(topicBlock({ ...base, stock: 0, buy: "login" })).toBe("soldOut");
    expect(topicBlock({ ...base, buy: "login" })).toBe("login");
    expect(topicBlock({ ...base, buy: "refused" })).toBe("refused");
    expect(topicBlock({ ...base, purchased: 5 })).toBe("limitReached");
  });
});

describe("manjianRules", () => {
  test("by amount: whole yuan without decimals, discount, free shipping, points", () => {
    expect(
      manjianRules({
        type: 0,
        rule_json: [
          { limit: "300.00", discount_money: "30.00", free_shipping: 0 },
          { limit: "500.50", discount_money: "60.00", free_shipping: 1, point: 20 },
          { limit: "800.00", discount_money: "0.00" },
        ],
      }),
    ).toEqual([
      { key: "money", limit: "300", discount: "30", freeShipping: false, point: 0 },
      { key: "money", limit: "500.50", discount: "60", freeShipping: true, point: 20 },
      { key: "money", limit: "800", discount: null, freeShipping: false, point: 0 },
    ]);
  });
  test("by quantity: pieces", () => {
    expect(manjianRules({ type: 1, rule_json: [{ limit: "3.00", discount_money: "5.00" }] })[0]).toMatchObject({ key: "quantity", limit: "3", discount: "5" });
  });
});
