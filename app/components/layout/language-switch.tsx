import { Form, useLocation } from "@remix-run/react";
import { supportedLanguages } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

/**
 * POST /set-lang with the chosen language; two plain submit buttons, so no JS is needed. The answer
 * is a new document (reloadDocument): it carries the other language's translations.
 */
export function LanguageSwitch() {
  const { t, language: current } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/set-lang" reloadDocument className="inline-form" aria-label={t("language.label")}>
      <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
      {supportedLanguages.map((language) => (
        <button key={language} type="submit" name="lng" value={language} className="top-bar__link" aria-pressed={current === language} lang={language}>
          {t(`language.${language}`)}
        </button>
      ))}
    </Form>
  );
}
