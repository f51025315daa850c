import type { AppLoadContext } from "@remix-run/node";

/**
 * What one request gathers while its loaders and actions run, applied to the response's headers
 * by server.ts just before they are sent (so every kind of response gets it: documents, `.data`,
 * resource routes and redirects). Without server.ts (unit tests) there is no scope and nothing is
 * gathered.
 *
 * server.ts builds it for each request and hands it to Remix in `getLoadContext` (ADR 068): every
 * loader and action of the request, a `.data` request's and an action's revalidation included,
 * gets it as `context.scope`, and code that needs it is passed that context.
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

declare module "@remix-run/node" {
  /** What server.ts's getLoadContext hands every loader and action (all absent in unit tests). */
  interface AppLoadContext {
    /** This request's scope. */
    scope?: RequestScope;
    /** The CSP nonce of this response's inline scripts (entry.server, root). */
    cspNonce?: string;
    /** A client-side navigation's `.data` request, not a document (root.tsx, ADR 027). */
    dataRequest?: boolean;
  }
}

export function newRequestScope(clientAddress: string): RequestScope {
  return { clientAddress, usesSession: false, cookies: new Map(), revision: null, upstreamFailure: { status: null }, retryAfter: null };
}

/**
 * Whether an upstream call of this request already timed out or could not connect (a form post's
 * action): what renders the error page then asks the upstream nothing more, so a failed post
 * waits one time-out, not two.
 */
export function upstreamFailedIn(context: AppLoadContext): boolean {
  return (context.scope?.upstreamFailure.status ?? null) !== null;
}

/**
 * Says `Retry-After: seconds` on this request's response, whatever kind it is: a route without a
 * `headers` export passes only cookies of its action's headers on to a document.
 */
export function answerRetryAfter(context: AppLoadContext, seconds: number) {
  if (context.scope) context.scope.retryAfter = seconds;
}

/** Marks the response as depending on the session. */
export function markSessionUse(context: AppLoadContext) {
  if (context.scope) context.scope.usesSession = true;
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
