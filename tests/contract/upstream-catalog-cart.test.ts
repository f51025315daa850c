import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import {
  addBundleToCart,
  addToCart,
  calculateCart,
  deleteBundleLine,
  deleteCartLines,
  listCartBundles,
  listCartLines,
  setBundleQuantity,
  setCartQuantity,
} from "~/upstream/cart.server";
import { getCategoryInfo, getFloatLayer, getFloors, listAllBrands, listGoods, listSaleControl, suggestGoods } from "~/upstream/catalog.server";
import { listCouponTypes } from "~/upstream/coupon.server";
import { toFloorViews } from "~/upstream/home-view.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { invalidate } from "~/utils/cache.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The catalog and cart pages' upstream functions (app/upstream/catalog.server.ts, coupon.server.ts,
 * cart.server.ts) against the reference shop API on a fresh database.
 */
const live = useLiveShopApi();
let shop: TestShopApi;
let member: UpstreamContext;
let visitor: UpstreamContext;

beforeAll(async () => {
  shop = live.shop;
  const fresh = (await shop.testApi("/__test/member", {})).body as { username: string; password: string };
  member = { baseUrl: shop.url, timeoutMs: 10_000, token: await shop.login(fresh.username, fresh.password), member: "optional" };
  visitor = { ...member, token: null };
});

beforeEach(() => invalidate());

describe("catalog", () => {
  test("listGoods: keyword, paging, sorting; visitors get no member price", async () => {
    const page = await listGoods(visitor, { keyword: "阿莫西林", page: 1 });
    expect(page.count).toBeGreaterThan(0);
    for (const row of page.list) expect(row.goods_name).toContain("阿莫西林");
    expect(page.list.every((row) => row.member_price === null)).toBe(true);
    const sorted = await listGoods(visitor, { order: "discount_price", sort: "asc", page: 1 });
    const prices = sorted.list.map((row) => Number(row.discount_price));
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const empty = await listGoods(visitor, { keyword: "没有这种药xyz" });
    expect(empty).toMatchObject({ count: 0, page_count: 0, list: [] });
  });

  test("listGoods filters by category, brand and price range", async () => {
    const [brand] = await listAllBrands();
    const byBrand = await listGoods(visitor, { brand_id: brand.brand_id });
    expect(byBrand.list.every((row) => row.brand_name === brand.brand_name)).toBe(true);
    const byPrice = await listGoods(visitor, { min_price: "10", max_price: "20" });
    expect(byPrice.list.every((row) => Number(row.discount_price) >= 10 && Number(row.discount_price) <= 20)).toBe(true);
    const byCategory = await listGoods(visitor, { category_id: 1, level: "1" });
    expect(byCategory.count).toBeGreaterThan(0);
    expect(await getCategoryInfo(visitor, 1)).toMatchObject({ category_id: 1, category_name: "西药" });
  });

  test("a member sees member prices and sale control in the list", async () => {
    const demo = { ...member, token: await shop.login("demo", "demo123456") };
    const page = await listGoods(demo, { page: 1 }, 100);
    expect(page.list.some((row) => row.member_price !== null)).toBe(true);
    expect(page.list.some((row) => row.sale_control !== null)).toBe(true);
    const goods = (await listSaleControl(demo, "goods", 1))!;
    expect(goods.count).toBeGreaterThan(0);
    const categories = (await listSaleControl(demo, "category", 1))!;
    expect(categories.list.some((entry) => entry.category_name)).toBe(true);
  });

  test("home: floors of the four styles and the float layer", async () => {
    const floors = toFloorViews(await getFloors(), { isMember: true });
    expect(new Set(floors.map((floor) => floor.style))).toEqual(new Set(["floor-style-1", "floor-style-2", "floor-style-3", "floor-style-4"]));
    expect(floors.every((floor) => floor.goods.length + floor.rightGoods.length > 0)).toBe(true);
    const layer = await getFloatLayer();
    expect(layer.is_show).toBe(true);
    expect(layer.url.url).not.toBe("");
  });

  test("suggestions and coupon types", async () => {
    const suggestions = await suggestGoods(visitor, "阿莫");
    expect(suggestions.length).toBeGreaterThan(0);
    const coupons = await listCouponTypes(member);
    expect(coupons.length).toBeGreaterThan(0);
    expect(coupons[0]).toHaveProperty("coupon_name");
  });
});

describe("cart", () => {
  test("add, list, edit, calculate and delete lines and bundles", async () => {
    await addToCart(member, { sku_id: 1, num: 2 });
    await addToCart(member, { sku_id: 1, num: 1 }); // merges
    await addBundleToCart(member, 1, 1);
    const lines = await listCartLines(member);
    const line = lines.find((candidate) => candidate.sku_id === 1)!;
    expect(line.num).toBe(3);
    const [bundle] = await listCartBundles(member);
    expect(bundle.bl_id).toBe(1);
    expect(bundle.bundlingGoods.length).toBeGreaterThan(1);

    await setCartQuantity(member, line.cart_id, 5);
    await setBundleQuantity(member, bundle.cart_id, 2);
    const calculation = await calculateCart(member, [line.cart_id, bundle.cart_id]);
    expect(calculation.goods_list[0]).toMatchObject({ cart_id: line.cart_id, num: 5 });
    expect(calculation.bundling_list[0]).toMatchObject({ cart_id: bundle.cart_id, num: 2 });

    await deleteCartLines(member, [line.cart_id]);
    await deleteBundleLine(member, bundle.cart_id);
    expect(await listCartLines(member)).toEqual([]);
    expect(await listCartBundles(member)).toEqual([]);
  });

  test("editing another member's line is refused", async () => {
    await expect(setCartQuantity(member, 999_999, 2)).rejects.toBeInstanceOf(UpstreamError);
  });
});
