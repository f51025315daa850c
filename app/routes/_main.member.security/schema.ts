import { z } from "zod";
import { CaptchaIdSchema, passwordSchema } from "~/domain/auth-fields";

/** The change-password form: the new password follows the upstream's register rules (pwd_len, complexity). */
export function changePasswordSchema(minLength: number, complexity: string[]) {
  return z
    .object({
      intent: z.literal("password"),
      old_password: z.string({ required_error: "member:security.errors.oldRequired" }).min(1, "member:security.errors.oldRequired").max(64),
      new_password: passwordSchema(minLength, complexity),
      confirm_password: z.string({ required_error: "member:security.errors.confirm" }),
    })
    .superRefine((value, ctx) => {
      if (value.new_password !== value.confirm_password)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirm_password"], message: "member:security.errors.confirm" });
      if (value.new_password === value.old_password)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["new_password"], message: "member:security.errors.same" });
    });
}

/**
 * Setting a first login password (a member registered by SMS has none): Niushop 5.5.2 asks for the
 * key and code of an SMS sent to the bound mobile (`pwdmobliecode`) instead of the old password.
 * Step 1 asks for the code (captcha), step 2 sets the password.
 */
export const PasswordCodeSchema = z.object({
  intent: z.literal("password-code"),
  captcha_id: CaptchaIdSchema,
  captcha_code: z.string({ required_error: "validation:required" }).trim().min(1, "validation:required").max(10, "validation:captcha"),
});

export function setPasswordSchema(minLength: number, complexity: string[]) {
  return z
    .object({
      intent: z.literal("password"),
      key: z.string({ required_error: "member:security.errors.sendFirst" }).trim().min(1, "member:security.errors.sendFirst").max(300),
      code: z
        .string({ required_error: "member:security.errors.code" })
        .trim()
        .regex(/^\d{4,6}$/, "member:security.errors.code"),
      new_password: passwordSchema(minLength, complexity),
      confirm_password: z.string({ required_error: "member:security.errors.confirm" }),
    })
    .superRefine((value, ctx) => {
      if (value.new_password !== value.confirm_password)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirm_password"], message: "member:security.errors.confirm" });
    });
}

/** The pay password form: the SMS key and code, 6 digits twice (the /pay cashier asks for them). */
export const PayPasswordSchema = z
  .object({
    intent: z.literal("pay-password"),
    key: z.string().min(1).max(200),
    code: z
      .string({ required_error: "member:security.errors.code" })
      .trim()
      .regex(/^\d{4,6}$/, "member:security.errors.code"),
    pay_password: z.string({ required_error: "member:security.errors.payPassword" }).regex(/^\d{6}$/, "member:security.errors.payPassword"),
    confirm_pay_password: z.string({ required_error: "member:security.errors.payConfirm" }),
  })
  .superRefine((value, ctx) => {
    if (value.pay_password !== value.confirm_pay_password)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirm_pay_password"], message: "member:security.errors.payConfirm" });
  });
