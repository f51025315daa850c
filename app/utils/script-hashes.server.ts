import { createHash } from "node:crypto";

/**
 * The CSP hash sources (`'sha256-…'`) of the inline scripts a render wrote, for a document that a
 * shared cache may keep (ADR 056): such a page cannot carry a per-response nonce, so its CSP lists
 * the hashes of its own scripts instead.
 *
 * Only scripts whose opening tag carries this render's nonce are ours: React and Remix put it on
 * every script they write, and nothing else can know it in advance. A script that arrived in
 * content (CMS HTML that slipped past sanitizing, say) lacks it, is not hashed and stays blocked.
 * An unclosed `<script` in content swallows what follows up to the next `</script>`, so a script
 * of ours is then missed (the page's scripts fail closed) rather than a foreign one admitted.
 * External scripts (`src`) are allowed by `'self'` and skipped. The browser hashes the element's
 * text exactly as written between the tags, which is what is hashed here.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  if (!nonce) return [];
  const hashes = new Set<string>();
  const ourNonce = ` nonce="${nonce}"`;
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!` ${attributes}`.includes(ourNonce) || /\ssrc\s*=/i.test(` ${attributes}`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The CSP with `'nonce-…'` replaced by the hash sources (the nonce appears only in script-src). */
export function cspWithHashes(csp: string, nonce: string, hashes: readonly string[]): string {
  return csp.replaceAll(` 'nonce-${nonce}'`, hashes.length ? ` ${hashes.join(" ")}` : "");
}
