import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { errorText } from "~/utils/error-text";
import { errorKey } from "~/utils/handle";
import { ButtonLink, Stack } from "~/components/ui";

/** A refusal's own words (refusedResponse: `{message}`, a form error), when the thrown answer carries one. */
function messageOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return null;
  const message = (error.data as { message?: unknown }).message;
  return typeof message === "string" && message ? message : null;
}

/** Expected failures are thrown Responses (400/403/404/502/504); anything else is a bug shown as 500. */
export function RouteErrorBoundary({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = errorKey(error);
  const message = messageOf(error);
  return (
    <div className="ui-container error-page">
      <Stack gap="md" className="error-page__body">
        <p className="ui-dimmed error-page__status" aria-hidden>
          {status}
        </p>
        <h1 className="ui-title">{t(`title.${key}`)}</h1>
        <p role={message ? "alert" : undefined}>{message ? errorText(t, message) : t(`body.${key}`)}</p>
        <ButtonLink to="/index" reloadDocument>
          {t("backHome")}
        </ButtonLink>
      </Stack>
    </div>
  );
}

/** The boundary of a route that needs nothing of its own; the route re-exports it (`export { ErrorBoundary } from …`). */
export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
