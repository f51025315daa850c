import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createInstance, type i18n as I18n, type Resource } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { languageCookie } from "~/auth/session.server";
import { fallbackLanguage, i18nConfig, namespaces, supportedLanguages, type Language } from "./config";

/**
 * Translations are read once per process (a per-request fs backend showed up at the top of the
 * CPU profile, DESIGN.md) and every request gets a cheap clone bound to its language.
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

let base: I18n | undefined;
function baseInstance(): I18n {
  if (!base) {
    base = createInstance();
    void base.init({ ...i18nConfig, lng: fallbackLanguage, resources: loadResources(), initImmediate: false });
  }
  return base;
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

/** An i18next instance for one request (used by entry.server and by loaders/actions via getT). */
export function instanceFor(language: Language): I18n {
  return baseInstance().cloneInstance({ lng: language, initImmediate: false });
}

/** A fixed translate function for server-only strings (titles, messages built in actions). */
export async function getT(request: Request, namespace: (typeof namespaces)[number] = "common") {
  return instanceFor(await languageOf(request)).getFixedT(await languageOf(request), namespace);
}
