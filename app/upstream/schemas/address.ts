import { z } from "zod/v4";
import { Flag, IntLike, paged, Text } from "./common";

// Delivery addresses and regions (contract §6.8; samples api_memberaddress_*, api_address_*).

/** A coordinate as the upstream stores it (a decimal string, "" for none); a number or null is read as text. */
const Coordinate = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value == null ? "" : String(value)));

/** A member address row (`memberaddress/page` list items and `memberaddress/info`). */
export const AddressSchema = z.object({
  id: IntLike,
  name: Text,
  mobile: Text,
  telephone: Text,
  province_id: IntLike,
  city_id: IntLike,
  district_id: IntLike,
  community_id: IntLike.optional()
    .catch(0)
    .transform((value) => value ?? 0),
  address: Text,
  full_address: Text,
  // Text in the upstream's table ("" when not located); kept as sent, so an edit can send them back.
  longitude: Coordinate,
  latitude: Coordinate,
  is_default: Flag,
  type: IntLike.optional()
    .catch(1)
    .transform((value) => value ?? 1),
});
export type Address = z.infer<typeof AddressSchema>;

export const AddressPageSchema = paged(AddressSchema);

/** `memberaddress/info` for an id that is not (or no longer) the member's: null data or an empty array. */
export const MaybeAddressSchema = z
  .union([AddressSchema, z.null(), z.literal(""), z.array(z.never()).length(0)])
  .transform((value) => (value && !Array.isArray(value) ? value : null));

/** `memberaddress/add`: the new id, a string in the sample ("1"). */
export const NewAddressIdSchema = IntLike;

/** A region row of `address/lists` (level 1 province … 4 street). Coordinates are not used here. */
export const RegionSchema = z.object({
  id: IntLike,
  pid: IntLike,
  name: z.string(),
  shortname: Text,
  level: IntLike,
});
export type Region = z.infer<typeof RegionSchema>;
