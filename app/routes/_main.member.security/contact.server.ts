import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import { waitBeforeAttempt, clientAddress, count, tooManyAttempts, type Subject } from "~/auth/attempts.server";
import { boundMobileKey, signBoundMobileKey } from "~/auth/bound-mobile-key.server";
import { bindEmail, bindMobile, canBindEmail, sendBindMobileCode, sendBoundMobileCode, sendEmailCode, verifySentCode } from "~/upstream/account.server";
import { CapabilityAbsentError } from "~/upstream/capabilities.server";
import { formErrorFor } from "~/upstream/error-messages";
import { ShopClosedError, TokenRejectedError, UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import { redirectWithToast } from "~/utils/toast.server";
import { EmailFormSchema, MobileFormSchema } from "./contact-schema";

/**
 * The mobile and email steps of /member/security (docs/member-centre.md "Mobile and email", ADRs
 * 026 and 041). Sends count against the SMS send limits of the recipient and the client address;
 * wrong codes against the code limits (docs/security.md "Attempt limits"). Refusals are translated
 * and shown beside the field they concern, 4xx, with what was typed kept (the captcha is new each
 * time). The old mobile's code is checked here: Niushop 5.5.2's modifymobile does not.
 */

export type Refused = { ok: false; status: 400 | 409 | 429; retryAfter?: number; upstream?: string; formError: string };
type Outcome<T> = { ok: true; value: T } | Refused;

/** Runs an upstream step within the attempt limits of `subjects`; an upstream refusal (or a used-up limit) is a Refused, not a throw. */
export async function limited<T>(context: AppLoadContext, subjects: Subject[], counts: "always" | "on-failure", run: () => Promise<T>): Promise<Outcome<T>> {
  const wait = await waitBeforeAttempt(context, subjects);
  if (wait > 0) return { ok: false, status: 429, retryAfter: wait, formError: tooManyAttempts(wait) };
  if (counts === "always") await count(subjects);
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error instanceof ShopClosedError || error instanceof TokenRejectedError) throw error;
    if (counts === "on-failure") await count(subjects);
    const message = error.upstreamMessage;
    return { ok: false, status: /已存在/.test(message) ? 409 : 400, upstream: message, formError: formErrorFor(error) };
  }
}

/** Where an upstream refusal belongs: a field and our translated text, else the form. */
const FIELD_OF: Array<[RegExp, string, string]> = [
  [/^(验证码不正确|验证码已失效|CAPTCHA_FAILURE|缺少参数captcha)/, "captcha_code", "auth:errors.captchaWrong"],
  [/^(手机)?动态码不正确$/, "code", "account:errors.codeWrong"],
  [/^邮箱动态码不正确$/, "code", "account:errors.codeWrong"],
  [/^验证码错误次数过多/, "code", "auth:errors.codeBurned"],
  [/^(当前)?手机号已存在$/, "mobile", "account:errors.mobileTaken"],
  [/^与当前绑定的手机号相同$/, "mobile", "account:errors.sameMobile"],
  [/^手机号格式不正确$/, "mobile", "validation:mobile"],
  [/^当前邮箱已存在$/, "email", "account:errors.emailTaken"],
  [/^与当前绑定的邮箱相同$/, "email", "account:errors.sameEmail"],
  [/^邮箱格式不正确$/, "email", "account:errors.emailFormat"],
];

const HIDDEN = ["captcha_code"];

function refuse<T>(submission: Submission<T>, outcome: Refused, kind: "mobile" | "email", keys: { oldKey: string | null; key: string | null }) {
  const headers: HeadersInit = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : {};
  const upstream = outcome.upstream;
  const target = upstream ? FIELD_OF.find(([pattern]) => pattern.test(upstream)) : undefined;
  const reply = target
    ? submission.reply({ fieldErrors: { [target[1]]: [target[2]] }, hideFields: HIDDEN })
    : submission.reply({ formErrors: [outcome.formError], hideFields: HIDDEN });
  return data({ [`${kind}Result`]: reply, [`${kind}Keys`]: keys }, { status: outcome.status, headers });
}

export async function mobileAction(context: AppLoadContext, ctx: UpstreamContext, form: FormData) {
  const submission = parseWithZod(form, { schema: MobileFormSchema });
  const keysOf = () => ({ oldKey: strField(form, "old_key"), key: strField(form, "key") });
  if (submission.status !== "success") return data({ mobileResult: submission.reply({ hideFields: HIDDEN }), mobileKeys: keysOf() }, { status: 400 });
  const input = submission.value;
  const client = clientAddress(context);
  const captcha = { captcha_id: input.captcha_id ?? "", captcha_code: input.captcha_code };
  const member = await getMember(ctx);
  const current = member.mobile;
  const owner = { memberId: member.member_id, mobile: current };

  if (input.intent === "old-code") {
    if (!current) return data({ mobileResult: submission.reply({ formErrors: ["account:errors.noMobile"] }), mobileKeys: keysOf() }, { status: 400 });
    const outcome = await limited(
      context,
      [
        ["sendPerMobile", current],
        ["sendPerClient", client],
      ],
      "always",
      () => sendBoundMobileCode(ctx, captcha),
    );
    if (!outcome.ok) return refuse(submission, outcome, "mobile", keysOf());
    return data({ mobileResult: submission.reply({ hideFields: HIDDEN }), mobileKeys: { oldKey: signBoundMobileKey(outcome.value, owner), key: null } });
  }

  // A change (a mobile is bound) needs the old mobile's code, checked here before the new number
  // is sent to and again before it is bound: Niushop 5.5.2's modifymobile checks only the new one.
  if (current) {
    const oldKey = boundMobileKey(input.old_key, owner);
    if (!oldKey)
      return data(
        { mobileResult: submission.reply({ formErrors: ["account:errors.oldCodeRequired"], hideFields: HIDDEN }), mobileKeys: { ...keysOf(), oldKey: null } },
        { status: 400 },
      );
    if (!input.old_code)
      return data(
        { mobileResult: submission.reply({ fieldErrors: { old_code: ["account:errors.oldCodeRequired"] }, hideFields: HIDDEN }), mobileKeys: keysOf() },
        { status: 400 },
      );
    const proof = await limited(
      context,
      [
        ["codePerMobile", current],
        ["codePerClient", client],
      ],
      "on-failure",
      () => verifySentCode(ctx, { key: oldKey, code: input.old_code ?? "" }),
    );
    if (!proof.ok) {
      // The upstream says "验证码不正确" for any wrong or expired code: it is the old code's.
      const burned = /^验证码错误次数过多/.test(proof.upstream ?? "");
      const wrong =
        proof.status !== 429
          ? { fieldErrors: { old_code: [burned ? "auth:errors.codeBurned" : "account:errors.codeWrong"] } }
          : { formErrors: [proof.formError] };
      const headers: HeadersInit = proof.retryAfter ? { "Retry-After": String(proof.retryAfter) } : {};
      return data({ mobileResult: submission.reply({ ...wrong, hideFields: HIDDEN }), mobileKeys: keysOf() }, { status: proof.status, headers });
    }
  }

  if (input.intent === "mobile-code") {
    const outcome = await limited(
      context,
      [
        ["sendPerMobile", input.mobile],
        ["sendPerClient", client],
      ],
      "always",
      () => sendBindMobileCode(ctx, { mobile: input.mobile, ...captcha }),
    );
    if (!outcome.ok) return refuse(submission, outcome, "mobile", keysOf());
    return data({ mobileResult: submission.reply({ hideFields: HIDDEN }), mobileKeys: { oldKey: input.old_key ?? null, key: outcome.value } });
  }

  const outcome = await limited(
    context,
    [
      ["codePerMobile", input.mobile],
      ["codePerClient", client],
    ],
    "on-failure",
    () => bindMobile(ctx, { mobile: input.mobile, key: input.key, code: input.code, ...captcha }),
  );
  if (!outcome.ok) return refuse(submission, outcome, "mobile", keysOf());
  return redirectWithToast("/member/security", { kind: "success", key: current ? "account:mobile.changed" : "account:mobile.bound" });
}

/**
 * The email steps. Without the capability (Niushop 5.5.2 has no email binding) the panel is not
 * shown; a post that comes anyway (a page from before, a forged form) goes back to the page with a
 * message, never a 502.
 */
export async function emailAction(context: AppLoadContext, ctx: UpstreamContext, form: FormData) {
  const unavailable = () => redirectWithToast("/member/security", { kind: "error", key: "account:email.unavailable" });
  if (!(await canBindEmail())) return unavailable();
  try {
    return await emailSteps(context, ctx, form);
  } catch (error) {
    if (error instanceof CapabilityAbsentError) return unavailable();
    throw error;
  }
}

async function emailSteps(context: AppLoadContext, ctx: UpstreamContext, form: FormData) {
  const submission = parseWithZod(form, { schema: EmailFormSchema });
  const keysOf = () => ({ oldKey: null, key: strField(form, "key") });
  if (submission.status !== "success") return data({ emailResult: submission.reply({ hideFields: HIDDEN }), emailKeys: keysOf() }, { status: 400 });
  const input = submission.value;
  const client = clientAddress(context);
  if (input.intent === "email-code") {
    const outcome = await limited(
      context,
      [
        ["sendPerMobile", input.email],
        ["sendPerClient", client],
      ],
      "always",
      () => sendEmailCode(ctx, { email: input.email, captcha_id: input.captcha_id ?? "", captcha_code: input.captcha_code }),
    );
    if (!outcome.ok) return refuse(submission, outcome, "email", keysOf());
    return data({ emailResult: submission.reply({ hideFields: HIDDEN }), emailKeys: { oldKey: null, key: outcome.value } });
  }
  const outcome = await limited(
    context,
    [
      ["codePerMobile", input.email],
      ["codePerClient", client],
    ],
    "on-failure",
    () => bindEmail(ctx, { email: input.email, key: input.key, code: input.code }),
  );
  if (!outcome.ok) return refuse(submission, outcome, "email", keysOf());
  return redirectWithToast("/member/security", { kind: "success", key: "account:email.bound" });
}

function strField(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" && value.trim() && value.length <= 200 ? value.trim() : null;
}
