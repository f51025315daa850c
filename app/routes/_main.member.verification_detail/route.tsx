import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { requireVerifier } from "~/auth/verifier.server";
import { errorText } from "~/components/form/error-text";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, ButtonLink, Group, Panel, Stack } from "~/components/ui";
import { CodeDetails } from "~/components/verification/code-details";
import { normalizeVerifyCode } from "~/domain/verification";
import { useTranslation } from "~/i18n/translation";
import { UpstreamError } from "~/upstream/http.server";
import { getVerifyInfo, verifyRefusal } from "~/upstream/verify.server";
import { toCodeView } from "~/upstream/verify-view.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["verification"], title: "verification:detail.title" };

const PRIVATE = { "Cache-Control": "private, no-store" };

const QuerySchema = z.object({ verify_code: z.string().max(200).optional().catch(undefined) });

/** One code with its uses (reached from the history or after verifying). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireVerifier(request);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const code = normalizeVerifyCode(query.verify_code ?? "");
  if (!code) return data({ view: null, error: "verification:errors.invalid" }, { status: 400, headers: PRIVATE });
  try {
    return data({ view: toCodeView(await getVerifyInfo(ctx, code), Math.floor(Date.now() / 1000)), error: null }, { headers: PRIVATE });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.constructor !== UpstreamError) throw error;
    const message = verifyRefusal(error);
    return data({ view: null, error: message }, { status: message === "verification:errors.unknown" ? 404 : 409, headers: PRIVATE });
  }
}

export default function VerificationDetailPage() {
  const { t } = useTranslation("verification");
  const { view, error } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" className="verification-page">
      <Group justify="between">
        <h1 className="ui-title">{t("detail.title")}</h1>
        <Group gap="sm">
          <ButtonLink to="/member/verification_list" variant="outline">
            {t("list.title")}
          </ButtonLink>
          <ButtonLink to="/member/verification" variant="outline">
            {t("desk.title")}
          </ButtonLink>
        </Group>
      </Group>
      {error ? (
        <Alert color="red" role="alert" data-testid="verify-error">
          {errorText(t, error)}
        </Alert>
      ) : null}
      {view ? (
        <>
          <CodeDetails view={view} />
          {view.history.length > 0 ? (
            <Panel>
              <h2 className="ui-strong">{t("detail.history")}</h2>
              <ol className="verification-uses">
                {view.history.map((use, index) => (
                  <li key={`${use.time}-${index}`}>
                    {use.time} · {use.verifierName}
                  </li>
                ))}
              </ol>
            </Panel>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
