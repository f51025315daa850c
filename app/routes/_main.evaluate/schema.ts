import { z } from "zod";

/** The upstream's answer when both the review and the follow-up are done (contract §4.3). */
export const ALREADY_EVALUATED = "该订单已评价";

/** Its answer for an order that is not the member's or not (yet) evaluable: Order.php evluateinfo. */
export const ORDER_NOT_FOUND = "没有找到该订单";

export const EvaluateQuerySchema = z.object({ order_id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * The submit button pressed: `submit`, `upload:file_<line>` (upload the chosen image) or
 * `remove:images_<line>:<path>` (drop an uploaded image from the draft).
 */
export const EvaluateIntentSchema = z
  .string()
  .max(400)
  .transform((value, ctx) => {
    if (value === "submit") return { kind: "submit" as const };
    const upload = /^upload:file_(\d{1,10})$/.exec(value);
    if (upload) return { kind: "upload" as const, line: upload[1]! };
    const remove = /^remove:images_(\d{1,10}):(.+)$/.exec(value);
    if (remove) return { kind: "remove" as const, line: remove[1]!, path: remove[2]! };
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "aftersales:errors.badForm" });
    return z.NEVER;
  });
