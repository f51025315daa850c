import { requireCapability, withCapability } from "./capabilities.server";
import { callUpstream, type UpstreamContext } from "./http.server";
import { Ignored } from "./schemas/common";
import { MemberQualificationSchema, QualificationConfigSchema, ShopCertificateListSchema, UploadedQualificationSchema } from "./schemas/qualification";
import { uploadImage, uploadImageWith } from "./upload.server";

// Qualifications (资质) and the shop's certificates (docs/qualifications.md). Per member: never cached.

/** The types a business type hands in (`memberLabel`), or the caller's; null when the upstream has no qualifications. */
export function getQualificationConfig(ctx: UpstreamContext, memberLabel?: number) {
  return withCapability(
    "qualifications",
    () =>
      callUpstream(ctx, "/api/qualification/getQualificationConfig", QualificationConfigSchema, memberLabel === undefined ? {} : { member_label: memberLabel }),
    null,
  );
}

/** The member's types with their newest submission and newest approval; null without the capability. */
export function getMemberQualifications(ctx: UpstreamContext) {
  return withCapability("qualifications", () => callUpstream(ctx, "/api/qualification/getMemberQualification", MemberQualificationSchema), null);
}

/** One image (checked by the action first) for a type; added to the pending submission `id` when given. */
export function uploadQualification(ctx: UpstreamContext, input: { aptitudeId: number; expireDate: string; id?: number }, file: File) {
  const fields: Record<string, string> = { aptitude_id: String(input.aptitudeId), expire_date: input.expireDate };
  if (input.id) fields.id = String(input.id);
  return requireCapability("qualifications", () => uploadImageWith(ctx, "/api/qualification/qualificationUpload", file, fields, UploadedQualificationSchema));
}

/** Takes an image out of the member's pending submission. */
export function deleteQualificationImage(ctx: UpstreamContext, id: number, image: string) {
  return requireCapability("qualifications", () => callUpstream(ctx, "/api/qualification/deleteImage", Ignored, { id, image }));
}

/** Registration: one image uploaded before the member exists; its path goes into `qualifications_images`. */
export function uploadRegistrationQualification(ctx: UpstreamContext, file: File) {
  return requireCapability("qualifications", () => uploadImage(ctx, "/api/upload/qualification", file));
}

/** The shop's own licences; null when the upstream has none to show. */
export function listShopCertificates(ctx: UpstreamContext) {
  return withCapability("certificates", () => callUpstream(ctx, "/api/qualification/shopCertiys", ShopCertificateListSchema), null);
}
