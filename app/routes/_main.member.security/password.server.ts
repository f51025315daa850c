import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import { clientAddress } from "~/auth/attempts.server";
import { boundMobileKey, signBoundMobileKey } from "~/auth/bound-mobile-key.server";
import { upstreamError } from "~/utils/error-text";
import { sendBoundMobileCode } from "~/upstream/account.server";
import { getRegisterConfig } from "~/upstream/auth.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import { changePassword, setFirstPassword } from "~/upstream/profile.server";
import { redirectWithToast } from "~/utils/toast.server";
import { limited, type Refused } from "./contact.server";
import { changePasswordSchema, PasswordCodeSchema, setPasswordSchema } from "./schema";

/**
 * The login password panel of /member/security (docs/member-centre.md "Login password"). A member
 * with a password changes it with the old one. A member without one (registered by SMS) sets one
 * as Niushop 5.5.2 asks: a code to the bound mobile (`pwdmobliecode`, captcha), then the code and
 * the new password (`modifypassword` with `key` and `code`). The key travels signed for the member
 * and the mobile (auth/bound-mobile-key.server.ts): 5.5.2 would take any key with its code.
 */

const HIDDEN = ["old_password", "new_password", "confirm_password", "captcha_code"];

export async function passwordAction(context: AppLoadContext, ctx: UpstreamContext, form: FormData) {
  const member = await getMember(ctx);
  if (member.password !== 0) return changeWithOldPassword(ctx, form);
  const owner = { memberId: member.member_id, mobile: member.mobile };
  const client = clientAddress(context);
  // What the form hands back: the signed key, as posted (checked before use).
  const passwordKey = typeof form.get("key") === "string" ? String(form.get("key")).slice(0, 300) : null;

  if (form.get("intent") === "password-code") {
    const submission = parseWithZod(form, { schema: PasswordCodeSchema });
    if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }), passwordKey }, { status: 400 });
    if (!member.mobile) return data({ result: submission.reply({ formErrors: ["account:errors.noMobile"] }), passwordKey }, { status: 400 });
    const captcha = { captcha_id: submission.value.captcha_id ?? "", captcha_code: submission.value.captcha_code };
    const outcome = await limited(
      context,
      [
        ["sendPerMobile", member.mobile],
        ["sendPerClient", client],
      ],
      "always",
      () => sendBoundMobileCode(ctx, captcha),
    );
    if (!outcome.ok) return refused(submission, outcome, passwordKey, CAPTCHA_REFUSALS);
    return data({ result: submission.reply({ hideFields: HIDDEN }), passwordKey: signBoundMobileKey(outcome.value, owner) });
  }

  const config = await getRegisterConfig(ctx);
  const submission = parseWithZod(form, { schema: setPasswordSchema(config.pwd_len, config.pwd_complexity) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }), passwordKey }, { status: 400 });
  const key = boundMobileKey(submission.value.key, owner);
  if (!key)
    return data({ result: submission.reply({ formErrors: ["member:security.errors.sendFirst"], hideFields: HIDDEN }), passwordKey: null }, { status: 400 });
  const outcome = await limited(
    context,
    [
      ["codePerMobile", member.mobile],
      ["codePerClient", client],
    ],
    "on-failure",
    () => setFirstPassword(ctx, { key, code: submission.value.code, newPassword: submission.value.new_password }),
  );
  if (!outcome.ok) return refused(submission, outcome, passwordKey, CODE_REFUSALS);
  return redirectWithToast("/member/security", { kind: "success", key: "member:security.passwordSet" });
}

/** Where the upstream's refusals of each step belong: a field and our text (others go to the form as written). */
type FieldOf = Array<[RegExp, string, string]>;
const CAPTCHA_REFUSALS: FieldOf = [[/^(验证码不正确|验证码已失效|CAPTCHA_FAILURE|缺少参数captcha)/, "captcha_code", "auth:errors.captchaWrong"]];
const CODE_REFUSALS: FieldOf = [
  [/^验证码错误次数过多/, "code", "auth:errors.codeBurned"],
  [/验证码不正确/, "code", "member:security.errors.codeWrong"],
];

/** A refused step: beside its field when the upstream names it, else for the form; 4xx, the key kept. */
function refused<T>(submission: Submission<T>, outcome: Refused, passwordKey: string | null, fieldOf: FieldOf) {
  const headers: HeadersInit = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : {};
  const upstream = outcome.upstream;
  const target = upstream ? fieldOf.find(([pattern]) => pattern.test(upstream)) : undefined;
  const result = target
    ? submission.reply({ fieldErrors: { [target[1]]: [target[2]] }, hideFields: HIDDEN })
    : submission.reply({ formErrors: [outcome.formError], hideFields: HIDDEN });
  return data({ result, passwordKey }, { status: outcome.status, headers });
}

async function changeWithOldPassword(ctx: UpstreamContext, form: FormData) {
  const config = await getRegisterConfig(ctx);
  const submission = parseWithZod(form, { schema: changePasswordSchema(config.pwd_len, config.pwd_complexity) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }), passwordKey: null }, { status: 400 });
  try {
    await changePassword(ctx, submission.value.old_password, submission.value.new_password);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // The old password is the usual refusal (5.5.2: PASSWORD_ERROR, 账户或密码错误): beside its field; anything else as the upstream wrote it.
    const wrongOld = /原密码|PASSWORD_ERROR|账户或密码错误/.test(error.upstreamMessage);
    const reply = wrongOld
      ? submission.reply({ hideFields: HIDDEN, fieldErrors: { old_password: ["member:security.errors.oldWrong"] } })
      : submission.reply({ hideFields: HIDDEN, formErrors: [upstreamError(error.upstreamMessage || "操作失败")] });
    return data({ result: reply, passwordKey: null }, { status: 400 });
  }
  return redirectWithToast("/member/security", { kind: "success", key: "member:security.passwordChanged" });
}
