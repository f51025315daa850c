import { z } from "zod";
import { imagePaths, REFUND_MAX_IMAGES, REFUND_REMARK_MAX } from "~/domain/aftersales";

const BAD_FORM = "aftersales:errors.badForm";

const Id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * One line (`order_goods_id`) or several (`order_goods_ids=a,b`) of the order `order_id`, as the
 * order pages link: the order is how the lines are checked to be the member's.
 */
export const RefundQuerySchema = z.union([
  z.object({ order_goods_id: Id, order_id: Id }).transform((query) => ({ orderId: query.order_id, ids: [query.order_goods_id], batch: false })),
  z
    .object({
      order_goods_ids: z
        .string()
        .regex(/^\d{1,10}(,\d{1,10}){0,49}$/)
        .transform((value) => [...new Set(value.split(",").map(Number))]),
      order_id: Id,
    })
    .transform((query) => ({ orderId: query.order_id, ids: query.order_goods_ids, batch: true })),
]);

/** `submit`, `upload:refund_file` or `remove:refund_images:<path>`. */
export const RefundIntentSchema = z
  .string({ required_error: BAD_FORM })
  .max(400, BAD_FORM)
  .transform((value, ctx) => {
    if (value === "submit") return { kind: "submit" as const };
    if (value === "upload:refund_file") return { kind: "upload" as const };
    const remove = /^remove:refund_images:(.+)$/.exec(value);
    if (remove) return { kind: "remove" as const, path: remove[1]! };
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: BAD_FORM });
    return z.NEVER;
  });

/**
 * The form: its intent (the submit, an image's upload or removal), the text fields (lengths only;
 * the rules are checked against the upstream's data) and the uploaded images' paths (a hidden
 * field: a list that is not ours, or too long, is a tampered form). No amount: the refund is
 * always of the whole refundable amount (the upstream reads none).
 */
export const RefundFormSchema = z.object({
  intent: RefundIntentSchema,
  refund_type: z.string().max(2, "aftersales:errors.typeMissing").optional().default(""),
  refund_reason: z.string().max(100, "aftersales:errors.reasonMissing").optional().default(""),
  remark: z.string().max(1000, `aftersales:errors.remarkLong|max=${REFUND_REMARK_MAX}`).optional().default(""),
  refund_images: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const paths = imagePaths(value ?? "", REFUND_MAX_IMAGES);
      if (paths) return paths;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: BAD_FORM });
      return z.NEVER;
    }),
});
