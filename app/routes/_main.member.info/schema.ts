import { z } from "zod";

// The profile form of /member/info, parsed on the server only (ADR 010). Messages: `member` keys.

export const NICKNAME_MAX = 20;
export const REALNAME_MAX = 20;

/** "YYYY-MM-DD" of a date input, a real day between 1900-01-01 and today (UTC+8), or "" to clear. */
const Birthday = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? "")
  .refine((value) => {
    if (value === "") return true;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const time = Date.parse(`${value}T00:00:00+08:00`);
    const roundTrip = new Date(time + 8 * 3600_000).toISOString().slice(0, 10);
    return Number.isFinite(time) && roundTrip === value && value >= "1900-01-01" && time <= Date.now();
  }, "member:info.errors.birthday");

export const ProfileSchema = z.object({
  intent: z.literal("profile"),
  nickname: z
    .string({ required_error: "member:info.errors.nicknameRequired" })
    .trim()
    .min(1, "member:info.errors.nicknameRequired")
    .max(NICKNAME_MAX, `member:info.errors.nicknameTooLong|max=${NICKNAME_MAX}`),
  realname: z
    .string()
    .trim()
    .max(REALNAME_MAX, `member:info.errors.realnameTooLong|max=${REALNAME_MAX}`)
    .optional()
    .transform((value) => value ?? ""),
  sex: z.enum(["0", "1", "2"], { errorMap: () => ({ message: "member:info.errors.sex" }) }).transform((value) => Number(value) as 0 | 1 | 2),
  birthday: Birthday,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** "YYYY-MM-DD" → unix seconds of that midnight in China; "" → 0. */
export function birthdaySeconds(day: string): number {
  return day ? Math.floor(Date.parse(`${day}T00:00:00+08:00`) / 1000) : 0;
}

/** Unix seconds → "YYYY-MM-DD" in China; 0 → "". */
export function birthdayDay(seconds: number): string {
  return seconds ? new Date(seconds * 1000 + 8 * 3600_000).toISOString().slice(0, 10) : "";
}
