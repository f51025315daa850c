import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { revalidateCaptchaAfterPost } from "~/auth/captcha-revalidation";
import { requireVisitor } from "~/auth/guards.server";
import { clientAddress, type Subject } from "~/auth/attempts.server";
import { askForCaptcha, limitedAttempt, refuse, signIn } from "~/auth/sign-in.server";
import { CaptchaField, CheckboxField, FormErrors, PasswordField, SmsCodeFields, useSmsCodeForm, TextField } from "~/components/form";
import { AuthCard } from "~/components/auth/auth-card";
import { Button, Group, NativeSelect, Stack } from "~/components/ui";
import {
  getAgreement,
  captchaJustTurnedOn,
  getCaptchaConfig,
  getRegisterConfig,
  getRegisterReward,
  listAptitudes,
  listMemberLabels,
  newCaptcha,
  registerWithMobile,
  registerStoresExtras,
  registerWithUsername,
  sendRegisterCode,
  type RegisterExtras,
} from "~/upstream/auth.server";
import { readFormData } from "~/utils/form-data.server";
import type { RegisterReward } from "~/upstream/schemas/auth";
import { formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { checkHoneypot, honeypotInputProps } from "~/utils/honeypot.server";
import { sanitizeUpstreamHtml } from "~/utils/sanitize.server";
import { chosenLabel, missingExtras, registerRegions, storeImages, typesByLabel, type RegisterExtrasState } from "./extras.server";
import { RegisterExtrasFields } from "./extras-fields";
import { mobileRegisterSchema, RegisterModeSchema, RegisterStepSchema, usernameRegisterSchema, type RegisterRules } from "./schema";

export const handle: RouteHandle = { i18n: ["auth", "address"], title: "auth:register.title" };

async function rulesFor(ctx: Awaited<ReturnType<typeof requireVisitor>>) {
  const config = await getRegisterConfig(ctx);
  const rules: RegisterRules = { pwdLen: config.pwd_len, pwdComplexity: config.pwd_complexity, agreementRequired: config.agreement_show };
  return { config, rules };
}

export const shouldRevalidate = revalidateCaptchaAfterPost;

/** What the sign-up gift gives, in the order the shop admin lists it; amounts of nothing are left out. */
function giftsOf(value: RegisterReward["value"]): Array<{ kind: "point" | "growth" | "balance" | "coupon"; value: string }> {
  const balance = Number(value.balance);
  return [
    ...(value.point > 0 ? [{ kind: "point" as const, value: String(value.point) }] : []),
    ...(Number.isFinite(balance) && balance > 0 ? [{ kind: "balance" as const, value: formatMoney(balance) }] : []),
    ...(value.growth > 0 ? [{ kind: "growth" as const, value: String(value.growth) }] : []),
    ...value.coupon_list.map((coupon) => ({ kind: "coupon" as const, value: coupon.coupon_name })),
  ];
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireVisitor(request, context);
  const requested = RegisterModeSchema.parse(new URL(request.url).searchParams.get("mode"));
  // The business fields are asked only where the upstream keeps them (a stock Niushop drops them).
  const extrasStored = await registerStoresExtras();
  const [{ config, rules }, captchaConfig, labels, aptitudes, reward, agreement, regions] = await Promise.all([
    rulesFor(ctx),
    getCaptchaConfig(ctx),
    extrasStored ? listMemberLabels(ctx).catch(() => []) : [],
    listAptitudes(ctx).catch(() => []),
    getRegisterReward(ctx).catch(() => null),
    getAgreement(ctx),
    extrasStored ? registerRegions(ctx, null) : null,
  ]);
  const types = extrasStored
    ? await typesByLabel(
        ctx,
        labels.map((label) => label.label_id),
      )
    : null;
  const methods = config.register.filter((method): method is "username" | "mobile" => method === "username" || method === "mobile");
  const mode = methods.includes(requested) ? requested : (methods[0] ?? null);
  return {
    mode,
    methods,
    rules,
    extrasStored,
    captcha: captchaConfig.shop_reception_register ? await newCaptcha(ctx) : null,
    labels,
    aptitudes,
    types,
    extras: { regions, label: 0, images: {} } satisfies RegisterExtrasState as RegisterExtrasState,
    gifts: reward?.is_use ? giftsOf(reward.value) : [],
    agreement: { title: agreement.title, html: sanitizeUpstreamHtml(agreement.content, ctx.baseUrl) },
    honeypot: honeypotInputProps(),
    // The schemas' native constraints (required, lengths, patterns), so zod stays on the server (ADR 010).
    constraints: { username: getZodConstraint(usernameRegisterSchema(rules)), mobile: getZodConstraint(mobileRegisterSchema(rules)) },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireVisitor(request, context);
  const formData = await readFormData(request);
  await checkHoneypot(request, formData);
  const { rules } = await rulesFor(ctx);
  const captchaRequired = (await getCaptchaConfig(ctx)).shop_reception_register;
  const intent = formData.get("intent");
  const hidden = ["password", "confirm_password"];
  const extrasStored = await registerStoresExtras();
  const labels = extrasStored ? await listMemberLabels(ctx).catch(() => []) : [];
  if (intent === "register-username" || RegisterStepSchema.safeParse({ intent }).success) {
    return usernameRegistration(request, context, ctx, formData, { rules, captchaRequired, labels, extrasStored });
  }
  const schema = mobileRegisterSchema(rules);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: hidden }), smsKey: null }, { status: 400 });
  }
  const input = submission.value;
  if (input.intent !== "register-mobile" && captchaRequired && !input.captcha_code) return askForCaptcha(ctx, submission, hidden);
  const label = labels.find((entry) => entry.label_id === input.member_label);
  const extras = extrasStored
    ? {
        member_label: label?.label_id,
        member_label_name: label?.label_name,
        realname: input.realname || undefined,
      }
    : {};
  const captcha = { captcha_id: input.captcha_id, captcha_code: input.captcha_code };
  const client = clientAddress(context);

  switch (input.intent) {
    case "send-code": {
      const subjects: Subject[] = [
        ["sendPerMobile", input.mobile],
        ["sendPerClient", client],
      ];
      const outcome = await limitedAttempt(context, subjects, "always", () => sendRegisterCode(ctx, { mobile: input.mobile, ...captcha }));
      if (!outcome.ok) {
        if (!captchaRequired && (await captchaJustTurnedOn(ctx, "shop_reception_register"))) return askForCaptcha(ctx, submission, hidden);
        return refuse(submission, [outcome.refusal], [], outcome);
      }
      return data({ result: submission.reply(), smsKey: outcome.value.key });
    }
    case "register-mobile": {
      const subjects: Subject[] = [
        ["codePerMobile", input.mobile],
        ["codePerClient", client],
        ["registerPerClient", client],
      ];
      const outcome = await limitedAttempt(context, subjects, "on-failure", () =>
        registerWithMobile(ctx, { mobile: input.mobile, key: input.key, code: input.code, ...extras }),
      );
      if (!outcome.ok) return refuse(submission, [outcome.refusal], [], outcome, input.key);
      return signIn(request, context, outcome.value.token, { redirectTo: input.redirect, toast: { kind: "success", key: "auth:register.done" } });
    }
  }
}

type Labels = Awaited<ReturnType<typeof listMemberLabels>>;

/**
 * Username registration and its no-JS steps (next region level, the chosen business type's
 * documents, uploading images). Every post first stores the images chosen in the form, so each
 * step and the final "register" keep everything typed (passwords are asked again). Without the
 * registerExtras capability only username, password and captcha are asked, read and sent.
 */
async function usernameRegistration(
  request: Request,
  context: AppLoadContext,
  ctx: Awaited<ReturnType<typeof requireVisitor>>,
  formData: FormData,
  { rules, captchaRequired, labels, extrasStored }: { rules: RegisterRules; captchaRequired: boolean; labels: Labels; extrasStored: boolean },
) {
  const hidden = ["password", "confirm_password"];
  const labelIds = labels.map((entry) => entry.label_id);
  const label = chosenLabel(formData, labelIds);
  const [regions, types] = extrasStored ? await Promise.all([registerRegions(ctx, formData), typesByLabel(ctx, labelIds)]) : [null, null];
  const labelTypes = types?.[String(label)] ?? [];
  const stored = await storeImages(ctx, formData, labelTypes);
  const extras: RegisterExtrasState = { regions, label, images: stored.images };
  // The text fields only: files never go back into the form (conform would try to echo them).
  const fields = new FormData();
  for (const [key, value] of formData) if (typeof value === "string") fields.append(key, value);
  const answer = (result: ReturnType<typeof submission.reply>, status: number, headers?: HeadersInit) =>
    data({ result, smsKey: null, extras }, { status, headers });

  const submission = parseWithZod(fields, { schema: formData.get("intent") === "register-username" ? usernameRegisterSchema(rules) : RegisterStepSchema });
  if (submission.status !== "success") return answer(submission.reply({ hideFields: hidden, fieldErrors: stored.errors }), 400);
  const input = submission.value;
  if (input.intent !== "register-username") {
    return answer(submission.reply({ hideFields: hidden, fieldErrors: stored.errors, resetForm: false }), stored.status);
  }
  const fieldErrors: Record<string, string[]> = { ...stored.errors, ...missingExtras(input, regions, labelTypes, stored.images) };
  const refusedStatus = stored.status === 200 ? 400 : stored.status;
  if (captchaRequired && !input.captcha_code) return askForCaptcha(ctx, submission, hidden, { extras, fieldErrors, status: refusedStatus });
  if (Object.keys(fieldErrors).length > 0) return answer(submission.reply({ fieldErrors, hideFields: hidden }), refusedStatus);

  const labelEntry = labels.find((entry) => entry.label_id === label);
  const images = Object.fromEntries(Object.entries(stored.images).map(([id, list]) => [id, list.map((image) => image.path).join(",")]));
  const sentExtras: RegisterExtras = extrasStored
    ? {
        member_label: labelEntry?.label_id,
        member_label_name: labelEntry?.label_name,
        realname: input.realname || undefined,
        ...(regions
          ? {
              province_id: regions.ids.province_id,
              city_id: regions.ids.city_id,
              district_id: regions.ids.district_id,
              full_address: regions.names.slice(0, 3).join("-"),
              address: input.address,
            }
          : {}),
        qualifications_images: Object.keys(images).length > 0 ? JSON.stringify(images) : undefined,
        inputfenxiao_name: input.inputfenxiao_name || undefined,
        invitation_code: input.invitation_code || undefined,
      }
    : {};
  const outcome = await limitedAttempt(context, [["registerPerClient", clientAddress(context)]], "always", () =>
    registerWithUsername(ctx, {
      username: input.username,
      password: input.password,
      captcha_id: input.captcha_id,
      captcha_code: input.captcha_code,
      ...sentExtras,
    }),
  );
  if (!outcome.ok) {
    if (!captchaRequired && (await captchaJustTurnedOn(ctx, "shop_reception_register"))) return askForCaptcha(ctx, submission, hidden, { extras });
    const headers: HeadersInit = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : {};
    return answer(submission.reply({ formErrors: [outcome.refusal], hideFields: hidden }), outcome.status, headers);
  }
  return signIn(request, context, outcome.value.token, { redirectTo: input.redirect, toast: { kind: "success", key: "auth:register.done" } });
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const loaderData = useLoaderData<typeof loader>();
  const { mode, methods, gifts, honeypot } = loaderData;
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirect") ?? "";

  return (
    <AuthCard title={t("register.welcome")} wide>
      {gifts.length ? (
        <p className="ui-text-sm auth-card__text auth-card__reward">
          {t("register.reward", { gifts: gifts.map((gift) => t(`register.gifts.${gift.kind}`, { value: gift.value })).join(t("register.giftSeparator")) })}
        </p>
      ) : null}
      {mode === null ? (
        <p role="alert" className="auth-card__text">
          {t("register.closed")}
        </p>
      ) : (
        <>
          <Group gap="lg" role="tablist" aria-label={t("register.methods")}>
            {methods.map((method) => (
              <Link
                key={method}
                to={`/register?${new URLSearchParams({ mode: method, ...(redirectTo ? { redirect: redirectTo } : {}) })}`}
                role="tab"
                aria-selected={mode === method}
                className="auth-tab"
                replace
              >
                {t(`register.${method}Tab`)}
              </Link>
            ))}
          </Group>
          <HoneypotProvider {...honeypot}>
            <RegisterForm mode={mode} redirectTo={redirectTo} />
          </HoneypotProvider>
        </>
      )}
      <Link to="/login" className="ui-anchor ui-text-sm">
        {t("register.toLogin")}
      </Link>
    </AuthCard>
  );
}

function RegisterForm({ mode, redirectTo }: { mode: "username" | "mobile"; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const { rules, captcha: pageCaptcha, labels, aptitudes, types, extras: loadedExtras, extrasStored, agreement, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The action hands out a captcha when the operator has just turned registration captchas on.
  const captcha = (actionData && "captcha" in actionData ? actionData.captcha : null) ?? pageCaptcha;
  const { form, fields: allFields, smsKey, errors } = useSmsCodeForm(`register-${mode}`, constraints[mode]);
  const extras = (actionData && "extras" in actionData ? actionData.extras : null) ?? loadedExtras;
  // The username form's business fields, where the upstream keeps them; the mobile form then offers business type and contact name.
  const withExtras = mode === "username" && extrasStored;

  return (
    <Form method="post" {...getFormProps(form)} encType={withExtras && types ? "multipart/form-data" : undefined}>
      <HoneypotInputs label={t("register.honeypot")} />
      <Stack gap="sm">
        <input type="hidden" name="redirect" value={redirectTo} />
        <FormErrors id={form.errorId} errors={errors} />
        {mode === "username" ? (
          <>
            <input type="hidden" name="intent" value="register-username" />
            <TextField meta={allFields.username} label={t("register.username")} autoComplete="username" required />
            <PasswordField
              meta={allFields.password}
              label={t("register.password")}
              description={t("register.passwordHint", { min: rules.pwdLen })}
              autoComplete="new-password"
              required
            />
            <PasswordField meta={allFields.confirm_password} label={t("register.confirmPassword")} autoComplete="new-password" required />
          </>
        ) : (
          <>
            <TextField meta={allFields.mobile} type="tel" label={t("mobile.mobile")} autoComplete="tel" required />
          </>
        )}
        {captcha ? <CaptchaField meta={allFields.captcha_code} captcha={captcha} /> : null}
        {mode === "mobile" ? <SmsCodeFields smsKey={smsKey} code={allFields.code} /> : null}
        {withExtras ? <RegisterExtrasFields labels={labels} types={types} extras={extras} fields={allFields} /> : null}
        {mode === "mobile" && labels.length > 0 ? (
          <NativeSelect
            name="member_label"
            label={t("register.memberLabel")}
            data={[{ value: "", label: t("register.memberLabelNone") }, ...labels.map((label) => ({ value: String(label.label_id), label: label.label_name }))]}
            defaultValue=""
          />
        ) : null}
        {mode === "mobile" && extrasStored ? <TextField meta={allFields.realname} label={t("register.realname")} autoComplete="name" /> : null}
        {!(withExtras && types) && aptitudes.length > 0 ? (
          <div>
            <p className="ui-text-sm auth-aptitudes__title">{t("register.aptitudes")}</p>
            <ul className="ui-text-sm auth-aptitudes__list">
              {aptitudes.map((aptitude) => (
                <li key={aptitude.id}>
                  {aptitude.name} {aptitude.is_must ? t("register.aptitudeRequired") : t("register.aptitudeOptional")}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {rules.agreementRequired ? (
          <>
            <CheckboxField meta={allFields.agreement} label={t("register.agree", { title: agreement.title })} />
            <details className="agreement">
              <summary>{agreement.title || t("register.agreementTitle")}</summary>
              <div className="agreement__body rich-text" dangerouslySetInnerHTML={{ __html: agreement.html }} />
            </details>
          </>
        ) : null}
        <Button type="submit" name={mode === "mobile" ? "intent" : undefined} value={mode === "mobile" ? "register-mobile" : undefined} fullWidth>
          {t("register.submit")}
        </Button>
      </Stack>
    </Form>
  );
}
