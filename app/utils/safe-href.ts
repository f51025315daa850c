const PROBE = "http://probe.invalid/";

/**
 * An upstream-configured link as an href we may render: http(s) and relative links as given,
 * `mailto:`/`tel:` only where the caller means a contact link; anything else (`javascript:`,
 * `data:`, `vbscript:`, obfuscated with case, entities or control characters) becomes "#".
 */
export function safeHref(url: string | null | undefined, options: { contact?: boolean } = {}): string {
  const candidate = (url ?? "").trim();
  if (!candidate) return "#";
  let parsed: URL;
  try {
    parsed = new URL(candidate, PROBE); // the parser drops tabs/newlines and lower-cases the scheme, as browsers do
  } catch {
    return "#";
  }
  if (parsed.protocol === "http:" || parsed.protocol === "https:") return candidate;
  if (options.contact && (parsed.protocol === "mailto:" || parsed.protocol === "tel:")) return candidate;
  return "#";
}
