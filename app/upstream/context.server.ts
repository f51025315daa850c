import type { AppLoadContext } from "@remix-run/node";
import { clearToken, commitToken, readToken } from "~/session/session.server";
import { env } from "~/utils/env.server";
import { isPrivateUpload, privateUploadUrl } from "~/utils/private-media.server";
import { redirect } from "~/utils/redirect.server";
import type { RequestScope } from "~/utils/request-scope.server";
import { loginUrlFor } from "~/utils/safe-redirect";
import { setToastCookie } from "~/utils/toast.server";
import { ShopClosedError, TokenRejectedError, type UpstreamContext, type UpstreamError } from "./http.server";

/** The upstream contexts each request built, by the Cookie header they were built from (gone with the request). */
const builtContexts = new WeakMap<RequestScope, Map<string, Promise<UpstreamContext>>>();

/**
 * The context of a page request, built once per request (root and page loaders share it through
 * the load context's scope): the member's token when there is one, and spec §8's handling of the
 * client core's typed errors. `member: "required"` is what guards.server's requireMember asks for.
 */
export function memberContext(request: Request, context: AppLoadContext, member: "optional" | "required" = "optional"): Promise<UpstreamContext> {
  const scope = context.scope;
  if (!scope) return buildContext(request, context, member);
  let contexts = builtContexts.get(scope);
  if (!contexts) builtContexts.set(scope, (contexts = new Map()));
  const key = `${member}\n${request.headers.get("Cookie") ?? ""}`;
  const built = contexts.get(key);
  if (built) return built;
  const upstream = buildContext(request, context, member);
  contexts.set(key, upstream);
  return upstream;
}

async function buildContext(request: Request, context: AppLoadContext, member: "optional" | "required"): Promise<UpstreamContext> {
  return requestContext(request, context, await readToken(request, context), member);
}

/** The context of `request` for a token already read (memberContext reads it from the session). */
export function requestContext(request: Request, context: AppLoadContext, token: string | null, member: "optional" | "required"): UpstreamContext {
  return {
    ...sharedContext(),
    token,
    member,
    failure: context.scope?.upstreamFailure,
    onFailure: (error) => applyErrorCatalogue(request, context, member, token !== null, error),
    onRefreshedToken: async (fresh) => {
      // Committed once, on whatever response this request ends with (server.ts applies the scope).
      context.scope?.cookies.set("__session", await commitToken(request, context, fresh, { newSignIn: false }));
    },
  };
}

/** The context for shared data: never a token and no request, so the answer may be cached for everyone. */
export function sharedContext(): UpstreamContext {
  const { UPSTREAM_URL, UPSTREAM_TIMEOUT_MS } = env();
  return { baseUrl: UPSTREAM_URL, timeoutMs: UPSTREAM_TIMEOUT_MS, token: null, member: "none" };
}

/**
 * Spec §8's generic rules: -3 → /closed; a rejected token is dropped with a "login error" toast,
 * then a page that needs the member (or any POST) goes to login and any other page reloads as a
 * visitor. Other failures are left to the caller (a toast or a form message).
 */
async function applyErrorCatalogue(
  request: Request,
  context: AppLoadContext,
  member: "optional" | "required",
  hadToken: boolean,
  error: UpstreamError,
): Promise<void> {
  const url = new URL(request.url);
  if (error instanceof ShopClosedError) {
    if (url.pathname !== "/closed") throw redirect("/closed");
    return;
  }
  if (!(error instanceof TokenRejectedError)) return;
  const toLogin = member === "required" || request.method !== "GET";
  const to = toLogin ? loginUrlFor(request) : `${url.pathname}${url.search}`;
  const headers = new Headers();
  if (hadToken) {
    headers.append("Set-Cookie", await clearToken(request, context));
    headers.append("Set-Cookie", await setToastCookie({ kind: "error", key: "common:toast.loginError" }));
  }
  throw redirect(to, { headers });
}

/**
 * The browser URL of an upstream image path ("upload/x.png"). Relative paths are served through
 * the BFF's /media proxy (server.ts), so the upstream never has to be reachable from browsers.
 */
export function assetUrl(path: string | null | undefined): string {
  if (!path) return "";
  if (/^(https?:)?\/\//.test(path) || path.startsWith("data:")) return path;
  return `/media/${path.replace(/^\/+/, "")}`;
}

/**
 * As assetUrl, for an image that may be a member's private upload (a licence, a chat image, refund
 * evidence): such a path gets a link signed for the member holding `token` (null: a visitor's
 * registration preview), which only that member's session opens (ADR 053); others are assetUrl's.
 */
export function ownAssetUrl(path: string | null | undefined, token: string | null): string {
  if (!path || !isPrivateUpload(path)) return assetUrl(path);
  return privateUploadUrl(path, token);
}
