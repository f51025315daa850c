/**
 * The rules the verification pages rely on (docs/verification.md): the state a code is in and
 * whether it may be verified, and the shape of a code typed or scanned.
 */

export type VerifyState = "waiting" | "used" | "refunded" | "expired";

/**
 * `is_verify` (0 waiting, 1 used, 2 refunded, -1 expired) read with the clock: a stock upstream
 * keeps 0 on a code past its `expire_time` (0 = never) until its scheduled job runs, and refuses it.
 */
export function verifyState(code: { is_verify: number; expire_time: number }, nowSeconds: number): VerifyState {
  if (code.is_verify === 1) return "used";
  if (code.is_verify === 2) return "refunded";
  if (code.is_verify === -1) return "expired";
  if (code.expire_time > 0 && code.expire_time < nowSeconds) return "expired";
  return "waiting";
}

/** Only a waiting code may be verified. */
export function canVerify(state: VerifyState): boolean {
  return state === "waiting";
}

/** Codes are letters and digits (pickup 8 digits, virtual 12 upstream); a scanner may add spaces. */
export const VERIFY_CODE_PATTERN = /^[0-9A-Za-z]{4,32}$/;

/** A typed or scanned code, spaces and dashes taken out; null when it cannot be a code. */
export function normalizeVerifyCode(raw: string): string | null {
  const code = raw.replace(/[\s-]+/g, "");
  return VERIFY_CODE_PATTERN.test(code) ? code : null;
}
