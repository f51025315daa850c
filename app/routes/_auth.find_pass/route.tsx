import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { z } from "zod";
import { revalidateCaptchaAfterPost } from "~/auth/captcha-revalidation";
import { requireVisitor } from "~/auth/guards.server";
import { clientAddress, type Subject } from "~/auth/attempts.server";
import { limitedAttempt, refuse, refuseFields } from "~/auth/sign-in.server";
import { CaptchaField, FormErrors, PasswordField, SmsCodeFields, useSmsCodeForm, TextField } from "~/components/form";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui";
import { CaptchaCodeSchema, CaptchaIdSchema, MobileSchema, passwordSchema, SmsCodeSchema } from "~/domain/auth-fields";
import { getRegisterConfig, newCaptcha, resetPassword, sendFindPasswordCode } from "~/upstream/auth.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: RouteHandle = { i18n: ["auth"], title: "auth:findPassword.title" };

/** Step 1 sends the SMS code (captcha consumed upstream); step 2 sets the new password with it. */
function findPasswordSchema(rules: { pwdLen: number; pwdComplexity: string[] }) {
  return z
    .discriminatedUnion("intent", [
      z.object({ intent: z.literal("send-code"), mobile: MobileSchema, captcha_id: CaptchaIdSchema, captcha_code: CaptchaCodeSchema }),
      z.object({
        intent: z.literal("reset"),
        mobile: MobileSchema,
        key: z.string({ required_error: "auth:mobile.sendFirst" }).max(200),
        code: SmsCodeSchema,
        password: passwordSchema(rules.pwdLen, rules.pwdComplexity),
        confirm_password: z.string({ required_error: "validation:required" }),
      }),
    ])
    .superRefine((value, ctx) => {
      if (value.intent === "reset" && value.password !== value.confirm_password) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirm_password"], message: "validation:passwordMismatch" });
      }
    });
}

export const shouldRevalidate = revalidateCaptchaAfterPost;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireVisitor(request, context);
  const [config, captcha] = await Promise.all([getRegisterConfig(ctx), newCaptcha(ctx)]);
  const rules = { pwdLen: config.pwd_len, pwdComplexity: config.pwd_complexity };
  // The schema's native constraints, so zod stays on the server (ADR 010).
  return { rules, captcha, constraint: getZodConstraint(findPasswordSchema(rules)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireVisitor(request, context);
  const config = await getRegisterConfig(ctx);
  const schema = findPasswordSchema({ pwdLen: config.pwd_len, pwdComplexity: config.pwd_complexity });
  const submission = parseWithZod(await readFormData(request), { schema });
  const hidden = ["password", "confirm_password"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: hidden }), smsKey: null }, { status: 400 });
  const input = submission.value;

  const client = clientAddress(context);
  if (input.intent === "send-code") {
    if (!input.captcha_code) return refuseFields(submission, { captcha_code: ["validation:required"] });
    // The upstream checks (and burns) the captcha before it says whether the mobile is registered,
    // so nobody learns which mobiles have accounts without solving a captcha each time.
    const subjects: Subject[] = [
      ["sendPerMobile", input.mobile],
      ["sendPerClient", client],
    ];
    const outcome = await limitedAttempt(context, subjects, "always", () =>
      sendFindPasswordCode(ctx, { mobile: input.mobile, captcha_id: input.captcha_id, captcha_code: input.captcha_code }),
    );
    if (!outcome.ok) return refuse(submission, [outcome.refusal], [], outcome);
    return data({ result: submission.reply(), smsKey: outcome.value.key });
  }
  const subjects: Subject[] = [
    ["codePerMobile", input.mobile],
    ["codePerClient", client],
  ];
  const outcome = await limitedAttempt(context, subjects, "on-failure", () =>
    resetPassword(ctx, { mobile: input.mobile, key: input.key, code: input.code, password: input.password }),
  );
  if (!outcome.ok) return refuse(submission, [outcome.refusal], hidden, outcome, input.key);
  return redirectWithToast("/login", { kind: "success", key: "auth:findPassword.done" });
}

export default function FindPasswordPage() {
  const { t } = useTranslation("auth");
  const { rules, captcha, constraint } = useLoaderData<typeof loader>();
  const { form, fields: allFields, smsKey, errors } = useSmsCodeForm("find-password", constraint);

  return (
    <AuthCard title={t("findPassword.title")} form={form}>
      <p className="ui-text-sm ui-dimmed auth-card__text">{smsKey ? t("findPassword.step2") : t("findPassword.step1")}</p>
      <FormErrors id={form.errorId} errors={errors} />
      <TextField meta={allFields.mobile} type="tel" label={t("mobile.mobile")} autoComplete="tel" required />
      <CaptchaField meta={allFields.captcha_code} captcha={captcha} />
      <SmsCodeFields smsKey={smsKey} code={allFields.code} codeAfterSend />
      {smsKey ? (
        <>
          <PasswordField
            meta={allFields.password}
            label={t("findPassword.newPassword")}
            description={t("register.passwordHint", { min: rules.pwdLen })}
            autoComplete="new-password"
          />
          <PasswordField meta={allFields.confirm_password} label={t("register.confirmPassword")} autoComplete="new-password" />
          <Button type="submit" name="intent" value="reset" fullWidth>
            {t("findPassword.submit")}
          </Button>
        </>
      ) : null}
      <Link to="/login" className="ui-anchor ui-text-sm">
        {t("register.toLogin")}
      </Link>
    </AuthCard>
  );
}
