import { UnstyledButton } from "@mantine/core";
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { supportedLanguages } from "~/i18n/config";

/** POST /set-lang with the chosen language; two plain submit buttons, so no JS is needed. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/set-lang" className="inline-form" aria-label={t("language.label")}>
      <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
      {supportedLanguages.map((language) => (
        <UnstyledButton
          key={language}
          type="submit"
          name="lng"
          value={language}
          className="top-bar__link"
          aria-pressed={i18n.language === language}
          lang={language}
        >
          {t(`language.${language}`)}
        </UnstyledButton>
      ))}
    </Form>
  );
}
