const SECONDS_PER_DAY = 86_400;

/**
 * A time left as the shop shows it: "HH:MM:SS" under a day, and the whole days before it beyond
 * (an activity may start weeks ahead: "764天 05:52:38", never "18335:52:38"). `days` words the day
 * count in the page's language; it is called only when there is at least one day.
 */
export function formatCountdown(seconds: number, days: (count: number) => string): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const wholeDays = Math.floor(total / SECONDS_PER_DAY);
  const rest = total % SECONDS_PER_DAY;
  const clock = [Math.floor(rest / 3600), Math.floor((rest % 3600) / 60), rest % 60].map((n) => String(n).padStart(2, "0")).join(":");
  return wholeDays > 0 ? `${days(wholeDays)} ${clock}` : clock;
}
