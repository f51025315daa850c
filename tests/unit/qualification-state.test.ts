import { describe, expect, test } from "vitest";
import { chinaToday, qualificationState, validityDate } from "~/domain/qualification";

describe("qualificationState", () => {
  const today = "2026-11-25";
  const sub = (status: number, expire_date = "") => ({ status, expire_date });

  test("nothing handed in is missing; the newest submission says pending or rejected", () => {
    expect(qualificationState({ current: null, approved: null }, today)).toBe("missing");
    expect(qualificationState({ current: sub(0), approved: null }, today)).toBe("pending");
    expect(qualificationState({ current: sub(-1), approved: null }, today)).toBe("rejected");
  });

  test("a valid approval wins over a newer submission under review or refused (renewals never block buying)", () => {
    expect(qualificationState({ current: sub(0), approved: sub(1, "2027-01-01") }, today)).toBe("approved");
    expect(qualificationState({ current: sub(-1), approved: sub(1, "") }, today)).toBe("approved");
    expect(qualificationState({ current: sub(1, today), approved: sub(1, today) }, today)).toBe("approved");
  });

  test("an approval past its date is expired unless a newer submission is pending or refused", () => {
    expect(qualificationState({ current: sub(1, "2026-11-24"), approved: sub(1, "2026-11-24") }, today)).toBe("expired");
    expect(qualificationState({ current: sub(0, "2027-11-24"), approved: sub(1, "2026-11-24") }, today)).toBe("pending");
  });
});

describe("validityDate", () => {
  test("a real day from today on, or empty", () => {
    expect(validityDate("2026-11-25", "2026-11-25")).toBe("2026-11-25");
    expect(validityDate(" 2030-02-28 ", "2026-11-25")).toBe("2030-02-28");
    expect(validityDate("", "2026-11-25")).toBe("");
  });

  test("bad, impossible and past days are refused", () => {
    for (const bad of ["2030-02-30", "2030-13-01", "30-01-01", "2030/01/01", "tomorrow", "2026-11-24"]) expect(validityDate(bad, "2026-11-25"), bad).toBeNull();
  });

  test("today in China", () => {
    expect(chinaToday(Date.parse("2026-11-25T16:30:00Z"))).toBe("2026-11-26");
    expect(chinaToday(Date.parse("2026-11-25T15:59:00Z"))).toBe("2026-11-25");
  });
});
