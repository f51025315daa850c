import { chinaToday, formatCalendarDay, parseCalendarDay } from "./calendar-day";
/**
 * Where a member stands for one qualification type (docs/qualifications.md): a valid approval
 * wins over a newer submission under review, so renewing a licence never blocks buying.
 */
export type QualificationState = "missing" | "pending" | "approved" | "rejected" | "expired";

type Submission = { status: number; expire_date: string };

/** `today` and `expire_date` are "YYYY-MM-DD" (China); an empty expire_date is long-term. */
export function qualificationState(entry: { current: Submission | null; approved: Submission | null }, today: string): QualificationState {
  if (entry.approved && (entry.approved.expire_date === "" || entry.approved.expire_date >= today)) return "approved";
  if (!entry.current) return "missing";
  if (entry.current.status === 0) return "pending";
  if (entry.current.status === -1) return "rejected";
  return "expired";
}

/** "YYYY-MM-DD" of a validity date field: a real day, not before `today`; "" when empty. Null when invalid. */
export function validityDate(value: string, today: string): string | null {
  if (value.trim() === "") return "";
  const parsed = parseCalendarDay(value);
  const day = parsed ? formatCalendarDay(parsed) : null;
  return day !== null && day >= today ? day : null;
}

export { chinaToday };
