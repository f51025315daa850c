import { redirect } from "@remix-run/node";
import { z } from "zod";
import { clearToken } from "~/auth/session.server";
import { loginUrlFor } from "~/utils/safe-redirect";
import { setToastCookie } from "~/utils/toast.server";
import { log } from "~/utils/log.server";

/**
 * The one door to the shop API (DESIGN.md "One upstream client core"): POST + JSON with the
 * app_type fields and the token, a time-out, the {code, message, data} envelope parsed with zod,
 * and the error catalogue of spec §8.
 */
export type UpstreamContext = {
  baseUrl: string;
  timeoutMs: number;
  /** The member's token; absent for visitors and for shared (cached) layout data. */
  token: string | null;
  /** The page request, so the catalogue can redirect to /closed or /login?redirect=… */
  request: Request | null;
};

/** Whether a call needs the member: "required" sends a visitor to login, "optional" drops a bad token. */
export type AuthMode = "none" | "optional" | "required";

/** The upstream answered with a failure code we have no generic rule for (shown to the user). */
export class UpstreamError extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
    readonly upstreamMessage: string,
    readonly data: unknown,
  ) {
    super(`${path} answered ${code}: ${upstreamMessage}`);
    this.name = "UpstreamError";
  }
}

const TOKEN_ERROR_CODES = new Set([-10009, -10010]);
const NOT_LOGGED_IN_MESSAGE = "您尚未登录，请先进行登录";
const SHOP_CLOSED_CODE = -3;

const EnvelopeSchema = z.object({
  code: z.coerce.number().int(),
  message: z.string().catch(""),
  data: z.unknown().optional(),
  timestamp: z.number().optional(),
});

function isTokenError(code: number, message: string) {
  return TOKEN_ERROR_CODES.has(code) || (code === -1 && message === NOT_LOGGED_IN_MESSAGE);
}

/** A thrown Response with a status the error boundary explains (502 bad gateway, 504 time-out). */
function gatewayFailure(status: 502 | 504, path: string, detail: string): Response {
  log("upstream_failure", { path, status, detail });
  return new Response(JSON.stringify({ reason: status === 504 ? "upstream-timeout" : "upstream-bad-gateway" }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

async function postJson(ctx: UpstreamContext, path: string, body: Record<string, unknown>): Promise<unknown> {
  // Relative to the base URL with a trailing slash, so a base path ("https://host/shop") is kept.
  const url = new URL(path.replace(/^\/+/, ""), ctx.baseUrl.replace(/\/?$/, "/"));
  const payload: Record<string, unknown> = { ...body, app_type: "pc", app_type_name: "PC" };
  if (ctx.token) payload.token = ctx.token;
  let response: globalThis.Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(ctx.timeoutMs),
    });
  } catch (error) {
    throw gatewayFailure(isTimeout(error) ? 504 : 502, path, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {}); // free the connection
    throw gatewayFailure(502, path, `HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await response.text(); // the time-out also covers a body that stalls
  } catch (error) {
    throw gatewayFailure(isTimeout(error) ? 504 : 502, path, error instanceof Error ? error.message : String(error));
  }
  try {
    return JSON.parse(text);
  } catch {
    // The real upstream answers unknown routes with an HTML page and HTTP 200.
    throw gatewayFailure(502, path, `not JSON: ${text.slice(0, 80)}`);
  }
}

/** Applies spec §8 to a failed envelope: closed shop, token errors; returns for "other errors". */
async function applyErrorCatalogue(ctx: UpstreamContext, auth: AuthMode, code: number, message: string) {
  const request = ctx.request;
  if (!request) return;
  const path = new URL(request.url).pathname;
  if (code === SHOP_CLOSED_CODE && path !== "/closed") throw redirect("/closed");
  if (ctx.token && isTokenError(code, message)) {
    const headers = new Headers();
    headers.append("Set-Cookie", await clearToken(request));
    headers.append("Set-Cookie", await setToastCookie({ kind: "error", key: "common:toast.loginError" }));
    // A call that needed the member sends them to log in again; otherwise reload as a visitor.
    const to = auth === "required" || request.method !== "GET" ? loginUrlFor(request) : `${path}${new URL(request.url).search}`;
    throw redirect(to, { headers });
  }
  if (!ctx.token && auth === "required" && isTokenError(code, message)) throw redirect(loginUrlFor(request));
}

/**
 * Calls `path` and returns `data` parsed by `schema`. Failures:
 * - closed shop / token errors → thrown redirects (spec §8);
 * - other negative codes → UpstreamError (callers show the message as a toast or form error);
 * - down, slow, non-JSON or a shape we cannot parse → thrown 502/504 Response (error page).
 */
export async function callUpstream<T extends z.ZodTypeAny>(
  ctx: UpstreamContext,
  path: string,
  schema: T,
  body: Record<string, unknown> = {},
  auth: AuthMode = "none",
): Promise<z.output<T>> {
  const started = performance.now();
  const raw = await postJson(ctx, path, body);
  const envelope = EnvelopeSchema.safeParse(raw);
  if (!envelope.success) throw gatewayFailure(502, path, "no envelope");
  const { code, message, data } = envelope.data;
  log("upstream_call", { path, code, ms: Math.round(performance.now() - started) }, "debug");
  if (code < 0) {
    await applyErrorCatalogue(ctx, auth, code, message);
    throw new UpstreamError(path, code, message, data);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw gatewayFailure(502, path, `unexpected shape: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}
