import { z } from "zod";
import { CaptchaCodeSchema, CaptchaIdSchema, MobileSchema, passwordSchema, RedirectSchema, SmsCodeSchema, UsernameSchema } from "~/domain/auth-fields";

/** Fields both registration methods take (the spec §3 payload fields the upstream asks for). */
const Extras = {
  member_label: z.coerce.number().int().nonnegative().optional(),
  realname: z.string().trim().max(30, "validation:tooLong").optional(),
  agreement: z.boolean().optional(),
  captcha_id: CaptchaIdSchema,
  captcha_code: CaptchaCodeSchema,
  redirect: RedirectSchema,
};

export type RegisterRules = { pwdLen: number; pwdComplexity: string[]; agreementRequired: boolean };

function requireAgreement(rules: RegisterRules, value: { intent: string; agreement?: boolean }, ctx: z.RefinementCtx) {
  if (value.intent !== "send-code" && rules.agreementRequired && value.agreement !== true) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["agreement"], message: "auth:register.agreementRequired" });
  }
}

/** Username registration; the rules come from the upstream's register config (pwd_len, complexity). */
export function usernameRegisterSchema(rules: RegisterRules) {
  return z
    .object({
      intent: z.literal("register-username"),
      username: UsernameSchema,
      password: passwordSchema(rules.pwdLen, rules.pwdComplexity),
      confirm_password: z.string({ required_error: "validation:required" }),
      ...Extras,
    })
    .superRefine((value, ctx) => {
      requireAgreement(rules, value, ctx);
      if (value.password !== value.confirm_password) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirm_password"], message: "validation:passwordMismatch" });
      }
    });
}

/** Mobile registration: "send-code" first, then "register-mobile" with the SMS key and code. */
export function mobileRegisterSchema(rules: RegisterRules) {
  return z
    .discriminatedUnion("intent", [
      z.object({ intent: z.literal("send-code"), mobile: MobileSchema, ...Extras }),
      z.object({
        intent: z.literal("register-mobile"),
        mobile: MobileSchema,
        key: z.string({ required_error: "auth:mobile.sendFirst" }).max(200),
        code: SmsCodeSchema,
        ...Extras,
      }),
    ])
    .superRefine((value, ctx) => requireAgreement(rules, value, ctx));
}

export const RegisterModeSchema = z.enum(["username", "mobile"]).catch("username");
