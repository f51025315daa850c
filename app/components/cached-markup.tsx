import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/translation";

/**
 * A part of a page whose HTML is a function of a few inputs: the server writes the HTML it
 * rendered for the same key before instead of rendering the part again (ADR 039). Unlike
 * StaticMarkup, the part stays an ordinary live React tree: the browser hydrates it as usual (the
 * HTML is byte for byte what React rendered for it), its links and forms are Remix's, its state
 * and handlers work.
 *
 * The patched React server build does the work (`patches/react-dom+18.3.1.patch`): it looks the
 * key up in `serverMarkupCache` (attached by utils/markup-cache.server.ts), adds the part's place
 * in the tree to it, and stores the part's HTML the first time it renders whole. Everywhere else
 * (the browser, the development build, the cache turned off) this renders its children.
 *
 * The key must hold everything the part renders from: make it with `useMarkupKey`, from the props
 * and hook values the part reads (the page's URL when a form or link in it depends on it).
 *
 * The part is a function that makes its elements, so a hit does not even make them. It calls no
 * hooks (the server may call it outside any component): components inside it do as they like.
 */
export function CachedMarkup({ children }: { cacheKey: string; children: () => ReactNode }) {
  return children();
}

export type MarkupCache = { get(key: string): string | undefined; set(key: string, html: string): unknown };

/** The server's cache of parts' HTML (utils/markup-cache.server.ts); null turns caching off. */
export function attachMarkupCache(cache: MarkupCache | null) {
  (CachedMarkup as { serverMarkupCache?: MarkupCache }).serverMarkupCache = cache ?? undefined;
}

const isServer = typeof document === "undefined";

/**
 * The key of a CachedMarkup part: its name, the page's language and the JSON of every input it
 * renders from. Only the server uses it; the browser skips making it.
 */
export function useMarkupKey(part: string, inputs: unknown): string {
  const { language } = useTranslation();
  return isServer ? `${part}\u0000${language}\u0000${JSON.stringify(inputs)}` : part;
}
