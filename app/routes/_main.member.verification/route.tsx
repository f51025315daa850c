import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { requireVerifier } from "~/auth/verifier.server";
import { errorText } from "~/components/form/error-text";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, Button, ButtonLink, Group, Panel, Stack, TextInput } from "~/components/ui";
import { CodeDetails } from "~/components/verification/code-details";
import { normalizeVerifyCode } from "~/domain/verification";
import { useTranslation } from "~/i18n/translation";
import { UpstreamError } from "~/upstream/http.server";
import { getVerifyInfo, verifyCode, verifyRefusal } from "~/upstream/verify.server";
import { toCodeView } from "~/upstream/verify-view.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: RouteHandle = { i18n: ["verification"], title: "verification:desk.title" };

const PRIVATE = { "Cache-Control": "private, no-store" };

/** `verify_code`: the code looked up (a GET form, so a lookup is a link); `confirm=1`: the confirm step. */
const QuerySchema = z.object({
  verify_code: z.string().max(200).optional().catch(undefined),
  confirm: z.literal("1").optional().catch(undefined),
});

const IntentSchema = z.object({
  intent: z.literal("verify", { errorMap: () => ({ message: "verification:errors.badRequest" }) }),
  verify_code: z.string({ required_error: "verification:errors.required" }).max(200, "verification:errors.invalid"),
});

const deskUrl = (code: string, confirm = false) => `/member/verification?${new URLSearchParams({ verify_code: code, ...(confirm ? { confirm: "1" } : {}) })}`;

/** Unknown codes are a 404; a code that exists but is refused (used, expired…) a 409. */
const refusalStatus = (error: string) => (error === "verification:errors.unknown" ? 404 : 409);

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireVerifier(request);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const typed = query.verify_code?.trim() ?? "";
  const empty = { typed, view: null, confirm: false, error: null as string | null };
  if (typed === "") return data(empty, { headers: PRIVATE });
  const code = normalizeVerifyCode(typed);
  if (!code) return data({ ...empty, error: "verification:errors.invalid" }, { status: 400, headers: PRIVATE });
  try {
    const view = toCodeView(await getVerifyInfo(ctx, code), Math.floor(Date.now() / 1000));
    return data({ typed: code, view, confirm: query.confirm === "1" && view.verifiable, error: null }, { headers: PRIVATE });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.constructor !== UpstreamError) throw error;
    const message = verifyRefusal(error);
    return data({ ...empty, error: message }, { status: refusalStatus(message), headers: PRIVATE });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireVerifier(request);
  const parsed = IntentSchema.safeParse(Object.fromEntries([...(await readFormData(request))].filter(([, value]) => typeof value === "string")));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "verification:errors.badRequest" }, { status: 400 });
  const code = normalizeVerifyCode(parsed.data.verify_code);
  if (!code) return data({ error: "verification:errors.invalid" }, { status: 400 });
  try {
    await verifyCode(ctx, code);
  } catch (error) {
    // Unknown, used, expired, refunded or closed: the upstream changed nothing; say why.
    if (!(error instanceof UpstreamError) || error.constructor !== UpstreamError) throw error;
    const message = verifyRefusal(error);
    return data({ error: message }, { status: refusalStatus(message) });
  }
  return redirectWithToast(`/member/verification_detail?${new URLSearchParams({ verify_code: code })}`, { kind: "success", key: "verification:desk.verified" });
}

export default function VerificationDeskPage() {
  const { t } = useTranslation("verification");
  const { typed, view, confirm, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const shownError = actionData?.error ?? error;

  return (
    <Stack gap="md" className="verification-page">
      <Group justify="between">
        <h1 className="ui-title">{t("desk.title")}</h1>
        <ButtonLink to="/member/verification_list" variant="outline">
          {t("list.title")}
        </ButtonLink>
      </Group>
      <Panel>
        {/* A GET form: looking a code up changes nothing, and the result is a link. A code scanner types into the box like a keyboard. */}
        <Form method="get" className="verification-code-form" role="search" aria-label={t("desk.lookup")}>
          <Group gap="sm">
            <TextInput
              name="verify_code"
              label={t("desk.codeLabel")}
              description={t("desk.codeHint")}
              defaultValue={typed}
              required
              maxLength={64}
              inputMode="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="search"
              autoFocus={!view}
            />
            <Button type="submit" variant="outline">
              {t("desk.lookup")}
            </Button>
          </Group>
        </Form>
      </Panel>
      {shownError ? (
        <Alert color="red" role="alert" data-testid="verify-error">
          {errorText(t, shownError)}
        </Alert>
      ) : null}
      {view ? (
        <>
          <CodeDetails view={view} />
          {!view.verifiable ? (
            <Alert color="gray" role="note">
              {t(`desk.notVerifiable.${view.state}`)}
            </Alert>
          ) : confirm ? (
            <Form method="post" action={deskUrl(view.code, true)}>
              <Stack gap="sm">
                <Alert color="orange" role="alert" title={t("desk.confirmTitle")}>
                  {t("desk.confirmText", { code: view.code })}
                </Alert>
                <input type="hidden" name="verify_code" value={view.code} />
                <Group gap="sm">
                  <Button type="submit" name="intent" value="verify" disabled={busy}>
                    {t("desk.confirm")}
                  </Button>
                  <ButtonLink to={deskUrl(view.code)} variant="outline" color="gray">
                    {t("desk.cancel")}
                  </ButtonLink>
                </Group>
              </Stack>
            </Form>
          ) : (
            <Group>
              {/* The confirm step is a page state, so it works without JavaScript. */}
              <ButtonLink to={deskUrl(view.code, true)}>{t("desk.verify")}</ButtonLink>
              <Link to={`/member/verification_detail?${new URLSearchParams({ verify_code: view.code })}`} className="ui-anchor">
                {t("desk.details")}
              </Link>
            </Group>
          )}
        </>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
