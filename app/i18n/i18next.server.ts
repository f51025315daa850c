import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Resource } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { languageCookie } from "~/i18n/language-cookie.server";
import { fallbackLanguage, namespaces, supportedLanguages, type Language } from "./config";
import { createT, type Bundles, type TFunction } from "./translation";

/**
 * Translations are read once per process (a per-request fs backend showed up at the top of the
 * CPU profile, DESIGN.md); pages and actions translate with app/i18n/translation.tsx over them.
 * remix-i18next detects the language from the `lng` cookie.
 */
function loadResources(): Resource {
  const resources: Resource = {};
  for (const language of supportedLanguages) {
    resources[language] = {};
    for (const namespace of namespaces) {
      const file = resolve("locales", language, `${namespace}.json`);
      resources[language][namespace] = JSON.parse(readFileSync(file, "utf8"));
    }
  }
  return resources;
}

let resources: Resource | undefined;

/** Every namespace of one language, read once per process. */
export function bundlesFor(language: Language): Bundles {
  resources ??= loadResources();
  return resources[language] as Bundles;
}

/** The detector: the `lng` cookie only, so zh-cn stays the default whatever the browser says. */
export const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["cookie"],
  },
});

export async function languageOf(request: Request): Promise<Language> {
  const detected = await remixI18next.getLocale(request);
  return (supportedLanguages as readonly string[]).includes(detected) ? (detected as Language) : fallbackLanguage;
}

/** A fixed translate function for server-only strings (titles, messages built in actions). */
export async function getT(request: Request, namespace: (typeof namespaces)[number] = "common"): Promise<TFunction> {
  return createT(bundlesFor(await languageOf(request)), [namespace]);
}
