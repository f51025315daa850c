import { describe, expect, test } from "vitest";
import { canVerify, normalizeVerifyCode, verifyState } from "~/domain/verification";
import { UpstreamError } from "~/upstream/http.server";
import { verifyRefusal } from "~/upstream/verify.server";
import { VerifyInfoSchema, VerifyTypesSchema } from "~/upstream/schemas/verify";

/** The verification pages' rules (app/domain/verification.ts) and how refusals are worded. */

const NOW = 1_800_000_000;

describe("verifyState", () => {
  test.each([
    [{ is_verify: 0, expire_time: 0 }, "waiting"],
    [{ is_verify: 0, expire_time: NOW + 60 }, "waiting"],
    // A stock upstream keeps 0 past the expiry until its job runs; the page must not offer it.
    [{ is_verify: 0, expire_time: NOW - 1 }, "expired"],
    [{ is_verify: -1, expire_time: 0 }, "expired"],
    [{ is_verify: 1, expire_time: NOW - 1 }, "used"],
    [{ is_verify: 2, expire_time: 0 }, "refunded"],
  ] as const)("%j → %s", (code, state) => {
    expect(verifyState(code, NOW)).toBe(state);
  });

  test("only a waiting code may be verified", () => {
    expect(["waiting", "used", "refunded", "expired"].filter((state) => canVerify(state as never))).toEqual(["waiting"]);
  });
});

describe("normalizeVerifyCode", () => {
  test.each([
    ["12345678", "12345678"],
    [" 1234 5678\n", "12345678"], // a scanner's trailing newline, grouped digits
    ["1234-5678-9012", "123456789012"],
    ["AbC123", "AbC123"],
    ["123", null],
    ["", null],
    ["1234'; DROP", null],
    ["x".repeat(33), null],
  ])("%j → %j", (raw, code) => {
    expect(normalizeVerifyCode(raw)).toBe(code);
  });
});

describe("verifyRefusal", () => {
  const refusal = (message: string) => verifyRefusal(new UpstreamError("/api/verify/verify", -1, message, ""));
  test.each([
    ["当前核销码不存在！", "verification:errors.unknown"],
    ["找不到核销码信息！", "verification:errors.unknown"],
    ["该核销码已核销，不可重复核销！", "verification:errors.used"],
    ["IS_VERIFYED", "verification:errors.used"],
    ["订单已提货，无需核销！", "verification:errors.used"],
    ["核销码已过期", "verification:errors.expired"],
    ["订单已退款！", "verification:errors.refunded"],
    ["订单售后中，不可核销！", "verification:errors.refunded"],
    ["订单已关闭，不可核销！", "verification:errors.closed"],
    ["没有店铺康源的核销权限！", "verification:errors.notVerifier"],
    ["系统繁忙", "upstream:系统繁忙"],
  ])("%s → %s", (message, key) => {
    expect(refusal(message)).toBe(key);
  });
});

describe("schemas", () => {
  test("a stock record: strings for numbers, no verify_record, remarks with numeric values", () => {
    const info = VerifyInfoSchema.parse({
      verify_code: 123456789012,
      verify_type: "virtualgoods",
      verify_type_name: "虚拟商品",
      site_name: "店",
      item_array: [{ img: "upload/a.png", name: "体检卡", price: "99.00", num: "2" }],
      remark_array: [
        { title: "联系人", value: null },
        { title: "订单编号", value: 202611251234 },
      ],
      is_verify: "0",
      verifier_name: null,
      verify_time: 0,
      create_time: "1795317200",
      expire_time: "0",
      verify_total_count: "3",
      verify_use_num: "1",
    });
    expect(info).toMatchObject({ verify_code: "123456789012", is_verify: 0, verify_total_count: 3, verify_use_num: 1, verifier_name: "" });
    expect(info.item_array[0]).toEqual({ img: "upload/a.png", name: "体检卡", price: "99.00", num: 2 });
    expect(info.remark_array[1]).toEqual({ title: "订单编号", value: "202611251234" });
    expect(info.verify_record).toBeUndefined();
  });

  test("getverifytype keeps addon kinds, in order", () => {
    expect(
      VerifyTypesSchema.parse({ pickup: { name: "订单自提" }, virtualgoods: { name: "虚拟商品" }, cardgoods: { name: "卡项" } }).map((type) => type.key),
    ).toEqual(["pickup", "virtualgoods", "cardgoods"]);
  });
});
