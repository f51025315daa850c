import { z } from "zod";
import { log } from "~/utils/log.server";

/**
 * The one door to the shop API (DESIGN.md "One upstream client core"): POST + JSON with the
 * app_type fields and the token, a time-out, the {code, message, data} envelope parsed with zod,
 * and the classification of spec §8's outcomes into typed errors. What a page does with them
 * (redirects, cookies, toasts) is the request's business: context.server.ts builds the context
 * with those callbacks once per request, so this module knows nothing of sessions or responses.
 */
export type UpstreamContext = {
  baseUrl: string;
  timeoutMs: number;
  /** The member's token; absent for visitors and for shared (cached) data. */
  token: string | null;
  /**
   * Whether the page needs the member: when the upstream rejects the token, "required" sends them
   * to log in, "optional" reloads the page as a visitor, "none" (shared data) never has a token.
   */
  member: MemberNeed;
  /** Called with every failure before it is thrown; may throw a Response instead (spec §8). */
  onFailure?: (error: UpstreamError) => Promise<void>;
  /** Called when the upstream hands out a fresh token (`refreshtoken`, < 300 s left on the old one). */
  onRefreshedToken?: (token: string) => Promise<void>;
};

export type MemberNeed = "none" | "optional" | "required";

/**
 * The upstream answered with a failure code. Callers that expect a refusal catch it and show its
 * message (a form error or a toast); one nobody expected reaches Remix as what it also is, a 502
 * Response, so the page says the shop service failed instead of crashing with a 500.
 */
export class UpstreamError extends Response {
  readonly name: string = "UpstreamError";
  constructor(
    readonly path: string,
    readonly code: number,
    readonly upstreamMessage: string,
    readonly data: unknown,
  ) {
    super(JSON.stringify({ reason: "upstream-refused" }), { status: 502, headers: { "Content-Type": "application/json" } });
  }

  get message(): string {
    return `${this.path} answered ${this.code}: ${this.upstreamMessage}`;
  }
}

/** Spec §8 "-3": the PC channel is closed. */
export class ShopClosedError extends UpstreamError {
  override readonly name: string = "ShopClosedError";
}

/** Spec §8 token errors: the token is bad or expired, or a member-only call was made without one. */
export class TokenRejectedError extends UpstreamError {
  override readonly name: string = "TokenRejectedError";
}

/**
 * The endpoint does not exist upstream: a stock Niushop answers unknown routes with an HTML page
 * and HTTP 200 (LIVE.md), other servers with 404. Where a capability expects that, the feature is
 * absent (capabilities.server.ts); anywhere else it is what it is thrown as: a 502 bad gateway
 * Response, rendered by the error boundary like any upstream fault.
 */
export class EndpointMissingError extends Response {
  constructor(readonly path: string) {
    super(JSON.stringify({ reason: "upstream-bad-gateway" }), { status: 502, headers: { "Content-Type": "application/json" } });
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
  refreshtoken: z.string().min(1).max(4096).optional().catch(undefined),
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
  if (response.status === 404) {
    await response.body?.cancel().catch(() => {});
    throw new EndpointMissingError(path);
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
    if (/^\s*</.test(text) && (response.headers.get("content-type") ?? "").includes("text/html")) throw new EndpointMissingError(path);
    throw gatewayFailure(502, path, `not JSON: ${text.slice(0, 80)}`);
  }
}

/** The typed error of a failed envelope (spec §8). */
function failureOf(ctx: UpstreamContext, path: string, code: number, message: string, data: unknown): UpstreamError {
  if (code === SHOP_CLOSED_CODE) return new ShopClosedError(path, code, message, data);
  if (isTokenError(code, message) && (ctx.token || ctx.member === "required")) return new TokenRejectedError(path, code, message, data);
  return new UpstreamError(path, code, message, data);
}

/**
 * Calls `path` and returns `data` parsed by `schema`. Failures:
 * - negative codes → UpstreamError (ShopClosedError, TokenRejectedError for spec §8's generic rules),
 *   passed to `ctx.onFailure` first, which may turn them into a redirect;
 * - an endpoint the upstream lacks → EndpointMissingError (capabilities.server.ts);
 * - down, slow, non-JSON or a shape we cannot parse → thrown 502/504 Response (error page).
 */
export async function callUpstream<T extends z.ZodTypeAny>(
  ctx: UpstreamContext,
  path: string,
  schema: T,
  body: Record<string, unknown> = {},
): Promise<z.output<T>> {
  const started = performance.now();
  const raw = await postJson(ctx, path, body);
  const envelope = EnvelopeSchema.safeParse(raw);
  if (!envelope.success) throw gatewayFailure(502, path, "no envelope");
  const { code, message, data, refreshtoken } = envelope.data;
  log("upstream_call", { path, code, ms: Math.round(performance.now() - started) }, "debug");
  if (code < 0) {
    const error = failureOf(ctx, path, code, message, data);
    await ctx.onFailure?.(error);
    throw error;
  }
  if (refreshtoken && ctx.token && refreshtoken !== ctx.token) await ctx.onRefreshedToken?.(refreshtoken);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw gatewayFailure(
      502,
      path,
      `unexpected shape: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")} ${i.message}`)
        .join("; ")}`,
    );
  }
  return parsed.data;
}

/** The same context without the member's token, for answers that are the same for everyone. */
export function withoutToken(ctx: UpstreamContext): UpstreamContext {
  return { ...ctx, token: null, member: "none", onRefreshedToken: undefined };
}
