import http from "node:http";
import https from "node:https";
import { z } from "zod/v4";
import { log } from "~/utils/log.server";
import { observeUpstream } from "~/utils/metrics.server";
import { noteShopAnswer } from "./shop-status.server";
import { mergeSetCookies } from "./upstream-cookies";

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
  /**
   * The request's memory of an upstream that timed out or could not be reached: once set, the
   * request's further calls fail at once with the same status instead of waiting again.
   */
  failure?: { status: 502 | 504 | null };
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

/** A refusal of this request (its failure code and words), not a closed shop or a bad token. */
export function isRefusal(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError && !(error instanceof ShopClosedError) && !(error instanceof TokenRejectedError);
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

/**
 * The upstream answered with an empty body. A stock Niushop does this now and then for a route it
 * lacks: its HTML error page is rendered from a compiled template that a parallel request is
 * rewriting at that moment (think-template writes it without a lock), so the page comes out empty.
 * Niushop's own client reads an answer without a `code` as "nothing"; callers that can show nothing
 * catch this (chat.server.ts). Anywhere else it is what it is thrown as: a 502, as any non-JSON answer.
 */
export class EmptyAnswerError extends Response {
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
  observeUpstream(path, status === 504 ? "timeout" : "error", null);
  return new Response(JSON.stringify({ reason: status === 504 ? "upstream-timeout" : "upstream-bad-gateway" }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/**
 * Upstream connections are kept alive and reused. Node's http client rather than `fetch`: the
 * same POST costs about half the CPU without fetch's Request/Response/stream objects (measured:
 * ~0.23 vs ~0.54 ms per call, docs/performance.md). Idle sockets are dropped after 4 s, before a
 * Node upstream's own 5 s keep-alive ends them under us.
 */
const AGENT_OPTIONS = { keepAlive: true, timeout: 4_000 };
const agents = { "http:": new http.Agent(AGENT_OPTIONS), "https:": new https.Agent(AGENT_OPTIONS) };

type RawAnswer = { status: number; contentType: string; text: string; setCookies: string[] };

/**
 * One POST; rejects with a TimeoutError when the answer (headers and body) takes longer than
 * `timeoutMs`. `cookie` is sent only by the calls of an upstream session (callUpstreamInSession).
 */
function post(url: URL, payload: string, timeoutMs: number, cookie: string | null = null): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(
      url,
      {
        method: "POST",
        agent: agents[url.protocol as keyof typeof agents],
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "Content-Length": Buffer.byteLength(payload),
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          clearTimeout(timer);
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString("utf8"),
            setCookies: response.headers["set-cookie"] ?? [],
          });
        });
        response.on("error", (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    const timer = setTimeout(() => request.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { name: "TimeoutError" })), timeoutMs);
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(payload);
  });
}

async function postJson(ctx: UpstreamContext, path: string, body: Record<string, unknown>): Promise<unknown> {
  return (await postJsonAnswer(ctx, path, body, null)).json;
}

/** postJson with the upstream session's cookies sent (`cookie`) and those the answer sets returned. */
async function postJsonAnswer(
  ctx: UpstreamContext,
  path: string,
  body: Record<string, unknown>,
  cookie: string | null,
): Promise<{ json: unknown; setCookies: string[] }> {
  // Relative to the base URL with a trailing slash, so a base path ("https://host/shop") is kept.
  const url = new URL(path.replace(/^\/+/, ""), ctx.baseUrl.replace(/\/?$/, "/"));
  const payload: Record<string, unknown> = { ...body, app_type: "pc", app_type_name: "PC" };
  if (ctx.token) payload.token = ctx.token;
  if (ctx.failure?.status) throw gatewayFailure(ctx.failure.status, path, "not asked: the upstream already failed in this request");
  let answer: RawAnswer;
  try {
    answer = await post(url, JSON.stringify(payload), ctx.timeoutMs, cookie); // the time-out also covers a body that stalls
  } catch (error) {
    const status = isTimeout(error) ? 504 : 502;
    if (ctx.failure) ctx.failure.status = status;
    throw gatewayFailure(status, path, error instanceof Error ? error.message : String(error));
  }
  if (answer.status === 404) throw new EndpointMissingError(path);
  if (answer.status < 200 || answer.status >= 300) throw gatewayFailure(502, path, `HTTP ${answer.status}`);
  if (answer.text.trim() === "") {
    log("upstream_failure", { path, status: 502, detail: "empty body" });
    observeUpstream(path, "error", null);
    throw new EmptyAnswerError(path);
  }
  try {
    return { json: JSON.parse(answer.text), setCookies: answer.setCookies };
  } catch {
    // The real upstream answers unknown routes with an HTML page and HTTP 200.
    if (/^\s*</.test(answer.text) && answer.contentType.includes("text/html")) throw new EndpointMissingError(path);
    throw gatewayFailure(502, path, `not JSON: ${answer.text.slice(0, 80)}`);
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
export async function callUpstream<T extends z.ZodType>(
  ctx: UpstreamContext,
  path: string,
  schema: T,
  body: Record<string, unknown> = {},
): Promise<z.output<T>> {
  return (await callUpstreamTimed(ctx, path, schema, body)).data;
}

/**
 * As callUpstream, with the envelope's `timestamp` (the upstream's "now", unix seconds; the PC
 * counts promotion time down from it). Without one, the BFF's own clock stands in.
 */
export async function callUpstreamTimed<T extends z.ZodType>(
  ctx: UpstreamContext,
  path: string,
  schema: T,
  body: Record<string, unknown> = {},
): Promise<{ data: z.output<T>; timestamp: number }> {
  const started = performance.now();
  const envelope = EnvelopeSchema.safeParse(await postJson(ctx, path, body));
  if (!envelope.success) throw gatewayFailure(502, path, "no envelope");
  return settle(ctx, path, schema, envelope.data, started);
}

/**
 * The upstream paths that answer their data without the envelope: a deliberate, named exception to
 * the one client core (docs/architecture.md). Niushop's `Memberaccount::fromType` hands the model's
 * array straight to `response()`, which only adds `timestamp` (and `refreshtoken`) beside its keys:
 * `{balance: {…}, point: {…}, timestamp}`. Every other path keeps the envelope check.
 */
export type UnenvelopedPath = "/api/memberaccount/fromtype";

/** The keys `response()` adds beside a bare answer's own. */
const BareExtrasSchema = z.object({
  timestamp: z.number().optional().catch(undefined),
  refreshtoken: z.string().min(1).max(4096).optional().catch(undefined),
});

/**
 * As callUpstream, for an UnenvelopedPath: the answer's own keys (less `timestamp` and
 * `refreshtoken`) are the data, parsed by `schema`. An answer with a numeric `code` is still an
 * envelope (a closed shop's -3 and PHP exceptions come before the action) and is settled as one.
 */
export async function callUnenvelopedUpstream<T extends z.ZodType>(
  ctx: UpstreamContext,
  path: UnenvelopedPath,
  schema: T,
  body: Record<string, unknown> = {},
): Promise<z.output<T>> {
  const started = performance.now();
  const raw = await postJson(ctx, path, body);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw gatewayFailure(502, path, "not an object");
  const envelope = EnvelopeSchema.safeParse(raw);
  if (envelope.success) return (await settle(ctx, path, schema, envelope.data, started)).data;
  const { timestamp, refreshtoken, ...data } = raw as Record<string, unknown>;
  const extras = BareExtrasSchema.parse({ timestamp, refreshtoken });
  return (await settle(ctx, path, schema, { code: 0, message: "", data, ...extras }, started)).data;
}

/**
 * The upstream paths that run in the upstream's own session (ADR 062): Niushop 5.5.2 keeps the
 * openid of a WeChat account not yet bound in its PHP session between `checklogin` and
 * `wechatLogin`, so those calls carry the session's cookie. Every other call sends no cookie.
 */
export type SessionPath = "/wechat/api/wechat/logincode" | "/api/login/checklogin" | "/api/login/getMobileCode" | "/api/login/wechatLogin";

/**
 * As callUpstream, for a SessionPath: sends `cookies` (a Cookie header value, or null) and
 * answers the data with the cookies to keep after it (upstream-cookies.ts). A refusal is thrown
 * as by callUpstream; the session's id does not change on the way, so nothing is lost with it.
 */
export async function callUpstreamInSession<T extends z.ZodType>(
  ctx: UpstreamContext,
  path: SessionPath,
  schema: T,
  body: Record<string, unknown>,
  cookies: string | null,
): Promise<{ data: z.output<T>; cookies: string | null }> {
  const started = performance.now();
  const answer = await postJsonAnswer(ctx, path, body, cookies);
  const envelope = EnvelopeSchema.safeParse(answer.json);
  if (!envelope.success) throw gatewayFailure(502, path, "no envelope");
  const { data } = await settle(ctx, path, schema, envelope.data, started);
  return { data, cookies: mergeSetCookies(cookies, answer.setCookies) };
}

/** What every answer goes through once its envelope is known: spec §8's failures, the refreshed token, the schema. */
async function settle<T extends z.ZodType>(
  ctx: UpstreamContext,
  path: string,
  schema: T,
  envelope: z.output<typeof EnvelopeSchema>,
  started: number,
): Promise<{ data: z.output<T>; timestamp: number }> {
  const { code, message, data, refreshtoken, timestamp } = envelope;
  // Every envelope tells whether the shop is open: -3 before any action while it is closed (ADR 064).
  noteShopAnswer(code !== SHOP_CLOSED_CODE, started);
  log("upstream_call", { path, code, ms: Math.round(performance.now() - started) }, "debug");
  observeUpstream(path, code < 0 ? "refused" : "ok", (performance.now() - started) / 1000);
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
  return { data: parsed.data, timestamp: timestamp ?? Math.floor(Date.now() / 1000) };
}

/** The same context without the member's token, for answers that are the same for everyone. */
export function withoutToken(ctx: UpstreamContext): UpstreamContext {
  return { ...ctx, token: null, member: "none", onRefreshedToken: undefined };
}
