import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, type AppLoadContext, type Session } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { z } from "zod/v4";
import { sharedMarks } from "~/utils/cluster.server";
import { cookieSecure } from "~/utils/cookie-secure.server";
import { env } from "~/utils/env.server";
import { markSessionUse } from "~/utils/request-scope.server";
import { openToken, sealToken } from "./token-crypto.server";

/**
 * `sid` names one sign-in: a new one at every sign-in and account switch, denied at logout (ADR 008).
 * `wechat` is a WeChat login in progress (ADR 062), sealed like the token.
 */
type SessionData = { token: string; expiresAt: number; sid: string; wechat: string };

/**
 * A visitor's WeChat login between its steps: the key to ask `checklogin` with, the QR picture,
 * when it expires, the upstream's session cookie (where Niushop keeps a scan not yet bound), and
 * the step (scanning the code, or binding a mobile). Never readable by page scripts or the visitor.
 */
const WechatLoginSchema = z.object({
  key: z.string().min(1).max(200),
  image: z.string().max(2000),
  expiresAt: z.number(),
  cookies: z.string().max(2000).nullable(),
  step: z.enum(["scan", "bind"]),
});
export type WechatLogin = z.infer<typeof WechatLoginSchema>;

/** The session cookie (server.ts keeps requests that carry it out of the visitor page cache). */
export const SESSION_COOKIE = "__session";

const DAY_SECONDS = 24 * 60 * 60;
/** The longest a session cookie can live (auto-login days, domain/auth-fields.ts) plus a margin. */
const LONGEST_SESSION_MS = 8 * DAY_SECONDS * 1000;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cookieSecure(),
      secrets: env().SESSION_SECRET,
    },
  });
  return storage;
}

/**
 * Sign-ins that logged out, so a replayed copy of their cookie is worthless although the upstream
 * token lives on (the upstream has no logout). Bounded, and shared by this machine's workers
 * (utils/cluster.server.ts) and, with REDIS_URL, by every instance (ADR 052).
 */
const loggedOut = sharedMarks("logged-out", { max: 100_000, ttl: LONGEST_SESSION_MS });

function getSession(request: Request, context: AppLoadContext): Promise<Session<SessionData>> {
  markSessionUse(context);
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/**
 * Sessions already opened, by the Cookie header they came in. A member sends the same header with
 * every request, and opening it (the signature's HMAC, the token's AES-GCM) was ~1.5 % of a goods
 * page's CPU (docs/performance.md). Whether the sign-in has since logged out is asked every time.
 */
type OpenedSession = { sid: string | undefined; token: string | null; secrets: readonly string[] };
// Bounded by the headers' length (a Cookie header may be up to 16 KB): ~4 M characters of keys.
const openedSessions = new LRUCache<string, OpenedSession>({ maxSize: 4_000_000, sizeCalculation: (_opened, cookie) => cookie.length + 100 });

async function openSession(request: Request, context: AppLoadContext): Promise<OpenedSession> {
  markSessionUse(context);
  const cookie = request.headers.get("Cookie") ?? "";
  const secrets = env().SESSION_SECRET;
  const known = openedSessions.get(cookie);
  if (known?.secrets === secrets) return known;
  const session = await sessionStorage().getSession(cookie);
  const sid = session.get("sid");
  const opened = { sid, token: sid ? openToken(session.get("token"), secrets) : null, secrets };
  openedSessions.set(cookie, opened);
  return opened;
}

/** The upstream token of this request, or null (missing, tampered, sealed with a retired secret, or logged out). */
export async function readToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const { sid, token } = await openSession(request, context);
  if (!sid || (await loggedOut.has(sid))) return null;
  return token;
}

/**
 * Stores a token. `autoLoginDays` > 0 makes a persistent cookie for that many days, 0 a
 * browser-session cookie; undefined keeps what the session had (account switch, refreshed token).
 * `newSignIn` starts a new sign-in id (and retires the old one) so a cookie from before is not
 * the same sign-in; a refreshed token keeps it.
 */
export async function commitToken(
  request: Request,
  context: AppLoadContext,
  token: string,
  options: { autoLoginDays?: number; newSignIn: boolean },
): Promise<string> {
  const session = await getSession(request, context);
  const previous = session.get("sid");
  if (options.newSignIn || !previous) {
    // Resolves once every worker of this machine refuses the old sign-in (ADR 008).
    if (previous) await loggedOut.add(previous);
    session.set("sid", randomBytes(16).toString("base64url"));
  }
  session.set("token", sealToken(token, env().SESSION_SECRET));
  session.unset("wechat"); // signed in: a WeChat login in progress is over
  const { autoLoginDays } = options;
  if (autoLoginDays !== undefined) {
    if (autoLoginDays > 0) session.set("expiresAt", Date.now() + autoLoginDays * DAY_SECONDS * 1000);
    else session.unset("expiresAt");
  }
  const expiresAt = session.get("expiresAt");
  return sessionStorage().commitSession(session, expiresAt ? { expires: new Date(expiresAt) } : undefined);
}

/** The WeChat login in progress, or null (none, tampered, or sealed with a retired secret). */
export async function readWechatLogin(request: Request, context: AppLoadContext): Promise<WechatLogin | null> {
  const session = await getSession(request, context);
  const sealed = session.get("wechat");
  const opened = sealed ? openToken(sealed, env().SESSION_SECRET) : null;
  if (!opened) return null;
  try {
    const parsed = WechatLoginSchema.safeParse(JSON.parse(opened));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A Set-Cookie value that stores the WeChat login's state, or ends it (null); the rest of the session is kept. */
export async function commitWechatLogin(request: Request, context: AppLoadContext, state: WechatLogin | null): Promise<string> {
  const session = await getSession(request, context);
  if (state) session.set("wechat", sealToken(JSON.stringify(state), env().SESSION_SECRET));
  else {
    session.unset("wechat");
    // A visitor's session held nothing else: gone, so their pages are a visitor's again (page cache).
    if (Object.keys(session.data).length === 0) return sessionStorage().destroySession(session);
  }
  const expiresAt = session.get("expiresAt");
  return sessionStorage().commitSession(session, expiresAt ? { expires: new Date(expiresAt) } : undefined);
}

/** A Set-Cookie value that removes the token (logout, token rejected); the sign-in id is denied from now on. */
export async function clearToken(request: Request, context: AppLoadContext): Promise<string> {
  const session = await getSession(request, context);
  const sid = session.get("sid");
  // Logout answers only after every worker of this machine refuses the sign-in, so a replay at once fails anywhere (ADR 008).
  if (sid) await loggedOut.add(sid);
  return sessionStorage().destroySession(session);
}
