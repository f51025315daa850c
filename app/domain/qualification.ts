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
  const day = value.trim();
  if (day === "") return "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(time) || new Date(time).toISOString().slice(0, 10) !== day) return null;
  return day >= today ? day : null;
}

/** Today in China, "YYYY-MM-DD". */
export function chinaToday(now = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}
