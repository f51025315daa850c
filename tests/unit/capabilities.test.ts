import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { z } from "zod/v4";
import { loader as goodsLoader } from "~/routes/_main.$slug";
import {
  CAPABILITY_TTL_MS,
  CapabilityAbsentError,
  hasCapability,
  probeCapability,
  requireCapability,
  resetCapabilities,
  withCapability,
} from "~/upstream/capabilities.server";
import { sharedContext } from "~/upstream/context.server";
import { findGoodsDetail } from "~/upstream/goods-detail.server";
import { callUpstream, ShopClosedError, UpstreamError } from "~/upstream/http.server";
import { invalidate } from "~/utils/cache.server";
import { log } from "~/utils/log.server";
import { envelope, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";
import { loadSample } from "../support/shape";
import { pointBffAt } from "../support/bff-environment";

/**
 * The capability mechanism (app/upstream/capabilities.server.ts, ADR 009) against a fake upstream:
 * what marks a capability absent or present, the window, the single log line, the probe; and the
 * goods detail's "missing goods" answer of a real Niushop.
 */

vi.mock("~/utils/log.server", () => ({ log: vi.fn() }));

let upstream: FakeUpstream;
const HTML_404 = { contentType: "text/html; charset=utf-8", body: "<!DOCTYPE html><html><body>页面错误！请稍后再试～</body></html>" };
const LINKS = "/multiaccount/api/MultiAccount/lists";

let restoreEnv: () => void;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  restoreEnv = pointBffAt(upstream.url, { UPSTREAM_TIMEOUT_MS: "2000" });
});

afterAll(async () => {
  await upstream.close();
  restoreEnv();
});

beforeEach(() => {
  upstream.reset();
  resetCapabilities();
  invalidate();
  vi.mocked(log).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

const calls = (path: string) => upstream.requests.filter((request) => request.path === path).length;
const events = (name: string) =>
  vi
    .mocked(log)
    .mock.calls.filter(([event]) => event === name)
    .map(([, fields]) => fields);
const linked = () => withCapability("multiaccount", () => callUpstream(sharedContext(), LINKS, z.unknown()), "fallback");

describe("withCapability", () => {
  test.each([
    ["an HTML page with HTTP 200 (stock Niushop)", HTML_404],
    ["HTTP 404", { status: 404, contentType: "text/plain", body: "not found" }],
  ])("%s → fallback, logged once, not called again within the window", async (_, reply) => {
    upstream.on(LINKS, reply);
    expect(await linked()).toBe("fallback");
    expect(await linked()).toBe("fallback");
    expect(calls(LINKS)).toBe(1);
    expect(hasCapability("multiaccount")).toBe(false);
    expect(events("capability_absent")).toEqual([{ capability: "multiaccount", path: LINKS }]);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + CAPABILITY_TTL_MS - 1_000);
    expect(await linked()).toBe("fallback");
    expect(calls(LINKS)).toBe(1);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await linked()).toBe("fallback");
    expect(calls(LINKS)).toBe(2);
    expect(events("capability_absent")).toHaveLength(1);
  });

  test("present → the answer; other capabilities are not affected by an absent one", async () => {
    upstream.on(LINKS, { body: envelope(0, "操作成功", { group_list: [] }) });
    upstream.on("/salecontrol/api/salecontrol/saleControlList", HTML_404);
    expect(await linked()).toEqual({ group_list: [] });
    expect(
      await withCapability("salecontrol", () => callUpstream(sharedContext(), "/salecontrol/api/salecontrol/saleControlList", z.unknown()), null),
    ).toBeNull();
    expect(hasCapability("multiaccount")).toBe(true);
    expect(hasCapability("salecontrol")).toBe(false);
  });

  test("a refusal is thrown as before and proves the endpoint is there", async () => {
    upstream.on(LINKS, { body: envelope(-1, "您尚未登录，请先进行登录", "") });
    await expect(linked()).rejects.toBeInstanceOf(UpstreamError);
    upstream.on(LINKS, HTML_404);
    expect(await probeCapability("multiaccount")).toBe(true); // known present: not asked
    expect(calls(LINKS)).toBe(1);
  });

  test("a gateway failure is thrown as before and says nothing", async () => {
    upstream.on(LINKS, { status: 500, contentType: "text/plain", body: "boom" });
    const failure = await linked().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Response);
    expect((failure as Response).status).toBe(502);
    upstream.on(LINKS, HTML_404);
    expect(await linked()).toBe("fallback");
    expect(calls(LINKS)).toBe(2);
  });

  test("-3 (closed shop) is thrown and does not prove the endpoint (Niushop checks it before the action)", async () => {
    upstream.on(LINKS, { body: { code: -3, message: "网站已关闭！", timestamp: 1 } });
    await expect(linked()).rejects.toBeInstanceOf(ShopClosedError);
    upstream.on(LINKS, HTML_404);
    expect(await probeCapability("multiaccount")).toBe(false);
    expect(calls(LINKS)).toBe(2);
  });

  test("it comes back: logged as present once it answers again after the window", async () => {
    upstream.on(LINKS, HTML_404);
    await linked();
    upstream.on(LINKS, { body: envelope(0, "操作成功", { group_list: [] }) });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + CAPABILITY_TTL_MS + 1);
    expect(await linked()).toEqual({ group_list: [] });
    expect(events("capability_present")).toEqual([{ capability: "multiaccount" }]);
  });
});

describe("requireCapability", () => {
  test("absent → CapabilityAbsentError, without calling once known", async () => {
    upstream.on("/bundling/api/cart/edit", HTML_404);
    const edit = () => requireCapability("comboCart", () => callUpstream(sharedContext(), "/bundling/api/cart/edit", z.unknown()));
    await expect(edit()).rejects.toBeInstanceOf(CapabilityAbsentError);
    await expect(edit()).rejects.toMatchObject({ capability: "comboCart" });
    expect(calls("/bundling/api/cart/edit")).toBe(1);
  });
});

describe("probeCapability", () => {
  test("one token-free call of the capability's endpoint, shared by concurrent requests and remembered", async () => {
    upstream.on(LINKS, { body: envelope(-1, "您尚未登录，请先进行登录", "") });
    expect(await Promise.all([probeCapability("multiaccount"), probeCapability("multiaccount")])).toEqual([true, true]);
    expect(await probeCapability("multiaccount")).toBe(true);
    expect(calls(LINKS)).toBe(1);
    expect(upstream.requests[0].body).not.toHaveProperty("token");
  });

  test("missing → false; an upstream that says nothing → true, asked again next time", async () => {
    upstream.on(LINKS, { status: 502, contentType: "text/plain", body: "bad gateway" });
    expect(await probeCapability("multiaccount")).toBe(true);
    upstream.on(LINKS, HTML_404);
    expect(await probeCapability("multiaccount")).toBe(false);
    expect(await probeCapability("multiaccount")).toBe(false);
    expect(calls(LINKS)).toBe(2);
  });
});

describe("goods detail: Niushop's answer for a missing goods", () => {
  const DETAIL = (loadSample("api_goodssku_detail_logged_in") as { data: { goods_sku_detail: Record<string, unknown> } }).data.goods_sku_detail;
  const MISSING = { body: { code: -10001, message: "操作失败", timestamp: 1 } };

  test("-10001 操作失败 for the sku and the goods id → null", async () => {
    upstream.on("/api/goodssku/detail", MISSING);
    expect(await findGoodsDetail(sharedContext(), 99999)).toBeNull();
    expect(
      upstream.requests.map((request) => (request.body as Record<string, unknown>).sku_id ?? `goods ${(request.body as Record<string, unknown>).goods_id}`),
    ).toEqual([99999, "goods 99999"]);
  });

  test("-10001 for the sku id, found as a goods id → its default sku", async () => {
    upstream.on("/api/goodssku/detail", (body) => (body.goods_id === 40 ? { body: envelope(0, "操作成功", { goods_sku_detail: DETAIL }) } : MISSING));
    expect(await findGoodsDetail(sharedContext(), 40)).toMatchObject({ sku_id: DETAIL.sku_id });
  });

  test("other refusals are still thrown", async () => {
    upstream.on("/api/goodssku/detail", { body: envelope(-1, "系统异常：x") });
    await expect(findGoodsDetail(sharedContext(), 5)).rejects.toBeInstanceOf(UpstreamError);
  });

  test("/sku-{id} of a missing goods renders the 404 page, not a 500", async () => {
    upstream.on("/api/goodssku/detail", MISSING);
    const outcome = await goodsLoader({ request: new Request("http://shop.test/sku-99999"), params: { slug: "sku-99999" }, context: {} }).catch(
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).status).toBe(404);
  });

  test("combos are shown where the upstream sells them (Bundling + Ordercreate), whether or not its cart takes them", async () => {
    const withCombo = {
      ...DETAIL,
      goods_promotion: [{ promotion_type: "bundling", promotion_name: "组合套餐", id: "1" }],
      bundling_list: [{ bl_id: 1, bl_name: "组合", bl_price: "10.00", goods_money: "12.00", bundling_goods: [] }],
    };
    upstream.on("/api/goodssku/detail", { body: envelope(0, "操作成功", { goods_sku_detail: withCombo }) });
    // Niushop 5.5.2: the bundling addon answers (a refusal without bl_id), its cart endpoints are the HTML page.
    upstream.on("/bundling/api/bundling/detail", { body: envelope(-1, "缺少参数bl_id", "") });
    upstream.on("/bundling/api/cart/lists", HTML_404);
    const sold = (await findGoodsDetail(sharedContext(), 5))!;
    expect(sold.bundling_list).toHaveLength(1);
    expect(sold.goods_promotion).toHaveLength(1);
    expect(calls("/bundling/api/cart/lists")).toBe(0); // the goods page does not ask about the cart
    resetCapabilities();
    // No bundling addon at all: neither the list nor the badge.
    upstream.on("/bundling/api/bundling/detail", HTML_404);
    const absent = (await findGoodsDetail(sharedContext(), 5))!;
    expect(absent.bundling_list).toEqual([]);
    expect(absent.goods_promotion).toEqual([]);
  });
});
