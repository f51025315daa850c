import type { AppLoadContext } from "@remix-run/node";
import type { UpstreamContext } from "~/upstream/http.server";
import { checkPayPassword, hasPayPassword } from "~/upstream/profile.server";
import { waitBeforeAttempt, clientAddress, count, forget, type Subject } from "./attempts.server";
import { memberIdOf } from "./member-id.server";

/**
 * The pay password before balance is spent (issue 28), on every form that spends it (/pay and
 * every checkout: normal, promotion, points). The upstream's order and payment calls take the
 * balance without reading any password, so the BFF checks it first, as Niushop's PC does
 * (`/api/member/checkpaypassword`, then create). A member who has no pay password spends balance
 * without one, as upstream lets them.
 *
 * Wrong passwords count as sign-in's do (docs/security.md "Attempt limits"): per member, so a new
 * sign-in does not start afresh, and per client address, so many stolen sessions tried from one
 * place run out too. A used-up limit answers 429 with the wait and asks nothing upstream.
 *
 * Answers null when the balance may be used, else what to answer.
 */
export async function payPasswordProblem(context: AppLoadContext, ctx: UpstreamContext & { token: string }, typed: string): Promise<PayPasswordProblem | null> {
  if (typed === "") return (await hasPayPassword(ctx)) ? { message: "checkout:errors.payPasswordRequired", status: 400, headers: {} } : null;
  const member: Subject = ["payPasswordPerMember", String(await memberIdOf(ctx))];
  const subjects: Subject[] = [member, ["payPasswordPerClient", clientAddress(context)]];
  const wait = await waitBeforeAttempt(context, subjects);
  if (wait > 0) {
    return { message: `checkout:errors.payPasswordLocked|minutes=${Math.ceil(wait / 60)}`, status: 429, headers: { "Retry-After": String(wait) } };
  }
  if (await checkPayPassword(ctx, typed)) {
    await forget([member]); // not the client address's: as sign-in
    return null;
  }
  await count(subjects);
  return { message: "checkout:errors.payPasswordWrong", status: 400, headers: {} };
}

/** Why the balance may not be used: the password field's message key, the status and headers to answer with. */
export type PayPasswordProblem = { message: string; status: 400 | 429; headers: Record<string, string> };
