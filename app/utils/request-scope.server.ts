import { randomUUID } from "node:crypto";

/**
 * What one request gathers while its loaders and actions run, applied to the response's headers
 * by server.ts just before they are sent (so every kind of response gets it: documents, `.data`,
 * resource routes and redirects). Without server.ts (unit tests) there is no scope and nothing is
 * gathered.
 *
 * A scope is found from the request (ADR 040): server.ts names it in a request header of its own,
 * which reaches every Request Remix makes of it (a `.data` request's loaders get a copy). Not an
 * AsyncLocalStorage: in Node 20 that hooks every promise of every request (~1 % of a goods page's
 * CPU in the hooks alone, ADR 040).
 */
export type RequestScope = {
  /** The client's address as Express resolved it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  clientAddress: string;
  /** The response depends on the session (read or written): `private, no-store` and `Vary: Cookie`. */
  usesSession: boolean;
  /** Set-Cookie values to add, by cookie name, unless the route set that cookie itself (a refreshed token). */
  cookies: Map<string, string>;
  /** The session revision this (mutating) request started, if any (session/session-revision.server.ts). */
  revision: string | null;
  /** Set when an upstream call of this request timed out or could not connect: later calls fail at once. */
  upstreamFailure: UpstreamFailure;
  /** Seconds for `Retry-After` (a used-up attempt limit): Remix passes an action's own headers on to no document. */
  retryAfter: number | null;
};

/** What a request remembers of its upstream's failure (upstream/http.server.ts reads and writes it). */
export type UpstreamFailure = { status: 502 | 504 | null };

/**
 * The header that names a request's scope. server.ts sets it on every request it hands to Remix,
 * replacing whatever a client sent, and the names are random, so no request can reach another's.
 */
export const SCOPE_HEADER = "x-storefront-scope";

// server.ts and the Remix build are bundled apart; one registry per process through a global symbol.
const KEY = Symbol.for("storefront.request-scopes");
const scopes = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map<string, RequestScope>()) as Map<string, RequestScope>;

export function newRequestScope(clientAddress: string): RequestScope {
  return { clientAddress, usesSession: false, cookies: new Map(), revision: null, upstreamFailure: { status: null }, retryAfter: null };
}

/** Registers `scope` under a new random name (the SCOPE_HEADER value); `close` forgets it. */
export function openRequestScope(scope: RequestScope): { name: string; close: () => void } {
  const name = randomUUID();
  scopes.set(name, scope);
  return { name, close: () => scopes.delete(name) };
}

/** The scope of the request server.ts handed to Remix (or of a copy Remix made of it). */
export function scopeOf(request: Request): RequestScope | undefined {
  const name = request.headers.get(SCOPE_HEADER);
  return name === null ? undefined : scopes.get(name);
}

/**
 * Whether an upstream call of this request already timed out or could not connect (a form post's
 * action): what renders the error page then asks the upstream nothing more, so a failed post
 * waits one time-out, not two.
 */
export function upstreamFailedIn(request: Request): boolean {
  return (scopeOf(request)?.upstreamFailure.status ?? null) !== null;
}

/**
 * Says `Retry-After: seconds` on this request's response, whatever kind it is: a route without a
 * `headers` export passes only cookies of its action's headers on to a document.
 */
export function answerRetryAfter(request: Request, seconds: number) {
  const scope = scopeOf(request);
  if (scope) scope.retryAfter = seconds;
}

/** Marks the response as depending on the session. */
export function markSessionUse(request: Request) {
  const scope = scopeOf(request);
  if (scope) scope.usesSession = true;
}

/**
 * Applies the scope to the response headers (called synchronously before they are written): the
 * pending cookies, and `private, no-store` + `Vary: Cookie` for anything that used the session or
 * sets a cookie, whatever the route said.
 */
export function applyScopeToHeaders(
  scope: RequestScope,
  headers: { getHeader(name: string): unknown; setHeader(name: string, value: string | string[]): void },
) {
  const existing = headers.getHeader("set-cookie");
  const setCookies = Array.isArray(existing) ? existing.map(String) : existing ? [String(existing)] : [];
  for (const [name, value] of scope.cookies) {
    if (!setCookies.some((cookie) => cookie.startsWith(`${name}=`))) setCookies.push(value);
  }
  if (setCookies.length > 0) headers.setHeader("Set-Cookie", setCookies);
  if (scope.retryAfter !== null && headers.getHeader("retry-after") === undefined) headers.setHeader("Retry-After", String(scope.retryAfter));
  if (scope.usesSession || setCookies.length > 0) {
    headers.setHeader("Cache-Control", "private, no-store");
    const vary = String(headers.getHeader("vary") ?? "");
    if (!/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(vary)) headers.setHeader("Vary", vary ? `${vary}, Cookie` : "Cookie");
  }
}
