import { z } from "zod";

// Field rules shared by the login, registration and find-password forms (client and server).

export const MobileSchema = z
  .string({ required_error: "validation:required" })
  .trim()
  .regex(/^1[3-9]\d{9}$/, "validation:mobile");

export const SmsCodeSchema = z
  .string({ required_error: "validation:required" })
  .trim()
  .regex(/^\d{4,6}$/, "validation:smsCode");

export const CaptchaCodeSchema = z.string().trim().max(10, "validation:captcha").optional();

/** The upstream's 32-hex id, or the BFF's own sealed one (auth/own-captcha.server.ts). */
export const CaptchaIdSchema = z.string().max(512).optional();

/** Where to go after signing in; checked again by safeRedirect when redirecting. */
export const RedirectSchema = z.string().max(2000).optional();

export const UsernameSchema = z
  .string({ required_error: "validation:required" })
  .trim()
  .min(3, "validation:usernameLength")
  .max(30, "validation:usernameLength")
  .regex(/^[A-Za-z0-9_\u4e00-\u9fa5]+$/, "validation:usernameChars");

/** The upstream's password rule: at least `minLength` characters (pwd_len) and the complexity classes. */
export function passwordSchema(minLength: number, complexity: string[] = []) {
  let schema = z
    .string({ required_error: "validation:required" })
    .min(minLength, `validation:passwordLength|min=${minLength}`)
    .max(32, "validation:passwordTooLong");
  const classes: Record<string, RegExp> = { number: /\d/, letter: /[a-z]/, upper_case: /[A-Z]/, symbol: /[^A-Za-z0-9]/ };
  for (const kind of complexity) {
    const pattern = classes[kind];
    if (pattern) schema = schema.regex(pattern, `validation:passwordNeeds.${kind}`);
  }
  return schema;
}
