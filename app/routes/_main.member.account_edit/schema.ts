import { z } from "zod";
import { WITHDRAW_TYPES } from "~/upstream/schemas/finance";

// The withdrawal account form (/member/account_edit), parsed on the server only (ADR 010).
// Messages are keys of the `finance` namespace. The upstream checks the same (contract §6.9).

export const REALNAME_MAX = 20;
export const BRANCH_MAX = 50;

const MOBILE = /^1[3-9]\d{9}$/;
/** A card number: 12–30 digits (spaces typed for readability are dropped). */
export const BANK_ACCOUNT = /^\d{12,30}$/;
/** An Alipay account: a mainland mobile or an email address. */
export const ALIPAY_ACCOUNT = /^(1[3-9]\d{9}|[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,20})$/;

export const BankAccountFormSchema = z
  .object({
    id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    withdraw_type: z.enum(WITHDRAW_TYPES, { errorMap: () => ({ message: "finance:errors.transferType" }) }),
    realname: z
      .string({ required_error: "finance:errors.realnameRequired" })
      .trim()
      .min(1, "finance:errors.realnameRequired")
      .max(REALNAME_MAX, `finance:errors.realnameTooLong|max=${REALNAME_MAX}`),
    mobile: z.string({ required_error: "finance:errors.mobile" }).trim().regex(MOBILE, "finance:errors.mobile"),
    branch_bank_name: z
      .string()
      .trim()
      .max(BRANCH_MAX, `finance:errors.branchTooLong|max=${BRANCH_MAX}`)
      .optional()
      .transform((value) => value ?? ""),
    bank_account: z
      .string({ required_error: "finance:errors.accountRequired" })
      .transform((value) => value.replace(/\s+/g, ""))
      .pipe(z.string().min(1, "finance:errors.accountRequired").max(254, "finance:errors.bankAccount")),
    redirect: z.string().max(2000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.withdraw_type === "bank") {
      if (!value.branch_bank_name) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["branch_bank_name"], message: "finance:errors.branchRequired" });
      if (!BANK_ACCOUNT.test(value.bank_account)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["bank_account"], message: "finance:errors.bankAccount" });
    }
    if (value.withdraw_type === "alipay" && !ALIPAY_ACCOUNT.test(value.bank_account)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["bank_account"], message: "finance:errors.alipayAccount" });
    }
  });
export type BankAccountForm = z.infer<typeof BankAccountFormSchema>;
