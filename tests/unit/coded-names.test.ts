import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { deliveryTypeLabel, orderStatusLabel, payTypeLabel, refundReasonLabel, refundStatusLabel } from "~/domain/coded-names";

/**
 * Names with a code (issue 29): Niushop's own wording of a code is translated, anything else (a
 * shop's own wording, a name under another code) is shown as the shop wrote it.
 */

const locale = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/common.json`, "utf8")) as { coded: Record<string, Record<string, string>> };

function translate(label: string, lng: string): string {
  if (label.startsWith("upstream:")) return label.slice("upstream:".length);
  const [group, key] = label.replace("common:coded.", "").split(".");
  return locale(lng).coded[group!]![key!]!;
}

describe.each([
  ["order status", orderStatusLabel(0, "待支付"), "Awaiting payment"],
  ["order status of a pickup order", orderStatusLabel(4, "已提货"), "Picked up"],
  ["partly shipped", orderStatusLabel(1, "部分发货"), "Partly shipped"],
  ["refund status", refundStatusLabel(-1, "卖家拒绝"), "Refused by the seller"],
  ["delivery type", deliveryTypeLabel("store", "门店自提"), "Store pickup"],
  ["pay type", payTypeLabel("alipay", "支付宝"), "Alipay"],
  ["stock refund reason", refundReasonLabel("协商一致退款"), "Refund agreed with the seller"],
])("%s", (_name, label, english) => {
  test("is translated by its code, and reads as Niushop's wording in Chinese", () => {
    expect(label.startsWith("common:coded.")).toBe(true);
    expect(translate(label, "en-us")).toBe(english);
    expect(translate(label, "zh-cn")).toMatch(/\p{Script=Han}/u);
  });
});

test.each([
  ["a shop's own status wording", orderStatusLabel(0, "等待买家付款"), "等待买家付款"],
  ["a wording under another code", orderStatusLabel(10, "待支付"), "待支付"],
  ["an unknown code", orderStatusLabel(99, "待支付"), "待支付"],
  ["a shop's own refund reason", refundReasonLabel("包装破损"), "包装破损"],
  ["an unknown pay type", payTypeLabel("unionpay", "银联支付"), "银联支付"],
])("%s stays as the shop wrote it", (_name, label, text) => {
  expect(label).toBe(`upstream:${text}`);
});

test("every translated label has its text in both languages", () => {
  for (const lng of ["zh-cn", "en-us"]) {
    const coded = locale(lng).coded;
    for (const group of ["orderStatus", "refundStatus", "deliveryType", "payType", "refundReason"])
      expect(Object.keys(coded[group] ?? {}).length).toBeGreaterThan(0);
  }
  expect(Object.keys(locale("zh-cn").coded.orderStatus!)).toEqual(Object.keys(locale("en-us").coded.orderStatus!));
});
