import { LRUCache } from "lru-cache";
import { toCents } from "~/domain/pricing/money";
import { displayedPromotion, nowInSeconds } from "~/domain/promotion";
import { boundedLoads, cached, cachedForMember, type CachePolicy } from "~/utils/cache.server";
import { sharedMarks } from "~/utils/cluster.server";
import { contentVersion } from "~/utils/content-version.server";
import { slimForDocument } from "~/utils/document-data";
import { memoizeByOwner } from "~/utils/memo";
import { sanitizeUpstreamHtml } from "~/utils/sanitize.server";
import { probeCapability } from "./capabilities.server";
import { assetUrl, sharedContext } from "./context.server";
import { canSeePrice, toGoodsCard, type GoodsCardView } from "./goods-view.server";
import { callUpstream, UpstreamError, type UpstreamContext } from "./http.server";
import { Ignored } from "./schemas/common";
import { GoodsPageSchema, type GoodsPage } from "./schemas/goods";
import {
  AftersaleSchema,
  EvaluateConfigSchema,
  EvaluationPageSchema,
  GoodsDetailEnvelopeSchema,
  GoodsQrCodeSchema,
  type Evaluation,
  type EvaluationPage,
  type GoodsDetail,
} from "./schemas/goods-detail";

// The goods detail page's calls. The detail itself depends on the member (member price, sale
// control, follow state) and is never cached; the shop-wide documents are.
const SHARED: CachePolicy = { ttlMs: 60_000, staleMs: 10 * 60_000 };

export const EVALUATION_PAGE_SIZE = 10;
export const RECOMMEND_PAGE_SIZE = 5;

/**
 * The goods and sku each page id (a sku id, or a goods id) showed: a sku belongs to one goods for
 * good, so the goods page asks for that goods' evaluations beside the detail instead of after it
 * (one upstream round trip less on a page seen before). Checked against the detail's answer.
 */
export type KnownGoods = { goodsId: number; skuId: number };
const goodsOfPageId = new LRUCache<number, KnownGoods>({ max: 10_000 });
export function knownGoodsOf(id: number): KnownGoods | undefined {
  return goodsOfPageId.get(id);
}

/**
 * The goods of a `/sku-{id}` URL, where the id may be a sku id or a goods id (spec §2): asked
 * for as a sku first, then as a goods (its default sku). `null` when neither exists. Combos (the
 * list and the badge) are left out when the upstream has no combos (capability "combos", ADR 009);
 * a shop that sells them only through their own checkout (no cart) still shows them.
 */
export async function findGoodsDetail(ctx: UpstreamContext, id: number): Promise<GoodsDetail | null> {
  const detail = (await detailBy(ctx, { sku_id: id })) ?? (await detailBy(ctx, { goods_id: id }));
  if (detail) goodsOfPageId.set(id, { goodsId: detail.goods_id, skuId: detail.sku_id });
  if (!detail || !offersCombos(detail) || (await probeCapability("combos"))) return detail;
  return { ...detail, bundling_list: [], goods_promotion: detail.goods_promotion.filter((entry) => !isCombo(entry)) };
}

/**
 * The page of the badge's promotion (issue 12): seckill, combo, group buy and topic have their
 * own; a discount its section of /activity; wholesale and get-free, which have no page, /activity.
 */
function promotionHref(detail: GoodsDetail, kind: string): string | null {
  if (kind === "discount") return "/activity#discount";
  if (kind === "wholesale" || kind === "getfree") return "/activity";
  const entry = detail.goods_promotion.find((candidate) => candidate.promotion_type.trim().toLowerCase() === kind);
  if (!entry || entry.id <= 0) return null;
  if (kind === "seckill") return `/promotion/seckill-${entry.id}`;
  if (kind === "bundling") return `/promotion/combo-${entry.id}`;
  if (kind === "groupbuy") return `/promotion/groupbuy-${entry.id}`;
  if (kind === "topic") return `/promotion/topic-${entry.id}`;
  return null;
}

const isCombo = (entry: { promotion_type: string }) => entry.promotion_type.trim().toLowerCase() === "bundling";
const offersCombos = (detail: GoodsDetail) => detail.bundling_list.length > 0 || detail.goods_promotion.some(isCombo);

/** Niushop answers a goods it does not have with `-10001 操作失败` (or `goods_sku_detail: null`). */
const MISSING_GOODS_CODE = -10001;

async function detailBy(ctx: UpstreamContext, key: { sku_id: number } | { goods_id: number }): Promise<GoodsDetail | null> {
  try {
    return (await callUpstream(ctx, "/api/goodssku/detail", GoodsDetailEnvelopeSchema, key)).goods_sku_detail;
  } catch (error) {
    if (error instanceof UpstreamError && error.code === MISSING_GOODS_CODE) return null;
    throw error;
  }
}

/**
 * A goods' evaluation pages are the same for every viewer (the upstream asks for no token), so
 * they are shared for a minute: one upstream call less on every goods page (ADR 037). A goods a
 * member has just evaluated is marked on every worker for as long (`evaluationsChanged`), and
 * while marked its pages are asked for afresh, so the member sees their review on the next page
 * whichever worker serves it. Reviews changed elsewhere (the shop's reply, an audit) show within
 * the minute.
 */
export const EVALUATIONS_TTL_MS = 60_000;
const evaluationPages = boundedLoads<EvaluationPage>({ max: 5_000, ttlMs: EVALUATIONS_TTL_MS });
// The marks outlive any entry loaded before them (same TTL, set later), so once a mark is gone
// no page from before the review can be left.
const justEvaluated = sharedMarks("evaluated-goods", { max: 10_000, ttl: EVALUATIONS_TTL_MS });

export async function listEvaluations(goodsId: number, page: number): Promise<EvaluationPage> {
  const load = () =>
    callUpstream(sharedContext(), "/api/goodsevaluate/page", EvaluationPageSchema, { goods_id: goodsId, page, page_size: EVALUATION_PAGE_SIZE });
  return (await justEvaluated.has(String(goodsId))) ? load() : evaluationPages(`goods:evaluations:${goodsId}:${page}`, load);
}

/** After a member's review of these goods was accepted: every worker asks for their pages afresh. */
export async function evaluationsChanged(goodsIds: number[]): Promise<void> {
  await Promise.all([...new Set(goodsIds)].map((goodsId) => justEvaluated.add(String(goodsId))));
}

/** Whether evaluations are shown at all (`evaluate_show`); shop-wide, so shared and cached. */
export function getEvaluateConfig() {
  return cached("goods:evaluate-config", SHARED, () => callUpstream(sharedContext(), "/api/goodsevaluate/config", EvaluateConfigSchema));
}

/** The after-sale policy (HTML, not yet sanitized); shop-wide, so shared and cached. */
export function getAftersale() {
  return cached("goods:aftersale", SHARED, () => callUpstream(sharedContext(), "/api/goods/aftersale", AftersaleSchema));
}

/**
 * "Guess you like": with the member's token the rows carry their prices and sale control. The list
 * is the same on every goods page, so a member's is kept for a minute (ADR 032): parsing its rows
 * is a seventh of a member's goods page. A visitor's is the visitor page cache's business.
 */
export const RECOMMEND_MEMBER_TTL_MS = 60_000;
export function listRecommended(ctx: UpstreamContext, pageSize = RECOMMEND_PAGE_SIZE) {
  const load = () => callUpstream(ctx, "/api/goodssku/recommend", GoodsPageSchema, { page: 1, page_size: pageSize });
  return ctx.token ? cachedForMember(ctx.token, `goods:recommend:${pageSize}`, RECOMMEND_MEMBER_TTL_MS, load) : load();
}

/**
 * The "guess you like" cards of one goods page. `version` digests them, so it names their HTML:
 * the section is rendered once per list and reused while a member's list is kept (StaticMarkup,
 * ADR 032), and a document's loader data leaves the cards out (`documentRecommended`, ADR 027).
 */
export type RecommendedView = { version: string; count: number; cards: GoodsCardView[] };
const NO_RECOMMENDATIONS: RecommendedView = { version: "", count: 0, cards: [] };

/** One view per (list, viewer kind, page's sku), made once: a member's list object lives a minute. */
const recommendedViews = memoizeByOwner<GoodsPage, string, RecommendedView>();

/** The cards of `page` (none when the list could not be read), without the page's own goods. */
export function toRecommendedView(page: GoodsPage | null, viewer: { isMember: boolean }, skuId: number): RecommendedView {
  if (!page) return NO_RECOMMENDATIONS;
  return recommendedViews(page, `${viewer.isMember}:${skuId}`, () => {
    const cards = page.list
      .map((row) => toGoodsCard(row, viewer))
      .filter((card) => card.skuId !== skuId)
      .slice(0, RECOMMEND_PAGE_SIZE);
    return { version: cards.length ? contentVersion(cards) : "", count: cards.length, cards };
  });
}

/** What a document's loader data carries of the recommendations: their count and version, no cards. */
export function documentRecommended(view: RecommendedView): RecommendedView {
  return slimForDocument(view, (whole) => ({ ...whole, cards: [] }));
}

/**
 * The goods' QR code image path. A code that could not be made (status other than 1, no image)
 * is an UpstreamError like any refusal, so callers show its message as a toast (spec §8).
 */
export async function getGoodsQrCode(ctx: UpstreamContext, skuId: number): Promise<string> {
  const path = "/api/goodssku/goodsqrcode";
  const data = await callUpstream(ctx, path, GoodsQrCodeSchema, { sku_id: skuId });
  const { status, img, message } = data.path.h5;
  if (status !== 1 || !img) throw new UpstreamError(path, -1, message || "二维码生成失败", data);
  return img;
}

/** Query parameters that only change something inside the page (image, evaluation page, QR code). */
const IN_PAGE_PARAMS = ["eval_page", "img", "qr"];

/**
 * Whether this run of the detail loader is a new view of the goods, to be recorded upstream.
 * The loader also runs when nothing new was viewed: the revalidation after any action on the page
 * (with JS, a `.data` request the page itself makes), the post/redirect/get of a form (without
 * JS), a language switch, an in-page parameter. All of those come from the page itself, so their
 * `Referer` is the page (our Referrer-Policy sends the path to our own origin), while a first
 * load, a link from elsewhere (documents and client-side navigations alike), a typed URL or a
 * reload (which keeps its original referrer) do not. Without a Referer it counts as new.
 */
export function isNewGoodsView(request: Request): boolean {
  const url = new URL(request.url);
  if (IN_PAGE_PARAMS.some((name) => url.searchParams.has(name))) return false;
  const referer = request.headers.get("Referer");
  if (!referer) return true;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return true;
  }
  // The same page: the path without the `.data` suffix of single fetch requests.
  return from.pathname.replace(/\.data$/, "") !== url.pathname.replace(/\.data$/, "");
}

/**
 * A member's view of a goods: the browsing footprint and the click counter (both need the token).
 * Best effort: a failure is logged by the client core and never breaks the page.
 */
export async function recordGoodsView(ctx: UpstreamContext, goods: { goods_id: number; sku_id: number }): Promise<void> {
  if (!ctx.token) return;
  await Promise.all([
    callUpstream(ctx, "/api/goodsbrowse/add", Ignored, { goods_id: goods.goods_id, sku_id: goods.sku_id }).catch(ignoreRefusal),
    callUpstream(ctx, "/api/goods/modifyclicks", Ignored, { sku_id: goods.sku_id }).catch(ignoreRefusal),
  ]);
}

/** Swallows refusals and gateway failures (thrown Responses) of best-effort calls; redirects (token/closed) too. */
function ignoreRefusal(): void {}

/** Everything the detail page renders, pruned from the upstream's detail (images made browser URLs, HTML sanitized). */
export function toGoodsDetailView(detail: GoodsDetail, options: { upstreamUrl: string; now?: number }) {
  const now = options.now ?? nowInSeconds();
  const images = splitImages(detail.sku_images || detail.sku_image || detail.goods_image);
  const info = detail.promotion_info;
  const promotion = displayedPromotion(detail, now);
  const price = promotion.kind === "seckill" || promotion.kind === "discount" ? (info?.price ?? detail.discount_price) : detail.discount_price;
  const memberPrice = toCents(detail.member_price) > 0n ? detail.member_price : null;
  return {
    goodsId: detail.goods_id,
    skuId: detail.sku_id,
    name: detail.sku_name || detail.goods_name,
    introduction: detail.introduction,
    images: images.length ? images : splitImages(detail.goods_image),
    labels: detail.goods_label.filter((label) => label.label_name),
    tags: {
      countryCode: detail.attr.attr_country_code,
      bulkPurchase: detail.is_jc,
      traceCode: detail.is_trace,
      medicinal: detail.is_medicinal,
      chineseMedicine: detail.is_chinese_medicine,
    },
    attr: detail.attr,
    goodsAttr: detail.goods_attr || detail.attr.attr_goods_attr,
    attrRows: detail.goods_attr_format.filter((row) => row.attr_name),
    taxRate: detail.tax_rate,
    validityDays: detail.validity_days,
    unit: detail.unit,
    brandName: detail.brand_name ?? "",
    price: price as string | null,
    // A promotional price strikes through the sku's own price; otherwise the market price.
    marketPrice: (toCents(price) < toCents(detail.price) ? detail.price : detail.market_price) as string | null,
    memberPrice,
    promotion: { ...promotion, color: detail.promotion_color ?? "", href: promotionHref(detail, promotion.kind) },
    limits:
      info && (promotion.kind === "seckill" || promotion.kind === "discount")
        ? { goodsMin: info.goods_min, goodsLimit: info.goods_limit, numMultiple: info.num_multiple }
        : null,
    tiers: (info?.price_json ?? []).map((tier) => ({ num: tier.num, limit_num: tier.limit_num, price: tier.price as string | null })),
    getFree:
      promotion.kind === "getfree"
        ? (info?.getFreeGoods ?? []).map((offer) => ({
            goodsId: offer.goods_id,
            name: offer.goods?.goods_name ?? "",
            image: assetUrl(offer.goods?.goods_image.split(",")[0]),
            count: offer.count,
            unit: offer.unit || offer.goods?.unit || "",
            price: offer.price as string | null,
          }))
        : [],
    stock: detail.stock,
    stockName: detail.stock_name ?? "",
    minBuy: detail.min_buy,
    maxBuy: detail.max_buy,
    specs: detail.goods_spec_format
      .filter((spec) => spec.value.length > 0)
      .map((spec) => ({
        name: spec.spec_name,
        values: spec.value.map((value) => ({
          name: value.spec_value_name,
          skuId: value.sku_id,
          selected: value.selected || value.sku_id === detail.sku_id,
          disabled: value.disabled || value.sku_id <= 0,
        })),
      })),
    saleControl: detail.sale_control,
    isCollected: detail.is_collect,
    collectNum: detail.collect_num,
    coupons: detail.coupon_list.map((coupon) => ({
      id: coupon.coupon_type_id,
      name: coupon.coupon_name,
      type: coupon.type === "discount" ? ("discount" as const) : ("reward" as const),
      money: coupon.money,
      discount: coupon.discount,
      atLeast: coupon.at_least,
      endTime: coupon.validity_type === 0 ? coupon.end_time : 0,
      fixedTerm: coupon.validity_type === 1 ? coupon.fixed_term : 0,
      soldOut: coupon.count >= 0 && coupon.lead_count >= coupon.count,
      limitReached: coupon.max_fetch > 0 && coupon.member_coupon_num >= coupon.max_fetch,
      // How many more can be received (null = no limit): what receiving one will change, predictably.
      stockLeft: coupon.count >= 0 ? Math.max(0, coupon.count - coupon.lead_count) : null,
      memberLeft: coupon.max_fetch > 0 ? Math.max(0, coupon.max_fetch - coupon.member_coupon_num) : null,
    })),
    bundlings: detail.bundling_list.map((bundling) => ({
      id: bundling.bl_id,
      name: bundling.bl_name,
      price: bundling.bl_price as string | null,
      goodsMoney: bundling.goods_money as string | null,
      goods: bundling.bundling_goods.map((goods) => ({
        skuId: goods.sku_id,
        name: goods.sku_name || goods.goods_name,
        image: assetUrl(goods.sku_image.split(",")[0]),
      })),
    })),
    services: detail.goods_service.map((service) => ({ name: service.service_name, desc: service.desc })),
    contentHtml: upstreamHtml(detail.goods_content, options.upstreamUrl),
    evaluateCount: detail.evaluate_count,
  };
}
export type GoodsDetailView = ReturnType<typeof toGoodsDetailView>;

/**
 * The view as this viewer may see it (spec §6): for a visitor, or a member whose sale control
 * sets `view_price` 0, every price (own, market, member, tiers, exchange offers, combos) is
 * `null`, so it is in neither the HTML nor the loader data the page carries.
 */
export function goodsForViewer(view: GoodsDetailView, viewer: { isMember: boolean }): GoodsDetailView {
  if (canSeePrice(viewer.isMember, view.saleControl)) return view;
  return {
    ...view,
    price: null,
    marketPrice: null,
    memberPrice: null,
    tiers: view.tiers.map((tier) => ({ ...tier, price: null })),
    getFree: view.getFree.map((offer) => ({ ...offer, price: null })),
    bundlings: view.bundlings.map((bundling) => ({ ...bundling, price: null, goodsMoney: null })),
  };
}

/**
 * Upstream HTML made safe to render: sanitized, and images on the upstream itself (absolute URLs
 * or relative `upload/…` paths) served through the BFF's /media proxy, as every other upstream
 * image is (the page's CSP only allows images from our own origin).
 *
 * A pure function of its input, remembered for the same HTML (the after-sales text on every goods
 * page, a goods description opened again): sanitizing costs ~0.3 ms a page (ADR 027).
 */
const safeHtml = new LRUCache<string, string>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (value, key) => value.length + key.length });
export function upstreamHtml(html: string, upstreamUrl: string): string {
  const key = `${upstreamUrl}\n${html}`;
  let safe = safeHtml.get(key);
  if (safe === undefined) safeHtml.set(key, (safe = sanitizeUpstreamHtml(html, upstreamUrl)));
  return safe;
}

function splitImages(list: string): string[] {
  return list
    .split(",")
    .map((path) => path.trim())
    .filter(Boolean)
    .map((path) => assetUrl(path));
}

/** An evaluation as the page shows it: anonymous names masked (first and last character kept). */
export function toEvaluationView(row: Evaluation) {
  return {
    id: row.evaluate_id,
    member: row.is_anonymous ? maskName(row.member_name) : row.member_name,
    avatar: assetUrl(row.member_headimg),
    // The member's own stars when the upstream gives them; else what the good/medium/bad class implies.
    stars: row.scores && row.scores >= 1 && row.scores <= 5 ? Math.round(row.scores) : row.explain_type === 3 ? 1 : row.explain_type === 2 ? 3 : 5,
    content: row.content,
    images: splitImages(row.images),
    reply: row.explain_first,
    again: row.again_content,
    againImages: splitImages(row.again_images),
    skuName: row.sku_name,
    time: row.create_time,
  };
}
export type EvaluationView = ReturnType<typeof toEvaluationView>;

export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return chars.length ? `${chars[0]}***` : "***";
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
