import type { Database } from 'better-sqlite3'
import type { PhpSession } from './php-session.js'
import type { Services } from './services.js'

/**
 * The API's small router and the helpers every route module uses.
 *
 * A handler gets a Context (merged request params, db, services) and returns an envelope
 * without `timestamp` (added by the server). Three ways to answer, as the real API does:
 * - `return success(data)` / `return error(code, message, data)`: controller answers, with `data`;
 * - `throw new ApiReply(envelope)`: the same, from deep inside a helper (used by requireMember);
 * - `throw new ApiException(code, message)`: an exception answer, **without** a `data` key
 *   (closed shop -3, "订单已过期"…). Any other thrown Error becomes `-1 系统异常：<message>`.
 */

export interface Envelope {
  code: number
  message: string
  data?: unknown
}

export type Params = Record<string, unknown>

export interface ServerSettings {
  /** Token lifetime; 0 = tokens never expire (Niushop long_time 0). */
  tokenTtlSeconds: number
  log: boolean
  /** Public base URL of this API for links the browser follows (the payment simulator); '' = the request's origin. */
  publicUrl?: string
  /** Origins the payment simulator may send the browser back to (`return_url`). */
  returnOrigins?: string[]
}

export interface Context {
  db: Database
  params: Params
  /** `app_type` of the request, `h5` when absent (as BaseApi does). */
  appType: string
  services: Services
  settings: ServerSettings
  /** Public origin of this API as the client reached it (`http://127.0.0.1:4100`), for absolute URLs in HTML. */
  origin?: string
  /** Set by requireMember when the token has < 300 s left: answered as top-level `refreshtoken`. */
  refreshToken?: string
  /** ThinkPHP's session of this request (PHPSESSID cookie), core/php-session.ts. */
  session: PhpSession
}

/**
 * An answer without the envelope: what Niushop's `response($array)` sends when a controller hands
 * it a model's array instead of `success(…)` (`memberaccount/fromtype`). The server adds
 * `timestamp` (and `refreshtoken`) beside the array's own keys, as upstream.
 */
export interface BareAnswer {
  bare: Record<string, unknown>
}

export function bare(data: Record<string, unknown>): BareAnswer {
  return { bare: data }
}

export type Handler = (ctx: Context) => Envelope | BareAnswer | Promise<Envelope | BareAnswer>

export class ApiException extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export class ApiReply extends Error {
  constructor(readonly reply: Envelope) {
    super(reply.message)
  }
}

export function success(data: unknown = ''): Envelope {
  return { code: 0, message: '操作成功', data }
}

export function error(code: number, message: string, data: unknown = ''): Envelope {
  return { code, message, data }
}

/** Routes are matched case-insensitively, like PHP class/method names. */
export class Router {
  private readonly routes = new Map<string, Handler>()

  /** Register a handler. The path is the API path, e.g. `/api/login/mobileCode`. */
  post(path: string, handler: Handler): this {
    const key = normalisePath(path)
    if (this.routes.has(key)) throw new Error(`route registered twice: ${path}`)
    this.routes.set(key, handler)
    return this
  }

  match(path: string): Handler | undefined {
    return this.routes.get(normalisePath(path))
  }

  paths(): string[] {
    return [...this.routes.keys()]
  }
}

export function normalisePath(path: string): string {
  let p = path.toLowerCase()
  if (!p.startsWith('/')) p = `/${p}`
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1)
  return p
}

// ---------------------------------------------------------------------------------------------
// Params: values arrive as JSON (numbers, strings…) or form/query strings; read them leniently.

export function param(ctx: Context, name: string): unknown {
  return ctx.params[name]
}

export function has(ctx: Context, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(ctx.params, name)
}

/**
 * The params a PHP controller reads as `$this->params['x']`, without a default: on PHP 8 a missing
 * one is a warning that ThinkPHP turns into an exception, answered `-1 系统异常：Undefined array key
 * "x"` without `data`. Checked in the controller's order, so the answer names the same key.
 */
export function requireKeys(ctx: Context, names: readonly string[]): void {
  for (const name of names) if (!has(ctx, name)) throw new Error(`Undefined array key "${name}"`)
}

/** A string param, trimmed of nothing (callers decide), `fallback` when absent or null. */
export function str(ctx: Context, name: string, fallback = ''): string {
  const value = ctx.params[name]
  if (value === undefined || value === null) return fallback
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return fallback
}

/** An int param (PHP-style: "12" → 12, junk → fallback). */
export function int(ctx: Context, name: string, fallback = 0): number {
  const value = ctx.params[name]
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value)
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number.parseInt(value, 10)
    return Number.isFinite(n) ? n : fallback
  }
  return fallback
}

/** PHP `empty()`: absent, null, "", "0", 0, false, []. */
export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === '0' || value === 0 || value === false || (Array.isArray(value) && value.length === 0)
}

/** The standard page params: page (1-based, default 1), page_size (default 10, 0 = all rows). */
export function paging(ctx: Context): { page: number; pageSize: number } {
  const page = Math.max(1, int(ctx, 'page', 1))
  const pageSize = Math.max(0, int(ctx, 'page_size', 10))
  return { page, pageSize }
}

/** `{page_count, count, list}` as Niushop's pageList builds it. */
export function pageResult<T>(rows: T[], count: number, pageSize: number): { page_count: number; count: number; list: T[] } {
  const pageCount = count === 0 ? 0 : pageSize === 0 ? 1 : Math.ceil(count / pageSize)
  return { page_count: pageCount, count, list: rows }
}

// ---------------------------------------------------------------------------------------------
// Auth

/**
 * The member id behind `token`, or a thrown ApiReply with the real API's token errors:
 * missing → -1 您尚未登录，请先进行登录; unknown → -10009 token错误; expired → -10010 token已过期
 * (each with data ""). Sets `ctx.refreshToken` when the token is about to expire.
 */
export function requireMember(ctx: Context): number {
  const token = str(ctx, 'token')
  const result = ctx.services.tokens.check(token)
  if (!result.ok) throw new ApiReply(error(result.code, result.message))
  if (result.refreshToken) ctx.refreshToken = result.refreshToken
  return result.memberId
}
