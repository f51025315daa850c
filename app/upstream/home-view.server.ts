import { z } from "zod/v4";
import { floatLayerTypeOf, shouldShowFloatLayer, windowKey, type FloatLayerMemory } from "~/domain/float-layer";
import { assetUrl } from "./context.server";
import { canSeePrice } from "./goods-view.server";
import { IntLike, Money, Text } from "./schemas/common";
import { FloorCategorySchema, type FloatLayer, type Floor } from "./schemas/catalog";
import { SaleControlSchema } from "./schemas/goods";
import { contentVersion } from "~/utils/content-version.server";
import { slimForDocument } from "~/utils/document-data";

// Floors arrive as named slots (catalog §3.1); the page gets them pruned and typed.
const FloorGoodsSchema = z.object({
  sku_id: IntLike,
  goods_name: Text,
  sku_name: Text.optional().catch(""),
  goods_image: Text.catch(""),
  sku_image: Text.optional().catch(""),
  discount_price: Money,
  market_price: Money.catch("0.00"),
  sale_num: IntLike.catch(0),
  introduction: Text.catch(""),
  sale_control: SaleControlSchema.optional().transform((value) => value ?? null),
});

function slot(floor: Floor, name: string) {
  return floor.value[name];
}

/** Prices only for a viewer who may see them (a visitor's HTML and loader data hold none). */
function goodsOf(floor: Floor, name: string, isMember: boolean) {
  const list = slot(floor, name)?.value.list ?? [];
  return list.flatMap((item) => {
    const parsed = FloorGoodsSchema.safeParse(item);
    if (!parsed.success) return [];
    const goods = parsed.data;
    const priceVisible = canSeePrice(isMember, goods.sale_control);
    return [
      {
        skuId: goods.sku_id,
        name: goods.sku_name || goods.goods_name,
        image: assetUrl((goods.sku_image || goods.goods_image).split(",")[0]),
        price: priceVisible ? goods.discount_price : null,
        marketPrice: priceVisible ? goods.market_price : null,
        saleNum: goods.sale_num,
        introduction: goods.introduction,
        saleControl: goods.sale_control,
      },
    ];
  });
}

function categoriesOf(floor: Floor, name: string) {
  const list = slot(floor, name)?.value.list ?? [];
  return list.flatMap((item) => {
    const parsed = FloorCategorySchema.safeParse(item);
    return parsed.success ? [{ id: parsed.data.category_id, name: parsed.data.short_name || parsed.data.category_name, level: parsed.data.level }] : [];
  });
}

function imageOf(floor: Floor, name: string) {
  const value = slot(floor, name)?.value;
  // The link's title names the image for screen readers (the image is the link's only content).
  return value?.url ? { image: assetUrl(value.url), url: value.link?.url ?? "", title: value.link?.title ?? "" } : null;
}

function textOf(floor: Floor, name: string) {
  const value = slot(floor, name)?.value;
  return value?.text ? { text: value.text, color: value.color ?? "", url: value.link?.url ?? "" } : null;
}

const STYLES = new Set(["floor-style-1", "floor-style-2", "floor-style-3", "floor-style-4"]);

/**
 * What is derived from one cached floors list (the list is the same object while the cache holds
 * it), built once: parsing and mapping its goods cost ~0.3 ms, on every home page a member opens
 * (ADR 027).
 */
type FloorsDerived = { version: string; views: Map<boolean, FloorView[]> };
const derived = new WeakMap<Floor[], FloorsDerived>();
function derivedFrom(floors: Floor[]): FloorsDerived {
  let entry = derived.get(floors);
  if (!entry) derived.set(floors, (entry = { version: contentVersion(floors), views: new Map() }));
  return entry;
}

/** The floors as the home page shows them to visitors or to members. */
export function toFloorViews(floors: Floor[], viewer: { isMember: boolean }): FloorView[] {
  const { views } = derivedFrom(floors);
  let view = views.get(viewer.isMember);
  if (!view) views.set(viewer.isMember, (view = buildFloorViews(floors, viewer)));
  return view;
}

/**
 * What the floors' rendered HTML is keyed by (components/catalog/floor.tsx): a digest of the list,
 * the same in every worker, so a page from one worker and a `.data` answer from another agree.
 */
export function floorsVersion(floors: Floor[]): string {
  return derivedFrom(floors).version;
}

/**
 * The floors a document's loader data carries: none. The document holds their HTML, rendered once
 * (StaticMarkup), and the server renders it from the views behind this stand-in (ADR 027); a
 * client-side navigation's `.data` answer carries them all, for a live render.
 */
export function documentFloors(views: FloorView[]): FloorView[] {
  return slimForDocument(views, () => []);
}

function buildFloorViews(floors: Floor[], viewer: { isMember: boolean }) {
  return floors
    .filter((floor) => STYLES.has(floor.block_name))
    .map((floor, index) => ({
      key: `${floor.block_name}-${index}`,
      style: floor.block_name as "floor-style-1" | "floor-style-2" | "floor-style-3" | "floor-style-4",
      title: textOf(floor, "title") ?? { text: floor.title, color: "", url: "" },
      subTitle: textOf(floor, "subTitle"),
      more: textOf(floor, "more"),
      leftImg: imageOf(floor, "leftImg"),
      bottomImg: imageOf(floor, "bottomImg"),
      goods: goodsOf(floor, "goodsList", viewer.isMember).slice(0, 8),
      rightGoods: goodsOf(floor, "rightGoodsList", viewer.isMember).slice(0, 6),
      bottomGoods: goodsOf(floor, "bottomGoodsList", viewer.isMember).slice(0, 5),
      categories: categoriesOf(floor, "categoryList"),
    }));
}
export type FloorView = ReturnType<typeof buildFloorViews>[number];
export type FloorGoodsView = FloorView["goods"][number];

/** The float layer to show now, or null (spec §4 rules in app/domain/float-layer.ts). */
export function toFloatLayerView(layer: FloatLayer | null, memory: FloatLayerMemory, now: number, closedThisVisit: string | null = null) {
  if (!layer || !layer.img_url) return null;
  const rule = { type: floatLayerTypeOf(layer.type, layer.number), startTime: layer.startTime, endTime: layer.endTime, enabled: layer.is_show };
  if (!shouldShowFloatLayer(rule, memory, now, closedThisVisit)) return null;
  return { image: assetUrl(layer.img_url), url: layer.url.url, title: layer.title, window: windowKey(rule) };
}
