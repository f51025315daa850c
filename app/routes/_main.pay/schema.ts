import { imageFileProblem } from "~/utils/image-file";
import { z } from "zod";

/** A payment serial as the upstream makes them (digits; letters allowed for other upstreams). */
export const OutTradeNo = z
  .string({ required_error: "checkout:errors.badRequest" })
  .trim()
  .regex(/^[0-9A-Za-z_-]{1,64}$/, "checkout:errors.badRequest");

export const PayQuerySchema = z.union([
  z.object({ out_trade_no: OutTradeNo, waiting: z.literal("1").optional() }),
  /** An existing unpaid order (the order pages link here): a new serial is asked for first. */
  z.object({ order_id: z.coerce.number().int().positive().max(2_147_483_647) }),
]);

/** Online channels the cashier can start (the reference API's simulator stands in for both). */
export const ONLINE_PAY_TYPES = ["alipay", "wechatpay"] as const;

export const PayIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("online"),
    out_trade_no: OutTradeNo,
    pay_type: z.enum(ONLINE_PAY_TYPES, { errorMap: () => ({ message: "checkout:errors.badRequest" }) }),
  }),
  z.object({
    intent: z.literal("balance"),
    out_trade_no: OutTradeNo,
    pay_password: z.string().max(32, "checkout:errors.payPasswordWrong").optional().default(""),
  }),
  z.object({
    intent: z.literal("offline"),
    out_trade_no: OutTradeNo,
    desc: z.string().trim().max(200, "checkout:errors.voucherDescLong").optional().default(""),
  }),
]);
export type PayIntent = z.infer<typeof PayIntentSchema>;

/** Below the BFF's 1 MiB body limit (server.ts), with room for the other fields. */
export const MAX_VOUCHER_BYTES = 800 * 1024;

const VOUCHER_MESSAGES = {
  missing: "checkout:errors.voucherMissing",
  tooLarge: "checkout:errors.voucherTooLarge",
  notImage: "checkout:errors.voucherNotImage",
} as const;

/** The voucher file's problem, as a translation key and the status to answer, or null when it is fine. */
export async function voucherProblem(file: FormDataEntryValue | null): Promise<{ message: string; status: 400 | 413 | 415 } | null> {
  const problem = await imageFileProblem(file, MAX_VOUCHER_BYTES);
  return problem && { message: VOUCHER_MESSAGES[problem.reason], status: problem.status };
}
