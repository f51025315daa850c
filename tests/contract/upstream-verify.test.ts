import { beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { getVerifyInfo, isVerifier, listVerified, listVerifyTypes, verifyCode, verifyRefusal } from "~/upstream/verify.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The verification pages' upstream functions (app/upstream/verify.server.ts) against the
 * reference shop API on a fresh database: who is a verifier, a code's details, verifying it,
 * the history by kind, and the refusals the pages turn into their own messages.
 */

describe("verification against the reference shop API", () => {
  const live = useLiveShopApi();
  let shop: TestShopApi;
  let buyer: UpstreamContext;
  let verifier: UpstreamContext;
  let buyerId: number;

  async function member(): Promise<{ ctx: UpstreamContext; memberId: number }> {
    const made = (await shop.testApi("/__test/member", {})).body as { member_id: number; username: string; password: string };
    await shop.testApi("/__test/member/balance", { member_id: made.member_id, balance: 500, pay_password: "123456" });
    return {
      ctx: { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login(made.username, made.password), member: "required" },
      memberId: made.member_id,
    };
  }

  /** A pickup order paid with the balance through the API: its pickup code. */
  async function paidPickupCode(): Promise<{ orderId: number; code: string }> {
    const call = async (path: string, body: Record<string, unknown>) => {
      const answer = await shop.call(path, { token: buyer.token, ...body });
      expect(answer.code, `${path}: ${answer.message}`).toBe(0);
      return answer.data as Record<string, unknown>;
    };
    const payment = await call("/api/ordercreate/payment", { sku_id: 5, num: 1 });
    const outTradeNo = (await call("/api/ordercreate/create", {
      order_key: payment.order_key,
      delivery: JSON.stringify({ delivery_type: "store", store_id: 1 }),
    })) as unknown as string;
    await call("/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "balance", pay_password: "123456" });
    return shop.api.db.prepare("SELECT order_id AS orderId, delivery_code AS code FROM orders WHERE out_trade_no = ?").get(outTradeNo) as {
      orderId: number;
      code: string;
    };
  }

  beforeAll(async () => {
    shop = live.shop;
    const customer = await member();
    buyer = customer.ctx;
    buyerId = customer.memberId;
    const staff = await member();
    verifier = staff.ctx;
    await shop.testApi("/__test/verifier", { member_id: staff.memberId });
  });

  test("isVerifier: true for a verifier, false for anyone else", async () => {
    expect(await isVerifier(verifier)).toBe(true);
    expect(await isVerifier(buyer)).toBe(false);
  });

  test("listVerifyTypes: the kinds in the upstream's order", async () => {
    expect(await listVerifyTypes(verifier)).toEqual([
      { key: "pickup", name: "订单自提" },
      { key: "virtualgoods", name: "虚拟商品" },
    ]);
  });

  test("pickup: details, verify, then the code reads used and is in the history", async () => {
    const { orderId, code } = await paidPickupCode();
    const info = await getVerifyInfo(verifier, code);
    expect(info).toMatchObject({ verify_code: code, verify_type: "pickup", is_verify: 0, expire_time: 0, verify_total_count: 1, verify_use_num: 0 });
    expect(info.item_array[0]).toMatchObject({ num: 1, price: "9.80" });
    expect(info.remark_array[1]?.title).toBe("订单编号");

    await verifyCode(verifier, code);
    expect((shop.api.db.prepare("SELECT order_status FROM orders WHERE order_id = ?").get(orderId) as { order_status: number }).order_status).toBe(4);
    expect(await getVerifyInfo(verifier, code)).toMatchObject({
      is_verify: 1,
      verify_use_num: 1,
      verify_record: [expect.objectContaining({ verify_time: expect.any(Number) })],
    });

    const again = await verifyCode(verifier, code).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(UpstreamError);
    expect(verifyRefusal(again as UpstreamError)).toBe("verification:errors.used");

    const pickups = await listVerified(verifier, { type: "pickup", page: 1, pageSize: 10 });
    expect(pickups.list.map((row) => row.verify_code)).toContain(code);
    expect((await listVerified(verifier, { type: "virtualgoods", page: 1, pageSize: 10 })).count).toBe(0);
  });

  test("virtual: a code of several uses, then expired codes are refused", async () => {
    const made = (await shop.testApi("/__test/verify/virtual-order", { member_id: buyerId, total_verify_num: 2 })).body as { codes: string[] };
    const [code] = made.codes;
    expect(await getVerifyInfo(verifier, code)).toMatchObject({ verify_type: "virtualgoods", verify_total_count: 2, verify_use_num: 0 });
    await verifyCode(verifier, code);
    expect(await getVerifyInfo(verifier, code)).toMatchObject({ is_verify: 0, verify_use_num: 1 });

    const other = (await shop.testApi("/__test/verify/virtual-order", { member_id: buyerId })).body as { codes: string[] };
    await shop.testApi("/__test/verify/expire", { verify_code: other.codes[0] });
    const expired = await verifyCode(verifier, other.codes[0]).catch((error: unknown) => error);
    expect(verifyRefusal(expired as UpstreamError)).toBe("verification:errors.expired");
  });

  test("refusals: an unknown code, and a normal member asking", async () => {
    const unknown = await getVerifyInfo(verifier, "000000000000").catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(UpstreamError);
    expect(verifyRefusal(unknown as UpstreamError)).toBe("verification:errors.unknown");
    const stranger = await getVerifyInfo(buyer, "000000000000").catch((error: unknown) => error);
    expect(verifyRefusal(stranger as UpstreamError)).toBe("verification:errors.notVerifier");
  });
});
