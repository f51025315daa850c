import type { RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import onHeaders from "on-headers";

/**
 * A micro-cache of whole documents for visitors (ADR 014): the catalogue pages a visitor sees are
 * the same for every visitor who asks with the same URL, language and cookies, so for `ttlMs`
 * (default 1 s) they are answered from memory instead of being loaded and rendered again. Under
 * load that turns hundreds of renders per second of one hot page into one.
 *
 * - Only GET requests without the session cookie, and only documents whose route opts in
 *   (`handle.visitorCache`, marked by entry.server with VISITOR_CACHE_HEADER), answered 200
 *   without Set-Cookie. Members are never served from it.
 * - The key holds the URL (with host and scheme), Accept-Language and the whole Cookie header
 *   (the language cookie, the dismissed top ad…), so two requests share an entry only when
 *   everything the page can depend on is equal.
 * - The CSP nonce is per response: the stored body is cut at the nonce it was rendered with, and a
 *   replay joins the pieces with the new response's nonce (helmet has already put that nonce in
 *   the new response's CSP header).
 * - Headers that earlier middleware set (security headers, CSP) are not stored: a replay gets its
 *   own, like any response.
 */

/** Set by entry.server on a document whose route says it is the same for every visitor; never sent. */
export const VISITOR_CACHE_HEADER = "x-visitor-cache";

type Entry = { status: number; headers: [string, number | string | string[]][]; parts: string[] };

/** Headers a replay must not copy: the transport's own, and cookies (never stored anyway). */
const NOT_REPLAYED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
  VISITOR_CACHE_HEADER,
]);

export type VisitorPageCacheOptions = {
  /** How long an entry is served; 0 turns the cache off. */
  ttlMs: number;
  /** The session cookie's name: a request that carries it is a member's (or may be) and is not cached. */
  sessionCookie: string;
  /** Memory bound over all entries (characters of HTML). */
  maxChars?: number;
};

export function hasCookie(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(";").some((pair) => pair.trim().startsWith(`${name}=`));
}

export function visitorPageCache({ ttlMs, sessionCookie, maxChars = 32 * 1024 * 1024 }: VisitorPageCacheOptions): RequestHandler {
  if (ttlMs === 0) {
    return (_req, res, next) => {
      dropMark(res);
      next();
    };
  }
  const entries = new LRUCache<string, Entry>({
    ttl: ttlMs,
    maxSize: maxChars,
    sizeCalculation: (entry) => entry.parts.reduce((sum, part) => sum + part.length, 1024),
  });

  return (req, res, next) => {
    const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
    if (req.method !== "GET" || !nonce || hasCookie(req.headers.cookie, sessionCookie)) {
      dropMark(res);
      return next();
    }
    const key = [req.protocol, req.get("host") ?? "", req.originalUrl, req.get("accept-language") ?? "", req.headers.cookie ?? ""].join("\n");

    const hit = entries.get(key);
    if (hit) {
      res.status(hit.status);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.end(hit.parts.join(nonce));
      return;
    }
    recordInto(res, nonce, (entry) => entries.set(key, entry));
    next();
  };
}

/** The route's mark is for this middleware only: responses that are not recorded must not carry it. */
function dropMark(res: Response) {
  onHeaders(res, () => res.removeHeader(VISITOR_CACHE_HEADER));
}

/**
 * Watches a response on its way out and hands it to `store` when it ends, if its route marked it
 * cacheable and it is a plain 200 without cookies. The body still streams to the client as before.
 */
function recordInto(res: Response, nonce: string, store: (entry: Entry) => void) {
  const setBefore = new Set(res.getHeaderNames());
  let headers: Entry["headers"] | undefined;
  // Until the headers say otherwise, the body may be stored; after that, only a stored one is kept.
  let keeping = true;
  onHeaders(res, () => {
    const marked = res.getHeader(VISITOR_CACHE_HEADER) === "1";
    res.removeHeader(VISITOR_CACHE_HEADER);
    keeping = marked && res.statusCode === 200 && !res.hasHeader("set-cookie");
    if (!keeping) return;
    headers = res
      .getHeaderNames()
      .filter((name) => !setBefore.has(name) && !NOT_REPLAYED.has(name))
      .map((name) => [name, res.getHeader(name)!]);
  });

  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding: unknown) => {
    if (!keeping) return;
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== "function") collect(chunk, rest[0]);
    // Ending writes the headers (if not yet written), which decides `headers` above.
    const result = (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    if (headers) store({ status: 200, headers, parts: Buffer.concat(chunks).toString("utf8").split(nonce) });
    return result;
  } as Response["end"];
}
