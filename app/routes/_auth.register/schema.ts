import { z } from "zod";
import { RegionId } from "~/routes/_main.member.address_edit/schema";
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

export const ADDRESS_MAX = 100;

/**
 * Username registration's business fields (spec §3): region and detailed address (the member's
 * default delivery address), the referrer. Whether region and address are required depends on the
 * upstream's region data and is checked by the action, like the qualification images.
 */
const UsernameExtras = {
  province_id: RegionId,
  city_id: RegionId,
  district_id: RegionId,
  address: z.string().trim().max(ADDRESS_MAX, `address:errors.detailTooLong|max=${ADDRESS_MAX}`).optional(),
  inputfenxiao_name: z.string().trim().max(30, "validation:tooLong").optional(),
  invitation_code: z
    .string()
    .trim()
    .max(20, "validation:tooLong")
    .regex(/^[0-9A-Za-z]*$/, "auth:register.badInvitationCode")
    .optional(),
};

/** The no-JS steps of the username form: next region level, the chosen business type's documents, uploading images. */
export const RegisterStepSchema = z.object({ intent: z.enum(["regions", "label", "upload"]) });

/** The region ids of any submission, leniently (a bad one counts as not chosen). */
export const RegisterRegionIdsSchema = z.object({
  province_id: RegionId.catch(0),
  city_id: RegionId.catch(0),
  district_id: RegionId.catch(0),
});

/** Uploaded image paths kept in hidden `qual_<aptitude id>` fields ("path,path"); anything else is dropped. */
const UPLOAD_PATH = /^[\w./-]{1,200}$/;
export function uploadedImages(formData: FormData): Record<number, string[]> {
  const images: Record<number, string[]> = {};
  for (const [key, value] of formData) {
    const id = /^qual_(\d{1,9})$/.exec(key)?.[1];
    if (!id || typeof value !== "string" || value === "") continue;
    const paths = value.split(",").filter((path) => UPLOAD_PATH.test(path) && !path.includes(".."));
    if (paths.length > 0) images[Number(id)] = [...new Set([...(images[Number(id)] ?? []), ...paths])].slice(0, 10);
  }
  return images;
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
      ...UsernameExtras,
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
