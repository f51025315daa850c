import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { revalidateCaptchaAfterPost } from "~/auth/captcha-revalidation";
import { requireVisitor } from "~/auth/guards.server";
import { clientAddress, count, forget, needsCaptcha, type Subject } from "~/auth/attempts.server";
import { checkOwnCaptcha, isOwnCaptcha, newOwnCaptcha } from "~/auth/own-captcha.server";
import { askForCaptcha, limitedAttempt, refuse, signIn } from "~/auth/sign-in.server";
import { CaptchaField, CheckboxField, FormErrors, PasswordField, SmsCodeFields, useSmsCodeForm, TextField } from "~/components/form";
import { Button, Group, Panel, Stack } from "~/components/ui";
import { AUTO_LOGIN_DAYS } from "~/domain/auto-login";
import { captchaJustTurnedOn, getCaptchaConfig, getRegisterConfig, logIn, logInWithCode, newCaptcha, sendLoginCode } from "~/upstream/auth.server";
import { assetUrl } from "~/upstream/context.server";
import { advImageSize, getAdv } from "~/upstream/site.server";
import { wechatLoginOffered } from "~/upstream/wechat-login.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { NewCodeForm } from "../_auth.login_.wechat/new-code-form";
import { LoginModeSchema, LoginSchema } from "./schema";

export const handle: RouteHandle = { i18n: ["auth"], title: "auth:login.title" };

export const shouldRevalidate = revalidateCaptchaAfterPost;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireVisitor(request, context);
  const mode = LoginModeSchema.parse(new URL(request.url).searchParams.get("mode"));
  const [config, captchaConfig, ad, clientNeedsCaptcha, wechat] = await Promise.all([
    getRegisterConfig(ctx),
    getCaptchaConfig(ctx),
    getAdv("NS_PC_LOGIN").catch(() => null),
    needsCaptcha([["passwordPerClient", clientAddress(context)]]),
    wechatLoginOffered(ctx),
  ]);
  const captcha = captchaConfig.shop_reception_login ? await newCaptcha(ctx) : clientNeedsCaptcha ? newOwnCaptcha() : null;
  const banner = ad?.adv_list[0];
  return {
    mode: config.login.includes(mode) ? mode : config.login[0] === "mobile" ? "mobile" : "password",
    methods: config.login,
    captcha,
    registerOpen: config.register.length > 0,
    // WeChat QR login where the upstream has it set up (ADR 062).
    wechat,
    // The schema's native constraints (required, lengths, patterns), so zod stays on the server (ADR 010).
    constraint: getZodConstraint(LoginSchema),
    banner: banner ? { image: assetUrl(banner.adv_image), background: banner.background, title: banner.adv_title, ...advImageSize(ad) } : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireVisitor(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), smsKey: null }, { status: 400 });
  }
  const input = submission.value;
  const captchaRequired = (await getCaptchaConfig(ctx)).shop_reception_login;
  if (input.intent !== "mobile-login" && captchaRequired && !input.captcha_code) return askForCaptcha(ctx, submission, ["password"]);
  const captcha = input.intent !== "mobile-login" ? { captcha_id: input.captcha_id, captcha_code: input.captcha_code } : {};
  const client = clientAddress(context);

  switch (input.intent) {
    case "password-login": {
      const subjects: Subject[] = [
        ["passwordPerAccount", input.username],
        ["passwordPerClient", client],
      ];
      // After a few failures the form needs a captcha; ours when the upstream does not check one.
      if (!captchaRequired && (await needsCaptcha(subjects))) {
        if (!(await checkOwnCaptcha(input.captcha_id, input.captcha_code))) {
          await count([subjects[1]]); // a bot that never solves it still runs into the client's limit
          const result = submission.reply({
            fieldErrors: { captcha_code: [input.captcha_code ? "auth:errors.captchaWrong" : "auth:errors.captchaNeeded"] },
            hideFields: ["password"],
          });
          return data({ result, smsKey: null, captcha: newOwnCaptcha() }, { status: 400 });
        }
      }
      const autoLoginDays = input.auto_login ? AUTO_LOGIN_DAYS : 0;
      // The upstream's captcha goes along whenever the form carries one, not only when this worker's
      // cached switch says so: another worker may have learnt of the switch first and handed it out.
      const upstreamCaptcha = captchaRequired || (input.captcha_id !== undefined && !isOwnCaptcha(input.captcha_id));
      const outcome = await limitedAttempt(context, subjects, "on-failure", () =>
        logIn(ctx, { username: input.username, password: input.password, autoLoginRange: autoLoginDays || undefined, ...(upstreamCaptcha ? captcha : {}) }),
      );
      if (!outcome.ok) {
        if (!captchaRequired && (await captchaJustTurnedOn(ctx, "shop_reception_login"))) return askForCaptcha(ctx, submission, ["password"]);
        return refuse(submission, [outcome.refusal], ["password"], outcome);
      }
      await forget([subjects[0]]);
      return signIn(request, context, outcome.value.token, { autoLoginDays, redirectTo: input.redirect });
    }
    case "send-code": {
      const subjects: Subject[] = [
        ["sendPerMobile", input.mobile],
        ["sendPerClient", client],
      ];
      const outcome = await limitedAttempt(context, subjects, "always", () => sendLoginCode(ctx, { mobile: input.mobile, ...captcha }));
      if (!outcome.ok) {
        if (!captchaRequired && (await captchaJustTurnedOn(ctx, "shop_reception_login"))) return askForCaptcha(ctx, submission, ["password"]);
        return refuse(submission, [outcome.refusal], [], outcome);
      }
      return data({ result: submission.reply(), smsKey: outcome.value.key });
    }
    case "mobile-login": {
      const subjects: Subject[] = [
        ["codePerMobile", input.mobile],
        ["codePerClient", client],
      ];
      const outcome = await limitedAttempt(context, subjects, "on-failure", () =>
        logInWithCode(ctx, { mobile: input.mobile, key: input.key, code: input.code }),
      );
      if (!outcome.ok) return refuse(submission, [outcome.refusal], [], outcome, input.key);
      await forget([subjects[0]]);
      return signIn(request, context, outcome.value.token, { redirectTo: input.redirect });
    }
  }
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const { mode, methods, captcha: pageCaptcha, registerOpen, wechat, banner, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The action hands out a captcha of its own when an account (not this client) has failed too often.
  const captcha = (actionData && "captcha" in actionData ? actionData.captcha : null) ?? pageCaptcha;
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirect") ?? "";
  const query = (next: string) => `/login?${new URLSearchParams({ mode: next, ...(redirectTo ? { redirect: redirectTo } : {}) })}`;

  return (
    <div className="auth-stage" style={{ backgroundColor: banner?.background || undefined }}>
      {banner ? <img src={banner.image} alt={banner.title} width={banner.width} height={banner.height} className="auth-stage__banner" /> : null}
      <Panel className="auth-card">
        <Stack gap="md">
          <h1 className="ui-title auth-card__title">{t("login.welcome")}</h1>
          {/* Links styled as tabs: each login method is its own URL, so no JS is needed. */}
          <Group gap="lg" role="tablist" aria-label={t("login.methods")}>
            {methods.includes("username") ? (
              <Link to={query("password")} role="tab" aria-selected={mode === "password"} className="auth-tab" replace>
                {t("login.passwordTab")}
              </Link>
            ) : null}
            {methods.includes("mobile") ? (
              <Link to={query("mobile")} role="tab" aria-selected={mode === "mobile"} className="auth-tab" replace>
                {t("login.mobileTab")}
              </Link>
            ) : null}
          </Group>
          {mode === "mobile" ? (
            <MobileLoginForm captcha={captcha} redirectTo={redirectTo} constraint={constraint} />
          ) : (
            <PasswordLoginForm captcha={captcha} redirectTo={redirectTo} constraint={constraint} />
          )}
          {wechat ? <NewCodeForm redirectTo={redirectTo} label={t("login.wechat")} variant="outline" /> : null}
          <Group justify="between">
            <Link to="/find_pass" className="ui-anchor ui-text-sm">
              {t("login.forgot")}
            </Link>
            {registerOpen ? (
              <Link to="/register" className="ui-anchor ui-text-sm">
                {t("login.toRegister")}
              </Link>
            ) : null}
          </Group>
        </Stack>
      </Panel>
    </div>
  );
}

type FormProps = { captcha: { id: string; img: string } | null; redirectTo: string; constraint: ReturnType<typeof getZodConstraint> };

function PasswordLoginForm({ captcha, redirectTo, constraint }: FormProps) {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "password-login",
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onSubmit",
    // Validation happens on the server (ADR 010): only a submit asks it, never each keystroke.
    shouldRevalidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack gap="sm">
        <input type="hidden" name="intent" value="password-login" />
        <input type="hidden" name="redirect" value={redirectTo} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.username} label={t("login.username")} autoComplete="username" required />
        <PasswordField meta={fields.password} label={t("login.password")} autoComplete="current-password" required />
        {captcha ? <CaptchaField meta={fields.captcha_code} captcha={captcha} /> : null}
        <CheckboxField meta={fields.auto_login} label={t("login.autoLogin", { days: AUTO_LOGIN_DAYS })} />
        <Button type="submit" fullWidth loading={navigation.state === "submitting"}>
          {t("login.submit")}
        </Button>
      </Stack>
    </Form>
  );
}

function MobileLoginForm({ captcha, redirectTo, constraint }: FormProps) {
  const { t } = useTranslation("auth");
  const { form, fields, smsKey, errors } = useSmsCodeForm("mobile-login", constraint);
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack gap="sm">
        <input type="hidden" name="redirect" value={redirectTo} />
        <FormErrors id={form.errorId} errors={errors} />
        <TextField meta={fields.mobile} type="tel" label={t("mobile.mobile")} autoComplete="tel" required />
        {captcha ? <CaptchaField meta={fields.captcha_code} captcha={captcha} /> : null}
        <SmsCodeFields smsKey={smsKey} code={fields.code} />
        <Button type="submit" name="intent" value="mobile-login" fullWidth>
          {t("login.submit")}
        </Button>
      </Stack>
    </Form>
  );
}
