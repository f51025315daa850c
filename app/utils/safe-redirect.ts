const PROBE_ORIGIN = "http://storefront.invalid";

/** Only same-origin paths survive; anything else becomes `fallback` (checked when redirecting). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/index"): string {
  if (typeof to !== "string") return fallback;
  const candidate = to.trim();
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN); // the parser strips tabs/newlines, so "/\t/x" is caught here
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments collapse "/.//evil.com" or "/%2e//evil.com" into the protocol-relative "//evil.com".
  if (path.startsWith("//")) return fallback;
  return path;
}

/** `/login?redirect=<path>` for the request's own path (what guards send visitors to). */
export function loginUrlFor(request: Request): string {
  const url = new URL(request.url);
  return loginUrlTo(`${url.pathname}${url.search}`);
}

/** The login page that comes back to `path` (a path of this site; anything else comes back home). */
export function loginUrlTo(path: string): string {
  return `/login?${new URLSearchParams({ redirect: safeRedirect(path) })}`;
}
