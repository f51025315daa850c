import { z } from "zod/v4";
import { cached, type CachePolicy } from "~/utils/cache.server";
import { log } from "~/utils/log.server";
import { withCapability } from "./capabilities.server";
import { listHelpClasses } from "./cms.server";
import { assetUrl, sharedContext } from "./context.server";
import { inlineImages, type InlineImages } from "./inline-images.server";
import { callUpstream, EndpointMissingError, ShopClosedError, UpstreamError } from "./http.server";
import { lastShopAnswer } from "./shop-status.server";
import { Ignored } from "./schemas/common";
import { CategoryTreeSchema, type CategoryNode } from "./schemas/category";
import {
  AddonsSchema,
  AdvDetailSchema,
  CategoryConfigSchema,
  CopyrightSchema,
  DefaultImagesSchema,
  FooterListSchema,
  type FooterList,
  FriendlyLinkSchema,
  GoodsServiceSchema,
  MoreConfigSchema,
  type MoreConfig,
  NavItemSchema,
  SearchWordsSchema,
  ServicerConfigSchema,
  SiteInfoSchema,
  WapQrcodeSchema,
  type AdvDetail,
} from "./schemas/site";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const NavListSchema = z.array(NavItemSchema);
const FriendlyLinksSchema = z.array(FriendlyLinkSchema);
const GoodsServicesSchema = z.array(GoodsServiceSchema);
const WeappQrcodeSchema = z.string().catch("");

// Shared layout data (DESIGN.md): the same for every visitor, fetched without a token and cached.
const LAYOUT: CachePolicy = { ttlMs: 60_000, staleMs: 10 * 60_000 };
// The /closed page's own check (and the background one): at most one status call per second per
// process. Other pages never wait for it: they read what the upstream's answers told (ADR 064).
const STATUS: CachePolicy = { ttlMs: 1_000, staleMs: 0 };
/**
 * How old the last word on the shop may be before a status check runs in the background. Any page
 * that asks the upstream refreshes it for free; this bounds how long a page served wholly from
 * caches (a visitor's home page) can go on showing after the shop closed (docs/behaviour.md).
 */
export const STATUS_CHECK_MS = 30_000;

function shared<T extends z.ZodType>(path: string, schema: T, body: Record<string, unknown> = {}) {
  return cached(`layout:${path}:${JSON.stringify(body)}`, LAYOUT, () => callUpstream(sharedContext(), path, schema, body));
}

/** The first fallback given for a piece, kept: a missing piece then keeps the layout's identity. */
const fallbacks = new Map<string, unknown>();
function stableFallback<T>(path: string, fallback: T): T {
  if (!fallbacks.has(path)) fallbacks.set(path, fallback);
  return fallbacks.get(path) as T;
}

/**
 * Optional pieces of the chrome: a missing endpoint or an odd answer must not take pages down.
 * Pieces known to be missing on a stock Niushop go through withCapability (not even called while
 * absent); any other missing endpoint falls back here.
 */
async function optional<T>(path: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof EndpointMissingError) {
      log("layout_piece_missing", { path: error.path });
      return stableFallback(path, fallback);
    }
    if (error instanceof Response && error.status >= 500) {
      log("layout_piece_unavailable", { path, status: error.status });
      return stableFallback(path, fallback);
    }
    // A closed shop is no missing piece: the root sends the page to /closed (ADR 064).
    if (error instanceof ShopClosedError) throw error;
    if (error instanceof UpstreamError) {
      log("layout_piece_failed", { path, code: error.code, message: error.upstreamMessage });
      return stableFallback(path, fallback);
    }
    throw error;
  }
}

/**
 * What the BFF knows of the shop (spec §4 "Shop status") without asking: the last upstream answer's
 * word. "unknown" only in a fresh process; its page's own calls then tell. When the word is older
 * than STATUS_CHECK_MS, or there is none, a status check starts in the background: never awaited.
 */
export function knownShopStatus(): "open" | "closed" | "unknown" {
  const last = lastShopAnswer();
  if (!last || performance.now() - last.askedAt > STATUS_CHECK_MS) {
    // A failed check is logged by the client core (upstream_failure); the next document asks again.
    isShopOpen().catch(() => undefined);
  }
  if (!last) return "unknown";
  return last.open ? "open" : "closed";
}

/** Asks the upstream (at most once a second): true when the PC channel is open; false on -3 (spec §4 "Shop status"). */
export async function isShopOpen(): Promise<boolean> {
  return cached("status:site", STATUS, async () => {
    try {
      await callUpstream(sharedContext(), "/api/site/status", Ignored);
      return true;
    } catch (error) {
      if (error instanceof UpstreamError && error.code === -3) return false;
      throw error;
    }
  });
}

const NO_FOOTER: FooterList = { cert_list: [], platform_list: [] };
const NO_MORE_CONFIG: MoreConfig = { index: { category: 0 } };

/** Everything the main layout renders, loaded in parallel (each piece cached on its own). */
export async function getLayoutData() {
  const parts = await allOf({
    site: shared("/api/site/info", SiteInfoSchema),
    copyright: optional("copyright", () => shared("/api/config/copyright", CopyrightSchema), null),
    defaultImages: optional("defaultimg", () => shared("/api/config/defaultimg", DefaultImagesSchema), null),
    servicer: optional("servicer", () => shared("/api/config/servicer", ServicerConfigSchema), { pc: { type: "none", third_url: "" } }),
    categoryConfig: optional("categoryconfig", () => shared("/api/config/categoryconfig", CategoryConfigSchema), { category: 1, img: true }),
    topAd: optional("adv", () => getAdv("NS_PC_INDEX_TOP"), { adv_position: null, adv_list: [] } as AdvDetail),
    navList: optional("navList", () => shared("/api/pc/navList", NavListSchema), []),
    friendlyLinks: optional("friendlyLink", () => shared("/api/pc/friendlyLink", FriendlyLinksSchema), []),
    footerList: optional("footerList", () => withCapability("footer", () => shared("/pc/api/pc/footerList", FooterListSchema), NO_FOOTER), NO_FOOTER),
    moreConfig: optional(
      "moreConfig",
      () => withCapability("moreConfig", () => shared("/pc/api/pc/moreConfig", MoreConfigSchema), NO_MORE_CONFIG),
      NO_MORE_CONFIG,
    ),
    services: optional("goodsService", () => shared("/api/goods/service", GoodsServicesSchema), []),
    categories: optional("category", () => shared("/api/goodscategory/tree", CategoryTreeSchema, { level: 3, template: 2 }), [] as CategoryNode[]),
    // The help pages' own cached reader: one cache entry and one upstream call for both.
    helpClasses: optional("helpclass", listHelpClasses, []),
    hotWords: optional("hotWords", () => shared("/api/goods/hotSearchWords", SearchWordsSchema), { words: "" }),
    defaultWords: optional("defaultWords", () => shared("/api/goods/defaultSearchWords", SearchWordsSchema), { words: "" }),
    wapQrcode: optional("wapqrcode", () => shared("/api/site/wapqrcode", WapQrcodeSchema), { path: {} }),
    miniProgramQrcode: optional("weappQrcode", () => withCapability("weappQrcode", () => shared("weapp/api/weapp/qrcode", WeappQrcodeSchema), ""), ""),
  });
  const { servicer, wapQrcode, ...pieces } = parts;
  // The chrome's tiny images, carried in the HTML (ADR 027); a failure leaves their URLs.
  const inlined = await inlineImages([
    ...pieces.services.map((service) => (service.icon?.iconType === "img" ? service.icon.imageUrl : "")),
    ...pieces.footerList.cert_list.map((entry) => entry.icon),
    ...pieces.footerList.platform_list.map((entry) => entry.icon),
    ...pieces.friendlyLinks.map((link) => link.link_pic),
    ...(pieces.categoryConfig.img ? pieces.categories.map((node) => node.image) : []),
    pieces.miniProgramQrcode,
  ]).catch(() => stableFallback<InlineImages>("inline-images", {}));
  // While every piece is the cached object it was, the layout is the same object too: what is
  // derived from it (the client layout's version, the chrome rendered once) stays valid.
  const layout = { inlineImages: inlined, ...pieces, servicer: servicer.pc, h5Qrcode: wapQrcode.path.h5?.img ?? "" };
  const answers = [...Object.values(parts), inlined];
  if (composed && answers.every((answer, index) => answer === composed?.parts[index])) return composed.layout as typeof layout;
  composed = { parts: answers, layout };
  return layout;
}

/** An object of promises awaited together (Promise.all), each answer under its own name and type. */
async function allOf<T extends Record<string, Promise<unknown>>>(promises: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const names = Object.keys(promises);
  const answers = await Promise.all(Object.values(promises));
  return Object.fromEntries(names.map((name, index) => [name, answers[index]])) as { [K in keyof T]: Awaited<T[K]> };
}
export type LayoutData = Awaited<ReturnType<typeof getLayoutData>>;
let composed: { parts: unknown[]; layout: unknown } | undefined;

/** An ad position (shared, cached). */
export function getAdv(keyword: string) {
  return shared("/api/adv/detail", AdvDetailSchema, { keyword });
}

/** Which addons the upstream has (shared, cached). */
export function getAddons() {
  return shared("/api/addon/addonisexit", AddonsSchema);
}

/** Site info alone, for the auth layout and titles. */
export function getSiteInfo() {
  return shared("/api/site/info", SiteInfoSchema);
}

/**
 * An ad position's image size (its ap_width × ap_height), for the <img> width and height that keep
 * the page from shifting when the image arrives; a position without one gets the PC shop's usual
 * full-width banner (1210 × 100).
 */
export function advImageSize(detail: AdvDetail | null): { width: number; height: number } {
  const position = detail?.adv_position;
  return position && position.ap_width > 0 && position.ap_height > 0 ? { width: position.ap_width, height: position.ap_height } : { width: 1210, height: 100 };
}

/** The first ad of a position as a page banner ({image, url, title, width, height}), or null; never fails the page. */
export async function getBanner(keyword: string) {
  const detail = await getAdv(keyword).catch(() => null);
  const ad = detail?.adv_list[0];
  return ad ? { image: assetUrl(ad.adv_image), url: ad.adv_url.url, title: ad.adv_title, ...advImageSize(detail) } : null;
}
