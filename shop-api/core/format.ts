/** Small value helpers shared by route modules and the seed. */

/**
 * The test clock: seconds added to the wall clock by `POST /__test/clock`, so time rules (order
 * auto-close, auto-receive, auto-complete, trace progress) can be tested without waiting. It is
 * process-wide: every shop API in this process sees the same offset.
 */
let clockOffsetSeconds = 0

/** Move the test clock forward (negative: back) by `seconds`; `null` resets it. Returns the offset. */
export function adjustClock(seconds: number | null): number {
  clockOffsetSeconds = seconds === null ? 0 : clockOffsetSeconds + Math.trunc(seconds)
  return clockOffsetSeconds
}

/** Set while the seed writes history (atFixedTime): the clock stands still there. */
let fixedSeconds: number | null = null

/**
 * Runs `fn` with the clock stopped at `at`: the seed makes its demo orders through the order model
 * at fixed times, so two fresh databases hold the same rows (shop-api/db/seed-demo-orders.ts).
 */
export function atFixedTime<T>(at: number, fn: () => T): T {
  const saved = fixedSeconds
  fixedSeconds = at
  try {
    return fn()
  } finally {
    fixedSeconds = saved
  }
}

/** Seconds since the epoch, the unit of every time in the API (test clock applied). */
export function nowSeconds(): number {
  return fixedSeconds ?? wallSeconds() + clockOffsetSeconds
}

/**
 * The real wall clock, without the test offset: only token expiry uses it, so moving the test
 * clock two weeks ahead does not log every session out.
 */
export function wallSeconds(): number {
  return Math.floor(Date.now() / 1000)
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
