import { regionChoices, type RegionChoices } from "~/upstream/address.server";
import { ownAssetUrl } from "~/upstream/context.server";
import { withoutToken, type UpstreamContext } from "~/upstream/http.server";
import { getQualificationConfig, uploadRegistrationQualification } from "~/upstream/qualification.server";
import { cached } from "~/utils/cache.server";
import { imageFileProblem } from "~/utils/image-file";
import { REGISTER_IMAGE_MAX_BYTES, REGISTER_IMAGE_MAX_KB } from "./limits";
import { RegisterRegionIdsSchema, uploadedImages } from "./schema";

// The business fields of username registration (docs/member-centre.md "Registration"): region
// and address, business type with its qualification images, the referrer.

export type RegisterType = { id: number; name: string; isMust: boolean; maxImages: number };
export type RegisterImages = Record<number, Array<{ path: string; url: string }>>;
/** What the form shows besides conform's fields: kept across the no-JS steps. */
export type RegisterExtrasState = { regions: RegionChoices | null; label: number; images: RegisterImages };

/** The qualification types of each business type ("0": none chosen); null without the capability. */
export function typesByLabel(ctx: UpstreamContext, labelIds: number[]): Promise<Record<string, RegisterType[]> | null> {
  // The same for every visitor and changed only in the shop's admin: shared and cached briefly.
  return cached(`auth:register-types:${labelIds.join(",")}`, { ttlMs: 30_000, staleMs: 5 * 60_000 }, () => loadTypes(withoutToken(ctx), labelIds));
}

async function loadTypes(ctx: UpstreamContext, labelIds: number[]): Promise<Record<string, RegisterType[]> | null> {
  const configs = await Promise.all([0, ...labelIds].map((id) => getQualificationConfig(ctx, id || undefined).catch(() => null)));
  if (configs[0] === null) return null;
  const entries = [0, ...labelIds].map((id, index) => [
    String(id),
    (configs[index]?.list ?? []).map((type) => ({ id: type.id, name: type.name, isMust: type.is_must, maxImages: type.max_images })),
  ]);
  return Object.fromEntries(entries);
}

/** The region options for the posted ids; null when the upstream has no region data (the fields are hidden). */
export async function registerRegions(ctx: UpstreamContext, formData: FormData | null): Promise<RegionChoices | null> {
  const chosen = RegisterRegionIdsSchema.parse(formData ? Object.fromEntries([...formData].filter(([, value]) => typeof value === "string")) : {});
  try {
    const choices = await regionChoices(ctx, { ...chosen, community_id: 0 });
    return choices.options.provinces.length > 0 ? choices : null;
  } catch {
    return null;
  }
}

/** The posted business type when it is one the upstream offers, else 0. */
export function chosenLabel(formData: FormData, labelIds: number[]): number {
  const value = Number(formData.get("member_label"));
  return Number.isInteger(value) && labelIds.includes(value) ? value : 0;
}

const IMAGE_ERRORS = {
  missing: "auth:register.errors.imageMissing",
  tooLarge: `auth:register.errors.imageTooLarge|max=${REGISTER_IMAGE_MAX_KB}`,
  notImage: "auth:register.errors.imageNotImage",
} as const;

/**
 * Stores every image chosen in a `file_<type id>` input through `/api/upload/qualification` and
 * adds its path to the images already kept (hidden `qual_<type id>` fields). Only types of the
 * chosen business type count; each type keeps at most its `maxImages`.
 */
export async function storeImages(ctx: UpstreamContext, formData: FormData, types: RegisterType[]) {
  const kept = uploadedImages(formData);
  const errors: Record<string, string[]> = {};
  let status: 200 | 400 | 413 | 415 = 200;
  for (const [key, value] of formData) {
    const id = Number(/^file_(\d{1,9})$/.exec(key)?.[1]);
    if (!id || !(value instanceof File) || (value.size === 0 && value.name === "")) continue;
    const type = types.find((entry) => entry.id === id);
    if (!type) {
      errors[`qual_${id}`] = ["auth:register.errors.unknownType"];
      status = 400;
      continue;
    }
    const problem = await imageFileProblem(value, REGISTER_IMAGE_MAX_BYTES);
    if (problem) {
      errors[`qual_${id}`] = [IMAGE_ERRORS[problem.reason]];
      status = problem.status;
      continue;
    }
    if ((kept[id]?.length ?? 0) >= type.maxImages) {
      errors[`qual_${id}`] = [`auth:register.errors.tooManyImages|max=${type.maxImages}`];
      status = 400;
      continue;
    }
    const path = await uploadRegistrationQualification(ctx, value);
    kept[id] = [...(kept[id] ?? []), path];
  }
  const images: RegisterImages = {};
  for (const type of types) {
    const paths = kept[type.id];
    if (paths?.length) images[type.id] = paths.slice(0, type.maxImages).map((path) => ({ path, url: ownAssetUrl(path, null) }));
  }
  return { images, errors, status };
}

/** Field errors for a registration that lacks what the upstream's data makes required. */
export function missingExtras(
  value: { province_id: number; city_id: number; district_id: number; address?: string },
  regions: RegionChoices | null,
  types: RegisterType[],
  images: RegisterImages,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (regions) {
    if (!value.province_id) errors.province_id = ["address:errors.provinceRequired"];
    else if (regions.ids.province_id !== value.province_id) errors.province_id = ["address:errors.badRegion"];
    else if (!value.city_id) errors.city_id = ["address:errors.cityRequired"];
    else if (regions.ids.city_id !== value.city_id) errors.city_id = ["address:errors.badRegion"];
    else if (!value.district_id && regions.options.districts.length > 0) errors.district_id = ["address:errors.districtRequired"];
    else if (value.district_id && regions.ids.district_id !== value.district_id) errors.district_id = ["address:errors.badRegion"];
    if (!value.address) errors.address = ["address:errors.detailRequired"];
  }
  for (const type of types) {
    if (type.isMust && !images[type.id]?.length) errors[`qual_${type.id}`] = ["auth:register.errors.imageRequired"];
  }
  return errors;
}
