import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { requestContext } from "~/upstream/context.server";
import { isLoginRequired } from "~/utils/routes";
import { displayedPromotion } from "~/domain/promotion";
import { addToCart } from "~/upstream/cart.server";
import { followGoods, unfollowGoods } from "~/upstream/collect.server";
import { receiveCoupon } from "~/upstream/coupon.server";
import {
  findGoodsDetail,
  getAftersale,
  getEvaluateConfig,
  getGoodsQrCode,
  knownGoodsOf,
  listEvaluations,
  listRecommended,
  recordGoodsView,
  toGoodsDetailView,
} from "~/upstream/goods-detail.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { getCartCount } from "~/upstream/member.server";
import { invalidate } from "~/utils/cache.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The goods detail page's upstream functions against the reference shop API (in-process, fresh
 * temp DB, test API on). Demo goods by promotion kind (sku ids): seckill 17 (+ bundling), discount
 * 14, get-free 71 (+ discount), wholesale 4, sale control for `demo`: 13 (is_member_by 0 with a
 * message), 35 (view_price 0), 155 (both 0).
 */

const live = useLiveShopApi();
let shop: TestShopApi;
let demoToken = "";

beforeAll(async () => {
  shop = live.shop;
  demoToken = await shop.login("demo", "demo123456");
});

beforeEach(() => {
  invalidate();
});

function ctx(token: string | null = null, path = "/sku-17", method = "GET"): UpstreamContext {
  // Member pages ask for the member (requireMember); every other page has it optionally.
  return requestContext(new Request(`http://shop.test${path}`, { method }), {}, token, isLoginRequired(path) ? "required" : "optional");
}

/** A fresh member, so follows, coupons and the cart start empty. */
async function freshMemberToken(): Promise<string> {
  const { body } = await shop.testApi<{ username: string; password: string }>("/__test/member", {});
  return shop.login(body.username, body.password);
}

async function upstreamError(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => new Error("expected an UpstreamError"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("findGoodsDetail", () => {
  test("by sku id, with the pharmacy fields", async () => {
    const detail = await findGoodsDetail(ctx(demoToken), 17);
    expect(detail).toMatchObject({ sku_id: 17, goods_id: 14, goods_name: "布洛芬缓释胶囊", unit: "盒", is_trace: true, stock_name: "充足" });
    expect(detail!.attr.attr_country_code).toMatch(/^国药准字/);
    expect(detail!.goods_label.map((label) => label.label_name)).toContain("OTC");
    expect(detail!.goods_spec_format[0].value.map((value) => value.sku_id)).toEqual([17, 18]);
    expect(Number(detail!.member_price)).toBeGreaterThan(0);
  });

  test("an id is a sku id first (sku 14 is goods 11, not goods 14); an unknown id is null after both tries", async () => {
    expect(await findGoodsDetail(ctx(), 14)).toMatchObject({ sku_id: 14, goods_id: 11 });
    expect(await findGoodsDetail(ctx(), 999_999)).toBeNull();
    // The goods-id fallback (ids that are no sku) is covered against a fake upstream in tests/unit.
  });

  test("the goods a page id showed is remembered, so the page can ask for its evaluations and record the view beside the detail", async () => {
    expect(knownGoodsOf(18)).toBeUndefined();
    await findGoodsDetail(ctx(), 18);
    expect(knownGoodsOf(18)).toEqual({ goodsId: 14, skuId: 18 });
    await findGoodsDetail(ctx(), 999_998);
    expect(knownGoodsOf(999_998)).toBeUndefined();
  });

  test("visitors get no member price and no sale control", async () => {
    const view = toGoodsDetailView((await findGoodsDetail(ctx(), 13))!, { upstreamUrl: shop.url });
    expect(view.memberPrice).toBeNull();
    expect(view.saleControl).toBeNull();
  });

  test("sale control for the demo member", async () => {
    expect((await findGoodsDetail(ctx(demoToken), 13))!.sale_control).toEqual({
      is_member_by: false,
      view_price: true,
      not_buy_msg: "处方药需上传处方药经营资质后采购",
    });
    expect((await findGoodsDetail(ctx(demoToken), 35))!.sale_control).toMatchObject({ is_member_by: true, view_price: false });
    expect((await findGoodsDetail(ctx(demoToken), 155))!.sale_control).toMatchObject({ is_member_by: false, view_price: false });
  });

  test.each([
    [17, "seckill"],
    [14, "discount"],
    [71, "getfree"],
    [4, "wholesale"],
    [1, "default"],
  ])("sku %i shows the %s badge", async (sku, kind) => {
    const detail = (await findGoodsDetail(ctx(demoToken), sku))!;
    expect(detail.sku_id).toBe(sku);
    expect(displayedPromotion(detail).kind).toBe(kind);
  });

  test("promotion numbers: seckill limits, wholesale tiers, get-free offers, combos", async () => {
    const seckill = toGoodsDetailView((await findGoodsDetail(ctx(demoToken), 17))!, { upstreamUrl: shop.url });
    expect(seckill.limits).toEqual({ goodsMin: 1, goodsLimit: 5, numMultiple: 1 });
    expect(Number(seckill.price)).toBeLessThan(Number(seckill.marketPrice));
    expect(seckill.bundlings[0].goods.length).toBeGreaterThan(1);

    const wholesale = toGoodsDetailView((await findGoodsDetail(ctx(demoToken), 4))!, { upstreamUrl: shop.url });
    expect(wholesale.tiers.map((tier) => tier.num)).toEqual([10, 50, 100]);

    const getfree = toGoodsDetailView((await findGoodsDetail(ctx(demoToken), 71))!, { upstreamUrl: shop.url });
    expect(getfree.getFree[0]).toMatchObject({ count: 1, name: "板蓝根颗粒" });
  });

  test("goods_content images are served through /media after sanitizing", async () => {
    const view = toGoodsDetailView((await findGoodsDetail(ctx(), 17))!, { upstreamUrl: shop.url });
    expect(view.contentHtml).toContain('src="/media/upload/goods/14/content.svg"');
    expect(view.contentHtml).not.toContain(shop.url);
  });
});

describe("the page's other reads", () => {
  test("evaluations, evaluate config, after-sale, recommendations", async () => {
    const evaluations = await listEvaluations(14, 1);
    expect(evaluations.count).toBeGreaterThan(0);
    expect(evaluations.list[0].content).not.toBe("");
    expect(await getEvaluateConfig()).toEqual({ evaluate_status: true, evaluate_show: true, evaluate_audit: true });
    expect(await getAftersale()).toContain("<p>");
    const recommended = await listRecommended(ctx(demoToken));
    expect(recommended.list.length).toBeGreaterThan(0);
    expect(recommended.list.length).toBeLessThanOrEqual(5);
  });

  test("a member's recommendations are kept for a while (ADR 032), per token; a visitor's are read each time", async () => {
    const token = await freshMemberToken();
    const first = await listRecommended(ctx(token));
    expect(await listRecommended(ctx(token))).toBe(first); // the same answer, not a new call
    expect(await listRecommended(ctx(demoToken))).not.toBe(first);
    expect(await listRecommended(ctx())).not.toBe(await listRecommended(ctx()));
  });

  test("QR code: an image path, or an UpstreamError for an unknown sku", async () => {
    expect(await getGoodsQrCode(ctx(), 17)).toMatch(/^upload\/qrcode\/goods\//);
    expect((await upstreamError(getGoodsQrCode(ctx(), 999_999))).upstreamMessage).toBe("商品不存在");
  });

  test("a member's view is recorded (footprint + clicks); a visitor's is skipped", async () => {
    const token = await freshMemberToken();
    await recordGoodsView(ctx(token), { goods_id: 14, sku_id: 17 });
    const footprints = await shop.call("/api/goodsbrowse/page", { token, page: 1, page_size: 10 });
    expect((footprints.data as { list: { sku_id: number }[] }).list.map((row) => row.sku_id)).toContain(17);
    await expect(recordGoodsView(ctx(null), { goods_id: 14, sku_id: 17 })).resolves.toBeUndefined();
  });
});

describe("mutations", () => {
  test("follow, duplicate follow refused with -10001, unfollow", async () => {
    const token = await freshMemberToken();
    const member = ctx(token, "/sku-17", "POST");
    await followGoods(member, { goods_id: 14, sku_id: 17 });
    expect((await findGoodsDetail(ctx(token), 17))!.is_collect).toBe(true);
    expect((await upstreamError(followGoods(member, { goods_id: 14, sku_id: 17 }))).code).toBe(-10001);
    await unfollowGoods(member, { goods_id: 14, sku_id: 17 });
    expect((await findGoodsDetail(ctx(token), 17))!.is_collect).toBe(false);
  });

  test("add to cart raises the cart count", async () => {
    const token = await freshMemberToken();
    expect(await getCartCount(ctx(token))).toBe(0);
    await addToCart(ctx(token, "/sku-17", "POST"), { sku_id: 17, num: 3 });
    expect(await getCartCount(ctx(token))).toBe(3);
  });

  test("receive a coupon; the per-member limit and sold-out coupons are refusals", async () => {
    const token = await freshMemberToken();
    const member = ctx(token, "/sku-17", "POST");
    await receiveCoupon(member, 6);
    expect((await upstreamError(receiveCoupon(member, 6))).upstreamMessage).toMatch(/上限/);
    expect((await upstreamError(receiveCoupon(member, 8))).upstreamMessage).toMatch(/来迟了/);
  });

  test("a visitor's mutation in a context that needs the member is sent to login", async () => {
    const error = await followGoods(requestContext(new Request("http://shop.test/sku-17", { method: "POST" }), {}, null, "required"), {
      goods_id: 14,
      sku_id: 17,
    }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).headers.get("Location")).toBe("/login?redirect=%2Fsku-17");
  });
});
