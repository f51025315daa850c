import { LRUCache } from "lru-cache";
import { attachMarkupCache } from "~/components/cached-markup";
import { env } from "~/utils/env.server";

let attached = false;

/**
 * Gives the React server build its cache of CachedMarkup parts (ADR 039), once per process, as
 * `MARKUP_CACHE_CHARS` says (0 turns it off). Keys hold every input of a part, so an entry never
 * goes stale; the least recently written parts make room for new ones. A member's own parts (the
 * greeting) are small; the large ones (a goods page's article) are shared by every viewer who sees
 * the same goods the same way.
 */
export function ensureMarkupCache() {
  if (attached) return;
  attached = true;
  const maxChars = env().MARKUP_CACHE_CHARS;
  attachMarkupCache(maxChars > 0 ? new LRUCache<string, string>({ maxSize: maxChars, sizeCalculation: (html, key) => html.length + key.length }) : null);
}
