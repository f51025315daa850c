import { z } from "zod";

// The goods detail page's POST intents (one form per intent, all plain forms). Messages are
// translation keys. The quantity is only checked for being a whole number ≥ 1 here; the action
// then clamps it to the goods' own bounds (quantity.ts), which the schema cannot know.

export const QuantitySchema = z
  .number({ required_error: "goods:quantity.required", invalid_type_error: "goods:quantity.invalid" })
  .int("goods:quantity.invalid")
  .min(1, "goods:quantity.min")
  .max(1_000_000_000, "goods:quantity.invalid");

/** The buy form: one quantity, two submit buttons (add to cart, buy now). */
export const BuySchema = z.object({
  intent: z.enum(["add-to-cart", "buy-now"]),
  num: QuantitySchema,
});

export const GoodsDetailActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add-to-cart"), num: QuantitySchema }),
    z.object({ intent: z.literal("buy-now"), num: QuantitySchema }),
    z.object({ intent: z.literal("follow") }),
    z.object({ intent: z.literal("unfollow") }),
    z.object({
      intent: z.literal("receive-coupon"),
      coupon_type_id: z.number({ invalid_type_error: "goods:errors.invalidRequest", required_error: "goods:errors.invalidRequest" }).int().positive(),
    }),
    z.object({ intent: z.literal("qrcode") }),
  ],
  { errorMap: () => ({ message: "goods:errors.invalidRequest" }) },
);
export type GoodsDetailAction = z.infer<typeof GoodsDetailActionSchema>;
