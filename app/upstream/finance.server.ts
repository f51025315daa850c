import { probeCapability, requireCapability, withCapability } from "./capabilities.server";
import { callUnenvelopedUpstream, callUpstream, type UpstreamContext } from "./http.server";
import { OutTradeNoSchema } from "./schemas/checkout";
import { Ignored } from "./schemas/common";
import {
  AccountInfoSchema,
  BankAccountPageSchema,
  FromTypesSchema,
  LedgerPageSchema,
  LevelListSchema,
  MaybeBankAccountSchema,
  MaybeRechargeOrderSchema,
  MaybeRechargePackageSchema,
  MaybeWithdrawDetailSchema,
  NewIdSchema,
  RechargeOrderPageSchema,
  RechargePackagePageSchema,
  TransferTypesSchema,
  WithdrawInfoSchema,
  WithdrawPageSchema,
} from "./schemas/finance";

// Member finance (contract §6.2, §6.3, §6.9–§6.11). Everything is per member: never cached.

export type Paging = { page: number; pageSize: number };

// ----------------------------------------------------------------- balance and points ledger

/** `account_type`: "balance,balance_money" (both balances), "balance", "balance_money" or "point". */
export function getAccountInfo(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/memberaccount/info", AccountInfoSchema, { account_type: "balance,balance_money" });
}

export function listLedger(ctx: UpstreamContext, params: Paging & { accountType: "balance,balance_money" | "point"; fromType?: string }) {
  return callUpstream(ctx, "/api/memberaccount/page", LedgerPageSchema, {
    account_type: params.accountType,
    page: params.page,
    page_size: params.pageSize,
    ...(params.fromType ? { from_type: params.fromType } : {}),
  });
}

/** The ledger's sources by account kind. Niushop answers this one without the envelope (http.server.ts). */
export function listLedgerSources(ctx: UpstreamContext) {
  return callUnenvelopedUpstream(ctx, "/api/memberaccount/fromtype", FromTypesSchema);
}

/** The shop's free levels, ascending by growth (contract §6.3). */
export function listLevels(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/memberlevel/lists", LevelListSchema);
}

// ---------------------------------------------------------------------- withdrawal accounts

export type BankAccountInput = { realname: string; mobile: string; withdraw_type: string; branch_bank_name: string; bank_account: string };

export function listBankAccounts(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/memberbankaccount/page", BankAccountPageSchema, { page: 1, page_size: 0 }).then((page) => page.list);
}

/** One of the member's accounts; null when it is not theirs (or not there). */
export function findBankAccount(ctx: UpstreamContext, id: number) {
  return callUpstream(ctx, "/api/memberbankaccount/info", MaybeBankAccountSchema, { id });
}

export function addBankAccount(ctx: UpstreamContext, input: BankAccountInput) {
  return callUpstream(ctx, "/api/memberbankaccount/add", NewIdSchema, input);
}

export function editBankAccount(ctx: UpstreamContext, id: number, input: BankAccountInput) {
  return callUpstream(ctx, "/api/memberbankaccount/edit", Ignored, { id, ...input });
}

export function setDefaultBankAccount(ctx: UpstreamContext, id: number) {
  return callUpstream(ctx, "/api/memberbankaccount/setdefault", Ignored, { id });
}

export function deleteBankAccount(ctx: UpstreamContext, id: number) {
  return callUpstream(ctx, "/api/memberbankaccount/delete", Ignored, { id });
}

/** The transfer types the shop allows this member (`{bank: "银行卡", …}`). */
export function listTransferTypes(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/memberwithdraw/transfertype", TransferTypesSchema);
}

// ------------------------------------------------------------------------------- withdrawal

export function getWithdrawInfo(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/memberwithdraw/info", WithdrawInfoSchema);
}

export type WithdrawApplication = { applyMoney: string; transferType: string; realname: string; mobile: string; bankName: string; accountNumber: string };

/**
 * Applies for a withdrawal (the action checked the amount first). The upstream answers `data: ""`
 * on success (its model's success() carries no id), so nothing is read from it.
 */
export async function applyWithdrawal(ctx: UpstreamContext, application: WithdrawApplication): Promise<void> {
  await callUpstream(ctx, "/api/memberwithdraw/apply", Ignored, {
    apply_money: application.applyMoney,
    transfer_type: application.transferType,
    realname: application.realname,
    mobile: application.mobile,
    bank_name: application.bankName,
    account_number: application.accountNumber,
  });
}

export function listWithdrawals(ctx: UpstreamContext, paging: Paging) {
  return callUpstream(ctx, "/api/memberwithdraw/page", WithdrawPageSchema, { page: paging.page, page_size: paging.pageSize });
}

/** One of the member's withdrawals; null when it is not theirs. */
export function findWithdrawal(ctx: UpstreamContext, id: number) {
  return callUpstream(ctx, "/api/memberwithdraw/detail", MaybeWithdrawDetailSchema, { id });
}

// ---------------------------------------------------------------------------------- recharge
// The memberrecharge addon (capability "recharge"): without it the recharge pages do not exist.

/** The packages on sale; null when the upstream has no recharge addon. */
export function listRechargePackages(ctx: UpstreamContext) {
  return withCapability(
    "recharge",
    () => callUpstream(ctx, "/memberrecharge/api/memberrecharge/page", RechargePackagePageSchema, { page: 1, page_size: 0 }).then((page) => page.list),
    null,
  );
}

export function findRechargePackage(ctx: UpstreamContext, rechargeId: number) {
  return withCapability(
    "recharge",
    () => callUpstream(ctx, "/memberrecharge/api/memberrecharge/info", MaybeRechargePackageSchema, { recharge_id: rechargeId }),
    null,
  );
}

/** Creates a recharge order for a package or an amount → the serial to pay at `/pay`. */
export function createRechargeOrder(ctx: UpstreamContext, choice: { rechargeId: number } | { faceValue: string }) {
  const body = "rechargeId" in choice ? { recharge_id: choice.rechargeId } : { face_value: choice.faceValue };
  return requireCapability("recharge", () => callUpstream(ctx, "/memberrecharge/api/ordercreate/create", OutTradeNoSchema, body));
}

export function listRechargeOrders(ctx: UpstreamContext, paging: Paging) {
  return withCapability(
    "recharge",
    () => callUpstream(ctx, "/memberrecharge/api/order/page", RechargeOrderPageSchema, { page: paging.page, page_size: paging.pageSize }),
    null,
  );
}

/**
 * One of the member's recharge orders; null when it is not theirs or the upstream has no such
 * endpoint (capability "rechargeOrderDetail", not "recharge": 5.5.2 has recharge but no order detail).
 */
export function findRechargeOrder(ctx: UpstreamContext, orderId: number) {
  return withCapability(
    "rechargeOrderDetail",
    () => callUpstream(ctx, "/memberrecharge/api/order/detail", MaybeRechargeOrderSchema, { order_id: orderId }),
    null,
  );
}

/** Whether a recharge order can be opened on its own page (the list links to it only then). */
export function rechargeOrderDetailAvailable(): Promise<boolean> {
  return probeCapability("rechargeOrderDetail");
}
