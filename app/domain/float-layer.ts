/**
 * The home float layer's display rules (spec §4):
 * - type "1": shown until the visitor closes it; then not again until the time window changes;
 * - type "2": shown on every visit; closing it hides it for the rest of that visit (the browser
 *   session), so a reload or coming back to the home page does not bring it back until the next visit;
 * - type "3": after a close, shown again once 24 hours have passed;
 * - whatever the type, a layer closed during this visit stays closed for the rest of it;
 * - a change of the time window (startTime/endTime) forgets what was remembered;
 * - outside its window, or when switched off, it is not shown.
 */
export const FLOAT_LAYER_REPEAT_MS = 86_400_000; // spec §9

export type FloatLayerType = "1" | "2" | "3";
export type FloatLayerRule = { type: FloatLayerType; startTime?: number; endTime?: number; enabled: boolean };
/** What the browser remembers (a cookie): the window it saw and when it last closed the layer. */
export type FloatLayerMemory = { window: string; closedAt: number } | null;

export function windowKey(rule: Pick<FloatLayerRule, "startTime" | "endTime">): string {
  return `${rule.startTime ?? 0}-${rule.endTime ?? 0}`;
}

/**
 * `now` in milliseconds; `startTime`/`endTime` in unix seconds (0/absent = open-ended);
 * `closedThisVisit`: the window of a layer closed during this visit (a session cookie), if any.
 */
export function shouldShowFloatLayer(rule: FloatLayerRule, memory: FloatLayerMemory, now: number, closedThisVisit: string | null = null): boolean {
  if (!rule.enabled) return false;
  if (rule.startTime && now < rule.startTime * 1000) return false;
  if (rule.endTime && now > rule.endTime * 1000) return false;
  if (closedThisVisit === windowKey(rule)) return false;
  const remembered = memory && memory.window === windowKey(rule) ? memory : null;
  switch (rule.type) {
    case "2":
      return true;
    case "1":
      return remembered === null;
    case "3":
      return remembered === null || now - remembered.closedAt >= FLOAT_LAYER_REPEAT_MS;
  }
}

/** The real API has no `type`: its `number` 0 means "every visit", anything else "once". */
export function floatLayerTypeOf(type: FloatLayerType | undefined, number: number): FloatLayerType {
  return type ?? (number === 0 ? "2" : "1");
}
