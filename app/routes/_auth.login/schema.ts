import { z } from "zod";
import { CaptchaCodeSchema, CaptchaIdSchema, MobileSchema, RedirectSchema, SmsCodeSchema } from "~/domain/auth-fields";

export const PasswordLoginSchema = z.object({
  intent: z.literal("password-login"),
  username: z.string({ required_error: "validation:required" }).trim().max(50, "validation:tooLong"),
  password: z.string({ required_error: "validation:required" }).max(64, "validation:tooLong"),
  captcha_id: CaptchaIdSchema,
  captcha_code: CaptchaCodeSchema,
  auto_login: z.boolean().optional(),
  redirect: RedirectSchema,
});

export const SendLoginCodeSchema = z.object({
  intent: z.literal("send-code"),
  mobile: MobileSchema,
  captcha_id: CaptchaIdSchema,
  captcha_code: CaptchaCodeSchema,
  redirect: RedirectSchema,
});

export const MobileLoginSchema = z.object({
  intent: z.literal("mobile-login"),
  mobile: MobileSchema,
  key: z.string({ required_error: "auth:mobile.sendFirst" }).max(200),
  code: SmsCodeSchema,
  redirect: RedirectSchema,
});

export const LoginSchema = z.discriminatedUnion("intent", [PasswordLoginSchema, SendLoginCodeSchema, MobileLoginSchema]);

export const LoginModeSchema = z.enum(["password", "mobile"]).catch("password");
