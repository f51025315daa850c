// Checkout rules shared by the /payment schema (server) and its form (browser), kept free of zod
// so nothing here pulls the schema library into the browser bundle.

/** contract §2.9: the PC limits the buyer message to 140 characters. */
export const BUYER_MESSAGE_MAX = 140;

/**
 * Same-city delivery (同城配送) time windows the buyer may ask for (docs/checkout.md): one-hour
 * windows from 09:00 to 21:00 today (those starting at least an hour from now) and tomorrow, in
 * the shop's time zone (China Standard Time, UTC+8, no daylight saving). The value is
 * "YYYY-MM-DDTHH" (date and starting hour); no value means "as soon as possible".
 */
export const DELIVERY_HOURS = { first: 9, last: 20 } as const;

export type DeliverySlot = { value: string; date: string; start: string; end: string };

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

export function deliverySlots(now: Date): DeliverySlot[] {
  const local = new Date(now.getTime() + CHINA_OFFSET_MS);
  const today = local.toISOString().slice(0, 10);
  const tomorrow = new Date(local.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const earliestToday = local.getUTCHours() + (local.getUTCMinutes() > 0 ? 2 : 1);
  const slots: DeliverySlot[] = [];
  for (const [date, from] of [
    [today, Math.max(DELIVERY_HOURS.first, earliestToday)],
    [tomorrow, DELIVERY_HOURS.first],
  ] as const) {
    for (let hour = from; hour <= DELIVERY_HOURS.last; hour++) {
      const start = `${String(hour).padStart(2, "0")}:00`;
      slots.push({ value: `${date}T${String(hour).padStart(2, "0")}`, date, start, end: `${String(hour + 1).padStart(2, "0")}:00` });
    }
  }
  return slots;
}
