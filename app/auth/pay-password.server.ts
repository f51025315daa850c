import { createHash } from "node:crypto";
import type { UpstreamContext } from "~/upstream/http.server";
import { checkPayPassword, hasPayPassword } from "~/upstream/profile.server";
import { blockedFor, count, forget, type Subject } from "./attempts.server";

/**
 * The pay password before balance is spent (issue 28). The upstream's order and payment calls take
 * the balance without reading any password, so the BFF checks it first, as Niushop's PC does
 * (`/api/member/checkpaypassword`, then create). A member who has no pay password spends balance
 * without one, as upstream lets them. Wrong passwords count against the session's token
 * (LIMITS.payPasswordPerSession), so a stolen session cannot try all million of them.
 *
 * Answers null when the balance may be used, else what to answer.
 */
export async function payPasswordProblem(ctx: UpstreamContext, typed: string): Promise<PayPasswordProblem | null> {
  if (typed === "") return (await hasPayPassword(ctx)) ? { message: "checkout:errors.payPasswordRequired", status: 400, headers: {} } : null;
  const subject: Subject = ["payPasswordPerSession", sessionKey(ctx.token ?? "")];
  const wait = await blockedFor([subject]);
  if (wait > 0) {
    // As every used-up limit (docs/security.md): 429 with Retry-After; not even asked upstream.
    return { message: `checkout:errors.payPasswordLocked|minutes=${Math.ceil(wait / 60)}`, status: 429, headers: { "Retry-After": String(wait) } };
  }
  if (await checkPayPassword(ctx, typed)) {
    await forget([subject]);
    return null;
  }
  await count([subject]);
  return { message: "checkout:errors.payPasswordWrong", status: 400, headers: {} };
}

/** Why the balance may not be used: the password field's message key, the status and headers to answer with. */
export type PayPasswordProblem = { message: string; status: 400 | 429; headers: Record<string, string> };

/** The counter's key: a digest of the token, never the token itself. */
function sessionKey(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
