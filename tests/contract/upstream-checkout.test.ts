import { beforeAll, describe, expect, test } from "vitest";
import { z } from "zod/v4";
import type { TestShopApi } from "../../shop-api/testing";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { calculateOrder, createOrder, listOrderCoupons, ORDER_EXPIRED, startOrder, type OrderOptions } from "~/upstream/order-create.server";
import {
  getBalanceConfig,
  getOfflineConfig,
  getOfflineVoucher,
  getPayInfo,
  getPayStatus,
  listPayTypes,
  PAY_STATUS,
  resetPayment,
  startPayment,
  submitOfflineVoucher,
  uploadVoucherImage,
} from "~/upstream/pay.server";
import {
  BalanceConfigSchema,
  CalculationSchema,
  CouponSchema,
  OutTradeNoSchema,
  PaymentSchema,
  PayInfoSchema,
  PayStatusSchema,
  PayTypesSchema,
} from "~/upstream/schemas/checkout";
import { checkPayPassword, hasPayPassword } from "~/upstream/profile.server";
import { useLiveShopApi } from "../support/bff-environment";
import { loadSample } from "../support/shape";

/**
 * The checkout pages' upstream functions (app/upstream/order-create.server.ts, pay.server.ts):
 * their schemas against the real Niushop samples, then the functions against the reference shop
 * API on a fresh database.
 */

const dataOf = (name: string) => loadSample(name).data;

describe("schemas parse the real samples", () => {
  test("payment (cart and buy now): order_key, goods, delivery types, default address", () => {
    const cart = PaymentSchema.parse(dataOf("api_ordercreate_payment"));
    expect(cart.order_key).toBe("20261122761274370068480");
    expect(cart.goods_list.map((line) => [line.sku_id, line.num, line.price])).toEqual([
      [5, 2, "2999.00"],
      [9, 3, "19.90"],
    ]);
    expect(cart.goods_list[0].sku_spec_format).toEqual([
      { spec_name: "颜色", spec_value_name: "黑色" },
      { spec_name: "存储", spec_value_name: "128G" },
    ]);
    expect(cart.delivery.express_type).toEqual([{ name: "express", title: "快递发货", store_list: [] }]);
    expect(cart.delivery.member_address).toMatchObject({ id: 1, name: "张三", full_address: "北京市-北京市-东城区" });
    expect(cart.modules).toEqual(["coupon"]);
    expect(cart.invoice?.invoice_status).toBe(false);
    const buyNow = PaymentSchema.parse(dataOf("api_ordercreate_payment_buy_now"));
    expect(buyNow.goods_list).toHaveLength(1);
    expect(buyNow.goods_money).toBe("39.8");
  });

  test("calculate: totals as the upstream computed them", () => {
    const calculation = CalculationSchema.parse(dataOf("api_ordercreate_calculate"));
    expect(calculation).toMatchObject({ goods_money: "6057.7", delivery_money: "0", coupon_id: 0, pay_money: "6057.7", error: 0 });
    expect(calculation.delivery?.delivery_type).toBe("express");
  });

  test("getcouponlist, create, pay info/status/type, balance config", () => {
    expect(z.array(CouponSchema).parse(dataOf("api_ordercreate_getcouponlist"))).toEqual([]);
    expect(OutTradeNoSchema.parse(dataOf("api_ordercreate_create"))).toBe("1795317200781411000");
    expect(PayInfoSchema.parse(dataOf("api_pay_info"))).toMatchObject({
      out_trade_no: "1795317200781411000",
      pay_money: "6057.70",
      pay_status: 0,
      member_id: 1,
      order_id: 1,
      auto_close_time: 1795319000,
    });
    expect(PayInfoSchema.parse(dataOf("api_pay_info_not_found"))).toBeNull();
    expect(PayStatusSchema.parse(dataOf("api_pay_status"))).toMatchObject({ pay_status: 0, member_id: 1 });
    expect(PayTypesSchema.parse(dataOf("api_pay_type"))).toEqual([]);
    expect(BalanceConfigSchema.parse(dataOf("api_pay_getbalanceconfig"))).toEqual({ balance_show: true });
  });

  test("the expired key answer carries the message the pages look for", () => {
    expect(loadSample("api_ordercreate_create_reused_key").message).toBe(ORDER_EXPIRED);
  });
});

describe("against the reference shop API", () => {
  const live = useLiveShopApi();
  let shop: TestShopApi;
  let member: UpstreamContext;
  let memberId: number;
  let username: string;
  const pickup: OrderOptions = { delivery: { type: "store", title: "门店自提", storeId: 1 }, useBalance: false, usePoint: false, invoice: null };

  beforeAll(async () => {
    shop = live.shop;
    const fresh = (await shop.testApi("/__test/member", {})).body as { member_id: number; username: string; password: string };
    memberId = fresh.member_id;
    username = fresh.username;
    await shop.testApi("/__test/member/balance", { username, balance: 500, pay_password: "123456" });
    member = { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login(fresh.username, fresh.password), member: "required" };
  });

  test("payment → calculate → create; the key is single-use", async () => {
    const payment = await startOrder(member, { sku_id: 5, num: 2 });
    expect(payment.goods_list[0]).toMatchObject({ sku_id: 5, num: 2, price: "9.80" });
    expect(payment.delivery.express_type.map((type) => type.name)).toEqual(expect.arrayContaining(["express", "store"]));
    const calculation = await calculateOrder(member, payment.order_key, pickup);
    expect(calculation).toMatchObject({ goods_money: "19.6", pay_money: "19.6", error: 0 });
    expect(await listOrderCoupons(member, payment.order_key, pickup)).toEqual([]);
    const outTradeNo = await createOrder(member, payment.order_key, pickup, { buyerMessage: "请尽快发货" });
    expect(outTradeNo).toMatch(/^\d+$/);
    const again = createOrder(member, payment.order_key, pickup, { buyerMessage: "" });
    await expect(again).rejects.toBeInstanceOf(UpstreamError);
    await expect(again).rejects.toMatchObject({ upstreamMessage: ORDER_EXPIRED });
  });

  test("nothing to buy is refused with a code, not a shape error", async () => {
    await expect(startOrder(member, { cart_ids: [999_999] })).rejects.toBeInstanceOf(UpstreamError);
  });

  test("cashier: info, status, types, the pay password checked, then balance payment", async () => {
    const payment = await startOrder(member, { sku_id: 5, num: 1 });
    const outTradeNo = await createOrder(member, payment.order_key, pickup, { buyerMessage: "" });
    const info = await getPayInfo(member, outTradeNo);
    expect(info).toMatchObject({ out_trade_no: outTradeNo, pay_money: "9.80", pay_status: PAY_STATUS.pending, member_id: memberId });
    expect(await listPayTypes(member)).toEqual(expect.arrayContaining(["balance", "alipay", "offlinepay"]));
    expect((await getBalanceConfig(member)).balance_show).toBe(true);
    expect(await hasPayPassword(member)).toBe(true);
    expect(await checkPayPassword(member, "000000")).toBe(false);
    expect(await checkPayPassword(member, "")).toBe(false);
    expect(await checkPayPassword(member, "123456")).toBe(true);
    expect((await startPayment(member, { outTradeNo, payType: "balance", returnUrl: "", payPassword: "123456" })).pay_success).toBe(true);
    expect((await getPayStatus(member, outTradeNo)).pay_status).toBe(PAY_STATUS.paid);
  });

  test("online payment answers the simulator's URL; resetpay issues a new serial", async () => {
    const payment = await startOrder(member, { sku_id: 5, num: 1 });
    const outTradeNo = await createOrder(member, payment.order_key, pickup, { buyerMessage: "" });
    const answer = await startPayment(member, { outTradeNo, payType: "alipay", returnUrl: "http://127.0.0.1:3000/pay" });
    expect(answer.type).toBe("url");
    expect(String(answer.data)).toContain("/simulator/pay?");
    const fresh = await resetPayment(member, outTradeNo);
    expect(String(fresh)).not.toBe(outTradeNo);
  });

  test("offline transfer: config, upload (multipart), voucher, info", async () => {
    const payment = await startOrder(member, { sku_id: 5, num: 1 });
    const outTradeNo = await createOrder(member, payment.order_key, pickup, { buyerMessage: "" });
    const config = await getOfflineConfig(member);
    expect(config?.value?.bank?.status).toBe(true);
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d4948445200000004000000040802000000269309290000001049444154789c6338636c0c470cc47100fb1313212c5dcd230000000049454e44ae426082",
      "hex",
    );
    const path = await uploadVoucherImage(member, new File([png], "voucher.png", { type: "image/png" }));
    expect(path).toMatch(/^upload\//);
    await submitOfflineVoucher(member, outTradeNo, [path], "已转账");
    expect(await getOfflineVoucher(member, outTradeNo)).toMatchObject({ status: 0, desc: "已转账" });
    await expect(uploadVoucherImage(member, new File(["text"], "a.png", { type: "image/png" }))).rejects.toBeInstanceOf(UpstreamError);
  });

  test("another member's serial: info answers none", async () => {
    const payment = await startOrder(member, { sku_id: 5, num: 1 });
    const outTradeNo = await createOrder(member, payment.order_key, pickup, { buyerMessage: "" });
    const other = (await shop.testApi("/__test/member", {})).body as { username: string; password: string };
    const stranger: UpstreamContext = { ...member, token: await shop.login(other.username, other.password) };
    expect(await getPayInfo(stranger, outTradeNo)).toBeNull();
  });
});
