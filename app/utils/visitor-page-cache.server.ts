import type { RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import onHeaders from "on-headers";
import { cspWithHashes } from "~/utils/script-hashes.server";

/**
 * Visitors' catalogue documents, the pages a visitor sees the same as every other visitor who asks
 * with the same URL and cookies (ADR 014, ADR 056):
 *
 * - entry.server renders such a document whole when the route opts in (`handle.visitorCache`),
 *   the request has no session cookie and the status is 200, and names the hashes of its inline
 *   scripts in VISITOR_CACHE_HEADER (removed here before sending);
 * - here its CSP gets those hashes instead of the response's nonce, so the page is the same bytes
 *   and headers for whoever it is served to;
 * - a GET without the session cookie whose answer is such a document, 200 and without Set-Cookie,
 *   is "shareable": it says `public, max-age=0, s-maxage=…, stale-while-revalidate=…` with
 *   `Vary: Cookie` (shared caches may keep it, browsers ask again every time), unless
 *   `sharedCache.maxAge` is 0;
 * - and for `ttlMs` (default 1 s) it is answered from this process's memory (lru-cache), keyed by
 *   scheme, host, URL, Accept-Language and the whole Cookie header.
 *
 * Anything else (members, `.data`, forms, redirects, errors, Set-Cookie, routes that did not opt
 * in) keeps the `private, no-store` the request scope gives every response that read the session,
 * and says `X-Accel-Buffering: no`: nginx in front passes it on as it streams, and never stores it.
 */

/** Set by entry.server on a shareable document: the CSP hash sources of its scripts; never sent. */
export const VISITOR_CACHE_HEADER = "x-visitor-cache";

type Entry = { status: number; headers: [string, number | string | string[]][]; body: Buffer };

/** Headers a replay must not copy: the transport's own, and cookies (never stored anyway). */
const NOT_REPLAYED = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "set-cookie"]);

export type VisitorPageCacheOptions = {
  /** How long this process answers a document from memory; 0 turns the micro-cache off. */
  ttlMs: number;
  /** The session cookie's name: a request that carries it is a member's (or may be) and is never shared. */
  sessionCookie: string;
  /** Seconds a shared cache may keep a shareable document, and serve it stale while refreshing; maxAge 0 = private. */
  sharedCache: { maxAge: number; stale: number };
  /** Memory bound over all entries (bytes of HTML). */
  maxBytes?: number;
};

export function hasCookie(header: string | null | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(";").some((pair) => pair.trim().startsWith(`${name}=`));
}

export function sharedCacheControl({ maxAge, stale }: VisitorPageCacheOptions["sharedCache"]): string | null {
  return maxAge > 0 ? `public, max-age=0, s-maxage=${maxAge}, stale-while-revalidate=${stale}` : null;
}

export function visitorPageCache({ ttlMs, sessionCookie, sharedCache, maxBytes = 32 * 1024 * 1024 }: VisitorPageCacheOptions): RequestHandler {
  const cacheControl = sharedCacheControl(sharedCache);
  const entries = ttlMs > 0 ? new LRUCache<string, Entry>({ ttl: ttlMs, maxSize: maxBytes, sizeCalculation: (entry) => entry.body.length + 1024 }) : null;

  return (req, res, next) => {
    const visitor = req.method === "GET" && !hasCookie(req.headers.cookie, sessionCookie);
    const key = [req.protocol, req.get("host") ?? "", req.originalUrl, req.get("accept-language") ?? "", req.headers.cookie ?? ""].join("\n");
    const hit = visitor ? entries?.get(key) : undefined;
    if (hit) {
      res.status(hit.status);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.end(hit.body);
      return;
    }
    const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
    watch(res, {
      nonce,
      cacheControl: visitor ? cacheControl : null,
      store: visitor && entries ? (entry) => entries.set(key, entry) : null,
    });
    next();
  };
}

/**
 * Just before the headers leave: a document entry.server marked gets its hash-based CSP and, when
 * shareable, its public Cache-Control; then, if `store` is given, its body is recorded on its way
 * out (it still streams to the client as before) and stored when it ends.
 */
function watch(res: Response, { nonce, cacheControl, store }: { nonce: string; cacheControl: string | null; store: ((entry: Entry) => void) | null }) {
  let stored: Entry["headers"] | undefined;
  onHeaders(res, () => {
    const mark = res.getHeader(VISITOR_CACHE_HEADER);
    res.removeHeader(VISITOR_CACHE_HEADER);
    const shareable = typeof mark === "string" && res.statusCode === 200 && !res.hasHeader("set-cookie");
    if (typeof mark === "string") {
      const csp = res.getHeader("content-security-policy");
      if (typeof csp === "string") res.setHeader("Content-Security-Policy", cspWithHashes(csp, nonce, mark.split(" ").filter(Boolean)));
    }
    if (shareable && cacheControl) {
      res.setHeader("Cache-Control", cacheControl);
      const vary = String(res.getHeader("vary") ?? "");
      if (!/(^|,)\s*cookie\s*(,|$)/i.test(vary)) res.setHeader("Vary", vary ? `${vary}, Cookie` : "Cookie");
    } else {
      // For nginx in front (deploy/nginx): pass it on as it streams, and never store it.
      res.setHeader("X-Accel-Buffering", "no");
    }
    if (shareable && store)
      stored = res.getHeaderNames().flatMap((name) => (NOT_REPLAYED.has(name) ? [] : [[name, res.getHeader(name)!] as [string, number | string | string[]]]));
  });
  if (!store) return;

  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding: unknown) => {
    // Until the headers are decided, a chunk may belong to a stored page; after that, only a stored one is kept.
    if (res.headersSent && !stored) return;
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    const result = (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    collect(chunk, rest[0]);
    return result;
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    // Ending writes the headers (if not yet written), which decides `stored` above.
    const result = (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    if (typeof chunk !== "function") collect(chunk, rest[0]);
    if (stored) store({ status: 200, headers: stored, body: Buffer.concat(chunks) });
    return result;
  } as Response["end"];
}
