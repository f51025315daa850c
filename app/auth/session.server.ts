import { createCookie, createCookieSessionStorage, type Session } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { openToken, sealToken } from "./token-crypto.server";

type SessionData = { token: string; expiresAt: number };

const DAY_SECONDS = 24 * 60 * 60;

/** Secure cookies in a real deployment (external upstream in production) unless COOKIE_SECURE says otherwise. */
export function cookieSecure(): boolean {
  const { COOKIE_SECURE, NODE_ENV, UPSTREAM_URL } = env();
  if (COOKIE_SECURE) return COOKIE_SECURE === "true";
  return NODE_ENV === "production" && process.env.EMBEDDED_SHOP_API !== "1" && Boolean(UPSTREAM_URL);
}

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cookieSecure(),
      secrets: env().SESSION_SECRET,
    },
  });
  return storage;
}

export function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** The upstream token of this request, or null (missing, tampered, or sealed with a retired secret). */
export async function readToken(request: Request): Promise<string | null> {
  const session = await getSession(request);
  return openToken(session.get("token"), env().SESSION_SECRET);
}

/**
 * Stores a new token. `autoLoginDays` > 0 makes a persistent cookie for that many days; otherwise
 * it keeps the persistence the session already had (account switch) or is a browser-session cookie.
 */
export async function commitToken(request: Request, token: string, autoLoginDays?: number): Promise<string> {
  const session = await getSession(request);
  session.set("token", sealToken(token, env().SESSION_SECRET));
  if (autoLoginDays !== undefined) {
    if (autoLoginDays > 0) session.set("expiresAt", Date.now() + autoLoginDays * DAY_SECONDS * 1000);
    else session.unset("expiresAt");
  }
  const expiresAt = session.get("expiresAt");
  return sessionStorage().commitSession(session, expiresAt ? { expires: new Date(expiresAt) } : undefined);
}

/** A Set-Cookie value that removes the token (logout, token rejected by the upstream). */
export async function clearToken(request: Request): Promise<string> {
  const session = await getSession(request);
  return sessionStorage().destroySession(session);
}

/** The language cookie (not sensitive, read by remix-i18next's detector). */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * DAY_SECONDS,
});
