import type { Submission } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { commitToken } from "~/auth/session.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError } from "~/upstream/http.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { setToastCookie, type Toast } from "~/utils/toast.server";

/** Stores the new token and sends the member on (the `redirect` target only if safeRedirect accepts it). */
export async function signIn(
  request: Request,
  token: string,
  options: { autoLoginDays?: number; redirectTo?: string | null; fallback?: string; toast?: Toast },
) {
  const headers = new Headers();
  headers.append("Set-Cookie", await commitToken(request, token, { autoLoginDays: options.autoLoginDays ?? 0, newSignIn: true }));
  if (options.toast) headers.append("Set-Cookie", await setToastCookie(options.toast));
  return redirect(safeRedirect(options.redirectTo, options.fallback ?? "/member/index"), { status: 303, headers });
}

/** A 400 answer with form-level errors (translation keys or upstream texts), keeping the typed values. */
export function refuse<T>(submission: Submission<T>, formErrors: string[], hideFields: string[] = []) {
  return data({ result: submission.reply({ formErrors, hideFields }) }, { status: 400 });
}

/** A 400 answer with errors on fields. */
export function refuseFields<T>(submission: Submission<T>, fieldErrors: Record<string, string[]>, hideFields: string[] = []) {
  return data({ result: submission.reply({ fieldErrors, hideFields }) }, { status: 400 });
}

/** Runs an upstream mutation; a refusal (UpstreamError) becomes `{ refusal }` for the form, anything else propagates. */
export async function attempt<T>(run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; refusal: string }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof UpstreamError) return { ok: false, refusal: formErrorFor(error) };
    throw error;
  }
}
