import { z } from "zod";
import type { requireMember } from "~/auth/guards.server";
import { AMOUNT_PATTERN } from "~/domain/finance/withdrawal";
import { toCents } from "~/domain/pricing/money";
import { findRechargePackage } from "~/upstream/finance.server";
import { IdParam } from "~/utils/member-query";

/** Any amount: 0.01 to 100 000 yuan, at most 2 decimals (the reference API's bounds, docs/member-centre.md). */
const MAX_CUSTOM = 100_000_00n;
const CustomAmount = z
  .string()
  .trim()
  .refine((value) => AMOUNT_PATTERN.test(value) && toCents(value) > 0n && toCents(value) <= MAX_CUSTOM, "finance:errors.rechargeAmount");

/** The choice of a query or a form: a package (`recharge_id`) or an amount (`face_value`). */
export const ChoiceSchema = z.union([z.object({ recharge_id: z.string() }), z.object({ face_value: z.string().max(20) })]);

export type ChoiceInput = z.infer<typeof ChoiceSchema>;

export type Choice = { kind: "package"; id: number; name: string; price: string; value: string; point: number } | { kind: "custom"; amount: string };

/** What was chosen (the query's or the form's, parsed), checked; null → 404 (an unknown package or no addon); a string → the error of a bad amount. */
export async function choiceOf(ctx: Awaited<ReturnType<typeof requireMember>>, chosen: ChoiceInput): Promise<Choice | string | null> {
  if ("recharge_id" in chosen) {
    const id = IdParam.parse(chosen.recharge_id);
    const item = id ? await findRechargePackage(ctx, id) : null;
    return item ? { kind: "package", id: item.recharge_id, name: item.recharge_name, price: item.buy_price, value: item.face_value, point: item.point } : null;
  }
  const amount = CustomAmount.safeParse(chosen.face_value);
  return amount.success ? { kind: "custom", amount: amount.data } : "finance:errors.rechargeAmount";
}
