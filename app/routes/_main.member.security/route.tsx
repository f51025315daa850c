import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { revalidateCaptchaAfterPost } from "~/auth/captcha-revalidation";
import { boundMobileKey, signBoundMobileKey } from "~/auth/bound-mobile-key.server";
import { requireMember } from "~/auth/guards.server";
import { FormErrors, PasswordField, SubmitRow, TextField } from "~/components/form";
import { errorText, upstreamError } from "~/utils/error-text";
import { Alert, Button, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { canBindEmail } from "~/upstream/account.server";
import { getRegisterConfig, newCaptcha } from "~/upstream/auth.server";
import { UpstreamError } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import { hasPayPassword, sendPayPasswordCode, setPayPassword } from "~/upstream/profile.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { redirectWithToast } from "~/utils/toast.server";
import { ContactPanels } from "./contact-panels";
import { EMAIL_INTENTS, MOBILE_INTENTS } from "./contact-schema";
import { emailAction, mobileAction } from "./contact.server";
import { PasswordPanel } from "./password-panel";
import { passwordAction } from "./password.server";
import { PayPasswordSchema } from "./schema";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["member", "account", "auth", "validation"], title: "member:security.title" };

// The mobile and email steps need a fresh captcha after every post, refused ones too.
export const shouldRevalidate = revalidateCaptchaAfterPost;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const [config, payPasswordSet, member, captcha, emailBinding] = await Promise.all([
    getRegisterConfig(ctx),
    hasPayPassword(ctx),
    getMember(ctx),
    newCaptcha(ctx),
    canBindEmail(),
  ]);
  return {
    minLength: config.pwd_len,
    hasPassword: member.password !== 0,
    payPasswordSet,
    mobile: member.mobile,
    email: emailBinding ? member.email : null,
    captcha,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if ((MOBILE_INTENTS as readonly unknown[]).includes(intent)) return mobileAction(context, ctx, form);
  if ((EMAIL_INTENTS as readonly unknown[]).includes(intent)) return emailAction(context, ctx, form);
  if (intent === "pay-code") {
    // Step 1 of the pay password: a code to the bound mobile; the page then shows step 2 with the
    // key, signed for the member and the mobile (5.5.2's modifypaypassword takes any key with its code).
    try {
      const [member, key] = await Promise.all([getMember(ctx), sendPayPasswordCode(ctx)]);
      return { payKey: signBoundMobileKey(key, { memberId: member.member_id, mobile: member.mobile }) };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return data({ payError: upstreamError(error.upstreamMessage || "操作失败") }, { status: 409 });
    }
  }
  if (intent === "pay-password") {
    const submission = parseWithZod(form, { schema: PayPasswordSchema });
    const hidden = { hideFields: ["pay_password", "confirm_pay_password"] };
    const payKey = typeof form.get("key") === "string" ? String(form.get("key")).slice(0, 200) : "";
    if (submission.status !== "success") return data({ payResult: submission.reply(hidden), payKey }, { status: 400 });
    const member = await getMember(ctx);
    const key = boundMobileKey(submission.value.key, { memberId: member.member_id, mobile: member.mobile });
    // A key this member was not given for their mobile: back to step 1.
    if (!key) return data({ payError: "member:security.errors.sendFirst" }, { status: 400 });
    try {
      await setPayPassword(ctx, { key, code: submission.value.code, password: submission.value.pay_password });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const wrongCode = /验证码/.test(error.upstreamMessage);
      const reply = wrongCode
        ? submission.reply({ ...hidden, fieldErrors: { code: ["member:security.errors.codeWrong"] } })
        : submission.reply({ ...hidden, formErrors: [upstreamError(error.upstreamMessage || "操作失败")] });
      return data({ payResult: reply, payKey }, { status: 400 });
    }
    return redirectWithToast("/member/security", { kind: "success", key: "member:security.payPasswordSet" });
  }
  // The login password: changed with the old one, or set a first time with an SMS code.
  return passwordAction(context, ctx, form);
}

export default function SecurityPage() {
  const { t } = useTranslation("member");
  const { minLength, hasPassword, payPasswordSet, mobile, email, captcha } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const passwordResult = actionData && "result" in actionData ? actionData.result : undefined;
  const passwordKey = actionData && "passwordKey" in actionData ? actionData.passwordKey : null;
  const payKey = actionData && "payKey" in actionData ? actionData.payKey : "";
  const payError = actionData && "payError" in actionData ? actionData.payError : null;
  const [payForm, payFields] = useForm({
    id: "pay-password",
    lastResult: actionData && "payResult" in actionData ? actionData.payResult : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("security.title")}</h1>
      <PasswordPanel hasPassword={hasPassword} mobile={mobile} minLength={minLength} captcha={captcha} result={passwordResult} passwordKey={passwordKey} />
      <Panel>
        <Stack gap="sm">
          <h2 className="ui-title member-home__section-title">{t("security.payPassword")}</h2>
          <p className="ui-text-sm">{t(payPasswordSet ? "security.payPasswordIsSet" : "security.payPasswordNotSet")}</p>
          {payError ? <Alert color="red">{errorText(t, payError)}</Alert> : null}
          {payKey ? (
            <Form method="post" {...getFormProps(payForm)}>
              <Stack gap="sm">
                <p className="ui-text-sm" role="status">
                  {t("security.codeSent")}
                </p>
                <FormErrors id={payForm.errorId} errors={payForm.errors} />
                <input type="hidden" name="key" value={payKey} />
                <TextField meta={payFields.code} label={t("security.code")} inputMode="numeric" autoComplete="one-time-code" />
                <PasswordField
                  meta={payFields.pay_password}
                  label={t("security.newPayPassword")}
                  description={t("security.payPasswordHint")}
                  inputMode="numeric"
                  autoComplete="off"
                />
                <PasswordField meta={payFields.confirm_pay_password} label={t("security.confirmPayPassword")} inputMode="numeric" autoComplete="off" />
                <SubmitRow intent="pay-password" busy={busy}>
                  {t("security.savePayPassword")}
                </SubmitRow>
              </Stack>
            </Form>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="pay-code" />
              <Button type="submit" variant="outline" disabled={busy}>
                {t(payPasswordSet ? "security.changePayPassword" : "security.setPayPassword")}
              </Button>
            </Form>
          )}
        </Stack>
      </Panel>
      <ContactPanels mobile={mobile} email={email} captcha={captcha} actionData={actionData} />
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
