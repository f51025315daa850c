import { z } from "zod/v4";
import type { GoodsQuery } from "~/domain/goods-query";
import { GOODS_PAGE_SIZE } from "~/domain/goods-query";
import { cached } from "~/utils/cache.server";
import { withCapability } from "./capabilities.server";
import { sharedContext } from "./context.server";
import { callUpstream, type UpstreamContext } from "./http.server";
import { BrandPageSchema, CategoryInfoSchema, FloatLayerSchema, FloorSchema, SaleControlPageSchema, SuggestionSchema } from "./schemas/catalog";
import { GoodsPageSchema } from "./schemas/goods";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const FloorsSchema = z.array(FloorSchema);

// Shared, token-free content of the home page (ADR 004).
const HOME = { ttlMs: 60_000, staleMs: 10 * 60_000 };

/** goodssku/page with the list page's filters; with a token the rows carry member price and sale control. */
export function listGoods(ctx: UpstreamContext, query: Partial<GoodsQuery>, pageSize = GOODS_PAGE_SIZE) {
  return callUpstream(ctx, "/api/goodssku/page", GoodsPageSchema, {
    page: query.page ?? 1,
    page_size: pageSize,
    keyword: query.keyword ?? "",
    category_id: query.category_id ?? "",
    category_level: query.level ?? "",
    brand_id: query.brand_id ?? "",
    // The real API filters BETWEEN 0 AND 0 on numeric zeros; "" means "no bound" (LIVE.md).
    min_price: query.min_price ?? "",
    max_price: query.max_price ?? "",
    order: query.order ?? "",
    sort: query.sort ?? "",
    coupon: query.coupon ?? "",
  });
}

export function listBrands(ctx: UpstreamContext, page = 1, pageSize = 0) {
  return callUpstream(ctx, "/api/goodsbrand/page", BrandPageSchema, { page, page_size: pageSize });
}

/** All brands (for the list page's brand filter and the brand zone), shared and cached. */
export function listAllBrands() {
  return cached("catalog:brands", HOME, () => listBrands(sharedContext(), 1, 0).then((page) => page.list));
}

export function getFloors() {
  return cached("catalog:floors", HOME, () => callUpstream(sharedContext(), "/api/pc/floors", FloorsSchema));
}

export function getFloatLayer() {
  return cached("catalog:float-layer", HOME, () => callUpstream(sharedContext(), "/api/pc/floatLayer", FloatLayerSchema));
}

export function getCategoryInfo(ctx: UpstreamContext, categoryId: number) {
  return callUpstream(ctx, "/api/goodscategory/info", CategoryInfoSchema.nullable(), { category_id: categoryId });
}

/** Search suggestions (spec §2 header "suggestions"): names matching the typed keyword. */
export function suggestGoods(ctx: UpstreamContext, keyword: string) {
  return withCapability("searchSuggestions", () => callUpstream(ctx, "/api/goodssku/searchGoodsByKeyWord", SuggestionSchema, { keyword }), []);
}

/** The member's sale-control rules; `null` when the upstream has no sale control (salecontrol addon). */
export function listSaleControl(ctx: UpstreamContext, type: "goods" | "category", page: number) {
  return withCapability(
    "salecontrol",
    () => callUpstream(ctx, "/salecontrol/api/salecontrol/saleControlList", SaleControlPageSchema, { type, page, page_size: 20 }),
    null,
  );
}
