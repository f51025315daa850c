import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { PurchaseRights } from "~/domain/sale-control";
import { memberContext } from "~/upstream/context.server";
import { readFormData } from "~/utils/form-data.server";
import { redirect } from "~/utils/redirect.server";
import { loginUrlFor } from "~/utils/safe-redirect";

/**
 * What every buy action of a promotion page starts with (seckill, group buy, topic, combo; the
 * points exchange too). The rules of each kind follow in its own action; the upstream checks them
 * all again at payment and create.
 */

const BAD_REQUEST = "promotion:errors.badRequest";

/** How many to buy (units or sets): a whole number from 1; anything else is one translated refusal. */
export const BuyQuantity = z.coerce
  .number({ invalid_type_error: "promotion:errors.badQuantity" })
  .int("promotion:errors.badQuantity")
  .min(1, "promotion:errors.badQuantity")
  .max(999_999, "promotion:errors.badQuantity");

/** The submit buttons' intents; a hidden field, so a wrong one is the form's bad request. */
export const BuyIntent = <T extends [string, ...string[]]>(...intents: T) => z.enum(intents, { errorMap: () => ({ message: BAD_REQUEST }) });

/** A hidden id of the form (the seckill's SKU). */
export const BuyId = z.coerce.number({ invalid_type_error: BAD_REQUEST }).int(BAD_REQUEST).positive(BAD_REQUEST).max(2_147_483_647, BAD_REQUEST);

/** A refusal of the buy form: conform's result with the message as the form's error. */
export function buyRefusal(submission: Submission<unknown>, message: string, status: number) {
  return data({ result: submission.reply({ formErrors: [message] }) }, { status });
}

/**
 * A member (a visitor is sent to log in and comes back to the page) and the form read by `schema`
 * with conform: `refusal` is a 400 with the quantity's error at its field, any other (hidden
 * fields) as `badRequest` at the form (the points exchange words it its own way).
 */
export async function readBuyForm<S extends z.ZodTypeAny>(request: Request, context: AppLoadContext, schema: S, badRequest = BAD_REQUEST) {
  const ctx = await memberContext(request, context);
  if (!ctx.token) throw redirect(loginUrlFor(request), 303);
  const submission = parseWithZod(await readFormData(request), { schema });
  if (submission.status !== "success") {
    const hidden = Object.keys(submission.error ?? {}).some((name) => name !== "num");
    return { refusal: data({ result: submission.reply({ formErrors: hidden ? [badRequest] : [] }) }, { status: 400 }) };
  }
  return { ctx, submission, input: submission.value as z.infer<S> };
}

/** Sale control's refusal (403, the upstream's message where it gives one), or null for a buyer who may buy. */
export function saleControlRefusal(submission: Submission<unknown>, rights: PurchaseRights) {
  if (rights.buy === "allowed") return null;
  return buyRefusal(submission, rights.message ? `upstream:${rights.message}` : "goods:price.noPermission", 403);
}
