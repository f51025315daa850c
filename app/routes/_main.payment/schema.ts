import { z } from "zod";
import { BUYER_MESSAGE_MAX, MOBILE } from "~/domain/checkout";

// The /payment form. The same fields travel in the URL (the GET "recalculate" form) and in the
// "submit order" POST, so one schema reads both; messages are translation keys.

/** The cart sends at most 100 lines to checkout (cart schema MAX_SETTLE_LINES). */
const MAX_CART_IDS = 100;

const Id = z.coerce
  .number({ invalid_type_error: "checkout:errors.badRequest" })
  .int("checkout:errors.badRequest")
  .positive("checkout:errors.badRequest")
  .max(2_147_483_647, "checkout:errors.badRequest");

/** "1,2,3": positive ids, no duplicates. */
const CartIds = z
  .string()
  .trim()
  .regex(/^\d{1,10}(,\d{1,10})*$/, "checkout:errors.badRequest")
  .transform((value) => [...new Set(value.split(",").map(Number))])
  .pipe(z.array(Id).min(1, "checkout:errors.badRequest").max(MAX_CART_IDS, "checkout:errors.badRequest"));

const Quantity = z.coerce
  .number({ invalid_type_error: "checkout:errors.badQuantity" })
  .int("checkout:errors.badQuantity")
  .min(1, "checkout:errors.badQuantity")
  .max(999_999, "checkout:errors.badQuantity");

/** An optional short text field; an empty field is absent. */
function optionalText(max: number, message: string) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), z.string().trim().max(max, message).optional());
}

/** What is bought: cart lines or one sku ("buy now"); both or neither is a bad request. */
export const SourceSchema = z.union([
  z.object({ cart_ids: CartIds, sku_id: z.undefined().optional(), num: z.undefined().optional() }),
  z.object({ sku_id: Id, num: Quantity, cart_ids: z.undefined().optional() }),
]);

export const OptionsSchema = z.object({
  /** A delivery type name the upstream offered (express, store); checked against the offer later. */
  delivery: z
    .string()
    .regex(/^[a-z_]{1,20}$/, "checkout:errors.badRequest")
    .optional(),
  store_id: z.preprocess((value) => (value === "" ? undefined : value), Id.optional()),
  /** A virtual order's mobile (its format is checked at submit: virtualMobileProblem). */
  mobile: optionalText(20, "checkout:errors.mobileInvalid"),
  /** Absent: the upstream's best coupon; 0: none. */
  coupon_id: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int("checkout:errors.badRequest").min(0, "checkout:errors.badRequest").max(2_147_483_647).optional(),
  ),
  use_balance: z.enum(["0", "1"]).optional(),
  /** Points deduction (积分抵扣), off unless asked. */
  use_point: z.enum(["0", "1"]).optional(),
  invoice: z.enum(["0", "1"]).optional(),
  invoice_type: z.enum(["1", "2"]).optional(),
  invoice_title_type: z.enum(["1", "2"]).optional(),
  invoice_title: optionalText(50, "checkout:errors.invoiceTitleLong"),
  taxpayer_number: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z]{15,20}$/, "checkout:errors.taxNumber")
      .optional(),
  ),
  invoice_content: optionalText(50, "checkout:errors.badRequest"),
  invoice_email: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().max(100, "checkout:errors.email").email("checkout:errors.email").optional(),
  ),
  buyer_message: z.preprocess((value) => (value === "" ? undefined : value), z.string().max(BUYER_MESSAGE_MAX, "checkout:errors.messageLong").optional()),
});
export type Options = z.infer<typeof OptionsSchema>;

/** A seckill checkout's source (its order-create data, spec §4): the activity, the sku, how many. */
export const SeckillSourceSchema = z.object({ seckill_id: Id, sku_id: Id, num: Quantity });

/** A combo checkout's source: the combo and how many sets. */
export const ComboSourceSchema = z.object({ bl_id: Id, num: Quantity });

/** A group-buy checkout's source: the group buy, its sku, how many. */
export const GroupbuySourceSchema = z.object({ groupbuy_id: Id, sku_id: Id, num: Quantity });

/** A points-mall exchange's source: the exchange item and how many. */
export const PointSourceSchema = z.object({ id: Id, num: Quantity });
/** A topic checkout's source: the topic goods, how many. */
export const TopicSourceSchema = z.object({ topic_goods_id: Id, num: Quantity });

/** Everything in a checkout URL: what is bought (`source`) and the choices. */
export function querySchema<S extends z.ZodTypeAny>(source: S) {
  return z.intersection(source, OptionsSchema);
}

/** The POST: "recalculate" (no JS: back to the URL with the choices) or "create" (submit the order). */
export function intentSchema<S extends z.ZodTypeAny>(source: S) {
  return z.intersection(
    z.intersection(source, OptionsSchema),
    z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("recalculate") }),
      z.object({
        intent: z.literal("create"),
        order_key: z.string({ required_error: "checkout:errors.badRequest" }).regex(/^[0-9A-Za-z_-]{1,64}$/, "checkout:errors.badRequest"),
        pay_password: z.preprocess((value) => (value === "" ? undefined : value), z.string().max(32, "checkout:errors.payPassword").optional()),
        /** The page was of a virtual order (it then asks for a mobile). */
        virtual: z.literal("1").optional(),
      }),
    ]),
  );
}

/** Everything in the /payment URL. */
export const PaymentQuerySchema = querySchema(SourceSchema);
export type PaymentQuery = z.infer<typeof PaymentQuerySchema>;

export const PaymentIntentSchema = intentSchema(SourceSchema);
export type PaymentIntent = z.infer<typeof PaymentIntentSchema>;

/** The invoice fields the upstream needs (contract §2.8), checked when the invoice is on. */
export function invoiceProblems(options: Options): Partial<Record<"invoice_title" | "taxpayer_number" | "invoice_email", string>> {
  if (options.invoice !== "1") return {};
  const problems: Partial<Record<"invoice_title" | "taxpayer_number" | "invoice_email", string>> = {};
  if (!options.invoice_title) problems.invoice_title = "checkout:errors.invoiceTitle";
  if (options.invoice_title_type === "2" && !options.taxpayer_number) problems.taxpayer_number = "checkout:errors.taxNumber";
  if (options.invoice_type === "2" && !options.invoice_email) problems.invoice_email = "checkout:errors.email";
  return problems;
}

/** A virtual order's mobile: required and a mainland mobile, as the PC checks it before create. */
export function virtualMobileProblem(mobile: string | undefined): string | null {
  if (!mobile) return "checkout:errors.mobileMissing";
  return MOBILE.test(mobile) ? null : "checkout:errors.mobileInvalid";
}

/** The query string that carries source and choices (what a no-JS recalc and the address pages come back to). */
export function paymentSearch(values: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  const keys = [
    "cart_ids",
    "seckill_id",
    "bl_id",
    "groupbuy_id",
    "id",
    "topic_goods_id",
    "sku_id",
    "num",
    "delivery",
    "store_id",
    "mobile",
    "coupon_id",
    "use_balance",
    "use_point",
    "invoice",
    "invoice_type",
    "invoice_title_type",
    "invoice_title",
    "taxpayer_number",
    "invoice_content",
    "invoice_email",
    "buyer_message",
  ];
  for (const key of keys) {
    const value = values[key];
    if (value === undefined || value === null || value === "") continue;
    search.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  return search;
}
