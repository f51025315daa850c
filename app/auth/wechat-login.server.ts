import type { AppLoadContext } from "@remix-run/node";
import { formErrorFor } from "~/upstream/error-messages";
import type { UpstreamContext } from "~/upstream/http.server";
import { checkScan, newLoginCode } from "~/upstream/wechat-login.server";
import { waitBeforeAttempt, clientAddress, count, tooManyAttempts, type Subject } from "./attempts.server";
import { commitWechatLogin, readWechatLogin } from "~/session/session.server";
import { signInHeaders } from "./sign-in.server";

/**
 * The WeChat login's steps on the BFF side (ADR 062): a QR code is asked for by a POST and kept
 * in the visitor's session (its key never reaches the browser); the scan is checked by the
 * page's "我已扫码" post (no JS) or its poll (JS, routes/login.wechat.check.ts), both through
 * checkWechatLogin; an account not yet bound goes on to the mobile form with the upstream's
 * session cookie kept in ours.
 */

export const WECHAT_LOGIN_PATH = "/login/wechat";
export const WECHAT_BIND_PATH = "/login/wechat/bind";

/** A WeChat login page's URL, carrying where to go after signing in. */
export function wechatPath(path: typeof WECHAT_LOGIN_PATH | typeof WECHAT_BIND_PATH, redirectTo: string | null | undefined): string {
  return redirectTo ? `${path}?${new URLSearchParams({ redirect: redirectTo })}` : path;
}

export type StartOutcome =
  | { ok: true; cookie: string }
  /** Too many codes from this client address (429). */
  | { ok: false; refusal: string; retryAfter: number }
  /** WeChat login does not work on this upstream: it is hidden from now on. */
  | { ok: false; refusal: null };

/** Asks the upstream for a new QR code and keeps it in the session (a Set-Cookie value). */
export async function startWechatLogin(request: Request, context: AppLoadContext, ctx: UpstreamContext): Promise<StartOutcome> {
  const subjects: Subject[] = [["wechatCodePerClient", clientAddress(context)]];
  const wait = await waitBeforeAttempt(context, subjects);
  if (wait > 0) return { ok: false, refusal: tooManyAttempts(wait), retryAfter: wait };
  await count(subjects);
  const code = await newLoginCode(ctx);
  if (!code) return { ok: false, refusal: null };
  return { ok: true, cookie: await commitWechatLogin(request, context, { ...code, step: "scan" }) };
}

export type CheckOutcome =
  /** Signed in, or on to the mobile form: the cookies to set and where to go. */
  | { status: "go"; to: string; headers: Headers }
  | { status: "waiting" }
  /** No code (any more): a new one is offered. `headers` end the stored one. */
  | { status: "expired"; headers: Headers }
  /** The upstream refused (a locked account…): its message, as a translation key or its own text. */
  | { status: "refused"; message: string; headers: Headers };

/** Asks the upstream whether the session's QR code was scanned, and acts on the answer. */
export async function checkWechatLogin(
  request: Request,
  context: AppLoadContext,
  ctx: UpstreamContext,
  redirectTo: string | null | undefined,
): Promise<CheckOutcome> {
  const state = await readWechatLogin(request, context);
  if (state?.step === "bind") return { status: "go", to: wechatPath(WECHAT_BIND_PATH, redirectTo), headers: new Headers() };
  if (!state || Date.now() >= state.expiresAt) return { status: "expired", headers: await endedHeaders(request, context, state !== null) };
  const outcome = await checkScan(ctx, state.key, state.cookies);
  switch (outcome.kind) {
    case "waiting":
      return { status: "waiting" };
    case "expired":
      return { status: "expired", headers: await endedHeaders(request, context, true) };
    case "refused":
      return { status: "refused", message: formErrorFor(outcome.error), headers: await endedHeaders(request, context, true) };
    case "signed-in": {
      // As the password login signs in: the same session writing, the same safe redirect.
      const { headers, to } = await signInHeaders(request, context, outcome.token, { redirectTo });
      return { status: "go", to, headers };
    }
    case "bind": {
      const cookie = await commitWechatLogin(request, context, { ...state, cookies: outcome.cookies, step: "bind" });
      return { status: "go", to: wechatPath(WECHAT_BIND_PATH, redirectTo), headers: new Headers({ "Set-Cookie": cookie }) };
    }
  }
}

/** Headers that drop the stored WeChat login (when there is one). */
async function endedHeaders(request: Request, context: AppLoadContext, stored: boolean): Promise<Headers> {
  return new Headers(stored ? { "Set-Cookie": await commitWechatLogin(request, context, null) } : {});
}
