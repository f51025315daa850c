import { z } from "zod";

const CartId = z.coerce
  .number({ invalid_type_error: "cart:errors.badLine" })
  .int("cart:errors.badLine")
  .positive("cart:errors.badLine")
  .max(2_147_483_647, "cart:errors.badLine");
/**
 * A quantity as sent: empty or digits (empty and 0 become 1 by the quantity rules); anything else
 * (negative, decimals, letters, absurdly long) is refused. `num` comes from the − / + buttons,
 * `typed` from the field.
 */
const TypedQuantity = z
  .string({ required_error: "cart:errors.badQuantity" })
  .trim()
  .regex(/^\d{0,7}$/, "cart:errors.badQuantity");

/** Several ids: one field per checkbox (`cart_id=1&cart_id=2`). */
const CartIds = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(CartId).max(200));

export const CartIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-quantity"), cart_id: CartId, num: TypedQuantity.optional(), typed: TypedQuantity.optional() }),
  z.object({ intent: z.literal("set-bundle-quantity"), cart_id: CartId, num: TypedQuantity.optional(), typed: TypedQuantity.optional() }),
  z.object({ intent: z.literal("delete"), cart_id: CartId }),
  z.object({ intent: z.literal("delete-bundle"), cart_id: CartId }),
  z.object({ intent: z.literal("delete-selected"), cart_id: CartIds }),
  z.object({ intent: z.literal("settle"), cart_id: CartIds }),
]);
export type CartIntent = z.infer<typeof CartIntentSchema>;

/** spec: at most 100 lines go to checkout together (the old PC cart's rule). */
export const MAX_SETTLE_LINES = 100;
