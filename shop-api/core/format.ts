/** Small value helpers shared by route modules and the seed. */

let clockOffsetSeconds = 0

/** Seconds since the epoch, the unit of every time in the API (moved by the test API's clock, `setClockOffset`). */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000) + clockOffsetSeconds
}

/**
 * The test API's clock (promotions: seckill slots, activity windows): every `nowSeconds()` of this
 * process is shifted by `seconds`. 0 puts the real clock back. Tests that move it run alone (the
 * e2e "switches" project), since the whole API sees the moved time.
 */
export function setClockOffset(seconds: number): void {
  clockOffsetSeconds = Math.trunc(seconds)
}

export function clockOffset(): number {
  return clockOffsetSeconds
}

/** Money as the real API answers it: a string with 2 decimals ("12.50"). */
export function money(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0)
  return (Number.isFinite(n) ? n : 0).toFixed(2)
}

/** `JSON.stringify` as PHP's `json_encode` does it by default: `/` and non-ASCII escaped. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
}

/** A link field ("adv_url", "nav_url", float-layer "url"): JSON text of {title, url}. */
export function linkJson(title: string, url: string): string {
  return phpJson({ title, url })
}

/** "13800000000" → "138****0000", as Niushop shows mobiles in nicknames. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 11 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile
}
