import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod/v4";
import { requestContext } from "~/upstream/context.server";
import { callUpstream, UpstreamError } from "~/upstream/http.server";
import { CaptchaConfigSchema, CaptchaSchema, AgreementSchema, RegisterConfigSchema } from "~/upstream/schemas/auth";
import { AddressPageSchema, MaybeAddressSchema, NewAddressIdSchema, RegionSchema } from "~/upstream/schemas/address";
import { CategoryTreeSchema } from "~/upstream/schemas/category";
import { Ignored, TokenSchema } from "~/upstream/schemas/common";
import { HelpClassSchema } from "~/upstream/schemas/help";
import { CountSchema, MemberSchema, OrderNumSchema } from "~/upstream/schemas/member";
import { OrderDetailSchema, OrderPageSchema } from "~/upstream/schemas/orders";
import { ConfigInitSchema } from "~/upstream/schemas/wechat";
import {
  AdvDetailSchema,
  CopyrightSchema,
  DefaultImagesSchema,
  FriendlyLinkSchema,
  GoodsServiceSchema,
  NavItemSchema,
  SearchWordsSchema,
  ServicerConfigSchema,
  SiteInfoSchema,
} from "~/upstream/schemas/site";
import { pointBffAt } from "../support/bff-environment";
import { startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";
import { loadSample } from "../support/shape";

/**
 * The BFF's zod schemas against 94 raw answers of a real Niushop 5.5.2 API
 * (tests/fixtures/samples). Every sample is classified below: parsed by a schema, an error the
 * client core must classify, or not yet used by the client (so a new sample cannot slip by).
 */

type Covered = {
  /** The client function (app/upstream/*) that reads this endpoint. */
  client: string;
  schema: z.ZodTypeAny;
  /** Values the parsed data must keep (the schemas' .catch() fallbacks must not hide a mismatch). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each case reads its own schema's output
  check?: (parsed: any) => void;
};

// sample file (without .json) → schema
const COVERED: Record<string, Covered> = {
  api_address_lists: {
    client: "address.listRegions",
    schema: z.array(RegionSchema),
    check: (rows) => expect(rows[0]).toEqual({ id: 110000, pid: 0, name: "北京市", shortname: "北京", level: 1 }),
  },
  api_address_lists_city: { client: "address.listRegions", schema: z.array(RegionSchema), check: (rows) => expect(rows[0].id).toBe(110100) },
  api_memberaddress_add: { client: "address.addAddress", schema: NewAddressIdSchema, check: (id) => expect(id).toBe(1) },
  // A Niushop without a WeChat official account: WeChat login is not offered (ADR 062).
  api_config_init: {
    client: "wechat-login.wechatLoginOffered",
    schema: ConfigInitSchema,
    check: (init) => expect(init).toEqual({ wechat_config_status: false }),
  },
  api_memberaddress_info: {
    client: "address.findAddress",
    schema: MaybeAddressSchema,
    check: (row) => expect(row).toMatchObject({ id: 1, district_id: 110101, full_address: "北京市-北京市-东城区", is_default: true }),
  },
  api_memberaddress_page: {
    client: "address.listAddresses",
    schema: AddressPageSchema,
    check: (page) => expect(page.list[0]).toMatchObject({ name: "张三", is_default: true, community_id: 0, type: 1 }),
  },
  api_site_info: {
    client: "site.getSiteInfo / getLayoutData",
    schema: SiteInfoSchema,
    check: (site) => expect(site).toMatchObject({ site_name: "Niushop Demo", shop_status: 1 }),
  },
  // Site info asked for with app_type h5 while only the h5 channel is closed: success, shop_status 0.
  api_site_info_shop_closed_h5_channel: {
    client: "site.getSiteInfo",
    schema: SiteInfoSchema,
    check: (site) => expect(site.shop_status).toBe(0),
  },
  api_site_status: { client: "site.isShopOpen", schema: Ignored },
  api_config_copyright: { client: "getLayoutData", schema: CopyrightSchema, check: (c) => expect(c.icp).toBe("") },
  api_config_defaultimg: {
    client: "getLayoutData",
    schema: DefaultImagesSchema,
    check: (images) => expect(images.goods).toBe("public/static/img/default_img/square.png"),
  },
  api_config_servicer: { client: "getLayoutData", schema: ServicerConfigSchema, check: (s) => expect(s.pc.type).toBe("none") },
  api_adv_detail: {
    client: "site.getAdv(NS_PC_INDEX_TOP)",
    schema: AdvDetailSchema,
    check: (adv) => {
      expect(adv.adv_position).toMatchObject({ ap_height: 70, ap_width: 1210, ap_background_color: "#FFFFFF" });
      expect(adv.adv_list.length).toBeGreaterThan(0);
      expect(adv.adv_list[0].adv_url).toEqual({ url: "", title: "" }); // "" decodes to the fallback link
    },
  },
  api_adv_detail_NS_PC_INDEX: {
    client: "site.getAdv(NS_PC_INDEX)",
    schema: AdvDetailSchema,
    check: (adv) => {
      expect(adv.adv_list.length).toBeGreaterThan(0);
      expect(adv.adv_list[0].adv_image).toMatch(/\.png$/);
    },
  },
  api_pc_friendlyLink: { client: "getLayoutData", schema: z.array(FriendlyLinkSchema), check: (list) => expect(list).toEqual([]) },
  api_pc_navList: { client: "getLayoutData", schema: z.array(NavItemSchema), check: (list) => expect(list).toEqual([]) },
  api_goods_service: {
    client: "getLayoutData",
    schema: z.array(GoodsServiceSchema),
    check: (list) => {
      expect(list[0].service_name).toBe("7天无理由退货");
      expect(list[0].icon?.icon).toContain("icon-system-7days-return");
    },
  },
  api_goodscategory_tree: {
    client: "getLayoutData",
    schema: CategoryTreeSchema,
    check: (tree) => {
      expect(tree.length).toBeGreaterThan(0);
      for (const node of tree) {
        expect(node.category_id).toBeTypeOf("number");
        expect(node.child_list).toBeInstanceOf(Array); // leaves arrive without child_list
      }
    },
  },
  api_helpclass_lists: {
    client: "getLayoutData",
    schema: z.array(HelpClassSchema),
    check: (list) =>
      expect(list[0]).toEqual({ class_id: 1, class_name: "购物指南", child_list: expect.arrayContaining([{ id: 1, title: "如何下单", link_address: "" }]) }),
  },
  api_goods_hotSearchWords: { client: "getLayoutData", schema: SearchWordsSchema, check: (w) => expect(w.words).toBe("") },
  api_goods_defaultSearchWords: { client: "getLayoutData", schema: SearchWordsSchema, check: (w) => expect(w.words).toBe("搜索 商品") },
  api_captcha_captcha: {
    client: "auth.newCaptcha",
    schema: CaptchaSchema,
    check: (captcha) => {
      expect(captcha.id).toMatch(/^[0-9a-f]{32}$/);
      expect(captcha.img).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/); // CRLFs removed
    },
  },
  api_config_getCaptchaConfig: {
    client: "auth.getCaptchaConfig",
    schema: CaptchaConfigSchema,
    check: (config) => expect(config).toEqual({ shop_login: true, shop_reception_login: true, shop_reception_register: true }),
  },
  api_register_config: {
    client: "auth.getRegisterConfig",
    schema: RegisterConfigSchema,
    check: (config) =>
      expect(config.value).toEqual({ login: ["username", "mobile"], register: ["username", "mobile"], pwd_len: 6, pwd_complexity: [], agreement_show: true }),
  },
  api_register_aggrement: {
    client: "auth.getAgreement",
    schema: AgreementSchema,
    check: (doc) => {
      expect(doc.title).toBe("注册协议");
      expect(doc.content).toContain("<p>");
    },
  },
  api_login_login: { client: "auth.logIn", schema: TokenSchema, check: (data) => expect(data.token.length).toBeGreaterThan(20) },
  api_register_username: { client: "auth.registerWithUsername", schema: TokenSchema, check: (data) => expect(data.token.length).toBeGreaterThan(20) },
  api_login_verifytoken: { client: "(data unused)", schema: Ignored },
  api_member_info: {
    client: "member.getMember",
    schema: MemberSchema,
    check: (member) => {
      expect(member).toMatchObject({ member_id: 1, username: "demo_user", member_level_name: "普通会员" });
      expect(member.balance).toMatch(/^\d+(\.\d+)?$/);
      expect(member.point).toBeTypeOf("number");
    },
  },
  api_order_num: {
    client: "member.getOrderNum",
    schema: OrderNumSchema,
    check: (num) => expect(num).toEqual({ waitpay: 1, waitsend: 0, waitconfirm: 0, wait_use: 0, waitrate: 0, refunding: 0 }),
  },
  api_cart_count: { client: "member.getCartCount", schema: CountSchema, check: (count) => expect(count).toBe(5) },
  api_order_lists: {
    client: "orders.listOrders",
    schema: OrderPageSchema,
    check: (page) => expect(page.list[0].action.map((a: { action: string }) => a.action)).toEqual(["orderClose", "orderPay"]),
  },
  api_order_lists_waitpay: { client: "orders.listOrders", schema: OrderPageSchema, check: (page) => expect(page.list[0].order_status).toBe(0) },
  api_order_detail: { client: "orders.findOrder", schema: OrderDetailSchema, check: (order) => expect(order.order_goods).toHaveLength(2) },
};

/**
 * Failure answers the client core must classify (spec §8). `expect` is what callUpstream does
 * when the sample is the answer to a page request for /member/index with the given auth.
 */
type ErrorCase = {
  token: string | null;
  auth: "none" | "optional" | "required";
  outcome: "closed" | "login-clearing" | "login" | "upstream-error";
  code?: number;
};
const ERRORS: Record<string, ErrorCase> = {
  api_site_info_shop_closed: { token: null, auth: "none", outcome: "closed" },
  api_member_info_shop_closed: { token: "t", auth: "required", outcome: "closed" },
  api_goodssku_page_shop_closed: { token: null, auth: "none", outcome: "closed" },
  api_member_info_bad_token: { token: "bad", auth: "required", outcome: "login-clearing" },
  api_member_info_expired_token: { token: "expired", auth: "required", outcome: "login-clearing" },
  api_member_info_no_token: { token: null, auth: "required", outcome: "login" },
  api_order_lists_no_token: { token: null, auth: "required", outcome: "login" },
  api_cart_add_no_token: { token: null, auth: "required", outcome: "login" },
  api_login_login_wrong_password: { token: null, auth: "none", outcome: "upstream-error", code: -10022 },
  api_login_login_unknown_user: { token: null, auth: "none", outcome: "upstream-error", code: -10022 },
  api_login_login_empty_password: { token: null, auth: "none", outcome: "upstream-error", code: -1 },
  api_address_tree_system_error: { token: null, auth: "none", outcome: "upstream-error", code: -1 },
  api_cart_edit_missing_num: { token: "t", auth: "required", outcome: "upstream-error", code: -1 },
  api_ordercreate_create_reused_key: { token: "t", auth: "required", outcome: "upstream-error", code: -1 },
  api_ordercreate_payment_missing_goods: { token: "t", auth: "required", outcome: "upstream-error", code: -1 },
};

/** Endpoints with samples that no client function reads yet (later issues: goods, cart, orders…). */
const NOT_YET_CLIENT = [
  "api_cart_add",
  "api_cart_add_bad_sku",
  "api_cart_delete",
  "api_cart_edit",
  "api_cart_goodslists",
  "api_cart_goodsnum",
  "api_cart_lists",
  "api_goodsbrand_page",
  "api_goodsevaluate_count",
  "api_goodsevaluate_page",
  "api_goodssku_detail",
  "api_goodssku_detail_logged_in",
  "api_goodssku_detail_not_found",
  "api_goodssku_detail_single_spec",
  "api_goodssku_goodssku",
  "api_goodssku_info",
  "api_goodssku_page",
  "api_goodssku_page_2",
  "api_goodssku_page_brand_sorted",
  "api_goodssku_page_category",
  "api_goodssku_page_keyword",
  "api_help_info",
  "api_help_page",
  "api_notice_info",
  "api_notice_page",
  "api_ordercreate_calculate",
  "api_ordercreate_create",
  "api_ordercreate_getcouponlist",
  "api_ordercreate_payment",
  "api_ordercreate_payment_buy_now",
  "api_pay_getbalanceconfig",
  "api_pay_info",
  "api_pay_info_not_found",
  "api_pay_status",
  "api_pay_type",
  "api_pc_floors",
  // The float layer is not rendered yet: no schema exists for api/pc/floatLayer.
  "api_pc_floatLayer",
  "coupon_api_coupon_memberpage",
  "coupon_api_coupon_receive",
  "coupon_api_coupon_typelists",
  "coupon_api_coupon_typelists_logged_in",
  "coupon_api_coupon_typepagelists",
  "seckill_api_seckill_lists",
  "seckill_api_seckillgoods_detail",
  "seckill_api_seckillgoods_page",
];

const SAMPLES_DIR = fileURLToPath(new URL("../fixtures/samples/", import.meta.url));
const allSamples = readdirSync(SAMPLES_DIR)
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.replace(/\.json$/, ""))
  .sort();

test("every sample is classified exactly once", () => {
  const classified = [...Object.keys(COVERED), ...Object.keys(ERRORS), ...NOT_YET_CLIENT];
  expect(new Set(classified).size, "a sample is listed twice").toBe(classified.length);
  expect(
    allSamples.filter((name) => !classified.includes(name)),
    "unclassified samples",
  ).toEqual([]);
  expect(
    classified.filter((name) => !allSamples.includes(name)),
    "listed but missing",
  ).toEqual([]);
  expect(allSamples).toHaveLength(94);
});

describe("the client's schemas parse the data of every matching real sample", () => {
  test.each(Object.entries(COVERED).map(([sample, covered]) => [sample, covered.client, covered] as const))("%s → %s", (sample, _client, { schema, check }) => {
    const answer = loadSample(sample);
    expect(answer.code).toBeGreaterThanOrEqual(0);
    const result = schema.safeParse(answer.data);
    if (!result.success) throw new Error(`${sample}: ${JSON.stringify(result.error.issues, null, 2)}`);
    check?.(result.data);
  });
});

describe("the client core classifies every real failure answer", () => {
  let upstream: FakeUpstream;

  let restore = () => {};
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    restore = pointBffAt(upstream.url);
  });

  afterAll(async () => {
    await upstream.close();
    restore();
  });

  test.each(Object.entries(ERRORS))("%s", async (sample, { token, auth, outcome, code }) => {
    const answer = loadSample(sample);
    upstream.on(`/${sample}`, { body: answer });
    const request = new Request("http://shop.test/member/index");
    const ctx = requestContext(request, {}, token, auth === "required" ? "required" : "optional");
    let thrown: unknown;
    try {
      await callUpstream(ctx, `/${sample}`, z.unknown());
    } catch (error) {
      thrown = error;
    }

    if (outcome === "upstream-error") {
      expect(thrown).toBeInstanceOf(UpstreamError);
      expect((thrown as UpstreamError).code).toBe(code);
      expect((thrown as UpstreamError).upstreamMessage).toBe(answer.message);
      return;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    if (outcome === "closed") {
      expect(response.headers.get("Location")).toBe("/closed");
    } else {
      expect(response.headers.get("Location")).toBe("/login?redirect=%2Fmember%2Findex");
      const clearsSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=;"));
      expect(clearsSession).toBe(outcome === "login-clearing");
    }
  });
});
