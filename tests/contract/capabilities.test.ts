import http from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi, type MockInstance } from "vitest";
import { startTestShopApi, type TestShopApi } from "../../shop-api/testing";
import { shopApiSwitches, type EndpointSwitches } from "../support/endpoint-switches";
import { commitToken } from "~/session/session.server";
import { loader as rootLoader } from "~/root";
import { loader as registerLoader } from "~/routes/_auth.register/route";
import { loader as goodsLoader } from "~/routes/_main.$slug";
import { loader as cartLoader } from "~/routes/_main.cart/route";
import { loader as saleControlLoader } from "~/routes/_main.sacontrol/route";
import { loader as activityLoader } from "~/routes/_main.activity";
import { loader as topicListLoader } from "~/routes/_main.promotion.topic";
import { loader as switchAccountLoader } from "~/routes/_main.switch-account";
import { action as promotionAction, loader as promotionLoader } from "~/routes/_main.promotion.$slug/route";
import { loader as comboPaymentLoader } from "~/routes/_main.promotion.combo_payment";
import { loader as chatLoader } from "~/routes/_main.chat";
import { loader as memberLayoutLoader } from "~/routes/_main.member";
import { loader as outOfStockLoader } from "~/routes/_main.member.out_of_stock";
import { loader as memberHomeLoader } from "~/routes/_main.member.index";
import { menuFor } from "~/components/member/member-menu";
import { loader as rechargeDetailLoader } from "~/routes/_main.member.recharge_detail";
import { loader as rechargeListLoader } from "~/routes/_main.member.recharge_list";
import { getRegisterReward, listAptitudes, listMemberLabels } from "~/upstream/auth.server";
import { CAPABILITY_TTL_MS, CapabilityAbsentError, hasCapability, resetCapabilities } from "~/upstream/capabilities.server";
import { addBundleToCart, deleteBundleLine, listCartBundles, setBundleQuantity } from "~/upstream/cart.server";
import { createRechargeOrder } from "~/upstream/finance.server";
import { listSaleControl, suggestGoods } from "~/upstream/catalog.server";
import { requestContext } from "~/upstream/context.server";
import type { UpstreamContext } from "~/upstream/http.server";
import { listLinkedAccounts, switchAccount } from "~/upstream/member.server";
import { getLayoutData } from "~/upstream/site.server";
import { invalidate } from "~/utils/cache.server";
import { resetEnvCache } from "~/utils/env.server";
import { log } from "~/utils/log.server";

const MEMBER_LAYOUT_ARGS = { request: new Request("http://shop.test/member/index"), params: {}, context: {} };

/**
 * Capabilities (ADR 009): the real BFF upstream functions and route loaders against the reference
 * shop API with the endpoints a stock Niushop 5.5.2 lacks switched off (answered with its HTML
 * error page and HTTP 200), and with them on.
 */

vi.mock("~/utils/log.server", () => ({ log: vi.fn() }));

let shop: TestShopApi;
let switches: EndpointSwitches;
let requestSpy: MockInstance<typeof http.request>;
let demoToken = "";
const savedEnv = { ...process.env };

beforeAll(async () => {
  shop = await startTestShopApi();
  switches = shopApiSwitches(shop);
  process.env.UPSTREAM_URL = switches.url;
  process.env.SESSION_SECRET = "contract-test-secret-0123456789";
  process.env.UPSTREAM_TIMEOUT_MS = "10000";
  process.env.LOG_LEVEL = "silent";
  resetEnvCache();
  demoToken = await shop.login("demo", "demo123456");
  requestSpy = vi.spyOn(http, "request");
});

afterAll(async () => {
  requestSpy?.mockRestore();
  await switches?.disable([]);
  await shop?.close();
  process.env = { ...savedEnv };
  resetEnvCache();
});

beforeEach(() => {
  invalidate();
  resetCapabilities();
  vi.mocked(log).mockClear();
  requestSpy.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

const stock = () => switches.disable("stock");
const everything = () => switches.disable([]);

function ctx(token: string | null = demoToken, path = "/index", member: "optional" | "required" = "optional"): UpstreamContext {
  return requestContext(new Request(`http://shop.test${path}`), {}, token, member);
}

/** How many times the BFF called `path` on the upstream (the spy on Node's http client sees every call). */
function callsTo(path: string): number {
  return requestSpy.mock.calls.filter(([input]) => {
    const url = new URL(String(input));
    return url.origin === new URL(switches.url).origin && url.pathname.toLowerCase() === path.toLowerCase();
  }).length;
}

function absentLogs() {
  return vi
    .mocked(log)
    .mock.calls.filter(([event]) => event === "capability_absent")
    .map(([, fields]) => fields);
}

async function freshMemberToken(): Promise<string> {
  const { body } = await shop.testApi<{ username: string; password: string }>("/__test/member", {});
  return shop.login(body.username, body.password);
}

async function cookieFor(token: string): Promise<string> {
  return (await commitToken(new Request("http://shop.test/login"), {}, token, { newSignIn: true })).split(";")[0];
}

function page(path: string, cookie?: string) {
  return new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** A loader's data, whether returned plain or through `data()`. */
function payload<T>(result: T): T extends { data: infer D; init: unknown } ? D : T {
  const value = result as unknown as { data?: unknown; init?: unknown };
  return (value && typeof value === "object" && "init" in value && "data" in value ? value.data : result) as never;
}

async function thrownStatus(promise: Promise<unknown>): Promise<number> {
  const outcome = await promise.then(
    () => new Error("expected a thrown Response"),
    (reason: unknown) => reason,
  );
  expect(outcome).toBeInstanceOf(Response);
  return (outcome as Response).status;
}

describe("an endpoint the upstream lacks", () => {
  test("gives the fallback, is logged once and not called again within the window", async () => {
    await stock();
    const path = "/multiaccount/api/MultiAccount/lists";
    expect(await listLinkedAccounts(ctx())).toBeNull();
    expect(await listLinkedAccounts(ctx())).toBeNull();
    expect(callsTo(path)).toBe(1);
    expect(hasCapability("multiaccount")).toBe(false);
    expect(absentLogs()).toEqual([{ capability: "multiaccount", path }]);

    // Past the window it is asked again; still absent, it is not logged again.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + CAPABILITY_TTL_MS + 1_000);
    expect(await listLinkedAccounts(ctx())).toBeNull();
    expect(callsTo(path)).toBe(2);
    expect(absentLogs()).toHaveLength(1);
  });

  test("comes back after the window when the upstream gains it", async () => {
    await stock();
    expect(await listLinkedAccounts(ctx())).toBeNull();
    await everything();
    expect(await listLinkedAccounts(ctx())).toBeNull(); // still within the window: not asked
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + CAPABILITY_TTL_MS + 1_000);
    expect(await listLinkedAccounts(ctx())).toHaveLength(2);
    expect(hasCapability("multiaccount")).toBe(true);
    expect(vi.mocked(log).mock.calls.filter(([event]) => event === "capability_present")).toEqual([["capability_present", { capability: "multiaccount" }]]);
  });

  test("every capability of a stock Niushop: fallbacks and typed refusals, nothing thrown at the page", async () => {
    await stock();
    const member = ctx(await freshMemberToken(), "/cart", "required");

    expect(await listLinkedAccounts(member)).toBeNull();
    await expect(switchAccount(member, 1)).rejects.toBeInstanceOf(CapabilityAbsentError);
    expect(await listSaleControl(member, "goods", 1)).toBeNull();
    expect(await listSaleControl(member, "category", 1)).toBeNull();
    expect(await listCartBundles(member)).toEqual([]);
    await expect(addBundleToCart(member, 1, 1)).rejects.toBeInstanceOf(CapabilityAbsentError);
    await expect(setBundleQuantity(member, 1, 2)).rejects.toBeInstanceOf(CapabilityAbsentError);
    await expect(deleteBundleLine(member, 1)).rejects.toBeInstanceOf(CapabilityAbsentError);
    expect(await listMemberLabels(ctx(null))).toEqual([]);
    expect(await listAptitudes(ctx(null))).toEqual([]);
    expect(await suggestGoods(ctx(null), "布洛芬")).toEqual([]);
    const layout = await getLayoutData();
    expect(layout.footerList).toEqual({ cert_list: [], platform_list: [] });
    expect(layout.moreConfig).toEqual({ index: { category: 0 } });
    expect(layout.site.site_name).toBeTruthy();

    // The mutations were never sent: the capability was already known to be absent.
    expect(callsTo("/bundling/api/cart/add") + callsTo("/bundling/api/cart/edit") + callsTo("/bundling/api/cart/delete")).toBe(0);
    expect(callsTo("/multiaccount/api/MultiAccount/change")).toBe(0);
    expect(
      absentLogs()
        .map((fields) => fields?.capability)
        .sort(),
    ).toEqual(["aptitudes", "comboCart", "footer", "moreConfig", "multiaccount", "registerLabels", "salecontrol", "searchSuggestions"].sort());

    // The shared layout does not ask for the missing pieces again on the next pages.
    invalidate();
    await getLayoutData();
    expect(callsTo("/pc/api/pc/footerList")).toBe(1);
    expect(callsTo("/pc/api/pc/moreConfig")).toBe(1);
  });

  test("the memberregister and weapp addons ship with Niushop, but their absence is handled the same way", async () => {
    await switches.disable(["/memberregister", "/weapp"]);
    expect(await getRegisterReward(ctx(null))).toBeNull();
    expect((await getLayoutData()).miniProgramQrcode).toBe("");
    expect(
      absentLogs()
        .map((fields) => fields?.capability)
        .sort(),
    ).toEqual(["registerReward", "weappQrcode"]);
  });
});

describe("an upstream that has them", () => {
  test("answers as before, and nothing is logged", async () => {
    await everything();
    const member = ctx(await freshMemberToken(), "/cart", "required");
    expect(await listLinkedAccounts(ctx())).toHaveLength(2);
    expect((await listSaleControl(ctx(), "goods", 1))!.count).toBeGreaterThan(0);
    await addBundleToCart(member, 1, 1);
    expect(await listCartBundles(member)).toHaveLength(1);
    expect((await listMemberLabels(ctx(null))).length).toBeGreaterThan(0);
    expect((await listAptitudes(ctx(null))).length).toBeGreaterThan(0);
    expect(await getRegisterReward(ctx(null))).not.toBeNull();
    const layout = await getLayoutData();
    expect(layout.footerList.cert_list.length + layout.footerList.platform_list.length).toBeGreaterThan(0);
    expect(absentLogs()).toEqual([]);
  });
});

describe("the UI hides what depends on an absent capability", () => {
  test("root: no account switch for members, no nav entries to the sale-control pages", async () => {
    shop.api.db
      .prepare("INSERT INTO pc_nav (nav_title, nav_url, sort, is_blank, create_time, modify_time, nav_icon, is_show) VALUES (?, ?, 99, 0, 0, 0, '', 1)")
      .run("控销商品", JSON.stringify({ url: "/sacontrol", title: "控销商品" }));
    const cookie = await cookieFor(demoToken);
    try {
      await everything();
      const present = payload(await rootLoader(args(page("/index", cookie))));
      expect(present.capabilities).toEqual({ switchAccount: true, saleControl: true });
      expect(present.layout!.navList.map((item) => item.nav_url.url)).toContain("/sacontrol");

      await stock();
      resetCapabilities();
      invalidate();
      requestSpy.mockClear();
      const absent = payload(await rootLoader(args(page("/index", cookie))));
      expect(absent.capabilities).toEqual({ switchAccount: false, saleControl: false });
      expect(absent.layout!.navList.map((item) => item.nav_url.url)).not.toContain("/sacontrol");
      expect(absent.member).not.toBeNull();

      // The probes are remembered: the next page does not ask again.
      await rootLoader(args(page("/list", cookie)));
      expect(callsTo("/multiaccount/api/MultiAccount/lists")).toBe(1);
      expect(callsTo("/salecontrol/api/salecontrol/saleControlList")).toBe(1);
    } finally {
      shop.api.db.prepare("DELETE FROM pc_nav WHERE nav_title = ?").run("控销商品");
    }
  });

  test("/switch-account and /sacontrol answer 404 (members and visitors), not 502", async () => {
    await stock();
    const cookie = await cookieFor(demoToken);
    expect(await thrownStatus(switchAccountLoader(args(page("/switch-account", cookie))))).toBe(404);
    expect(await thrownStatus(saleControlLoader(args(page("/sacontrol", cookie))))).toBe(404);
    resetCapabilities();
    expect(await thrownStatus(saleControlLoader(args(page("/sacontrol"))))).toBe(404);

    await everything();
    resetCapabilities();
    expect(payload(await switchAccountLoader(args(page("/switch-account", cookie)))).accounts).toHaveLength(2);
    expect(payload(await saleControlLoader(args(page("/sacontrol", cookie)))).rows.length).toBeGreaterThan(0);
  });

  test("register: no business type or qualifications", async () => {
    await stock();
    const absent = payload(await registerLoader(args(page("/register"))));
    expect(absent.labels).toEqual([]);
    expect(absent.aptitudes).toEqual([]);
    await everything();
    resetCapabilities();
    invalidate();
    const present = payload(await registerLoader(args(page("/register"))));
    expect(present.labels.length).toBeGreaterThan(0);
    expect(present.aptitudes.length).toBeGreaterThan(0);
  });

  test("combos on a stock Niushop (Bundling + Ordercreate, no cart endpoints): shown and sold, only the cart part hidden", async () => {
    const token = await freshMemberToken();
    const cookie = await cookieFor(token);
    await everything();
    await addBundleToCart(ctx(token), 1, 1);
    const withBundles = payload(await cartLoader(args(page("/cart", cookie))));
    expect(withBundles.cart!.bundles).toHaveLength(1);
    const full = payload(await goodsLoader(args(page("/sku-17", cookie), { slug: "sku-17" }))).goods;
    expect(full.bundlings.length).toBeGreaterThan(0);
    expect(payload(await promotionLoader(args(page("/promotion/combo-1", cookie), { slug: "combo-1" })))).toMatchObject({ kind: "combo", cartable: true });

    await stock();
    resetCapabilities();
    requestSpy.mockClear();
    // The cart has no combo lines, and no error.
    expect(payload(await cartLoader(args(page("/cart", cookie)))).cart!.bundles).toEqual([]);
    // The goods page still shows the combos and the same badge.
    const goods = payload(await goodsLoader(args(page("/sku-17", cookie), { slug: "sku-17" }))).goods;
    expect(goods.bundlings.map((bundling) => bundling.id)).toEqual(full.bundlings.map((bundling) => bundling.id));
    expect(goods.promotion.kind).toBe(full.promotion.kind);
    // The combo page: prices and "buy now", no "add to cart".
    const combo = payload(await promotionLoader(args(page("/promotion/combo-1", cookie), { slug: "combo-1" })));
    expect(combo).toMatchObject({ kind: "combo", cartable: false, price: "32.80" });
    const post = (intent: string) =>
      new Request("http://shop.test/promotion/combo-1", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent, num: "1" }),
      });
    // A crafted "add to cart" is refused with a message, without calling the missing endpoint.
    const refused = (await promotionAction(args(post("add-to-cart"), { slug: "combo-1" }))) as unknown as {
      data: { result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.result.error[""]).toEqual(["promotion:errors.comboCartAbsent"]);
    expect(callsTo("/bundling/api/cart/add")).toBe(0);
    const buyNow = (await promotionAction(args(post("buy-now"), { slug: "combo-1" }))) as Response;
    expect(buyNow.status).toBe(303);
    expect(buyNow.headers.get("Location")).toBe("/promotion/combo_payment?bl_id=1&num=1");
    // The combo checkout works on the bundling addon's own endpoints.
    const checkout = payload(await comboPaymentLoader(args(page("/promotion/combo_payment?bl_id=1&num=1", cookie)))) as { orderKey?: string };
    expect(checkout.orderKey).toMatch(/^\w+$/);
    expect(callsTo("/bundling/api/ordercreate/payment")).toBe(1);
    // Absent on a stock Niushop: the combo cart, and what sale control would check at checkout (probed once each).
    expect(
      absentLogs()
        .map((fields) => fields?.capability)
        .sort(),
    ).toEqual(["comboCart", "qualifications", "salecontrol"]);
  });

  test("chat: a stock Niushop has no servicer addon, so /chat is a 404, not a 502", async () => {
    const cookie = await cookieFor(demoToken);
    await stock();
    expect(await thrownStatus(chatLoader(args(page("/chat", cookie))))).toBe(404);
    await everything();
    resetCapabilities();
    expect(payload(await chatLoader(args(page("/chat", cookie))))).toMatchObject({ member: true });
  });

  test("/activity: each section hides with its endpoint (stock: no spend-and-save list; no topic or discount addon); /promotion/topic answers 404", async () => {
    await everything();
    const present = payload(await activityLoader(args(page("/activity"))));
    expect(present.manjians.length).toBeGreaterThan(0);
    expect(present.discounts.length).toBeGreaterThan(0);
    expect(present.entries.map((entry) => entry.kind)).toEqual(["seckill", "groupbuy", "topic"]);

    await stock();
    resetCapabilities();
    const stockShop = payload(await activityLoader(args(page("/activity"))));
    expect(stockShop.manjians).toEqual([]);
    expect(stockShop.discounts.length).toBeGreaterThan(0);

    await switches.disable(["/topic", "/discount", "/manjian", "/seckill", "/groupbuy"]);
    resetCapabilities();
    const bare = payload(await activityLoader(args(page("/activity"))));
    expect(bare).toEqual({ discounts: [], manjians: [], entries: [] });
    expect(await thrownStatus(topicListLoader(args(page("/promotion/topic"))))).toBe(404);
  });

  test("member menu: no stock-out log, qualifications or certificates on a stock Niushop; /member/out_of_stock is a 404; the home has no team", async () => {
    const menuPaths = (absent: Parameters<typeof menuFor>[0]) => menuFor(absent).flatMap((group) => group.items.map((item) => item.to));
    await everything();
    const present = await memberLayoutLoader(MEMBER_LAYOUT_ARGS);
    expect(present.absentFeatures).toEqual([]);
    expect(menuPaths(present.absentFeatures)).toEqual(
      expect.arrayContaining(["/member/out_of_stock", "/member/qualification", "/member/certiys", "/member/signin"]),
    );

    await stock();
    resetCapabilities();
    const absent = await memberLayoutLoader(MEMBER_LAYOUT_ARGS);
    expect([...absent.absentFeatures].sort()).toEqual(["certificates", "qualifications", "staff"]);
    const paths = menuPaths(absent.absentFeatures);
    for (const path of ["/member/out_of_stock", "/member/qualification", "/member/certiys"]) expect(paths).not.toContain(path);
    // What a stock Niushop has stays: recharge and sign-in ship with it.
    expect(paths).toEqual(expect.arrayContaining(["/member/recharge_list", "/member/signin", "/member/order_list"]));
    expect(await thrownStatus(outOfStockLoader(args(page("/member/out_of_stock"))))).toBe(404);
    const cookie = await cookieFor(demoToken);
    expect(payload(await memberHomeLoader(args(page("/member/index", cookie)))).team).toBeNull();
  });
});

describe("recharge on an upstream without the recharge order detail (Niushop 5.5.2's memberrecharge has no order/detail)", () => {
  test("/member/recharge_detail is a 404, and only that: recharge, its list (rows without detail links) and its menu entry stay", async () => {
    await everything();
    const token = await freshMemberToken();
    const cookie = await cookieFor(token);
    const outTradeNo = await createRechargeOrder(ctx(token, "/member/recharge_order", "required"), { rechargeId: 1 });
    shop.api.db.prepare("UPDATE member_recharge_order SET status = 1, pay_time = create_time WHERE out_trade_no = ?").run(outTradeNo);
    const orderId = (shop.api.db.prepare("SELECT order_id FROM member_recharge_order WHERE out_trade_no = ?").get(outTradeNo) as { order_id: number }).order_id;

    await switches.disable(["/memberrecharge/api/order/detail"]);
    expect(await thrownStatus(rechargeDetailLoader(args(page(`/member/recharge_detail?id=${orderId}`, cookie))))).toBe(404);
    expect(hasCapability("rechargeOrderDetail")).toBe(false);
    expect(hasCapability("recharge")).toBe(true);
    const list = payload(await rechargeListLoader(args(page("/member/recharge_list", cookie))));
    expect(list.detailLinks).toBe(false);
    expect(list.orders.map((order) => order.id)).toEqual([orderId]);
    expect(list.packages.length).toBeGreaterThan(0);
    expect((await memberLayoutLoader(MEMBER_LAYOUT_ARGS)).absentFeatures).not.toContain("recharge");
    expect(absentLogs()).toEqual([{ capability: "rechargeOrderDetail", path: "/memberrecharge/api/order/detail" }]);

    await everything();
    resetCapabilities();
    expect(payload(await rechargeListLoader(args(page("/member/recharge_list", cookie)))).detailLinks).toBe(true);
    expect(payload(await rechargeDetailLoader(args(page(`/member/recharge_detail?id=${orderId}`, cookie)))).order).toMatchObject({ status: "paid" });
  });
});
