import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { blockedFor, clientAddress, count, tooManyAttempts, type Subject } from "~/auth/attempts.server";
import { bindEmail, bindMobile, sendBindMobileCode, sendEmailCode, sendOldMobileCode } from "~/upstream/account.server";
import { formErrorFor } from "~/upstream/error-messages";
import { ShopClosedError, TokenRejectedError, UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import { redirectWithToast } from "~/utils/toast.server";
import { EmailFormSchema, MobileFormSchema } from "./contact-schema";

/**
 * The mobile and email steps of /member/security (docs/member-centre.md "Mobile and email", ADR
 * 026). Sends count against the SMS send limits of the recipient and the client address; wrong
 * codes against the code limits (docs/security.md "Attempt limits"). Refusals are translated and
 * shown beside the field they concern, 4xx, with what was typed kept (the captcha is new each time).
 */

type Refused = { ok: false; status: 400 | 409 | 429; retryAfter?: number; upstream?: string; formError: string };
type Outcome<T> = { ok: true; value: T } | Refused;

async function limited<T>(subjects: Subject[], counts: "always" | "on-failure", run: () => Promise<T>): Promise<Outcome<T>> {
  const wait = await blockedFor(subjects);
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
  [/^原手机动态码不正确$/, "old_code", "account:errors.codeWrong"],
  [/^请先验证原手机号$/, "old_code", "account:errors.oldCodeRequired"],
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

export async function mobileAction(request: Request, ctx: UpstreamContext, form: FormData) {
  const submission = parseWithZod(form, { schema: MobileFormSchema });
  const keysOf = () => ({ oldKey: strField(form, "old_key"), key: strField(form, "key") });
  if (submission.status !== "success") return data({ mobileResult: submission.reply({ hideFields: HIDDEN }), mobileKeys: keysOf() }, { status: 400 });
  const input = submission.value;
  const client = clientAddress(request);
  const captcha = { captcha_id: input.captcha_id ?? "", captcha_code: input.captcha_code };

  if (input.intent === "old-code") {
    const { mobile } = await getMember(ctx);
    if (!mobile) return data({ mobileResult: submission.reply({ formErrors: ["account:errors.noMobile"] }), mobileKeys: keysOf() }, { status: 400 });
    const outcome = await limited(
      [
        ["sendPerMobile", mobile],
        ["sendPerClient", client],
      ],
      "always",
      () => sendOldMobileCode(ctx, captcha),
    );
    if (!outcome.ok) return refuse(submission, outcome, "mobile", keysOf());
    return data({ mobileResult: submission.reply({ hideFields: HIDDEN }), mobileKeys: { oldKey: outcome.value, key: null } });
  }

  // A change (a mobile is bound) needs the old mobile's code: asked before the new one is sent to.
  const { mobile: current } = await getMember(ctx);
  if (current && !input.old_key)
    return data(
      { mobileResult: submission.reply({ formErrors: ["account:errors.oldCodeRequired"], hideFields: HIDDEN }), mobileKeys: keysOf() },
      { status: 400 },
    );
  if (current && !input.old_code)
    return data(
      { mobileResult: submission.reply({ fieldErrors: { old_code: ["account:errors.oldCodeRequired"] }, hideFields: HIDDEN }), mobileKeys: keysOf() },
      { status: 400 },
    );

  if (input.intent === "mobile-code") {
    const outcome = await limited(
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
    [
      ["codePerMobile", input.mobile],
      ["codePerClient", client],
    ],
    "on-failure",
    () =>
      bindMobile(ctx, {
        mobile: input.mobile,
        key: input.key,
        code: input.code,
        ...captcha,
        ...(current ? { old_key: input.old_key ?? "", old_code: input.old_code ?? "" } : {}),
      }),
  );
  if (!outcome.ok) return refuse(submission, outcome, "mobile", keysOf());
  return redirectWithToast("/member/security", { kind: "success", key: current ? "account:mobile.changed" : "account:mobile.bound" });
}

export async function emailAction(request: Request, ctx: UpstreamContext, form: FormData) {
  const submission = parseWithZod(form, { schema: EmailFormSchema });
  const keysOf = () => ({ oldKey: null, key: strField(form, "key") });
  if (submission.status !== "success") return data({ emailResult: submission.reply({ hideFields: HIDDEN }), emailKeys: keysOf() }, { status: 400 });
  const input = submission.value;
  const client = clientAddress(request);
  if (input.intent === "email-code") {
    const outcome = await limited(
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
