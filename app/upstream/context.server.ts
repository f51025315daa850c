import { readToken } from "~/auth/session.server";
import { env } from "~/utils/env.server";
import type { UpstreamContext } from "./http.server";

/** The context of a page request: the member's token when there is one. */
export async function memberContext(request: Request): Promise<UpstreamContext> {
  const { UPSTREAM_URL, UPSTREAM_TIMEOUT_MS } = env();
  return { baseUrl: UPSTREAM_URL, timeoutMs: UPSTREAM_TIMEOUT_MS, token: await readToken(request), request };
}

/** The context for shared data: never a token, so the answer may be cached for everyone. */
export function publicContext(request: Request | null): UpstreamContext {
  const { UPSTREAM_URL, UPSTREAM_TIMEOUT_MS } = env();
  return { baseUrl: UPSTREAM_URL, timeoutMs: UPSTREAM_TIMEOUT_MS, token: null, request };
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
