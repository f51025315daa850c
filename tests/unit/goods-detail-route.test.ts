import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { commitToken } from "~/session/session.server";
import { action, loader } from "~/routes/_main.$slug";
import { backgroundWorkDone } from "~/utils/background-work.server";
import { invalidate } from "~/utils/cache.server";
import { wholeValue } from "~/utils/document-data";
import { pointBffAt } from "../support/bff-environment";
import { envelope, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";
import { loadSample } from "../support/shape";

/**
 * The `/sku-{id}` route's loader and action called directly, against a fake upstream: the prefix
 * parsing, the sku → goods id fallback, 404s, the optional calls that must not break the page,
 * and the action's validation, clamping and redirects.
 */

let upstream: FakeUpstream;
let restore = () => {};
let memberCookie = "";

beforeAll(async () => {
  upstream = await startFakeUpstream();
  restore = pointBffAt(upstream.url, { UPSTREAM_TIMEOUT_MS: "2000" });
  memberCookie = (await commitToken(new Request("http://shop.test/login"), {}, "member-token", { newSignIn: true })).split(";")[0];
});

afterAll(async () => {
  await upstream.close();
  restore();
});

const DETAIL = (loadSample("api_goodssku_detail_logged_in") as { data: { goods_sku_detail: Record<string, unknown> } }).data.goods_sku_detail;

/** The fake shop: sku 5 (goods 5) exists; goods id 40 maps to it too; optional calls answer. */
function shop(detail: Record<string, unknown> = DETAIL) {
  upstream.on("/api/goodssku/detail", (body) => {
    const found = body.sku_id === 5 || body.goods_id === 40;
    return { body: envelope(0, "操作成功", { goods_sku_detail: found ? detail : null }) };
  });
  upstream.on("/api/goodsevaluate/config", { body: envelope(0, "操作成功", { evaluate_status: 1, evaluate_show: 1, evaluate_audit: 1 }) });
  upstream.on("/api/goods/aftersale", { body: envelope(0, "操作成功", { content: "<p>售后<script>x()</script></p>" }) });
  upstream.on("/api/goodssku/recommend", { body: envelope(-1, "未配置") });
  upstream.on("/api/goodsevaluate/page", { body: envelope(0, "操作成功", { page_count: 0, count: 0, list: [] }) });
  upstream.on("/api/goodsbrowse/add", { status: 500, body: "boom" });
  upstream.on("/api/goods/modifyclicks", { body: envelope(0, "操作成功", "") });
  upstream.on("/api/cart/add", { body: envelope(0, "操作成功", "12") });
}

beforeEach(() => {
  upstream.reset();
  invalidate("goods:");
  shop();
});
// A member's view is recorded in the background: it lands before the next test starts.
afterEach(backgroundWorkDone);

function page(path: string, init: RequestInit & { member?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (init.member) headers.set("Cookie", memberCookie);
  return new Request(`http://shop.test${path}`, { ...init, headers });
}

/** The Response a loader/action throws or returns (redirects may be either). */
async function thrown(promise: Promise<unknown>): Promise<Response> {
  const outcome = await promise.then(
    (value: unknown) => (value instanceof Response ? value : new Error(`expected a Response, got ${JSON.stringify(value)}`)),
    (reason: unknown) => reason,
  );
  expect(outcome).toBeInstanceOf(Response);
  return outcome as Response;
}

const slugOf = (path: string) => new URL(path, "http://shop.test").pathname.slice(1);
const load = (path: string, member = false) => loader({ request: page(path, { member }), params: { slug: slugOf(path) }, context: {} });
const post = (path: string, form: Record<string, string>, member = true) =>
  action({ request: page(path, { method: "POST", body: new URLSearchParams(form), member }), params: { slug: slugOf(path) }, context: {} });
const calls = (path: string) => upstream.requests.filter((request) => request.path === path);

describe("URLs that are not sku-<id>", () => {
  test.each(["/sku-abc", "/sku-", "/sku-0", "/sku-12x", "/skus-12", "/whatever"])("%s → 404 without asking the upstream", async (path) => {
    expect((await thrown(load(path))).status).toBe(404);
    expect(upstream.requests).toEqual([]);
  });

  test("a login-required path a visitor asks for goes to login first, as the splat route does", async () => {
    const response = await thrown(load("/payment"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fpayment");
  });

  test("posting to a non-sku path is a 404", async () => {
    expect((await thrown(post("/payment", { intent: "follow" }))).status).toBe(404);
  });
});

describe("loader", () => {
  test("an unknown id is a 404 after trying it as a sku and as a goods id", async () => {
    expect((await thrown(load("/sku-999999"))).status).toBe(404);
    expect(calls("/api/goodssku/detail").map((request) => request.body)).toEqual([
      expect.objectContaining({ sku_id: 999999 }),
      expect.objectContaining({ goods_id: 999999 }),
    ]);
  });

  test("a goods id finds its default sku", async () => {
    const data = await load("/sku-40");
    expect(data.goods.skuId).toBe(5);
  });

  test("failing optional parts (recommend refused, footprint 500) leave the page whole; after-sale is sanitized", async () => {
    const data = await load("/sku-5", true);
    expect(data.goods.name).toContain("牛牌 N1");
    expect(data.recommended).toEqual({ version: "", count: 0, cards: [] });
    expect(data.evaluations).toMatchObject({ list: [], count: 0, page: 1 });
    expect(data.aftersaleHtml).toBe("<p>售后</p>");
    await backgroundWorkDone();
    expect(calls("/api/goodsbrowse/add")).toHaveLength(1);
    expect(calls("/api/goods/modifyclicks")[0].body).toMatchObject({ sku_id: 5, token: "member-token" });
  });

  test("visitors leave no footprint; paging evaluations is not a new view", async () => {
    await load("/sku-5");
    await load("/sku-5?eval_page=2", true);
    expect(calls("/api/goodsbrowse/add")).toEqual([]);
    expect(calls("/api/goodsevaluate/page")[1].body).toMatchObject({ goods_id: 5, page: 2 });
  });

  test("a view is recorded once: not again when the page itself reloads its data (revalidation, post/redirect/get)", async () => {
    const from = (referer: string) =>
      loader({ request: page("/sku-5", { member: true, headers: { Referer: referer } }), params: { slug: "sku-5" }, context: {} });
    await from("http://shop.test/list?keyword=x"); // arrived from the list: a view
    await from("http://shop.test/sku-5"); // revalidation after follow / add to cart (JS), or the redirect after the post (no JS)
    await from("http://shop.test/sku-5?img=2");
    await load("/sku-5?img=2", true); // an in-page parameter
    await backgroundWorkDone();
    expect(calls("/api/goods/modifyclicks")).toHaveLength(1);
    expect(calls("/api/goodsbrowse/add")).toHaveLength(1);
    await from("http://shop.test/sku-6"); // another spec of the goods: a new view
    await load("/sku-5", true); // no Referer (typed URL, bookmark): a new view
    await backgroundWorkDone();
    expect(calls("/api/goods/modifyclicks")).toHaveLength(3);
  });

  test("a fresh view is recorded once, after the detail has named its goods and sku; a goods id's page too", async () => {
    await load("/sku-5"); // a visitor's view: the page id becomes known, nothing recorded
    await load("/sku-40");
    upstream.reset();
    shop();
    await load("/sku-5", true);
    await backgroundWorkDone();
    const paths = upstream.requests.map((request) => request.path);
    expect(paths[0]).toBe("/api/goodssku/detail"); // the page waits for it: asked first, answered first
    expect(paths.slice(1)).toContain("/api/goodsbrowse/add");
    expect(calls("/api/goodsbrowse/add")).toHaveLength(1);
    expect(calls("/api/goods/modifyclicks")).toHaveLength(1);

    upstream.reset();
    shop();
    await load("/sku-40", true); // a goods id: its default sku may change, so the detail says which
    await backgroundWorkDone();
    const goodsIdPaths = upstream.requests.map((request) => request.path);
    expect(goodsIdPaths.indexOf("/api/goodsbrowse/add")).toBeGreaterThan(goodsIdPaths.lastIndexOf("/api/goodssku/detail"));
    expect(calls("/api/goodsbrowse/add")[0].body).toMatchObject({ goods_id: 5, sku_id: 5 });
  });

  test("the page does not wait for the view's record", async () => {
    upstream.on("/api/goodsbrowse/add", { body: envelope(0, "操作成功", ""), delayMs: 300 });
    let recorded = false;
    const data = await load("/sku-5", true).then((result) => {
      void backgroundWorkDone().then(() => (recorded = true));
      return result;
    });
    await new Promise((resolve) => setImmediate(resolve)); // had the page waited, the record would be done by now
    expect(data.goods.skuId).toBe(5);
    expect(recorded).toBe(false); // still on its way (the upstream takes 300 ms to answer it)
    await backgroundWorkDone();
    expect(calls("/api/goodsbrowse/add")).toHaveLength(1);
  });

  test("a sku now shown under another goods is recorded with the detail's goods, not the one seen before", async () => {
    await load("/sku-5"); // known: sku 5 of goods 5
    upstream.reset();
    shop({ ...DETAIL, goods_id: 7 });
    await load("/sku-5", true);
    await backgroundWorkDone();
    expect(calls("/api/goodsbrowse/add").map((request) => request.body)).toMatchObject([{ goods_id: 7, sku_id: 5 }]);
  });

  test("a visitor's loader data holds no price at all; a member's has them", async () => {
    const seckill = {
      ...DETAIL,
      promotion_info: {
        price: "1999.00",
        goods_min: 1,
        goods_limit: 5,
        num_multiple: 1,
        price_json: JSON.stringify([{ num: 10, limit_num: 0, price: "2899.00" }]),
      },
    };
    shop(seckill);
    upstream.on("/api/goodssku/recommend", {
      body: envelope(0, "操作成功", {
        page_count: 1,
        count: 1,
        list: [{ goods_id: 9, sku_id: 9, goods_name: "推荐", price: "77.70", market_price: "88.80", discount_price: "77.70", member_price: "66.60" }],
      }),
    });
    // A document's data has no recommended cards (their HTML is in the page); the whole value is what renders it.
    const visitorData = await load("/sku-5");
    const visitor = JSON.stringify({ ...visitorData, recommended: wholeValue(visitorData.recommended) });
    expect(wholeValue(visitorData.recommended).count).toBe(1);
    for (const price of ["1999", "2999", "3999", "2899", "77.7", "88.8", "66.6"]) expect(visitor).not.toContain(price);
    const memberData = await load("/sku-5", true);
    expect(memberData.recommended.cards).toEqual([]);
    const member = JSON.stringify({ ...memberData, recommended: wholeValue(memberData.recommended) });
    for (const price of ["1999.00", "2999.00", "2899.00", "77.70"]) expect(member).toContain(price);
    // A data request (a client-side navigation) carries the cards themselves.
    const asData = await loader({ request: page("/sku-5", { member: true }), params: { slug: "sku-5" }, context: { dataRequest: true } });
    expect(asData.recommended.cards.map((card) => card.price)).toEqual(["77.70"]);
  });

  test("sale control view_price 0 keeps a member's prices off the page too", async () => {
    shop({ ...DETAIL, sale_control: { is_member_by: 1, view_price: 0, not_buy_msg: "" } });
    const data = await load("/sku-5", true);
    expect([data.goods.price, data.goods.marketPrice, data.goods.memberPrice]).toEqual([null, null, null]);
  });

  test("evaluations are left out when evaluate_show is 0", async () => {
    upstream.on("/api/goodsevaluate/config", { body: envelope(0, "操作成功", { evaluate_status: 1, evaluate_show: 0, evaluate_audit: 1 }) });
    expect((await load("/sku-5")).evaluations).toBeNull();
  });

  test("?qr=1 renders the QR code; a failure becomes the flash toast of the page without it", async () => {
    upstream.on("/api/goodssku/goodsqrcode", { body: envelope(0, "操作成功", { path: { h5: { status: 1, url: "h5", img: "upload/qr/5.png" } } }) });
    expect((await load("/sku-5?qr=1")).qrImage).toBe("/media/upload/qr/5.png");

    upstream.on("/api/goodssku/goodsqrcode", { body: envelope(-1, "商品不存在", "") });
    const response = await thrown(load("/sku-5?qr=1&img=2"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sku-5?img=2");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__toast=/);
  });

  test("a 404 from the detail is thrown before the optional calls are awaited, without unhandled rejections", async () => {
    upstream.on("/api/goodsevaluate/config", { status: 500, body: "down" });
    expect((await thrown(load("/sku-6"))).status).toBe(404);
  });
});

describe("action", () => {
  test("a visitor's follow goes to login and back to the page", async () => {
    const response = await thrown(post("/sku-5", { intent: "follow" }, false));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fsku-5");
  });

  test.each([["0"], ["abc"], [""], ["2.5"]])("num %j → 400, nothing added", async (num) => {
    const response = (await post("/sku-5", { intent: "add-to-cart", num })) as unknown as {
      init: { status: number };
      data: { result: { error: Record<string, string[]> } };
    };
    expect(response.init.status).toBe(400);
    expect(response.data.result.error.num?.[0]).toMatch(/^goods:quantity\./);
    expect(calls("/api/cart/add")).toEqual([]);
  });

  test("the quantity is clamped to the stock before the cart add; success redirects back with a toast", async () => {
    const response = await thrown(post("/sku-5", { intent: "add-to-cart", num: "1000" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/sku-5");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__toast=/);
    expect(calls("/api/cart/add")[0].body).toMatchObject({ sku_id: 5, num: 49, token: "member-token" });
  });

  test("min_buy raises a small quantity (to whole steps)", async () => {
    shop({ ...DETAIL, min_buy: 10, stock: 100 });
    await thrown(post("/sku-5", { intent: "add-to-cart", num: "3" }));
    expect(calls("/api/cart/add")[0].body).toMatchObject({ num: 10 });
  });

  test("buy now goes to /payment with the sku and the clamped quantity", async () => {
    const response = await thrown(post("/sku-5", { intent: "buy-now", num: "2" }));
    expect(response.headers.get("Location")).toBe("/payment?sku_id=5&num=2");
  });

  test("sale control refuses buying server-side too", async () => {
    shop({ ...DETAIL, sale_control: { is_member_by: 0, view_price: 1, not_buy_msg: "仅限连锁药店" } });
    const response = await thrown(post("/sku-5", { intent: "add-to-cart", num: "1" }));
    expect(response.headers.get("Location")).toBe("/sku-5");
    expect(calls("/api/cart/add")).toEqual([]);
  });

  test("an upstream refusal (duplicate follow) is a toast, not an error page", async () => {
    upstream.on("/api/goodscollect/add", { body: envelope(-10001, "操作失败", "") });
    const response = await thrown(post("/sku-5", { intent: "follow" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Set-Cookie")).toMatch(/^__toast=/);
  });

  test("a fetcher's follow gets data and the toast cookie (the revalidation shows it); a plain post gets post/redirect/get", async () => {
    upstream.on("/api/goodscollect/add", { body: envelope(0, "操作成功", 1) });
    const viaFetcher = (await post("/sku-5", { intent: "follow", _fetcher: "1" })) as unknown as { data: unknown; init: { headers: Record<string, string> } };
    expect(viaFetcher.data).toEqual({ ok: true });
    expect(new Headers(viaFetcher.init.headers).get("Set-Cookie")).toMatch(/^__toast=/);
    const plain = await thrown(post("/sku-5", { intent: "follow" }));
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe("/sku-5");
  });

  test("a fetcher's refused coupon gets ok: false with the refusal as the toast", async () => {
    upstream.on("/coupon/api/coupon/receive", { body: envelope(-1, "优惠券已领完", "") });
    const response = (await post("/sku-5", { intent: "receive-coupon", coupon_type_id: "2", _fetcher: "1" })) as unknown as { data: unknown };
    expect(response.data).toEqual({ ok: false });
  });

  test("receiving a coupon sends get_type 2", async () => {
    upstream.on("/coupon/api/coupon/receive", { body: envelope(0, "操作成功", { is_exist: 1 }) });
    await thrown(post("/sku-5", { intent: "receive-coupon", coupon_type_id: "2" }));
    expect(upstream.requests.find((request) => request.path === "/coupon/api/coupon/receive")?.body).toMatchObject({ coupon_type_id: 2, get_type: 2 });
  });

  test("the QR intent answers data for the fetcher, also for visitors", async () => {
    upstream.on("/api/goodssku/goodsqrcode", { body: envelope(-1, "商品不存在", "") });
    const response = (await post("/sku-5", { intent: "qrcode" }, false)) as unknown as { data: unknown };
    expect(response.data).toEqual({ qrError: "商品不存在" });
  });
});
