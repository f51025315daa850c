import { z } from "zod";
import { CaptchaIdSchema, MobileSchema, SmsCodeSchema } from "~/domain/auth-fields";

// The mobile and email forms of /member/security (docs/member-centre.md "Mobile and email").
// Each step is a submit button of one form (its `intent`); keys of sent codes travel as hidden fields.

const Captcha = {
  captcha_id: CaptchaIdSchema,
  captcha_code: z.string({ required_error: "validation:required" }).trim().min(1, "validation:required").max(10, "validation:captcha"),
};
const Key = z.string().trim().min(1).max(200);
const OldProof = { old_key: Key.optional(), old_code: SmsCodeSchema.optional() };

export const EmailSchema = z
  .string({ required_error: "validation:required" })
  .trim()
  .max(100, "account:errors.emailFormat")
  .regex(/^[^\s@]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, "account:errors.emailFormat");

export const MobileFormSchema = z.discriminatedUnion("intent", [
  // Changing a bound mobile: first a code to the old one.
  z.object({ intent: z.literal("old-code"), ...Captcha }),
  z.object({ intent: z.literal("mobile-code"), mobile: MobileSchema, ...Captcha, ...OldProof }),
  z.object({
    intent: z.literal("mobile-bind"),
    mobile: MobileSchema,
    key: z.string({ required_error: "auth:mobile.sendFirst" }).trim().min(1, "auth:mobile.sendFirst").max(200),
    code: SmsCodeSchema,
    ...Captcha,
    ...OldProof,
  }),
]);
export type MobileForm = z.infer<typeof MobileFormSchema>;

export const EmailFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("email-code"), email: EmailSchema, ...Captcha }),
  z.object({
    intent: z.literal("email-bind"),
    email: EmailSchema,
    key: z.string({ required_error: "account:email.sendFirst" }).trim().min(1, "account:email.sendFirst").max(200),
    code: z
      .string({ required_error: "validation:required" })
      .trim()
      .regex(/^\d{6}$/, "account:errors.emailCode"),
  }),
]);
export type EmailForm = z.infer<typeof EmailFormSchema>;

export const MOBILE_INTENTS = ["old-code", "mobile-code", "mobile-bind"] as const;
export const EMAIL_INTENTS = ["email-code", "email-bind"] as const;
