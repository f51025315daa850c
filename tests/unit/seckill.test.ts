import { describe, expect, test } from "vitest";
import { clockOf, defaultSlotIndex, seckillMaxBuy, seckillPhase, secondsOfDay, slotCountdown, slotState, soldPercent } from "~/domain/seckill";

/** 2026-11-25 at hh:mm:ss China time (UTC+8), unix seconds. */
const at = (h: number, m = 0, s = 0) => Date.UTC(2026, 10, 25, h - 8, m, s) / 1000;
const MORNING = { start: 8 * 3600, end: 12 * 3600 - 1 };
const ALL_DAY = { start: 0, end: 86399 };
const EVENING = { start: 20 * 3600, end: 22 * 3600 - 1 };

describe("seckill slots (China time)", () => {
  test("seconds of the day are China's, also before 08:00 UTC", () => {
    expect(secondsOfDay(at(0))).toBe(0);
    expect(secondsOfDay(at(7, 30))).toBe(7 * 3600 + 1800);
    expect(secondsOfDay(at(23, 59, 59))).toBe(86399);
  });

  test("a slot runs from its start to its end inclusive", () => {
    expect(slotState(MORNING, at(7, 59, 59))).toBe("upcoming");
    expect(slotState(MORNING, at(8))).toBe("running");
    expect(slotState(MORNING, at(11, 59, 59))).toBe("running");
    expect(slotState(MORNING, at(12))).toBe("ended");
    expect(slotState(ALL_DAY, at(23, 59, 59))).toBe("running");
  });

  test("counts down to the end while running, to the start before", () => {
    expect(slotCountdown(MORNING, at(11, 59, 0))).toBe(60);
    expect(slotCountdown(MORNING, at(7, 0))).toBe(3600);
    expect(slotCountdown(MORNING, at(13))).toBe(0);
  });

  test("the page opens on the running slot, else the next one, else the first", () => {
    expect(defaultSlotIndex([ALL_DAY, MORNING, EVENING], at(9))).toBe(0);
    expect(defaultSlotIndex([MORNING, EVENING], at(13))).toBe(1);
    expect(defaultSlotIndex([MORNING, EVENING], at(23))).toBe(0);
  });

  test("formats", () => {
    expect(clockOf(MORNING.start)).toBe("08:00");
    expect(clockOf(MORNING.end)).toBe("11:59");
  });
});

describe("an activity's phase", () => {
  const activity = { startTime: at(0) - 86400, endTime: at(0) + 10 * 86400, slots: [MORNING, EVENING] };
  test("before its dates: upcoming, counting to the start", () => {
    expect(seckillPhase({ ...activity, startTime: at(10) }, at(9))).toEqual({ state: "upcoming", seconds: 3600 });
  });
  test("after its dates: ended", () => {
    expect(seckillPhase({ ...activity, endTime: at(8) }, at(9))).toEqual({ state: "ended", seconds: 0 });
  });
  test("in a slot: running to its end; between slots: upcoming to the next; after the last: ended for today", () => {
    expect(seckillPhase(activity, at(11))).toEqual({ state: "running", seconds: 3600 });
    expect(seckillPhase(activity, at(19))).toEqual({ state: "upcoming", seconds: 3600 });
    expect(seckillPhase(activity, at(22, 30))).toEqual({ state: "ended", seconds: 0 });
  });
  test("the activity's end cuts a running slot short", () => {
    expect(seckillPhase({ ...activity, endTime: at(9) }, at(8, 30))).toEqual({ state: "running", seconds: 1800 });
  });
});

describe("numbers", () => {
  test("sold share", () => {
    expect(soldPercent(25, 75)).toBe(25);
    expect(soldPercent(0, 0)).toBe(100);
    expect(soldPercent(10, 0)).toBe(100);
  });
  test("what may still be bought: stock, then the day's limit less what was bought", () => {
    expect(seckillMaxBuy({ stock: 300, maxBuy: 10, purchased: 8 })).toBe(2);
    expect(seckillMaxBuy({ stock: 1, maxBuy: 10, purchased: 0 })).toBe(1);
    expect(seckillMaxBuy({ stock: 5, maxBuy: 0, purchased: 99 })).toBe(5);
    expect(seckillMaxBuy({ stock: 5, maxBuy: 2, purchased: 3 })).toBe(0);
  });
});
