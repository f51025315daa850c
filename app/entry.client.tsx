import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { fallbackLanguage, isLanguage } from "~/i18n/config";
import { readInlineTranslations } from "~/components/inline-translations";
import { BrowserTranslationProvider } from "~/i18n/translation";

// The document carries its language and the translations its routes use (InlineTranslations).
const language = isLanguage(document.documentElement.lang) ? document.documentElement.lang : fallbackLanguage;

startTransition(() => {
  hydrateRoot(
    document,
    <BrowserTranslationProvider language={language} bundles={readInlineTranslations()}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </BrowserTranslationProvider>,
  );
});
