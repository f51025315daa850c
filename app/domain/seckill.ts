/**
 * Seckill time (contract §7.2): slots are seconds since midnight in the shop's zone (China,
 * UTC+8, no daylight saving); "now" is the upstream's clock (the envelope's `timestamp`), so a
 * page counts down from what the shop API believes, not from the BFF's clock. Pure.
 */

const CHINA_OFFSET_SECONDS = 8 * 3600;
const DAY = 86400;

export type SlotState = "running" | "upcoming" | "ended";

export type SlotTimes = { start: number; end: number };

export function secondsOfDay(now: number): number {
  return (((now + CHINA_OFFSET_SECONDS) % DAY) + DAY) % DAY;
}

/** A slot's state at `now`: it runs from `start` to `end` inclusive (the upstream's "23:59:59" ends). */
export function slotState(slot: SlotTimes, now: number): SlotState {
  const ofDay = secondsOfDay(now);
  if (ofDay < slot.start) return "upcoming";
  if (ofDay <= slot.end) return "running";
  return "ended";
}

/** Seconds to the slot's end (running) or start (upcoming); 0 once it is over today. */
export function slotCountdown(slot: SlotTimes, now: number): number {
  const ofDay = secondsOfDay(now);
  switch (slotState(slot, now)) {
    case "running":
      return slot.end + 1 - ofDay;
    case "upcoming":
      return slot.start - ofDay;
    default:
      return 0;
  }
}

/** The slot a visitor lands on: the running one, else the next to start, else the first. */
export function defaultSlotIndex(slots: readonly SlotTimes[], now: number): number {
  const running = slots.findIndex((slot) => slotState(slot, now) === "running");
  if (running >= 0) return running;
  const upcoming = slots.findIndex((slot) => slotState(slot, now) === "upcoming");
  return upcoming >= 0 ? upcoming : 0;
}

/** "HH:MM" of a slot time (seconds since midnight). */
export function clockOf(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/**
 * Where an activity stands for the buyer, and what to count down to: its dates first (not yet
 * started / over), then its slots of the day (running now / the next slot today / none left today).
 */
export type SeckillPhase = { state: SlotState; seconds: number };

export function seckillPhase(activity: { startTime: number; endTime: number; slots: readonly SlotTimes[] }, now: number): SeckillPhase {
  if (now < activity.startTime) return { state: "upcoming", seconds: activity.startTime - now };
  if (activity.endTime > 0 && now >= activity.endTime) return { state: "ended", seconds: 0 };
  const slots = [...activity.slots].sort((a, b) => a.start - b.start);
  const running = slots.find((slot) => slotState(slot, now) === "running");
  if (running) return { state: "running", seconds: Math.min(slotCountdown(running, now), activity.endTime > 0 ? activity.endTime - now : Infinity) };
  const next = slots.find((slot) => slotState(slot, now) === "upcoming");
  if (next) return { state: "upcoming", seconds: slotCountdown(next, now) };
  return { state: "ended", seconds: 0 };
}

/** Sold share of an activity for its progress bar, 0–100 (sold / (sold + left)). */
export function soldPercent(sold: number, left: number): number {
  const total = Math.max(0, sold) + Math.max(0, left);
  return total === 0 ? 100 : Math.min(100, Math.round((Math.max(0, sold) / total) * 100));
}

/**
 * How many the member may still buy now: activity stock, then the day's limit less what they
 * bought (0 = no limit). 0 means none.
 */
export function seckillMaxBuy(input: { stock: number; maxBuy: number; purchased: number }): number {
  const byLimit = input.maxBuy > 0 ? Math.max(0, input.maxBuy - input.purchased) : Infinity;
  return Math.max(0, Math.min(input.stock, byLimit));
}
