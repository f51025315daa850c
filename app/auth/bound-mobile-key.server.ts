import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/utils/env.server";

/**
 * The key of an SMS code sent to the member's bound mobile (`pwdmobliecode`) travels through the
 * forms of /member/security as a hidden field. Niushop 5.5.2 accepts any cached key with its code
 * (`verifypaypwdcode` and `modifypassword` check neither the member nor the mobile), so a member
 * could hand back the key of a code sent to a number they own (their own account's, or a new
 * number's). The key therefore travels signed for the member and the mobile it was sent to, and
 * only such a key is ever passed on (docs/member-centre.md "Mobile and email", audit D9).
 */
export type KeyOwner = { memberId: number; mobile: string };

function signature(key: string, owner: KeyOwner, secret: string): string {
  return createHmac("sha256", secret).update(`bound-mobile-key\n${owner.memberId}\n${owner.mobile}\n${key}`).digest("base64url");
}

/** `key.signature`, signed with the current session secret. */
export function signBoundMobileKey(key: string, owner: KeyOwner): string {
  return `${key}.${signature(key, owner, env().SESSION_SECRET[0]!)}`;
}

/** The key, when `signed` came from signBoundMobileKey for this owner (any secret of the rotation list); else null. */
export function boundMobileKey(signed: string | null | undefined, owner: KeyOwner): string | null {
  if (!signed || !owner.mobile) return null;
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const key = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  for (const secret of env().SESSION_SECRET) {
    const expected = Buffer.from(signature(key, owner, secret));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return key;
  }
  return null;
}
