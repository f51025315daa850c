/**
 * Which promotion a goods shows (spec §4 "Promotion precedence for display"): get-free
 * (exchange purchase) first, then seckill, discount, wholesale, bundling, else the default
 * (no badge). A promotion with a time window only counts inside it: from `startTime`
 * (inclusive) to `endTime` (exclusive), unix seconds, 0 meaning open on that side.
 *
 * Pure: the clock is a parameter (defaulting to now), so tests can pin it.
 */
export const PROMOTION_PRECEDENCE = ["getfree", "seckill", "discount", "wholesale", "bundling"] as const;
export type PromotionKind = (typeof PROMOTION_PRECEDENCE)[number];
export type DisplayedPromotionKind = PromotionKind | "default";

export type PromotionCandidate = {
  /** `goods_promotion[].promotion_type` ("seckill", "getfree"…); unknown kinds never win. */
  kind: string;
  /** The upstream's name for it ("限时秒杀"); empty → the page's own wording. */
  name?: string;
  startTime?: number;
  endTime?: number;
};

export type DisplayedPromotion = { kind: DisplayedPromotionKind; name: string };

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Whether `now` lies in the window; a missing or 0 bound is open. */
export function isWithinWindow(window: { startTime?: number; endTime?: number }, now: number = nowInSeconds()): boolean {
  if (window.startTime && now < window.startTime) return false;
  if (window.endTime && now >= window.endTime) return false;
  return true;
}

function isKnownKind(kind: string): kind is PromotionKind {
  return (PROMOTION_PRECEDENCE as readonly string[]).includes(kind);
}

/** The promotion to show: the highest-ranked known kind that is active now, else "default". */
export function choosePromotion(candidates: readonly PromotionCandidate[], now: number = nowInSeconds()): DisplayedPromotion {
  let best: { rank: number; candidate: PromotionCandidate & { kind: PromotionKind } } | null = null;
  for (const candidate of candidates) {
    const kind = candidate.kind.trim().toLowerCase();
    if (!isKnownKind(kind) || !isWithinWindow(candidate, now)) continue;
    const rank = PROMOTION_PRECEDENCE.indexOf(kind);
    if (!best || rank < best.rank) best = { rank, candidate: { ...candidate, kind } };
  }
  return best ? { kind: best.candidate.kind, name: best.candidate.name?.trim() ?? "" } : { kind: "default", name: "" };
}

/** The fields of a goods (detail or row) that say which promotions it takes part in. */
export type PromotionSource = {
  goods_promotion: readonly { promotion_type: string; promotion_name: string }[];
  /** Niushop's sku-level `promotion_type` (1 = limited-time discount) with its window. */
  promotion_type?: number | string;
  start_time?: number;
  end_time?: number;
  promotion_info?: {
    price_json: readonly unknown[];
    getFreeGoods: readonly unknown[];
    start_time: number;
    end_time: number;
  } | null;
  bundling_list?: readonly unknown[];
};

/**
 * The candidates a goods offers: its `goods_promotion` entries, plus what its data implies when
 * the list is silent (wholesale tiers, get-free offers, combos, Niushop's promotion_type 1 =
 * discount). Windows: `promotion_info` holds the numbers (and window) of one kind, the first that
 * has numbers (get-free offers, wholesale tiers, else the first seckill/discount listed), so its
 * window bounds that kind only; the sku's own start/end time bounds a promotion_type-1 discount.
 */
export function promotionCandidates(goods: PromotionSource): PromotionCandidate[] {
  const info = goods.promotion_info ?? null;
  const listedKinds = goods.goods_promotion.map((entry) => entry.promotion_type.trim().toLowerCase());
  const infoKind = !info
    ? null
    : info.getFreeGoods.length > 0
      ? "getfree"
      : info.price_json.length > 0
        ? "wholesale"
        : (listedKinds.find((kind) => kind === "seckill" || kind === "discount") ?? null);
  const infoWindow = info ? { startTime: info.start_time, endTime: info.end_time } : {};
  const skuDiscount = Number(goods.promotion_type) === 1;
  const skuWindow = { startTime: goods.start_time ?? 0, endTime: goods.end_time ?? 0 };
  const windowOf = (kind: string) => (kind === infoKind ? infoWindow : kind === "discount" && skuDiscount ? skuWindow : {});

  const candidates: PromotionCandidate[] = goods.goods_promotion.map((entry, index) => {
    const kind = listedKinds[index];
    return { kind, name: entry.promotion_name, ...windowOf(kind) };
  });
  const imply = (kind: PromotionKind, present: boolean) => {
    if (present && !listedKinds.includes(kind)) candidates.push({ kind, ...windowOf(kind) });
  };
  imply("getfree", (info?.getFreeGoods.length ?? 0) > 0);
  imply("wholesale", (info?.price_json.length ?? 0) > 0);
  imply("bundling", (goods.bundling_list?.length ?? 0) > 0);
  imply("discount", skuDiscount);
  return candidates;
}

/** The promotion badge of a goods at `now`. */
export function displayedPromotion(goods: PromotionSource, now: number = nowInSeconds()): DisplayedPromotion {
  return choosePromotion(promotionCandidates(goods), now);
}
