import { describe, expect, it } from "vitest";
import { deliverySlots } from "~/domain/checkout";

describe("local delivery windows", () => {
  it("offers today's windows from an hour on, and tomorrow's from 09:00 to 21:00, in China time", () => {
    // 05:30 UTC = 13:30 in China: today's first window starts at 15:00.
    const slots = deliverySlots(new Date("2026-11-25T05:30:00Z"));
    expect(slots[0]).toEqual({ value: "2026-11-25T15", date: "2026-11-25", start: "15:00", end: "16:00" });
    expect(slots.filter((slot) => slot.date === "2026-11-25").at(-1)?.end).toBe("21:00");
    const tomorrow = slots.filter((slot) => slot.date === "2026-11-26");
    expect(tomorrow).toHaveLength(12);
    expect(tomorrow[0].start).toBe("09:00");
  });

  it("on the hour, the next hour is still a window", () => {
    expect(deliverySlots(new Date("2026-11-25T05:00:00Z"))[0].value).toBe("2026-11-25T14");
  });

  it("late at night only tomorrow is offered, across the date line of UTC", () => {
    // 16:30 UTC = 00:30 the next day in China.
    const slots = deliverySlots(new Date("2026-11-25T16:30:00Z"));
    expect(slots[0].value).toBe("2026-11-26T09");
    expect(new Set(slots.map((slot) => slot.date))).toEqual(new Set(["2026-11-26", "2026-11-27"]));
    // 13:00 UTC = 21:00 in China: nothing left today.
    expect(deliverySlots(new Date("2026-11-25T13:00:00Z")).every((slot) => slot.date === "2026-11-26")).toBe(true);
  });
});
