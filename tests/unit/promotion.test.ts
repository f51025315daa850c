import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  choosePromotion,
  displayedPromotion,
  isWithinWindow,
  PROMOTION_PRECEDENCE,
  promotionCandidates,
  type PromotionCandidate,
  type PromotionSource,
} from "~/domain/promotion";

/** Spec §4: get-free > seckill > discount > wholesale > bundling > default. */

const NOW = Date.UTC(2026, 10, 22, 4, 0, 0); // 2026-11-22 12:00 in Shanghai
const nowSeconds = NOW / 1000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const c = (kind: string, extra: Partial<PromotionCandidate> = {}): PromotionCandidate => ({ kind, name: `${kind}-name`, ...extra });

describe("choosePromotion: the precedence table", () => {
  test("the order is the spec's", () => {
    expect(PROMOTION_PRECEDENCE).toEqual(["getfree", "seckill", "discount", "wholesale", "bundling"]);
  });

  // Every pair: the higher-ranked kind wins whatever the order the upstream lists them in.
  const pairs = PROMOTION_PRECEDENCE.flatMap((higher, i) => PROMOTION_PRECEDENCE.slice(i + 1).map((lower) => [higher, lower] as const));
  test.each(pairs)("%s beats %s", (higher, lower) => {
    expect(choosePromotion([c(lower), c(higher)]).kind).toBe(higher);
    expect(choosePromotion([c(higher), c(lower)]).kind).toBe(higher);
  });

  test.each([
    [["bundling", "wholesale", "discount", "seckill", "getfree"], "getfree"],
    [["bundling", "wholesale", "discount", "seckill"], "seckill"],
    [["bundling", "wholesale", "discount"], "discount"],
    [["bundling", "wholesale"], "wholesale"],
    [["bundling"], "bundling"],
    [[], "default"],
  ])("%j → %s", (kinds, expected) => {
    expect(choosePromotion(kinds.map((kind) => c(kind))).kind).toBe(expected);
  });

  test("kinds outside the precedence (groupbuy, topic, junk) never win; alone they give the default", () => {
    expect(choosePromotion([c("groupbuy"), c("topic"), c("whatever")])).toEqual({ kind: "default", name: "" });
    expect(choosePromotion([c("groupbuy"), c("bundling")]).kind).toBe("bundling");
  });

  test("kinds are compared without case or surrounding spaces; the winner keeps its upstream name", () => {
    expect(choosePromotion([c(" Seckill ", { name: " 限时秒杀 " }), c("discount")])).toEqual({ kind: "seckill", name: "限时秒杀" });
  });

  test("a winner without a name gets an empty name (the page shows its own wording)", () => {
    expect(choosePromotion([{ kind: "wholesale" }])).toEqual({ kind: "wholesale", name: "" });
  });
});

describe("time windows (fake clock)", () => {
  test("inside [start, end) counts; 0 or missing bounds are open", () => {
    expect(isWithinWindow({ startTime: nowSeconds - 60, endTime: nowSeconds + 60 })).toBe(true);
    expect(isWithinWindow({ startTime: nowSeconds, endTime: nowSeconds + 1 })).toBe(true); // start inclusive
    expect(isWithinWindow({ startTime: nowSeconds - 60, endTime: nowSeconds })).toBe(false); // end exclusive
    expect(isWithinWindow({ startTime: nowSeconds + 1 })).toBe(false);
    expect(isWithinWindow({ startTime: 0, endTime: 0 })).toBe(true);
    expect(isWithinWindow({})).toBe(true);
  });

  test("a seckill that has not started yet gives way to the next kind", () => {
    const candidates = [c("seckill", { startTime: nowSeconds + 3600, endTime: nowSeconds + 7200 }), c("wholesale")];
    expect(choosePromotion(candidates).kind).toBe("wholesale");
    vi.setSystemTime(NOW + 3600 * 1000); // the window opens
    expect(choosePromotion(candidates).kind).toBe("seckill");
    vi.setSystemTime(NOW + 7200 * 1000); // and closes
    expect(choosePromotion(candidates).kind).toBe("wholesale");
  });

  test("an ended get-free offer does not hide a running discount", () => {
    expect(choosePromotion([c("getfree", { endTime: nowSeconds - 1 }), c("discount", { endTime: nowSeconds + 1 })]).kind).toBe("discount");
  });

  test("the clock can also be passed in", () => {
    const seckill = c("seckill", { startTime: 1000, endTime: 2000 });
    expect(choosePromotion([seckill], 1500).kind).toBe("seckill");
    expect(choosePromotion([seckill], 2500).kind).toBe("default");
  });
});

describe("promotionCandidates: what a goods offers", () => {
  const base: PromotionSource = { goods_promotion: [], promotion_info: null, bundling_list: [] };
  const info = (extra: Partial<NonNullable<PromotionSource["promotion_info"]>>) => ({
    price_json: [],
    getFreeGoods: [],
    start_time: 0,
    end_time: 0,
    ...extra,
  });

  test("goods_promotion entries are the candidates, with their names", () => {
    const goods = {
      ...base,
      goods_promotion: [
        { promotion_type: "discount", promotion_name: "限时折扣" },
        { promotion_type: "seckill", promotion_name: "限时秒杀" },
      ],
    };
    expect(displayedPromotion(goods)).toEqual({ kind: "seckill", name: "限时秒杀" });
  });

  test("wholesale tiers, get-free offers and combos count even when goods_promotion is silent", () => {
    expect(displayedPromotion({ ...base, promotion_info: info({ price_json: [{}] }) }).kind).toBe("wholesale");
    expect(displayedPromotion({ ...base, bundling_list: [{}] }).kind).toBe("bundling");
    expect(displayedPromotion({ ...base, promotion_info: info({ getFreeGoods: [{}] }), bundling_list: [{}] }).kind).toBe("getfree");
  });

  test("Niushop's promotion_type 1 is a limited-time discount, bounded by the sku's window", () => {
    const goods = { ...base, promotion_type: 1, start_time: nowSeconds - 10, end_time: nowSeconds + 10 };
    expect(displayedPromotion(goods).kind).toBe("discount");
    expect(displayedPromotion({ ...goods, end_time: nowSeconds - 1 }).kind).toBe("default");
  });

  test("promotion_info's window bounds the kind its numbers belong to (seckill here), not the others", () => {
    const expired = info({ start_time: nowSeconds - 100, end_time: nowSeconds - 50 });
    const goods = {
      ...base,
      goods_promotion: [
        { promotion_type: "seckill", promotion_name: "" },
        { promotion_type: "wholesale", promotion_name: "" },
      ],
      promotion_info: expired,
    };
    expect(promotionCandidates(goods)).toEqual([
      { kind: "seckill", name: "", startTime: nowSeconds - 100, endTime: nowSeconds - 50 },
      { kind: "wholesale", name: "" },
    ]);
    expect(displayedPromotion(goods).kind).toBe("wholesale");
  });

  test("get-free numbers carry get-free's window; the discount keeps the sku's own window", () => {
    const goods = {
      ...base,
      goods_promotion: [
        { promotion_type: "getfree", promotion_name: "换购" },
        { promotion_type: "discount", promotion_name: "限时折扣" },
      ],
      promotion_info: info({ getFreeGoods: [{}], start_time: nowSeconds - 100, end_time: nowSeconds - 1 }),
      promotion_type: 1,
      start_time: nowSeconds - 100,
      end_time: nowSeconds + 100,
    };
    expect(displayedPromotion(goods)).toEqual({ kind: "discount", name: "限时折扣" });
    vi.setSystemTime(NOW - 50 * 1000); // both running: get-free first
    expect(displayedPromotion(goods)).toEqual({ kind: "getfree", name: "换购" });
  });

  test("wholesale numbers bound wholesale; a listed seckill without numbers is open", () => {
    const goods = {
      ...base,
      goods_promotion: [{ promotion_type: "seckill", promotion_name: "" }],
      promotion_info: info({ price_json: [{}], end_time: nowSeconds - 1 }),
    };
    expect(promotionCandidates(goods)).toEqual([
      { kind: "seckill", name: "" },
      { kind: "wholesale", startTime: 0, endTime: nowSeconds - 1 },
    ]);
    expect(displayedPromotion(goods).kind).toBe("seckill");
  });

  test("no promotion at all is the default", () => {
    expect(displayedPromotion(base)).toEqual({ kind: "default", name: "" });
  });
});
