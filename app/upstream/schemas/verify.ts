import { z } from "zod/v4";
import { IntLike, Money, paged, Text } from "./common";

// Verification by staff (contract UPSTREAM-commerce §4.6; docs/verification.md).

/** A goods line of a code (`item_array`). */
export const VerifyItemSchema = z.object({
  img: Text,
  name: Text,
  price: Money.optional()
    .catch("0")
    .transform((value) => value ?? "0"),
  num: IntLike.optional()
    .catch(1)
    .transform((value) => value ?? 1),
});
export type VerifyItem = z.infer<typeof VerifyItemSchema>;

/** A `{title, value}` remark (`remark_array`; [1] is the order number upstream). */
export const VerifyRemarkSchema = z.object({
  title: Text,
  value: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value == null ? "" : String(value))),
});

const Time = IntLike.optional()
  .catch(0)
  .transform((value) => value ?? 0);

/** One use of a code (`verify_record`, our reference API adds it to verifyinfo; a stock upstream may not). */
export const VerifyUseSchema = z.object({ verifier_name: Text, verify_time: Time });

/**
 * A code as `verifyinfo` and `lists` answer it. `is_verify`: 0 waiting, 1 used, 2 refunded,
 * -1 expired (a stock upstream keeps 0 past `expire_time`: see domain/verification.ts).
 */
export const VerifyInfoSchema = z.object({
  verify_code: z.union([z.string(), z.number()]).transform(String),
  verify_type: Text,
  verify_type_name: Text,
  site_name: Text,
  item_array: z
    .array(VerifyItemSchema)
    .nullish()
    .transform((value) => value ?? []),
  remark_array: z
    .array(VerifyRemarkSchema)
    .nullish()
    .transform((value) => value ?? []),
  is_verify: IntLike,
  verifier_name: Text,
  verify_time: Time,
  create_time: Time,
  expire_time: Time,
  verify_total_count: IntLike.optional()
    .catch(1)
    .transform((value) => value ?? 1),
  verify_use_num: Time,
  verify_record: z.array(VerifyUseSchema).optional().catch(undefined),
});
export type VerifyInfo = z.infer<typeof VerifyInfoSchema>;

export const VerifyPageSchema = paged(VerifyInfoSchema);

/** `getverifytype`: `{pickup: {name}, virtualgoods: {name}, …addon types}`, in the upstream's order. */
export const VerifyTypesSchema = z
  .record(z.string(), z.object({ name: Text }))
  .nullish()
  .transform((value) => Object.entries(value ?? {}).map(([key, type]) => ({ key, name: type.name })));
export type VerifyType = z.infer<typeof VerifyTypesSchema>[number];
