import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { FormErrors, PasswordField } from "~/components/form";
import { upstreamError } from "~/components/form/error-text";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, Group, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { getRegisterConfig } from "~/upstream/auth.server";
import { UpstreamError } from "~/upstream/http.server";
import { changePassword } from "~/upstream/profile.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { redirectWithToast } from "~/utils/toast.server";
import { changePasswordSchema } from "./schema";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["member", "validation"], title: "member:security.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireMember(request);
  const config = await getRegisterConfig(ctx);
  return { minLength: config.pwd_len };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireMember(request);
  const config = await getRegisterConfig(ctx);
  const submission = parseWithZod(await readFormData(request), { schema: changePasswordSchema(config.pwd_len, config.pwd_complexity) });
  const hidden = { hideFields: ["old_password", "new_password", "confirm_password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hidden) }, { status: 400 });
  try {
    await changePassword(ctx, submission.value.old_password, submission.value.new_password);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // The old password is the usual refusal: shown beside its field; anything else as the upstream wrote it.
    const wrongOld = /原密码|PASSWORD_ERROR/.test(error.upstreamMessage);
    const reply = wrongOld
      ? submission.reply({ ...hidden, fieldErrors: { old_password: ["member:security.errors.oldWrong"] } })
      : submission.reply({ ...hidden, formErrors: [upstreamError(error.upstreamMessage || "操作失败")] });
    return data({ result: reply }, { status: 400 });
  }
  return redirectWithToast("/member/security", { kind: "success", key: "member:security.passwordChanged" });
}

export default function SecurityPage() {
  const { t } = useTranslation("member");
  const { minLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({ id: "password", lastResult: actionData?.result, shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" });
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("security.title")}</h1>
      <Panel>
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="sm">
            <h2 className="ui-title member-home__section-title">{t("security.password")}</h2>
            <FormErrors id={form.errorId} errors={form.errors} />
            <PasswordField meta={fields.old_password} label={t("security.oldPassword")} autoComplete="current-password" />
            <PasswordField
              meta={fields.new_password}
              label={t("security.newPassword")}
              description={t("security.passwordHint", { min: minLength })}
              autoComplete="new-password"
            />
            <PasswordField meta={fields.confirm_password} label={t("security.confirmPassword")} autoComplete="new-password" />
            <input type="hidden" name="intent" value="password" />
            <Group>
              <Button type="submit" disabled={busy}>
                {t("security.changePassword")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Panel>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
