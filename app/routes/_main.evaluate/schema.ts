import { z } from "zod";
import { EVALUATE_MAX_CHARS, EVALUATE_MAX_IMAGES, imagePaths } from "~/domain/aftersales";

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
  .string({ required_error: "aftersales:errors.badForm" })
  .max(400, "aftersales:errors.badForm")
  .transform((value, ctx) => {
    if (value === "submit") return { kind: "submit" as const };
    const upload = /^upload:file_(\d{1,10})$/.exec(value);
    if (upload) return { kind: "upload" as const, line: upload[1]! };
    const remove = /^remove:images_(\d{1,10}):(.+)$/.exec(value);
    if (remove) return { kind: "remove" as const, line: remove[1]!, path: remove[2]! };
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "aftersales:errors.badForm" });
    return z.NEVER;
  });

const BAD_FORM = "aftersales:errors.badForm";

/**
 * The form of an order's lines (their ids): the button pressed, the anonymity box, and per line
 * `scores_<id>`, `content_<id>` and `images_<id>` (the uploaded paths, a hidden field: a list that
 * is not ours, or too long, is a tampered form). Stars out of range count as none and a text as
 * posted (cut at twice the limit): the review's rules are checked after the upload (reviewProblem).
 */
export function evaluateFormSchema(lineIds: number[]) {
  const lines: Record<string, z.ZodTypeAny> = {};
  for (const id of lineIds) {
    lines[`scores_${id}`] = z.coerce.number().int().min(1).max(5).nullable().default(null).catch(null);
    lines[`content_${id}`] = z
      .string()
      .default("")
      .transform((value) => value.slice(0, EVALUATE_MAX_CHARS * 2));
    lines[`images_${id}`] = z
      .string()
      .optional()
      .transform((value, ctx) => {
        const paths = imagePaths(value ?? "", EVALUATE_MAX_IMAGES);
        if (paths) return paths;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: BAD_FORM });
        return z.NEVER;
      });
  }
  return z.object({ intent: EvaluateIntentSchema, anonymous: z.literal("on").optional().catch(undefined), ...lines });
}
