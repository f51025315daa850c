import { useMatches } from "@remix-run/react";
import type { Resource, ResourceLanguage } from "i18next";
import { useTranslation } from "react-i18next";
import { handleOf } from "~/utils/handle";

const ELEMENT_ID = "i18n-resources";

/**
 * The translations the matched routes use (their `handle.i18n`), written into the document as JSON so
 * the browser starts i18next without a request per namespace. Rendered from the i18next instance on
 * both sides, so the server and the browser agree on the content.
 */
export function InlineTranslations() {
  const { i18n } = useTranslation();
  const matches = useMatches();
  const bundles: ResourceLanguage = {};
  for (const namespace of new Set(matches.flatMap((match) => handleOf(match).i18n ?? []))) {
    const bundle = i18n.getResourceBundle(i18n.language, namespace) as ResourceLanguage[string] | undefined;
    if (bundle) bundles[namespace] = bundle;
  }
  // `<` is escaped so no string in a translation can end the script element.
  const json = JSON.stringify(bundles).replace(/</g, "\\u003c");
  return <script id={ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/** In the browser: the bundles the server wrote, keyed by language for i18next's `resources`. */
export function readInlineTranslations(language: string): Resource {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  try {
    return { [language]: text ? (JSON.parse(text) as ResourceLanguage) : {} };
  } catch {
    return { [language]: {} };
  }
}
