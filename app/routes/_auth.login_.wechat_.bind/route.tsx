import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type AppLoadContext } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { clientAddress, forget, type Subject } from "~/auth/attempts.server";
import { revalidateCaptchaAfterPost } from "~/auth/captcha-revalidation";
import { requireVisitor } from "~/auth/guards.server";
import { readWechatLogin } from "~/session/session.server";
import { limitedAttempt, refuse, refuseFields, signIn } from "~/auth/sign-in.server";
import { WECHAT_LOGIN_PATH, wechatPath } from "~/auth/wechat-login.server";
import { CaptchaField, FormErrors, SmsCodeFields, useSmsCodeForm, TextField } from "~/components/form";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui";
import { CaptchaCodeSchema, CaptchaIdSchema, MobileSchema, RedirectSchema, SmsCodeSchema } from "~/domain/auth-fields";
import { useTranslation } from "~/i18n/translation";
import { newCaptcha } from "~/upstream/auth.server";
import { bindMobile, sendBindCode, wechatLoginOffered } from "~/upstream/wechat-login.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";

export const handle: RouteHandle = { i18n: ["auth"], title: "auth:wechatBind.title" };

/**
 * A WeChat account signing in for the first time binds a mobile (Niushop's `wechatLogin`): the
 * captcha and the mobile get an SMS code (`getMobileCode`, the captcha checked, not used up), then
 * the code signs in: a registered mobile gets the WeChat account, a new one becomes a member.
 */
const WechatBindSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send-code"), mobile: MobileSchema, captcha_id: CaptchaIdSchema, captcha_code: CaptchaCodeSchema, redirect: RedirectSchema }),
  z.object({
    intent: z.literal("bind"),
    mobile: MobileSchema,
    captcha_id: CaptchaIdSchema,
    captcha_code: CaptchaCodeSchema,
    key: z.string({ required_error: "auth:mobile.sendFirst" }).max(200),
    code: SmsCodeSchema,
    redirect: RedirectSchema,
  }),
]);

export const shouldRevalidate = revalidateCaptchaAfterPost;

/** The WeChat login waiting for a mobile, else back to its QR page (a bookmarked or stale URL). */
async function bindingState(request: Request, context: AppLoadContext) {
  const ctx = await requireVisitor(request, context);
  if (!(await wechatLoginOffered(ctx))) throw notFoundResponse();
  const state = await readWechatLogin(request, context);
  if (state?.step !== "bind") {
    const redirectTo = RedirectSchema.catch(undefined).parse(new URL(request.url).searchParams.get("redirect") ?? undefined);
    throw redirect(wechatPath(WECHAT_LOGIN_PATH, redirectTo));
  }
  return { ctx, state };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await bindingState(request, context);
  const redirectTo = RedirectSchema.catch(undefined).parse(new URL(request.url).searchParams.get("redirect") ?? undefined) ?? "";
  // Niushop checks a captcha on both calls, whatever its captcha switches say.
  return { captcha: await newCaptcha(ctx), redirectTo, constraint: getZodConstraint(WechatBindSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, state } = await bindingState(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: WechatBindSchema });
  if (submission.status !== "success") {
    // A code already sent stays usable after a mistake elsewhere on the form.
    const smsKey = z.string().min(1).max(200).safeParse(submission.payload.key);
    return data({ result: submission.reply({ hideFields: ["captcha_code"] }), smsKey: smsKey.success ? smsKey.data : null }, { status: 400 });
  }
  const input = submission.value;
  if (!input.captcha_code) return refuseFields(submission, { captcha_code: ["validation:required"] });
  const captcha = { captcha_id: input.captcha_id, captcha_code: input.captcha_code };
  const client = clientAddress(context);

  if (input.intent === "send-code") {
    const subjects: Subject[] = [
      ["sendPerMobile", input.mobile],
      ["sendPerClient", client],
    ];
    const outcome = await limitedAttempt(context, subjects, "always", () => sendBindCode(ctx, { mobile: input.mobile, ...captcha }, state.cookies));
    // The page shows a new captcha after every post (shouldRevalidate): the one typed is cleared.
    if (!outcome.ok) return refuse(submission, [outcome.refusal], ["captcha_code"], outcome);
    return data({ result: submission.reply({ hideFields: ["captcha_code"] }), smsKey: outcome.value.key });
  }
  const subjects: Subject[] = [
    ["codePerMobile", input.mobile],
    ["codePerClient", client],
  ];
  const outcome = await limitedAttempt(context, subjects, "on-failure", () =>
    bindMobile(ctx, { mobile: input.mobile, key: input.key, code: input.code, ...captcha }, state.cookies),
  );
  // The upstream used the captcha up: the page shows a new one (shouldRevalidate), the SMS key stays.
  if (!outcome.ok) return refuse(submission, [outcome.refusal], ["captcha_code"], outcome, input.key);
  await forget([subjects[0]]);
  return signIn(request, context, outcome.value.token, { redirectTo: input.redirect });
}

export default function WechatBindPage() {
  const { t } = useTranslation("auth");
  const { captcha, redirectTo, constraint } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { form, fields: allFields, smsKey, errors } = useSmsCodeForm("wechat-bind", constraint);

  return (
    <AuthCard title={t("wechatBind.title")} form={form}>
      <p className="ui-text-sm ui-dimmed auth-card__text">{t("wechatBind.intro")}</p>
      <input type="hidden" name="redirect" value={redirectTo} />
      <FormErrors id={form.errorId} errors={errors} />
      <TextField meta={allFields.mobile} type="tel" label={t("mobile.mobile")} autoComplete="tel" required />
      {/* A new captcha after every post: keyed by it, so its answer field starts empty with JS too. */}
      <CaptchaField key={captcha.id} meta={allFields.captcha_code} captcha={captcha} />
      <SmsCodeFields smsKey={smsKey} code={allFields.code} />
      <Button type="submit" name="intent" value="bind" fullWidth loading={navigation.state === "submitting" && navigation.formData?.get("intent") === "bind"}>
        {t("wechatBind.submit")}
      </Button>
      <Link to={redirectTo ? `/login?${new URLSearchParams({ redirect: redirectTo })}` : "/login"} className="ui-anchor ui-text-sm">
        {t("wechat.backToLogin")}
      </Link>
    </AuthCard>
  );
}
