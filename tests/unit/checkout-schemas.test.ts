import { describe, expect, test } from "vitest";
import { MAX_VOUCHER_BYTES, PayIntentSchema, PayQuerySchema, voucherProblem } from "~/routes/_main.pay/schema";
import { imageKind } from "~/utils/image-file";
import { chosenDelivery, orderOptionsOf, sectionOf } from "~/routes/_main.payment/checkout.server";
import { optionParams } from "~/upstream/order-create.server";
import { CalculationSchema } from "~/upstream/schemas/checkout";
import { invoiceProblems, paymentSearch, PaymentIntentSchema, PaymentQuerySchema } from "~/routes/_main.payment/schema";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("/payment query", () => {
  test("cart lines or one sku; ids deduplicated", () => {
    expect(PaymentQuerySchema.parse({ cart_ids: "3,1,3" })).toMatchObject({ cart_ids: [3, 1] });
    expect(PaymentQuerySchema.parse({ sku_id: "5", num: "2" })).toMatchObject({ sku_id: 5, num: 2 });
  });

  test.each([
    ["nothing", {}],
    ["both sources", { cart_ids: "1", sku_id: "5", num: "1" }],
    ["forged ids", { cart_ids: "1;drop" }],
    ["zero id", { cart_ids: "0" }],
    ["negative quantity", { sku_id: "5", num: "-2" }],
    ["decimal quantity", { sku_id: "5", num: "1.5" }],
    ["sku without quantity", { sku_id: "5" }],
    ["over 100 lines", { cart_ids: Array.from({ length: 101 }, (_, i) => i + 1).join(",") }],
    ["an odd delivery type", { sku_id: "5", num: "1", delivery: "<script>" }],
    ["a negative coupon", { sku_id: "5", num: "1", coupon_id: "-1" }],
    ["a 141-character message", { sku_id: "5", num: "1", buyer_message: "留".repeat(141) }],
    ["a bad invoice e-mail", { sku_id: "5", num: "1", invoice_email: "nope" }],
    ["a use_point other than 0/1", { sku_id: "5", num: "1", use_point: "yes" }],
  ])("refuses %s", (_, query) => {
    expect(PaymentQuerySchema.safeParse(query).success).toBe(false);
  });

  test("empty optional fields are absent; coupon 0 means none", () => {
    expect(PaymentQuerySchema.parse({ sku_id: "5", num: "1", coupon_id: "", invoice_title: " ", store_id: "" })).toEqual({ sku_id: 5, num: 1 });
    expect(PaymentQuerySchema.parse({ sku_id: "5", num: "1", coupon_id: "0" })).toMatchObject({ coupon_id: 0 });
  });
});

describe("/payment POST", () => {
  test("create needs an order_key of the upstream's alphabet", () => {
    expect(PaymentIntentSchema.safeParse({ intent: "create", cart_ids: "1", order_key: "2026112276" }).success).toBe(true);
    expect(PaymentIntentSchema.safeParse({ intent: "create", cart_ids: "1" }).success).toBe(false);
    expect(PaymentIntentSchema.safeParse({ intent: "create", cart_ids: "1", order_key: "../x" }).success).toBe(false);
    expect(PaymentIntentSchema.safeParse({ intent: "pay", cart_ids: "1" }).success).toBe(false);
  });

  test("a 100 KB buyer message is a translated refusal", () => {
    const result = PaymentIntentSchema.safeParse({ intent: "create", cart_ids: "1", order_key: "k1", buyer_message: "x".repeat(100_000) });
    expect(firstMessage(result)).toBe("checkout:errors.messageLong");
  });

  test("invoice rules: title; tax number for a company; e-mail for electronic", () => {
    expect(invoiceProblems({ invoice: "0" })).toEqual({});
    expect(invoiceProblems({ invoice: "1", invoice_title_type: "2", invoice_type: "2" })).toEqual({
      invoice_title: "checkout:errors.invoiceTitle",
      taxpayer_number: "checkout:errors.taxNumber",
      invoice_email: "checkout:errors.email",
    });
    expect(invoiceProblems({ invoice: "1", invoice_title_type: "1", invoice_type: "1", invoice_title: "张三" })).toEqual({});
  });

  test("paymentSearch keeps the choices and drops what is empty", () => {
    expect(String(paymentSearch({ cart_ids: [1, 2], delivery: "store", store_id: 1, coupon_id: 0, buyer_message: "", order_key: "secret" }))).toBe(
      "cart_ids=1%2C2&delivery=store&store_id=1&coupon_id=0",
    );
  });
});

describe("points deduction (积分抵扣)", () => {
  test("use_point travels in the URL and the POST, and becomes is_point (0 unless asked)", () => {
    expect(PaymentQuerySchema.parse({ sku_id: "5", num: "1", use_point: "1" })).toMatchObject({ use_point: "1" });
    expect(PaymentIntentSchema.parse({ intent: "create", sku_id: "5", num: "1", order_key: "k1", use_point: "1" })).toMatchObject({ use_point: "1" });
    expect(String(paymentSearch({ sku_id: 5, num: 1, use_balance: "1", use_point: "1" }))).toBe("sku_id=5&num=1&use_balance=1&use_point=1");
    const express = { name: "express", title: "快递发货" };
    expect(optionParams("k1", orderOptionsOf({ use_point: "1" }, express))).toMatchObject({ is_point: 1, is_balance: 0 });
    expect(optionParams("k1", orderOptionsOf({}, express))).toMatchObject({ is_point: 0 });
  });

  test("calculate: max_usable_point, point and point_money are read; absent (a stock Niushop without the addon) → 0, no switch", () => {
    const base = { order_key: "k1", goods_list: [], goods_money: 35, order_money: 27.5, pay_money: 27.5 };
    expect(CalculationSchema.parse({ ...base, max_usable_point: 1750, point: "1750", point_money: 17.5, max_point_money: 17.5 })).toMatchObject({
      max_usable_point: 1750,
      point: 1750,
      point_money: "17.5",
      max_point_money: "17.5",
    });
    expect(CalculationSchema.parse(base)).toMatchObject({ max_usable_point: 0, point: 0, point_money: "0", max_point_money: null });
    expect(CalculationSchema.parse({ ...base, max_usable_point: "lots" }).max_usable_point).toBe(0);
  });
});

describe("refusals are shown beside their part", () => {
  test.each([
    [3, "优惠券不可用！", "coupon"],
    [-1, "优惠券不可用！", "coupon"],
    [-1, "门店未选择！", "delivery"],
    [-1, "发票邮箱不能为空！", "invoice"],
    [-1, "商品库存不足", "goods"],
    [6, "anything", "message"],
    [7, "anything", "point"],
    [-1, "积分余额不足", "point"],
    [-1, "系统繁忙", "general"],
  ])("code %s, %s → %s", (code, message, section) => {
    expect(sectionOf(code, message)).toBe(section);
  });

  test("the chosen delivery type, else the first offered; a pickup store from its list", () => {
    const types = [
      { name: "express", title: "快递发货", store_list: [] },
      {
        name: "store",
        title: "门店自提",
        store_list: [
          { store_id: 1, store_name: "A" },
          { store_id: 2, store_name: "B" },
        ],
      },
    ];
    expect(chosenDelivery(types, { delivery: "store", store_id: 2 })).toMatchObject({ type: { name: "store" }, store: { store_id: 2 } });
    expect(chosenDelivery(types, { delivery: "store", store_id: 99 })?.store?.store_id).toBe(1);
    expect(chosenDelivery(types, { delivery: "drone" })?.type.name).toBe("express");
    expect(chosenDelivery([], {})).toBeNull();
  });
});

describe("/pay", () => {
  test("query: a serial or an order id", () => {
    expect(PayQuerySchema.safeParse({ out_trade_no: "1795317200781411000" }).success).toBe(true);
    expect(PayQuerySchema.safeParse({ order_id: "12" }).success).toBe(true);
    expect(PayQuerySchema.safeParse({ out_trade_no: "../../etc" }).success).toBe(false);
    expect(PayQuerySchema.safeParse({}).success).toBe(false);
  });

  test("intents: only the known online channels", () => {
    expect(PayIntentSchema.safeParse({ intent: "online", out_trade_no: "1", pay_type: "alipay" }).success).toBe(true);
    expect(PayIntentSchema.safeParse({ intent: "online", out_trade_no: "1", pay_type: "balance" }).success).toBe(false);
    expect(PayIntentSchema.parse({ intent: "balance", out_trade_no: "1" })).toMatchObject({ pay_password: "" });
  });

  test("voucher: an image by its bytes, within the size limit", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(imageKind(png)).toBe("png");
    expect(imageKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(imageKind(new TextEncoder().encode("GIF89a"))).toBe("gif");
    expect(imageKind(new TextEncoder().encode("RIFF0000WEBP"))).toBe("webp");
    expect(imageKind(new TextEncoder().encode("<svg xmlns="))).toBeNull();
    expect(await voucherProblem(new File([png], "v.png"))).toBeNull();
    expect(await voucherProblem(null)).toMatchObject({ status: 400 });
    expect(await voucherProblem(new File(["hello"], "v.png", { type: "image/png" }))).toMatchObject({
      status: 415,
      message: "checkout:errors.voucherNotImage",
    });
    const big = new Uint8Array(MAX_VOUCHER_BYTES + 1);
    big.set(png);
    expect(await voucherProblem(new File([big], "v.png"))).toMatchObject({ status: 413, message: "checkout:errors.voucherTooLarge" });
  });
});
