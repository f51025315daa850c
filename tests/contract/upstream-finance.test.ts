import { beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import {
  addBankAccount,
  applyWithdrawal,
  createRechargeOrder,
  deleteBankAccount,
  editBankAccount,
  findBankAccount,
  findRechargeOrder,
  findRechargePackage,
  findWithdrawal,
  getAccountInfo,
  getWithdrawInfo,
  listBankAccounts,
  listLedger,
  listLedgerSources,
  listLevels,
  listRechargeOrders,
  listRechargePackages,
  listTransferTypes,
  listWithdrawals,
  setDefaultBankAccount,
} from "~/upstream/finance.server";
import { getPayInfo, startPayment } from "~/upstream/pay.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The member finance functions (app/upstream/finance.server.ts) against the reference shop API:
 * shapes, the withdrawal state machine (money frozen, then paid out or given back), recharge
 * through the cashier, and refusals (foreign ids, amounts the rules refuse). No real samples of
 * these endpoints exist (contract/samples has none), so the shapes are the contract's §6.2–§6.11.
 */

const live = useLiveShopApi();
let shop: TestShopApi;

type Fresh = { ctx: UpstreamContext; memberId: number; username: string };

async function freshMember(balanceMoney = 0): Promise<Fresh> {
  const made = (await shop.testApi("/__test/member", {})).body as { member_id: number; username: string; password: string };
  if (balanceMoney) await shop.testApi("/__test/member/balance", { member_id: made.member_id, balance_money: balanceMoney });
  const token = await shop.login(made.username, made.password);
  return { ctx: { baseUrl: shop.url, timeoutMs: 10_000, token, member: "required" }, memberId: made.member_id, username: made.username };
}

const BANK = { realname: "王五", mobile: "13700137000", withdraw_type: "bank", branch_bank_name: "招商银行北京分行", bank_account: "6225880123456789" };

beforeAll(() => {
  shop = live.shop;
});

describe("ledger and levels", () => {
  test("account info, ledger page and sources; levels ascend by growth", async () => {
    const { ctx } = await freshMember(120);
    expect(await getAccountInfo(ctx)).toEqual({ balance: "0.00", balance_money: "120.00", balance_withdraw_apply: "0.00", balance_withdraw: "0.00" });
    expect(await listLedger(ctx, { accountType: "balance,balance_money", page: 1, pageSize: 10 })).toEqual({ page_count: 0, count: 0, list: [] });
    // memberaccount/fromtype answers without the envelope, as Niushop's does; the client reads it all the same.
    const raw = await shop.call("/api/memberaccount/fromtype");
    expect(raw).not.toHaveProperty("code");
    expect(Object.keys(raw).sort()).toEqual(["balance", "balance_money", "growth", "point", "timestamp"]);
    const sources = await listLedgerSources(ctx);
    expect(sources.balance_money.withdraw?.type_name).toBe("提现");
    expect(sources.point.signin?.type_name).toBe("签到");
    const levels = await listLevels(ctx);
    expect(levels.map((level) => [level.level_name, level.growth])).toEqual([
      ["普通会员", "0.00"],
      ["银牌采购商", "1000.00"],
      ["金牌采购商", "5000.00"],
    ]);
  });
});

describe("withdrawal accounts", () => {
  test("add (becomes default), edit, set default, delete; another member's id reads as absent", async () => {
    const { ctx } = await freshMember();
    expect(await listTransferTypes(ctx)).toEqual({ bank: "银行卡", alipay: "支付宝" });
    const bankId = await addBankAccount(ctx, BANK);
    const alipayId = await addBankAccount(ctx, { ...BANK, withdraw_type: "alipay", branch_bank_name: "", bank_account: "13700137000" });
    let list = await listBankAccounts(ctx);
    expect(list.map((account) => [account.id, account.is_default])).toEqual([
      [alipayId, true],
      [bankId, false],
    ]);
    await setDefaultBankAccount(ctx, bankId);
    await editBankAccount(ctx, bankId, { ...BANK, realname: "王六" });
    expect(await findBankAccount(ctx, bankId)).toMatchObject({ realname: "王六", is_default: true, withdraw_type_name: "银行卡" });

    const other = await freshMember();
    expect(await findBankAccount(other.ctx, bankId)).toBeNull();
    await expect(deleteBankAccount(other.ctx, bankId)).rejects.toBeInstanceOf(UpstreamError);
    await expect(editBankAccount(other.ctx, bankId, BANK)).rejects.toBeInstanceOf(UpstreamError);

    await deleteBankAccount(ctx, bankId);
    list = await listBankAccounts(ctx);
    expect(list.map((account) => [account.id, account.is_default])).toEqual([[alipayId, true]]);
  });

  test("bad fields are refused with the upstream's message", async () => {
    const { ctx } = await freshMember();
    await expect(addBankAccount(ctx, { ...BANK, bank_account: "12ab" })).rejects.toMatchObject({ upstreamMessage: "请输入正确的银行账号" });
    await expect(addBankAccount(ctx, { ...BANK, mobile: "123" })).rejects.toMatchObject({ upstreamMessage: "请输入正确的手机号码" });
    await expect(addBankAccount(ctx, { ...BANK, withdraw_type: "wechatpay" })).rejects.toMatchObject({ upstreamMessage: "不支持的提现方式" });
    expect(await listBankAccounts(ctx)).toEqual([]);
  });
});

describe("withdrawal", () => {
  /** apply answers no id (`data: ""`, as upstream): the new one is the newest record. */
  const newestWithdrawal = async (ctx: UpstreamContext) => (await listWithdrawals(ctx, { page: 1, pageSize: 1 })).list[0]!.id;
  const application = { transferType: "bank", realname: "王五", mobile: "13700137000", bankName: "招商银行", accountNumber: "6225880123456789" };

  test("apply freezes the money; approve then pay moves it out; detail follows the states", async () => {
    const { ctx, username } = await freshMember(300);
    const info = await getWithdrawInfo(ctx);
    expect(info).toMatchObject({
      member_info: { balance_money: "300.00" },
      config: { is_use: 1, rate: "1.00", min: "10.00", max: "50000.00", transfer_type: "bank,alipay" },
    });
    expect(await applyWithdrawal(ctx, { ...application, applyMoney: "100.00" })).toBeUndefined();
    const id = await newestWithdrawal(ctx);
    expect(await getAccountInfo(ctx)).toMatchObject({ balance_money: "200.00", balance_withdraw_apply: "100.00" });
    expect(await findWithdrawal(ctx, id)).toMatchObject({ status: 0, status_name: "待审核", apply_money: "100.00", service_money: "1.00", money: "99.00" });

    expect((await shop.testApi("/__test/withdraw/review", { id, action: "approve" })).status).toBe(200);
    expect((await shop.testApi("/__test/withdraw/review", { id, action: "refuse", reason: "x" })).status).toBe(409); // no longer waiting
    expect((await shop.testApi("/__test/withdraw/review", { id, action: "pay" })).status).toBe(200);
    const detail = await findWithdrawal(ctx, id);
    expect(detail).toMatchObject({ status: 2, status_name: "已转账" });
    expect(detail?.audit_time).toBeGreaterThan(0);
    expect(detail?.payment_time).toBeGreaterThan(0);
    expect(await getAccountInfo(ctx)).toMatchObject({ balance_money: "200.00", balance_withdraw_apply: "0.00", balance_withdraw: "100.00" });
    const page = await listWithdrawals(ctx, { page: 1, pageSize: 10 });
    expect(page.list.map((row) => [row.id, row.status])).toEqual([[id, 2]]);
    const ledger = await listLedger(ctx, { accountType: "balance,balance_money", page: 1, pageSize: 10 });
    expect(ledger.list.map((row) => [row.from_type, row.account_data])).toEqual([["withdraw", "-100.00"]]);
    expect(username).toBeTruthy();
  });

  test("refusal gives the money back with a ledger row and keeps the reason", async () => {
    const { ctx } = await freshMember(50);
    await applyWithdrawal(ctx, { ...application, applyMoney: "50" });
    const id = await newestWithdrawal(ctx);
    expect(await getAccountInfo(ctx)).toMatchObject({ balance_money: "0.00", balance_withdraw_apply: "50.00" });
    await shop.testApi("/__test/withdraw/review", { id, action: "refuse", reason: "账户名与实名不符" });
    expect(await findWithdrawal(ctx, id)).toMatchObject({ status: -1, refuse_reason: "账户名与实名不符" });
    expect(await getAccountInfo(ctx)).toMatchObject({ balance_money: "50.00", balance_withdraw_apply: "0.00" });
    const ledger = await listLedger(ctx, { accountType: "balance,balance_money", page: 1, pageSize: 10 });
    expect(ledger.list.map((row) => [row.from_type, row.account_data])).toEqual([
      ["withdraw_back", "50.00"],
      ["withdraw", "-50.00"],
    ]);
  });

  test("the upstream's own rules refuse with its messages and change nothing", async () => {
    const { ctx } = await freshMember(100);
    const refusal = (applyMoney: string, extra: Partial<typeof application> = {}) =>
      applyWithdrawal(ctx, { ...application, ...extra, applyMoney }).catch((error: UpstreamError) => error.upstreamMessage);
    expect(await refusal("9.99")).toBe("申请提现金额不能小于最低提现额度10.00");
    expect(await refusal("100.01")).toBe("申请提现金额不能大于会员可提现金额");
    expect(await refusal("60000")).toBe("申请提现金额不能大于最高提现额度50000.00");
    expect(await refusal("20", { transferType: "wechatpay" })).toBe("不支持的提现方式");
    await shop.testApi("/__test/config/withdraw", { max: 0 });
    try {
      expect(await refusal("20")).toBe("申请提现金额不能大于最高提现额度0.00");
      await shop.testApi("/__test/config/withdraw", { is_use: 0 });
      expect(await refusal("20")).toBe("提现未开启");
    } finally {
      await shop.testApi("/__test/config/withdraw", { reset: true });
    }
    expect(await getAccountInfo(ctx)).toMatchObject({ balance_money: "100.00", balance_withdraw_apply: "0.00" });
    expect((await listWithdrawals(ctx, { page: 1, pageSize: 10 })).count).toBe(0);
  });

  test("another member's withdrawal reads as absent", async () => {
    const { ctx } = await freshMember(100);
    await applyWithdrawal(ctx, { ...application, applyMoney: "20" });
    const id = await newestWithdrawal(ctx);
    const other = await freshMember();
    expect(await findWithdrawal(other.ctx, id)).toBeNull();
  });
});

describe("recharge", () => {
  test("packages; a package order paid at the cashier credits the stored value, points and growth", async () => {
    const { ctx } = await freshMember();
    const packages = await listRechargePackages(ctx);
    expect(packages?.map((item) => [item.recharge_id, item.buy_price, item.face_value])).toEqual([
      [1, "500.00", "520.00"],
      [2, "1000.00", "1060.00"],
      [3, "5000.00", "5400.00"],
    ]);
    expect(await findRechargePackage(ctx, 1)).toMatchObject({ recharge_name: "充 500 送 20" });
    expect(await findRechargePackage(ctx, 99)).toBeNull();

    const outTradeNo = await createRechargeOrder(ctx, { rechargeId: 1 });
    const pay = await getPayInfo(ctx, outTradeNo);
    expect(pay).toMatchObject({ pay_money: "500.00", pay_status: 0, order_id: 0 });
    // Stored value cannot buy stored value.
    await expect(startPayment(ctx, { outTradeNo, payType: "balance", returnUrl: "" })).rejects.toMatchObject({ upstreamMessage: "该支付单不支持余额支付" });
    expect((await listRechargeOrders(ctx, { page: 1, pageSize: 10 }))?.count).toBe(0); // only paid orders are listed

    const gateway = await startPayment(ctx, { outTradeNo, payType: "alipay", returnUrl: "http://example.test/pay" });
    const url = new URL(String(gateway.data));
    const paid = await fetch(`${shop.url}/simulator/pay`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ out_trade_no: outTradeNo, result: "success" }),
      redirect: "manual",
    });
    expect(url.pathname).toBe("/simulator/pay");
    expect(paid.status).toBeLessThan(400);
    expect(await getAccountInfo(ctx)).toMatchObject({ balance: "520.00", balance_money: "0.00" });
    const orders = await listRechargeOrders(ctx, { page: 1, pageSize: 10 });
    expect(orders?.list).toHaveLength(1);
    const order = orders!.list[0];
    expect(order).toMatchObject({ recharge_name: "充 500 送 20", buy_price: "500.00", face_value: "520.00", point: 50, status: 1 });
    expect(await findRechargeOrder(ctx, order.order_id)).toMatchObject({ order_id: order.order_id, status: 1 });
    const other = await freshMember();
    expect(await findRechargeOrder(other.ctx, order.order_id)).toBeNull();
  });

  test("an unpaid recharge order closes after the order config's auto_close minutes (test clock), with its payment", async () => {
    const { ctx, username } = await freshMember();
    const outTradeNo = await createRechargeOrder(ctx, { faceValue: "66.00" });
    const orderId = (await shop.testApi<Array<{ order_id: number }>>(`/__test/recharge-orders?username=${username}`)).body[0].order_id;
    expect(await findRechargeOrder(ctx, orderId)).toMatchObject({ status: 0 });
    try {
      await shop.testApi("/__test/clock", { advance_seconds: 29 * 60 });
      expect(await findRechargeOrder(ctx, orderId)).toMatchObject({ status: 0 });
      await shop.testApi("/__test/clock", { advance_seconds: 2 * 60 });
      expect(await findRechargeOrder(ctx, orderId)).toMatchObject({ status: -1 });
      expect(await getPayInfo(ctx, outTradeNo)).toMatchObject({ pay_status: -2 });
      await expect(startPayment(ctx, { outTradeNo, payType: "alipay", returnUrl: "http://example.test/pay" })).rejects.toBeInstanceOf(UpstreamError);
    } finally {
      await shop.testApi("/__test/clock", { reset: true });
    }
  });

  test("any amount is paid as it is; nonsense amounts and unknown packages are refused", async () => {
    const { ctx } = await freshMember();
    const outTradeNo = await createRechargeOrder(ctx, { faceValue: "88.80" });
    expect(await getPayInfo(ctx, outTradeNo)).toMatchObject({ pay_money: "88.80" });
    await expect(createRechargeOrder(ctx, { faceValue: "-1" })).rejects.toBeInstanceOf(UpstreamError);
    await expect(createRechargeOrder(ctx, { faceValue: "1.234" })).rejects.toBeInstanceOf(UpstreamError);
    await expect(createRechargeOrder(ctx, { rechargeId: 99 })).rejects.toMatchObject({ upstreamMessage: "无效的充值套餐" });
  });
});
