import { describe, expect, test } from "vitest";
import { isLoginRequired, parsePrefixedId } from "~/utils/routes";

describe("isLoginRequired (spec §2 member routes)", () => {
  test.each([
    "/member",
    "/member/index",
    "/member/order_list",
    "/member/order_detail",
    "/member/address",
    "/member/collection",
    "/member/coupon",
    "/member/account",
    "/member/security",
    "/member/index/",
    "/payment",
    "/pay",
    "/result",
    "/evaluate",
    "/point/payment",
    "/promotion/combo_payment",
    "/promotion/groupbuy_payment",
    "/promotion/topic_payment",
  ])("%s needs a member", (path) => {
    expect(isLoginRequired(path)).toBe(true);
  });

  test.each([
    "/member/out_of_stock",
    "/member/out_of_stock/",
    "/",
    "/index",
    "/login",
    "/register",
    "/find_pass",
    "/cart",
    "/list",
    "/sku-12",
    "/promotion/seckill-3",
    "/promotion/combo-1",
    "/cms/help-7",
    "/closed",
    "/members",
    "/membership",
    "/paying",
    "/payment/extra",
    "/result-1",
  ])("%s is public", (path) => {
    expect(isLoginRequired(path)).toBe(false);
  });
});

describe("parsePrefixedId", () => {
  test.each<[string | undefined, string, number | null]>([
    ["sku-12", "sku", 12],
    ["sku-1", "sku", 1],
    ["seckill-3", "seckill", 3],
    ["help-7", "help", 7],
    ["sku-4294967295", "sku", 4294967295],
    ["sku-0", "sku", null],
    ["sku-", "sku", null],
    ["sku-12a", "sku", null],
    ["sku-12.5", "sku", null],
    ["sku--12", "sku", null],
    ["sku-+12", "sku", null],
    ["sku-12345678901", "sku", null], // more than 10 digits
    ["sku12", "sku", null],
    ["xsku-12", "sku", null],
    ["goods-12", "sku", null],
    ["SKU-12", "sku", null],
    ["", "sku", null],
    [undefined, "sku", null],
  ])("%j with prefix %j → %s", (segment, prefix, expected) => {
    expect(parsePrefixedId(segment, prefix)).toBe(expected);
  });

  test("leading zeros still name the id", () => {
    expect(parsePrefixedId("sku-007", "sku")).toBe(7);
  });
});
