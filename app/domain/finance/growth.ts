import { toCents } from "~/domain/pricing/money";

/** A level as the growth bar needs it: name and threshold (a decimal string, e.g. "1000.00"). */
export type LevelStep = { level_name: string; growth: string };

/**
 * The member's way to the next level (contract §6.3: progress = growth ÷ next level's growth):
 * `next` is the first level above the member's growth, `percent` 0–100 (100 at the top level).
 */
export function growthProgress(growth: number, levels: LevelStep[]): { next: { name: string; growth: number } | null; percent: number } {
  const thresholds = levels.map((level) => ({ name: level.level_name, growth: Number(toCents(level.growth) / 100n) })).sort((a, b) => a.growth - b.growth);
  const next = thresholds.find((level) => level.growth > growth) ?? null;
  if (!next) return { next: null, percent: 100 };
  return { next, percent: Math.max(0, Math.min(100, Math.floor((growth / next.growth) * 100))) };
}
