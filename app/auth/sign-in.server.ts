import type { Submission } from "@conform-to/react";
import { data, type AppLoadContext } from "@remix-run/node";
import { commitToken } from "~/session/session.server";
import { newCaptcha } from "~/upstream/auth.server";
import { formErrorFor } from "~/upstream/error-messages";
import { isRefusal, type UpstreamContext } from "~/upstream/http.server";
import { redirect } from "~/utils/redirect.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { setToastCookie, type Toast } from "~/utils/toast.server";
import { waitBeforeAttempt, count, tooManyAttempts, type Subject } from "./attempts.server";

type SignInOptions = { autoLoginDays?: number; redirectTo?: string | null; fallback?: string; toast?: Toast };

/** Stores the new token (a new sign-in id) and sends the member on (the `redirect` target only if safeRedirect accepts it). */
export async function signIn(request: Request, context: AppLoadContext, token: string, options: SignInOptions) {
  const { headers, to } = await signInHeaders(request, context, token, options);
  return redirect(to, { status: 303, headers });
}

/**
 * What signIn answers, for an answer that is not a redirect (the WeChat login's poll, which the
 * page follows itself): the session's cookies and where to go.
 */
export async function signInHeaders(
  request: Request,
  context: AppLoadContext,
  token: string,
  options: SignInOptions,
): Promise<{ headers: Headers; to: string }> {
  const headers = new Headers();
  headers.append("Set-Cookie", await commitToken(request, context, token, { autoLoginDays: options.autoLoginDays ?? 0, newSignIn: true }));
  if (options.toast) headers.append("Set-Cookie", await setToastCookie(options.toast));
  return { headers, to: safeRedirect(options.redirectTo, options.fallback ?? "/member/index") };
}

/**
 * A 400 (or 429) answer with form-level errors (translation keys or upstream texts), keeping the
 * typed values; `smsKey` keeps a sent SMS code usable after a refused try.
 */
export function refuse<T>(submission: Submission<T>, formErrors: string[], hideFields: string[] = [], refusal?: Refusal, smsKey: string | null = null) {
  const headers: HeadersInit = refusal?.retryAfter ? { "Retry-After": String(refusal.retryAfter) } : {};
  return data({ result: submission.reply({ formErrors, hideFields }), smsKey }, { status: refusal?.status ?? 400, headers });
}

/**
 * A 400 that asks for the captcha, with a new upstream captcha in the answer. The form may not
 * show one: its page was rendered while the switch was off, and the revalidation after this post
 * may reach a worker that still remembers it off (a 3 s cache; `captchaJustTurnedOn`). The form
 * shows the answer's captcha before the page's. `fieldErrors` are other errors to show with it
 * (`status`: theirs, when it is not 400); `extra` joins the answer (the registration form's
 * uploaded images and regions).
 */
export async function askForCaptcha<T>(
  ctx: UpstreamContext,
  submission: Submission<T>,
  hideFields: string[],
  { fieldErrors = {}, status = 400, ...extra }: { fieldErrors?: Record<string, string[]>; status?: number } & Record<string, unknown> = {},
) {
  const result = submission.reply({ fieldErrors: { ...fieldErrors, captcha_code: ["validation:required"] }, hideFields });
  return data({ result, smsKey: null, captcha: await newCaptcha(ctx), ...extra }, { status });
}

/** A 400 answer with errors on fields. */
export function refuseFields<T>(submission: Submission<T>, fieldErrors: Record<string, string[]>, hideFields: string[] = []) {
  return data({ result: submission.reply({ fieldErrors, hideFields }) }, { status: 400 });
}

type Refusal = { ok: false; refusal: string; status: 400 | 429; retryAfter?: number };

/**
 * Runs an upstream mutation; a refusal (UpstreamError) becomes `{ refusal }` for the form.
 * Spec §8's generic outcomes (closed shop, rejected token) and anything unexpected propagate.
 */
export async function attempt<T>(run: () => Promise<T>): Promise<{ ok: true; value: T } | Refusal> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (isRefusal(error)) return { ok: false, refusal: formErrorFor(error), status: 400 };
    throw error;
  }
}

/**
 * `attempt` under the attempt limiter: refused with 429 while any subject has used up its
 * attempts; the attempt counts against every subject always (sends, registrations) or only when
 * the upstream refuses it (passwords, codes).
 */
export async function limitedAttempt<T>(context: AppLoadContext, subjects: Subject[], counts: "always" | "on-failure", run: () => Promise<T>) {
  const wait = await waitBeforeAttempt(context, subjects);
  if (wait > 0) return { ok: false, refusal: tooManyAttempts(wait), status: 429, retryAfter: wait } satisfies Refusal;
  if (counts === "always") await count(subjects);
  const outcome = await attempt(run);
  if (!outcome.ok && counts === "on-failure") await count(subjects);
  return outcome;
}
