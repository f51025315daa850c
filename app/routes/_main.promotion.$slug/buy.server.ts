import { data, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { PurchaseRights } from "~/domain/sale-control";
import { memberContext } from "~/upstream/context.server";
import { redirect } from "~/utils/redirect.server";
import { loginUrlFor } from "~/utils/safe-redirect";

/**
 * What every promotion's buy action (seckill, group buy, topic, combo) starts with. The rules of
 * each kind follow in its own action; the upstream checks them all again at payment and create.
 */

/** How many to buy (units or sets): a whole number from 1; anything else is one translated refusal. */
export const BuyQuantity = z.coerce
  .number({ invalid_type_error: "promotion:errors.badQuantity" })
  .int("promotion:errors.badQuantity")
  .min(1, "promotion:errors.badQuantity")
  .max(999_999, "promotion:errors.badQuantity");

/**
 * A member (a visitor is sent to log in and comes back to the page) and the form read by `schema`:
 * `refusal` is a 400 with the schema's first message.
 */
export async function readBuyForm<S extends z.ZodTypeAny>(request: Request, context: AppLoadContext, schema: S, fields: Record<string, FormDataEntryValue>) {
  const ctx = await memberContext(request, context);
  if (!ctx.token) throw redirect(loginUrlFor(request), 303);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return { refusal: data({ error: parsed.error.issues[0]?.message ?? "promotion:errors.badRequest" }, { status: 400 }) };
  return { ctx, input: parsed.data as z.infer<S> };
}

/** Sale control's refusal (403, the upstream's message where it gives one), or null for a buyer who may buy. */
export function saleControlRefusal(rights: PurchaseRights) {
  if (rights.buy === "allowed") return null;
  return data({ error: rights.message ? `upstream:${rights.message}` : "goods:price.noPermission" }, { status: 403 });
}
