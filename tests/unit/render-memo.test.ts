import { describe, expect, test } from "vitest";
import { documentRecommended, toRecommendedView, upstreamHtml } from "~/upstream/goods-detail.server";
import { documentFloors, floorsVersion, toFloorViews } from "~/upstream/home-view.server";
import { documentLayout, type ClientLayout } from "~/upstream/layout-view.server";
import type { Floor } from "~/upstream/schemas/catalog";
import { GoodsPageSchema, type GoodsPage } from "~/upstream/schemas/goods";
import { wholeValue } from "~/utils/document-data";

/** What ADR 027 remembers between renders: each the same answer as a fresh build, built once. */

const layout = {
  version: 42,
  site: { site_name: "康源医药", logo: "/media/upload/logo.svg", phone: "", email: "", seo_description: "", seo_keywords: "" },
  navList: [{ id: 1, nav_title: "首页", nav_url: { url: "/index" }, is_blank: 0 }],
  categories: [{ category_id: 1, category_name: "中西药品", child_list: [] }],
  helpClasses: [{ class_id: 1, class_name: "新手上路", child_list: [] }],
  friendlyLinks: [{ link_title: "a" }],
  certificates: [{ icon: "/media/x.svg" }],
  platforms: [{ icon: "/media/y.svg" }],
  services: [{ service_name: "正品保障", desc: "", image: "" }],
  hotWords: ["阿莫西林"],
  copyright: { copyright_desc: "© 康源医药" },
  miniProgramQrcode: "data:image/svg+xml,x",
} as unknown as ClientLayout;

describe("documentLayout", () => {
  test("leaves out what only the chrome's rendered-once HTML uses, keeps the rest and the version", () => {
    const slim = documentLayout(layout);
    expect(slim).toMatchObject({ version: 42, site: layout.site, navList: layout.navList, hotWords: ["阿莫西林"] });
    for (const list of ["categories", "helpClasses", "friendlyLinks", "certificates", "platforms", "services"] as const) expect(slim[list]).toEqual([]);
    expect(slim.copyright).toBeNull();
    expect(slim.miniProgramQrcode).toBe("");
    expect(layout.categories).toHaveLength(1); // the whole layout is not touched
  });

  test("one slim layout per layout object", () => {
    expect(documentLayout(layout)).toBe(documentLayout(layout));
  });

  test("the server renders the chrome from the whole layout behind the slim one", () => {
    expect(wholeValue(documentLayout(layout))).toBe(layout);
    expect(wholeValue(layout)).toBe(layout); // a whole layout (a `.data` answer) is its own
  });
});

describe("toFloorViews", () => {
  const floors = [
    {
      block_name: "floor-style-1",
      title: "感冒用药",
      value: {
        goodsList: {
          value: {
            list: [{ sku_id: 1, goods_id: 1, sku_name: "阿莫西林胶囊", sku_image: "upload/a.png", discount_price: "12.50", sale_control: { view_price: 1 } }],
          },
        },
      },
    },
  ] as unknown as Floor[];

  test("the same floors list gives the same views per kind of viewer", () => {
    expect(toFloorViews(floors, { isMember: true })).toBe(toFloorViews(floors, { isMember: true }));
    expect(toFloorViews(floors, { isMember: false })).toBe(toFloorViews(floors, { isMember: false }));
    expect(toFloorViews(floors, { isMember: true })).not.toBe(toFloorViews(floors, { isMember: false }));
  });

  test("another list (a refreshed cache) is built anew", () => {
    const refreshed = structuredClone(floors);
    expect(toFloorViews(refreshed, { isMember: true })).not.toBe(toFloorViews(floors, { isMember: true }));
    expect(toFloorViews(refreshed, { isMember: true })).toEqual(toFloorViews(floors, { isMember: true }));
  });

  test("the version is a digest of the list: equal lists agree (every worker), a changed list does not", () => {
    expect(floorsVersion(structuredClone(floors))).toBe(floorsVersion(floors));
    const changed = structuredClone(floors);
    changed[0]!.title = "儿童用药";
    expect(floorsVersion(changed)).not.toBe(floorsVersion(floors));
  });

  test("a document carries no floors; the server renders them from the views behind its stand-in", () => {
    const views = toFloorViews(floors, { isMember: true });
    expect(documentFloors(views)).toEqual([]);
    expect(documentFloors(views)).toBe(documentFloors(views));
    expect(wholeValue(documentFloors(views))).toBe(views);
  });
});

describe("upstreamHtml, remembered", () => {
  test("the same HTML under another upstream is not answered from the first one's result", () => {
    const html = '<img src="https://a.example/upload/x.png">';
    expect(upstreamHtml(html, "https://a.example")).toContain('src="/media/upload/x.png"');
    expect(upstreamHtml(html, "https://b.example")).toBe(""); // another site's image to b: dropped (issue 30)
    expect(upstreamHtml(html, "https://a.example")).toContain('src="/media/upload/x.png"');
  });
});

describe("toRecommendedView", () => {
  // Rows as the upstream sends them, through the schema that fills what they leave out.
  const pageOf = (rows: Array<[number, string]>): GoodsPage =>
    GoodsPageSchema.parse({
      page_count: 1,
      count: rows.length,
      list: rows.map(([sku, price]) => ({
        goods_id: sku,
        sku_id: sku,
        sku_name: `药品${sku}`,
        sku_image: `upload/${sku}.png`,
        price,
        discount_price: price,
        market_price: "0.00",
        stock: 5,
      })),
    });
  const page = pageOf([
    [1, "10.00"],
    [2, "20.00"],
    [3, "30.00"],
  ]);

  test("one view per list, viewer kind and page's goods, without that goods", () => {
    const view = toRecommendedView(page, { isMember: true }, 2);
    expect(view.cards.map((card) => card.skuId)).toEqual([1, 3]);
    expect(view.count).toBe(2);
    expect(toRecommendedView(page, { isMember: true }, 2)).toBe(view);
    expect(toRecommendedView(page, { isMember: false }, 2)).not.toBe(view);
    expect(toRecommendedView(page, { isMember: false }, 2).cards[0].price).toBeNull(); // a visitor's carries no price
  });

  test("the version names the cards: equal cards, equal version; other prices, another", () => {
    const same = { ...page, list: [...page.list] };
    const dearer = pageOf([
      [1, "11.00"],
      [3, "30.00"],
    ]);
    const version = toRecommendedView(page, { isMember: true }, 2).version;
    expect(version).toMatch(/^[\w-]{16}$/);
    expect(toRecommendedView(same, { isMember: true }, 2).version).toBe(version);
    expect(toRecommendedView(dearer, { isMember: true }, 2).version).not.toBe(version);
  });

  test("a document's stand-in keeps the count and version, not the cards; the server finds the whole", () => {
    const view = toRecommendedView(page, { isMember: true }, 1);
    const slim = documentRecommended(view);
    expect(slim).toEqual({ version: view.version, count: 2, cards: [] });
    expect(documentRecommended(view)).toBe(slim);
    expect(wholeValue(slim)).toBe(view);
  });
});
