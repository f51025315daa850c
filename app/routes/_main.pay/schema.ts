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

/** What the file's first bytes say it is: only PNG, JPEG, GIF and WebP images pass (the declared type is not trusted). */
export function imageKind(head: Uint8Array): "png" | "jpeg" | "gif" | "webp" | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, index) => head[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38])) return "gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** The voucher file's problem, as a translation key and the status to answer, or null when it is fine. */
export async function voucherProblem(file: FormDataEntryValue | null): Promise<{ message: string; status: 400 | 413 | 415 } | null> {
  if (!(file instanceof File) || file.size === 0) return { message: "checkout:errors.voucherMissing", status: 400 };
  if (file.size > MAX_VOUCHER_BYTES) return { message: "checkout:errors.voucherTooLarge", status: 413 };
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (!imageKind(head)) return { message: "checkout:errors.voucherNotImage", status: 415 };
  return null;
}
