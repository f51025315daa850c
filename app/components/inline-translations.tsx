import { useMatches } from "@remix-run/react";
import { handleOf } from "~/utils/handle";
import { memoizeByOwner } from "~/utils/memo";
import { useEnsureNamespaces, useTranslationState, type Bundles } from "~/i18n/translation";

const ELEMENT_ID = "i18n-resources";

/** The translation namespaces the matched routes use (their `handle.i18n`). */
function useRouteNamespaces(): string[] {
  return [...new Set(useMatches().flatMap((match) => handleOf(match).i18n ?? []))];
}

/**
 * The translations the matched routes use, written into the document as JSON so the browser
 * renders with them at once, without a request per namespace. Rendered from the same bundles on
 * both sides, so the server and the browser agree on the content; after a client-side navigation
 * it also fetches what the new routes need.
 */
export function InlineTranslations() {
  const { bundles } = useTranslationState();
  const namespaces = useRouteNamespaces();
  useEnsureNamespaces(namespaces);
  return <script id={ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: carriedJson(bundles, namespaces) }} />;
}

/** The JSON of each bundles object's namespace lists, made once: a page's ~12 KB are the same on every render. */
const carriedJsons = memoizeByOwner<Bundles, string, string>();

function carriedJson(bundles: Bundles, namespaces: string[]): string {
  return carriedJsons(bundles, namespaces.join(","), () => {
    const carried: Bundles = {};
    for (const namespace of namespaces) if (bundles[namespace]) carried[namespace] = bundles[namespace];
    // `<` is escaped so no string in a translation can end the script element.
    return JSON.stringify(carried).replace(/</g, "\\u003c");
  });
}

/** In the browser: the bundles the server wrote. */
export function readInlineTranslations(): Bundles {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as Bundles) : {};
  } catch {
    return {};
  }
}
