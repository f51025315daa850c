import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { GoodsDetailActionSchema } from "~/components/goods/detail/action-schema";
import { maskName, toEvaluationView, toGoodsDetailView, upstreamHtml } from "~/upstream/goods-detail.server";
import { AftersaleSchema, EvaluationPageSchema, GoodsDetailEnvelopeSchema, GoodsQrCodeSchema, type GoodsDetail } from "~/upstream/schemas/goods-detail";
import { loadSample } from "../support/shape";

/** The upstream the views are made for (its images go through /media). */
const AT = { upstreamUrl: "http://upstream.test" };

/**
 * The goods detail schemas against the real samples, the pharmacy fields of
 * docs/catalog-contract.md, the page's pruning (view) and the action's input schema.
 */

function sampleData(name: string): unknown {
  return (loadSample(name) as { data: unknown }).data;
}

describe("goodssku/detail samples", () => {
  test.each(["api_goodssku_detail", "api_goodssku_detail_logged_in", "api_goodssku_detail_single_spec"])("%s parses", (name) => {
    const parsed = GoodsDetailEnvelopeSchema.parse(sampleData(name));
    expect(parsed.goods_sku_detail).not.toBeNull();
    expect(parsed.goods_sku_detail!.sku_id).toBeGreaterThan(0);
  });

  test("the logged-in sample keeps specs, coupons, promotions and services", () => {
    const detail = GoodsDetailEnvelopeSchema.parse(sampleData("api_goodssku_detail_logged_in")).goods_sku_detail!;
    expect(detail).toMatchObject({ goods_id: 5, sku_id: 5, price: "2999.00", discount_price: "2999.00", is_collect: true, unit: "件" });
    expect(detail.goods_spec_format.map((spec) => spec.spec_name)).toEqual(["颜色", "存储"]);
    expect(detail.goods_spec_format[0].value.map((value) => [value.spec_value_name, value.sku_id, value.selected])).toEqual([
      ["黑色", 5, true],
      ["白色", 7, false],
    ]);
    expect(detail.coupon_list.map((coupon) => [coupon.coupon_type_id, coupon.type, coupon.money, coupon.lead_count])).toEqual([
      [1, "reward", "10.00", 1],
      [2, "discount", "0.00", 0],
    ]);
    expect(detail.goods_promotion).toEqual([{ promotion_type: "seckill", promotion_name: "限时秒杀", id: 1 }]);
    expect(detail.goods_service.map((service) => service.service_name)).toEqual(["7天无理由退货", "闪电退款"]);
    expect(detail.evaluate_config).toEqual({ evaluate_status: true, evaluate_show: true, evaluate_audit: true });
    // A plain Niushop upstream has no pharmacy fields: they fall back to empty values.
    expect(detail.attr.attr_specs).toBe("");
    expect(detail.sale_control).toBeNull();
    expect(detail.promotion_info).toBeNull();
  });

  test('the visitor sample\'s member_price "" is no member price on the page', () => {
    const detail = GoodsDetailEnvelopeSchema.parse(sampleData("api_goodssku_detail")).goods_sku_detail!;
    expect(toGoodsDetailView(detail, AT).memberPrice).toBeNull();
  });

  test("not found is {goods_sku_detail: null}", () => {
    expect(GoodsDetailEnvelopeSchema.parse(sampleData("api_goodssku_detail_not_found"))).toEqual({ goods_sku_detail: null });
  });

  test("the evaluation page sample parses", () => {
    expect(EvaluationPageSchema.parse(sampleData("api_goodsevaluate_page"))).toEqual({ page_count: 0, count: 0, list: [] });
  });
});

/** A detail with the contract's pharmacy fields, as the reference shop API sends them. */
function pharmacyDetail(overrides: Record<string, unknown> = {}): GoodsDetail {
  const raw = {
    ...(sampleData("api_goodssku_detail_logged_in") as { goods_sku_detail: Record<string, unknown> }).goods_sku_detail,
    sku_images: "upload/goods/a.png,upload/goods/b.png",
    attr: {
      attr_country_code: "国药准字H20003263",
      attr_specs: "0.25g*24粒",
      attr_place: "广东",
      attr_validity: "2028-05-31",
      attr_goods_attr: "胶囊剂",
      attr_production_date: "2026-05-01",
      attr_factory: "某某制药",
    },
    goods_attr: "",
    is_jc: 1,
    is_trace: "1",
    goods_label: [{ label_id: 1, label_name: "处方药", label_color: "#FF0000", font_color: "#FFFFFF" }],
    promotion_color: "",
    is_medicinal: 1,
    is_chinese_medicine: 0,
    stock_name: "充足",
    goods_stock: "210.000",
    unit: "",
    validity_days: 900,
    tax_rate: "13.00",
    member_price: "26.50",
    sale_control: { is_member_by: 0, view_price: 1, not_buy_msg: "仅限连锁药店购买" },
    promotion_info: {
      price_json: JSON.stringify([
        { num: 10, limit_num: 0, price: "25.00" },
        { num: 50, limit_num: 100, price: "23.00" },
      ]),
    },
    goods_promotion: [{ promotion_type: "wholesale", promotion_name: "批发", id: "3" }],
    goods_content: '<p onclick="alert(1)">说明书<script>alert("x")</script></p><img src="javascript:alert(1)">',
    ...overrides,
  };
  return GoodsDetailEnvelopeSchema.parse({ goods_sku_detail: raw }).goods_sku_detail!;
}

describe("toGoodsDetailView", () => {
  test("pharmacy fields, tags, sale control and tiers reach the page", () => {
    const view = toGoodsDetailView(pharmacyDetail(), AT);
    expect(view.images).toEqual(["/media/upload/goods/a.png", "/media/upload/goods/b.png"]);
    expect(view.tags).toEqual({ countryCode: "国药准字H20003263", bulkPurchase: true, traceCode: true, medicinal: true, chineseMedicine: false });
    expect(view.labels).toEqual([{ label_name: "处方药", label_color: "#FF0000", font_color: "#FFFFFF" }]);
    expect(view.goodsAttr).toBe("胶囊剂");
    expect(view.taxRate).toBe("13.00");
    expect(view.memberPrice).toBe("26.50");
    expect(view.saleControl).toEqual({ is_member_by: false, view_price: true, not_buy_msg: "仅限连锁药店购买" });
    expect(view.promotion).toEqual({ kind: "wholesale", name: "批发", color: "", href: "/activity" });
    expect(view.tiers).toEqual([
      { num: 10, limit_num: 0, price: "25.00" },
      { num: 50, limit_num: 100, price: "23.00" },
    ]);
    expect(view.limits).toBeNull();
  });

  test("goods_content loses scripts, handlers and javascript: URLs", () => {
    const { contentHtml } = toGoodsDetailView(pharmacyDetail(), AT);
    expect(contentHtml).toContain("说明书");
    expect(contentHtml).not.toMatch(/script|onclick|javascript:/i);
  });

  test("seckill shows its special price and limits; a member price of 0 is no member price", () => {
    const view = toGoodsDetailView(
      pharmacyDetail({
        member_price: 0,
        goods_promotion: [{ promotion_type: "seckill", promotion_name: "限时秒杀", id: "1" }],
        promotion_info: { goods_min: 2, goods_limit: 10, num_multiple: 2, price: "19.90" },
      }),
      AT,
    );
    expect(view.promotion.kind).toBe("seckill");
    expect(view.price).toBe("19.90");
    expect(view.limits).toEqual({ goodsMin: 2, goodsLimit: 10, numMultiple: 2 });
    expect(view.memberPrice).toBeNull();
  });

  test("coupons: sold out and limit reached", () => {
    const view = toGoodsDetailView(
      pharmacyDetail({
        coupon_list: [
          {
            coupon_type_id: 1,
            coupon_name: "满100减10",
            type: "reward",
            money: "10.00",
            at_least: "100.00",
            count: 5,
            lead_count: 5,
            max_fetch: 1,
            validity_type: 1,
            fixed_term: 30,
          },
          {
            coupon_type_id: 2,
            coupon_name: "9折",
            type: "discount",
            discount: "9.00",
            count: -1,
            lead_count: 3,
            max_fetch: 2,
            member_coupon_num: 2,
            validity_type: 0,
            end_time: 1_900_000_000,
          },
        ],
      }),
      AT,
    );
    expect(view.coupons.map((coupon) => [coupon.id, coupon.soldOut, coupon.limitReached, coupon.fixedTerm, coupon.endTime])).toEqual([
      [1, true, false, 30, 0],
      [2, false, true, 0, 1_900_000_000],
    ]);
  });

  test("spec values link to their skus; the current one is selected", () => {
    const view = toGoodsDetailView(pharmacyDetail(), AT);
    expect(view.specs[1]).toEqual({
      name: "存储",
      values: [
        { name: "128G", skuId: 5, selected: true, disabled: false },
        { name: "256G", skuId: 6, selected: false, disabled: false },
      ],
    });
  });
});

describe("upstreamHtml", () => {
  test("images on the upstream go through /media; others and scripts go", () => {
    const html = [
      '<img src="http://127.0.0.1:4100/upload/goods/14/content.svg" alt="a">',
      '<img src="upload/goods/1/x.png">',
      '<img src="https://cdn.example/y.png">',
      '<img src="http://127.0.0.1:4100/../etc/passwd">',
      "<script>alert(1)</script>",
    ].join("");
    const out = upstreamHtml(html, "http://127.0.0.1:4100");
    expect(out).toContain('src="/media/upload/goods/14/content.svg"');
    expect(out).toContain('src="/media/upload/goods/1/x.png"');
    expect(out).not.toContain("cdn.example"); // another site's image is dropped (issue 30)
    expect(out).not.toContain("passwd"); // not an upstream image path: dropped
    expect(out).not.toContain("script");
  });

  test("an upstream under a base path keeps only the part after it", () => {
    expect(upstreamHtml('<img src="https://shop.example/api-root/upload/a.png">', "https://shop.example/api-root")).toBe(
      '<img src="/media/upload/a.png" loading="lazy" decoding="async" />',
    );
  });
});

describe("evaluations", () => {
  test("anonymous names are masked, explain_type becomes stars", () => {
    const page = EvaluationPageSchema.parse({
      page_count: 1,
      count: 2,
      list: [
        { evaluate_id: 1, content: "好", images: "upload/e/1.png", member_name: "张三丰", is_anonymous: 1, explain_type: 1, create_time: 1_700_000_000 },
        { evaluate_id: 2, content: "一般", images: "", member_name: "李四", is_anonymous: 0, explain_type: "2", explain_first: "谢谢" },
      ],
    });
    const [first, second] = page.list.map(toEvaluationView);
    expect(first).toMatchObject({ member: "张***丰", stars: 5, images: ["/media/upload/e/1.png"] });
    expect(second).toMatchObject({ member: "李四", stars: 3, reply: "谢谢", images: [] });
    expect(maskName("王")).toBe("王***");
    expect(maskName("")).toBe("***");
  });
});

describe("after-sale and QR code", () => {
  test("after-sale: the document's content, or nothing", () => {
    expect(AftersaleSchema.parse({ title: "售后", content: "<p>7天</p>" })).toBe("<p>7天</p>");
    expect(AftersaleSchema.parse(null)).toBe("");
    expect(AftersaleSchema.parse("")).toBe("");
  });

  test("QR code: path.h5", () => {
    expect(GoodsQrCodeSchema.parse({ path: { h5: { status: 1, url: "http://h5", img: "upload/qr.png" } } }).path.h5.img).toBe("upload/qr.png");
  });
});

describe("the action's input", () => {
  const parse = (entries: Record<string, string>) => {
    const formData = new FormData();
    for (const [key, value] of Object.entries(entries)) formData.set(key, value);
    return parseWithZod(formData, { schema: GoodsDetailActionSchema });
  };
  const errorsOf = (entries: Record<string, string>) => {
    const submission = parse(entries);
    return submission.status === "error" ? submission.error : null;
  };

  test("a whole quantity of at least 1 passes", () => {
    const submission = parse({ intent: "add-to-cart", num: "3" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ intent: "add-to-cart", num: 3 });
  });

  test.each([
    ["0", "goods:quantity.min"],
    ["-2", "goods:quantity.min"],
    ["abc", "goods:quantity.invalid"],
    ["1.5", "goods:quantity.invalid"],
    ["", "goods:quantity.required"],
  ])("num %j is refused with %s", (num, message) => {
    expect(errorsOf({ intent: "buy-now", num })?.num).toEqual([message]);
  });

  test("unknown intents and bad coupon ids are refused with a translated key", () => {
    expect(errorsOf({ intent: "steal" })?.intent).toEqual(["goods:errors.invalidRequest"]);
    expect(errorsOf({ intent: "receive-coupon", coupon_type_id: "x" })?.coupon_type_id).toEqual(["goods:errors.invalidRequest"]);
    expect(parse({ intent: "follow" }).status).toBe("success");
  });
});
