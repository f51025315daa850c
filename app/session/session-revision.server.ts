import { randomBytes } from "node:crypto";
import { createCookie, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { RequestScope } from "~/utils/request-scope.server";
import { cookieSecure } from "~/utils/cookie-secure.server";

/**
 * The session's revision (ADR 035): a random value in a cookie of its own, new on every request
 * that may change the member's state upstream (any method but GET and HEAD; every mutation of ours
 * is a POST). The root's member data (nickname, cart count) is kept per token and revision, so a
 * document shows it as of the member's own last change, as a client navigation does, and never
 * from before it. Nothing secret: it only names a cache entry of the same token.
 */
export const REVISION_COOKIE = "__session_rev";

const RevisionSchema = z.string().regex(/^[\w-]{8,32}$/);

let cookie: ReturnType<typeof createCookie> | undefined;
function revisionCookie() {
  // No Max-Age: it ends with the browser session; a lost revision only costs one fresh read.
  cookie ??= createCookie(REVISION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: cookieSecure() });
  return cookie;
}

/** Whether a request of this method may change the member's state upstream. */
export function mayMutate(method: string): boolean {
  return method !== "GET" && method !== "HEAD";
}

/**
 * Starts a new revision for a mutating request (server.ts, before Remix runs): the response sets
 * its cookie, and this request's own loaders (a post answered with the page) already use it.
 */
export async function startNewRevision(scope: RequestScope): Promise<void> {
  const revision = randomBytes(9).toString("base64url");
  scope.revision = revision;
  scope.cookies.set(REVISION_COOKIE, await revisionCookie().serialize(revision));
}

/** The revision this request's member data is read at: the one it started, else the cookie's ("" without one). */
export async function sessionRevision(request: Request, context: AppLoadContext): Promise<string> {
  const started = context.scope?.revision;
  if (started) return started;
  const parsed = RevisionSchema.safeParse(await revisionCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : "";
}
