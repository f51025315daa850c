import { isRouteErrorResponse } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { ButtonLink, Stack } from "~/components/ui";

const KNOWN = new Set([400, 403, 404, 405, 415, 429, 500, 502, 503, 504]);

/** The translation key ("404", "default"…) of an error's title and body in the errors namespace. */
export function errorKey(error: unknown): string {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return KNOWN.has(status) ? String(status) : "default";
}

/** Expected failures are thrown Responses (400/403/404/502/504); anything else is a bug shown as 500. */
export function RouteErrorBoundary({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = errorKey(error);
  return (
    <div className="ui-container error-page">
      <Stack gap="md" className="error-page__body">
        <p className="ui-dimmed error-page__status" aria-hidden>
          {status}
        </p>
        <h1 className="ui-title">{t(`title.${key}`)}</h1>
        <p>{t(`body.${key}`)}</p>
        <ButtonLink to="/index" reloadDocument>
          {t("backHome")}
        </ButtonLink>
      </Stack>
    </div>
  );
}
