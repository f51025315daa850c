import { z } from "zod/v4";
import { cached, type CachePolicy } from "~/utils/cache.server";
import { callUpstream, UpstreamError, withoutToken, type UpstreamContext } from "./http.server";
import { Ignored } from "./schemas/common";
import { AddressPageSchema, MaybeAddressSchema, NewAddressIdSchema, RegionSchema, type Address, type Region } from "./schemas/address";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const RegionsSchema = z.array(RegionSchema);

// The member's delivery addresses (per member, never cached) and the region tree (public, cached).

/**
 * The fields add and edit send: every one the upstream reads (it reads each without a default, so a
 * missing one is `系统异常：Undefined array key`). full_address is built by the caller from the region
 * names. The coordinates make a located address (type 2, for local delivery) when both are set:
 * the PC sends none for a new address and the stored ones on edit (a located address may not
 * lose them), as here.
 */
export type AddressInput = {
  name: string;
  mobile: string;
  telephone: string;
  province_id: number;
  city_id: number;
  district_id: number;
  community_id: number;
  address: string;
  full_address: string;
  longitude: string;
  latitude: string;
  is_default: 0 | 1;
};

/** Every ordinary (type 1) address, default first, as the upstream orders them. */
export async function listAddresses(ctx: UpstreamContext): Promise<Address[]> {
  const page = await callUpstream(ctx, "/api/memberaddress/page", AddressPageSchema, { page: 1, page_size: 0, type: 1 });
  return page.list;
}

/** One own address, or null when the id is not the member's (the upstream refuses or answers nothing). */
export async function findAddress(ctx: UpstreamContext, id: number): Promise<Address | null> {
  try {
    return await callUpstream(ctx, "/api/memberaddress/info", MaybeAddressSchema, { id });
  } catch (error) {
    if (error instanceof UpstreamError && error.constructor === UpstreamError) return null;
    throw error;
  }
}

/** Adds an address; answers the new id. */
export function addAddress(ctx: UpstreamContext, input: AddressInput): Promise<number> {
  return callUpstream(ctx, "/api/memberaddress/add", NewAddressIdSchema, input);
}

export function editAddress(ctx: UpstreamContext, id: number, input: AddressInput) {
  return callUpstream(ctx, "/api/memberaddress/edit", Ignored, { id, ...input });
}

export function deleteAddress(ctx: UpstreamContext, id: number) {
  return callUpstream(ctx, "/api/memberaddress/delete", Ignored, { id });
}

/** Makes `id` the default; checkout uses the default address (contract §2.4), so this also "chooses" it. */
export function setDefaultAddress(ctx: UpstreamContext, id: number) {
  return callUpstream(ctx, "/api/memberaddress/setdefault", Ignored, { id });
}

/** Region data changes a few times a year: cache it long, for everyone, without the token. */
const REGIONS: CachePolicy = { ttlMs: 6 * 60 * 60 * 1000, staleMs: 24 * 60 * 60 * 1000 };

/** The child regions of `pid` (0 = provinces). */
export function listRegions(ctx: UpstreamContext, pid: number): Promise<Region[]> {
  return cached(`address:regions:${pid}`, REGIONS, () => callUpstream(withoutToken(ctx), "/api/address/lists", RegionsSchema, { pid }));
}

export type RegionIds = { province_id: number; city_id: number; district_id: number; community_id: number };
export type RegionOption = { id: number; name: string };
export type RegionChoices = {
  /** The chosen ids, each kept only when it really is a child of the level above (else 0). */
  ids: RegionIds;
  /** The options of each level for those ids (empty below the first unchosen level). */
  options: { provinces: RegionOption[]; cities: RegionOption[]; districts: RegionOption[]; streets: RegionOption[] };
  /** The chosen regions' names, province first ("北京市", "北京市", "东城区"). */
  names: string[];
};

const option = (region: Region): RegionOption => ({ id: region.id, name: region.name });

/**
 * Walks the region tree down the chosen ids (the form's cascade): a level whose id is not among
 * its parent's children is dropped with everything below it, so a changed province never keeps
 * the old city.
 */
export async function regionChoices(ctx: UpstreamContext, chosen: RegionIds): Promise<RegionChoices> {
  const ids: RegionIds = { province_id: 0, city_id: 0, district_id: 0, community_id: 0 };
  const names: string[] = [];
  const provinces = await listRegions(ctx, 0);
  const levels = [
    ["province_id", "cities"],
    ["city_id", "districts"],
    ["district_id", "streets"],
    ["community_id", null],
  ] as const;
  const options: RegionChoices["options"] = { provinces: provinces.map(option), cities: [], districts: [], streets: [] };
  let siblings: Region[] = provinces;
  for (const [key, below] of levels) {
    const region = siblings.find((candidate) => candidate.id === chosen[key]);
    if (!region) break;
    ids[key] = region.id;
    names.push(region.name);
    if (!below) break;
    siblings = await listRegions(ctx, region.id);
    options[below] = siblings.map(option);
  }
  return { ids, options, names };
}
