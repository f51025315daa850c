import { z } from "zod";

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
  .string()
  .max(400)
  .transform((value, ctx) => {
    if (value === "submit") return { kind: "submit" as const };
    if (value === "upload:refund_file") return { kind: "upload" as const };
    const remove = /^remove:refund_images:(.+)$/.exec(value);
    if (remove) return { kind: "remove" as const, path: remove[1]! };
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "aftersales:errors.badForm" });
    return z.NEVER;
  });

/**
 * The text fields of the form (lengths only; the rules are checked against the upstream's data).
 * No amount: the refund is always of the whole refundable amount (the upstream reads none).
 */
export const RefundFieldsSchema = z.object({
  refund_type: z.string().max(2).optional().default(""),
  refund_reason: z.string().max(100).optional().default(""),
  remark: z.string().max(1000).optional().default(""),
});
