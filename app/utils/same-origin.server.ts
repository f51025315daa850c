/**
 * The cross-site check of state-changing requests (DESIGN.md "Cross-site requests"), kept apart
 * from Express so it can be tested on its own. server.ts passes the request's own origin computed
 * exactly as Remix's Express adapter builds `request.url`, so the two never disagree.
 */
export type OriginHeaders = { origin?: string; secFetchSite?: string; referer?: string };

/** The origin Remix sees: protocol and hostname as Express resolves them (TRUST_PROXY), port from X-Forwarded-Host or Host. */
export function requestOrigin(req: { protocol: string; hostname: string; get(name: string): string | undefined }): string {
  const forwardedPort = Number.parseInt(req.get("X-Forwarded-Host")?.split(":")[1] ?? "", 10);
  const hostPort = Number.parseInt(req.get("host")?.split(":")[1] ?? "", 10);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}`;
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Why a non-GET request must be refused, or null when it may go on. The Origin decides when it is
 * a real origin (scheme, host and port compared); an opaque or missing one falls back to
 * Sec-Fetch-Site, then to the Referer. A request with none of them is not a browser's form post.
 */
export function crossSiteRefusal(headers: OriginHeaders, ownOrigin: string): "cross-site" | "malformed-origin" | null {
  const { origin, secFetchSite, referer } = headers;
  const expected = originOf(ownOrigin);
  if (origin !== undefined && origin !== "null") {
    const parsed = originOf(origin);
    if (!parsed) return "malformed-origin";
    return parsed === expected ? null : "cross-site";
  }
  if (secFetchSite) return secFetchSite === "same-origin" || secFetchSite === "none" ? null : "cross-site";
  if (referer) return originOf(referer) === expected ? null : "cross-site";
  // "Origin: null" with nothing else: a sandboxed frame or a privacy setting; nothing says it is ours.
  return origin === "null" ? "cross-site" : null;
}
