import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule, type ReadCallback } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "~/i18n/config";
import { readInlineTranslations } from "~/i18n/inline-translations";

/**
 * Namespaces a later client-side navigation needs and the document did not carry are fetched from
 * /locales (server.ts serves them). Small enough to write here: a fetch and a callback.
 */
const localesBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`locales ${response.status}`))))
      .then((bundle: Record<string, unknown>) => callback(null, bundle), (error: Error) => callback(error, false));
  },
};

const language = document.documentElement.lang;
const resources = readInlineTranslations(language);

void i18next
  .use(initReactI18next)
  .use(localesBackend)
  // Both languages have every key (tests/unit/locales.test.ts): no fallback language to fetch.
  .init({ ...i18nConfig, fallbackLng: false, lng: language, ns: Object.keys(resources[language] ?? {}), resources, partialBundledLanguages: true })
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>,
      );
    });
  });
