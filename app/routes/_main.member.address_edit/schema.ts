import { z } from "zod";

// The address form (/member/address_edit), parsed on the server only (ADR 010): the browser gets
// the native constraints from getZodConstraint. Messages are keys of the `address` namespace.

export const NAME_MAX = 20;
export const DETAIL_MAX = 100;

/** A region id as a select sends it: "" (nothing chosen) → 0; anything but digits is refused. Registration's region fields use it too. */
export const RegionId = z
  .string()
  .trim()
  .regex(/^\d{0,12}$/, "address:errors.badRegion")
  .optional()
  .transform((value) => (value ? Number(value) : 0));

const Optional = (max: number, pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .regex(pattern, message)
    .optional()
    .transform((value) => value ?? "");

const Fields = {
  id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  name: z
    .string({ required_error: "address:errors.nameRequired" })
    .trim()
    .min(1, "address:errors.nameRequired")
    .max(NAME_MAX, `address:errors.nameTooLong|max=${NAME_MAX}`),
  // Mainland mobile: 11 digits starting 1[3-9]; a landline (area code, digits, dashes) may stand in.
  mobile: Optional(11, /^1[3-9]\d{9}$/, "address:errors.mobile"),
  telephone: Optional(20, /^[0-9-]{7,20}$/, "address:errors.telephone"),
  province_id: RegionId,
  city_id: RegionId,
  district_id: RegionId,
  community_id: RegionId,
  address: z
    .string({ required_error: "address:errors.detailRequired" })
    .trim()
    .min(1, "address:errors.detailRequired")
    .max(DETAIL_MAX, `address:errors.detailTooLong|max=${DETAIL_MAX}`),
  is_default: z.boolean().optional(),
  redirect: z.string().max(2000).optional(),
};

/** "save": every field checked. Whether the district may be empty depends on the region data (the action checks it). */
export const AddressFormSchema = z.object({ intent: z.literal("save"), ...Fields }).superRefine((value, ctx) => {
  if (!value.mobile && !value.telephone) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["mobile"], message: "address:errors.contactRequired" });
  if (!value.province_id) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["province_id"], message: "address:errors.provinceRequired" });
  else if (!value.city_id) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["city_id"], message: "address:errors.cityRequired" });
});
export type AddressForm = z.infer<typeof AddressFormSchema>;

/** The region ids of any submission, leniently (a bad one counts as not chosen). */
export const RegionIdsSchema = z.object({
  province_id: RegionId.catch(0),
  city_id: RegionId.catch(0),
  district_id: RegionId.catch(0),
  community_id: RegionId.catch(0),
});

/** "regions" (the no-JS "next" buttons): only the region ids matter; typed text is echoed back as is. */
export const RegionStepSchema = RegionIdsSchema.extend({ intent: z.literal("regions") });
