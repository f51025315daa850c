import { z } from "zod/v4";
import { IntLike, Money, paged, Text } from "./common";

// Member finance (contract UPSTREAM-commerce §6.2, §6.3, §6.9–§6.11; shapes the contract leaves
// open: docs/member-centre.md). Money stays a decimal string.

export const AccountInfoSchema = z.object({
  balance: Money.catch("0.00"),
  balance_money: Money.catch("0.00"),
  balance_withdraw_apply: Money.catch("0.00"),
  balance_withdraw: Money.catch("0.00"),
});
export type AccountInfo = z.infer<typeof AccountInfoSchema>;

export const LedgerRowSchema = z.object({
  id: IntLike,
  account_type: Text,
  account_data: Money,
  from_type: Text,
  type_name: Text,
  remark: Text,
  create_time: IntLike.catch(0),
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;
export const LedgerPageSchema = paged(LedgerRowSchema);

/** One account kind's ledger sources: `{order: {type_name: "消费", type_url: ""}, …}`; a bad kind is none. */
const SourcesSchema = z.record(z.string().max(64), z.object({ type_name: Text })).catch({});

/**
 * `memberaccount/fromtype` (an unenveloped answer, http.server.ts): the ledger's sources by account
 * kind, `{balance: {…}, balance_money: {…}, point: {…}, growth: {…}}`. Only the kinds the ledgers
 * show are read; a kind the upstream leaves out has no sources.
 */
export const FromTypesSchema = z.object({
  balance: SourcesSchema.optional().default({}),
  balance_money: SourcesSchema.optional().default({}),
  point: SourcesSchema.optional().default({}),
});
export type FromTypes = z.infer<typeof FromTypesSchema>;

export const LevelSchema = z.object({
  level_id: IntLike,
  level_name: Text,
  growth: Money.catch("0"),
  remark: Text,
  consume_discount: Money.catch("100"),
  is_free_shipping: IntLike.catch(0),
  send_point: IntLike.catch(0),
});
export type Level = z.infer<typeof LevelSchema>;
export const LevelListSchema = z.array(LevelSchema);

export const WITHDRAW_TYPES = ["bank", "alipay", "wechatpay"] as const;
export type WithdrawType = (typeof WITHDRAW_TYPES)[number];

export const BankAccountSchema = z.object({
  id: IntLike,
  realname: Text,
  mobile: Text,
  withdraw_type: Text,
  withdraw_type_name: Text.catch(""),
  branch_bank_name: Text.catch(""),
  bank_account: Text,
  is_default: IntLike.catch(0).transform((value) => value === 1),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;
export const BankAccountPageSchema = paged(BankAccountSchema);
/** `info`/`defaultinfo`: the row, or null (none, or another member's). */
export const MaybeBankAccountSchema = z.union([BankAccountSchema, z.null(), z.array(z.never()).transform(() => null)]);

/** `transfertype`: `{bank: "银行卡", …}`, filtered by the shop's config. */
export const TransferTypesSchema = z.record(z.string(), Text).catch({});

export const WithdrawInfoSchema = z.object({
  member_info: z.object({ balance_money: Money.catch("0.00"), balance_withdraw_apply: Money.catch("0.00"), balance_withdraw: Money.catch("0.00") }),
  config: z.object({
    is_use: IntLike.catch(0),
    rate: Money.catch("0"),
    transfer_type: Text.catch(""),
    min: Money.catch("0"),
    max: Money.catch("0"),
  }),
});
export type WithdrawInfo = z.infer<typeof WithdrawInfoSchema>;

export const WithdrawRowSchema = z.object({
  id: IntLike,
  withdraw_no: Text,
  apply_money: Money,
  apply_time: IntLike.catch(0),
  status: IntLike,
  status_name: Text,
  transfer_type_name: Text.catch(""),
  refuse_reason: Text.catch(""),
  fail_reason: Text.catch(""),
});
export const WithdrawPageSchema = paged(WithdrawRowSchema);

export const WithdrawDetailSchema = WithdrawRowSchema.extend({
  service_money: Money.catch("0.00"),
  money: Money.catch("0.00"),
  rate: Money.catch("0"),
  bank_name: Text.catch(""),
  account_number: Text.catch(""),
  realname: Text.catch(""),
  mobile: Text.catch(""),
  audit_time: IntLike.catch(0),
  payment_time: IntLike.catch(0),
});
export type WithdrawDetail = z.infer<typeof WithdrawDetailSchema>;
export const MaybeWithdrawDetailSchema = z.union([WithdrawDetailSchema, z.null(), z.array(z.never()).transform(() => null)]);

/** `apply`/`add`: the new row's id. */
export const NewIdSchema = IntLike;

export const RechargePackageSchema = z.object({
  recharge_id: IntLike,
  recharge_name: Text,
  cover_img: Text.catch(""),
  face_value: Money,
  buy_price: Money,
  point: IntLike.catch(0),
  growth: IntLike.catch(0),
});
export type RechargePackage = z.infer<typeof RechargePackageSchema>;
export const RechargePackagePageSchema = paged(RechargePackageSchema);
export const MaybeRechargePackageSchema = z.union([RechargePackageSchema, z.null(), z.array(z.never()).transform(() => null)]);

export const RechargeOrderSchema = z.object({
  order_id: IntLike,
  order_no: Text,
  out_trade_no: Text.catch(""),
  recharge_name: Text,
  face_value: Money,
  buy_price: Money,
  point: IntLike.catch(0),
  growth: IntLike.catch(0),
  status: IntLike.catch(1),
  pay_type: Text.catch(""),
  create_time: IntLike.catch(0),
  pay_time: IntLike.catch(0),
});
export type RechargeOrder = z.infer<typeof RechargeOrderSchema>;
export const RechargeOrderPageSchema = paged(RechargeOrderSchema);
export const MaybeRechargeOrderSchema = z.union([RechargeOrderSchema, z.null(), z.array(z.never()).transform(() => null)]);
