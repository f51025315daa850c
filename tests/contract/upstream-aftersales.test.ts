import { beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import {
  addAgainEvaluation,
  addEvaluation,
  applyRefund,
  cancelRefund,
  fileComplaint,
  findComplaint,
  getEvaluateInfo,
  getRefundData,
  getRefundDataBatch,
  getRefundDetail,
  listRefunds,
  sendReturnWaybill,
  uploadEvaluateImage,
  uploadRefundImage,
  withdrawComplaint,
} from "~/upstream/aftersales.server";
import { resetCapabilities } from "~/upstream/capabilities.server";
import { listEvaluations } from "~/upstream/goods-detail.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { EvaluationPageSchema } from "~/upstream/schemas/goods-detail";
import { useLiveShopApi } from "../support/bff-environment";
import { loadSample } from "../support/shape";

/**
 * The after-sales pages' upstream functions (app/upstream/aftersales.server.ts) against the
 * reference shop API: evaluations, refunds through the seller's test API, complaints, and the
 * complaint capability going away on a stock Niushop.
 */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

describe("against the reference shop API", () => {
  const live = useLiveShopApi();
  let shop: TestShopApi;
  let member: UpstreamContext;
  let username: string;

  beforeAll(async () => {
    shop = live.shop;
    const fresh = (await shop.testApi("/__test/member", {})).body as { member_id: number; username: string; password: string };
    username = fresh.username;
    member = { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login(fresh.username, fresh.password), member: "required" };
  });

  /** A paid express order of the member (test API), shipped when asked; its id and line ids. */
  async function paidOrder(lines: { sku_id: number; num: number }[], ship = false) {
    const created = (await shop.testApi("/__test/order/create", { username, kind: "express", lines, paid: true })).body as { order_id: number };
    if (ship) await shop.testApi("/__test/order/ship", { order_id: created.order_id });
    const orders = (await shop.testApi(`/__test/orders?username=${username}`)).body as unknown as {
      order_id: number;
      order_goods: { order_goods_id: number }[];
    }[];
    const order = orders.find((o) => o.order_id === created.order_id)!;
    return { orderId: order.order_id, lineIds: order.order_goods.map((line) => line.order_goods_id) };
  }

  test("evaluation: info → add with an uploaded image → the goods' page lists it → again", async () => {
    const { orderId } = await paidOrder([{ sku_id: 5, num: 1 }], true);
    expect((await shop.call("/api/order/takedelivery", { token: member.token, order_id: orderId })).code).toBe(0);
    const info = await getEvaluateInfo(member, orderId);
    expect(info.evaluate_status).toBe(0);
    const line = info.list[0]!;
    // The goods' first page is shared for a minute (ADR 037): read before the review, it is kept.
    const before = await listEvaluations(line.goods_id, 1);
    expect(await listEvaluations(line.goods_id, 1)).toBe(before);
    const image = await uploadEvaluateImage(member, new File([PNG], "a.png", { type: "image/png" }));
    expect(image).toMatch(/^upload\/evaluate\//);
    await expect(uploadEvaluateImage(member, new File(["text"], "a.png", { type: "image/png" }))).rejects.toBeInstanceOf(UpstreamError);
    const sku = {
      orderGoodsId: line.order_goods_id,
      goodsId: line.goods_id,
      skuId: line.sku_id,
      skuName: line.sku_name,
      skuPrice: line.price,
      skuImage: line.sku_image,
    };
    const reviewer = { name: "评价人", headimg: "" };
    await expect(
      addEvaluation(member, { orderId, orderNo: line.order_no, reviewer, anonymous: false, lines: [{ ...sku, content: "", images: [], scores: 5 }] }),
    ).rejects.toMatchObject({
      upstreamMessage: "商品的评价不能为空！",
    });
    await addEvaluation(member, {
      orderId,
      orderNo: line.order_no,
      reviewer,
      anonymous: true,
      lines: [{ ...sku, content: "正品，发货快", images: [image], scores: 4 }],
    });
    const page = EvaluationPageSchema.parse((await shop.call("/api/goodsevaluate/page", { goods_id: line.goods_id, page: 1, page_size: 10 })).data);
    expect(page.list[0]).toMatchObject({ content: "正品，发货快", images: image, scores: 4, is_anonymous: true });
    // The review marked the goods: its shared page is read afresh and shows the review.
    const after = await listEvaluations(line.goods_id, 1);
    expect(after.count).toBe(before.count + 1);
    expect(after.list[0]).toMatchObject({ content: "正品，发货快" });
    expect((await getEvaluateInfo(member, orderId)).evaluate_status).toBe(1);
    await addAgainEvaluation(member, {
      orderId,
      lines: [{ orderGoodsId: line.order_goods_id, goodsId: line.goods_id, skuId: line.sku_id, content: "追评：效果好", images: [] }],
    });
    await expect(getEvaluateInfo(member, orderId)).rejects.toMatchObject({ upstreamMessage: "该订单已评价" });
    expect((await listEvaluations(line.goods_id, 1)).list[0]).toMatchObject({ again_content: "追评：效果好" });
  });

  test("refund: data (one and batch), apply, detail, waybill after the seller agrees, list, cancel", async () => {
    const { lineIds } = await paidOrder(
      [
        { sku_id: 5, num: 1 },
        { sku_id: 2, num: 1 },
      ],
      true,
    );
    const data = await getRefundData(member, lineIds[0]!);
    expect(data.order_goods_info).toHaveLength(1);
    expect(data.refund_type).toEqual([1, 2]);
    expect(data.refund_reason_type).toContain("其他");
    const batch = await getRefundDataBatch(member, lineIds);
    expect(batch.order_goods_info.map((line) => line.order_goods_id)).toEqual(lineIds);
    expect(Number(batch.refund_money)).toBeGreaterThan(Number(data.refund_money));

    const proof = await uploadRefundImage(member, new File([PNG], "p.png", { type: "image/png" }));
    await expect(applyRefund(member, { orderGoodsIds: [lineIds[0]!], type: 2, reason: "随便写的", remark: "", images: [] })).rejects.toBeInstanceOf(
      UpstreamError,
    );
    // No amount is sent: the application is for the whole refundable amount (as 5.5.2 records it).
    await applyRefund(member, { orderGoodsIds: [lineIds[0]!], type: 2, reason: "其他", remark: "坏了", images: [proof] });
    let detail = await getRefundDetail(member, lineIds[0]!);
    expect(detail).toMatchObject({ refund_status: 1, refund_type: 2, refund_apply_money: data.refund_money, refund_images: proof });
    expect(detail!.refund_action.map((action) => action.event)).toEqual(["orderRefundCancel"]);
    await shop.testApi("/__test/refund/seller", { order_goods_id: lineIds[0], action: "agree" });
    detail = await getRefundDetail(member, lineIds[0]!);
    expect(detail).toMatchObject({ refund_status: 4, shop_contacts: "演示医药售后部" });
    await sendReturnWaybill(member, lineIds[0]!, { company: "顺丰速运", number: "SF100", remark: "" });
    expect((await getRefundDetail(member, lineIds[0]!))?.refund_delivery_no).toBe("SF100");

    await applyRefund(member, { orderGoodsIds: [lineIds[1]!], type: 1, reason: "其他", remark: "", images: [] });
    await cancelRefund(member, lineIds[1]!);
    expect((await getRefundDetail(member, lineIds[1]!))?.refund_status).toBe(0);
    const list = await listRefunds(member, 1);
    expect(list.list.map((item) => item.order_goods_id)).toEqual([lineIds[1], lineIds[0]]);
    expect(list.list[1]).toMatchObject({ refund_status: 5, refund_action: [] });
  });

  test("another member's line: its detail is no line (null, as 5.5.2 answers it), its refund data is given (as 5.5.2), so the pages check ownership themselves", async () => {
    const { lineIds } = await paidOrder([{ sku_id: 5, num: 1 }]);
    const other = (await shop.testApi("/__test/member", {})).body as { username: string; password: string };
    const stranger: UpstreamContext = { ...member, token: await shop.login(other.username, other.password) };
    expect(await getRefundDetail(stranger, lineIds[0]!)).toBeNull();
    expect((await getRefundData(stranger, lineIds[0]!)).order_goods_info[0]).toMatchObject({ order_goods_id: lineIds[0] });
  });

  test("complaints: after a refusal; withdrawn; absent on a stock Niushop (null, no throw)", async () => {
    resetCapabilities();
    const { lineIds } = await paidOrder([{ sku_id: 5, num: 1 }]);
    const id = lineIds[0]!;
    await applyRefund(member, { orderGoodsIds: [id], type: 1, reason: "其他", remark: "", images: [] });
    await shop.testApi("/__test/refund/seller", { order_goods_id: id, action: "refuse", reason: "不同意" });
    const info = await findComplaint(member, id);
    expect(info).toMatchObject({ order_goods_id: id, can_complain: true, complain: null });
    await fileComplaint(member, { orderGoodsId: id, reason: info!.complain_reason_type[0]!, remark: "" });
    expect((await findComplaint(member, id))?.complain).toMatchObject({ complain_status: 1 });
    await withdrawComplaint(member, id);
    expect((await findComplaint(member, id))?.complain).toMatchObject({ complain_status: -1 });

    await shop.testApi("/__test/endpoints", { disabled: ["stock"] });
    try {
      expect(await findComplaint(member, id)).toBeNull();
    } finally {
      await shop.testApi("/__test/endpoints", { disabled: [] });
      resetCapabilities();
    }
  });
});

describe("schemas", () => {
  test("the real empty evaluation page still parses with the new fields", () => {
    expect(EvaluationPageSchema.parse(loadSample("api_goodsevaluate_page").data)).toEqual({ page_count: 0, count: 0, list: [] });
  });
});
