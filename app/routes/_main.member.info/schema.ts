import { z } from "zod";
import { chinaDayOf, chinaMidnightSeconds, formatCalendarDay, parseCalendarDay } from "~/domain/calendar-day";

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
    // The one day reader (it never throws: "2024-13-01" is simply not a day, issue 29).
    const day = parseCalendarDay(value);
    return day !== null && day.year >= 1900 && chinaMidnightSeconds(day) * 1000 <= Date.now();
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

/** "YYYY-MM-DD" → unix seconds of that midnight in China; "" (or not a day) → 0. */
export function birthdaySeconds(value: string): number {
  const day = parseCalendarDay(value);
  return day ? chinaMidnightSeconds(day) : 0;
}

/** Unix seconds → "YYYY-MM-DD" in China; 0 → "". */
export function birthdayDay(seconds: number): string {
  const day = seconds ? chinaDayOf(seconds) : null;
  return day ? formatCalendarDay(day) : "";
}
