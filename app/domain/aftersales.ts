/**
 * Rules of the after-sales pages (docs/after-sales.md): evaluation and refund validation, which
 * refund buttons a line shows. Pure, so unit-tested; the money rules are in aftersales-money.ts
 * (kept apart so pages that only need these limits do not pull the money parser into the browser).
 * Problems are translation keys ("key|name=value" carries a value for the message).
 */

export const EVALUATE_MAX_IMAGES = 6;
export const EVALUATE_MAX_CHARS = 500;
export const REFUND_MAX_IMAGES = 5;
export const REFUND_REMARK_MAX = 200;
export const COMPLAIN_REMARK_MAX = 200;
export const WAYBILL_MAX = 50;

/** Upstream upload paths we accept back from hidden fields: what uploads answer, nothing else. */
const UPLOAD_PATH = /^upload\/[A-Za-z0-9_/.-]{1,200}$/;

/**
 * The image paths kept in a hidden field (comma-joined), in order, without duplicates; null when a
 * value is not an upload path or there are more than `max` (a tampered form).
 */
export function imagePaths(raw: string | null | undefined, max: number): string[] | null {
  const paths = [
    ...new Set(
      String(raw ?? "")
        .split(",")
        .map((path) => path.trim())
        .filter(Boolean),
    ),
  ];
  if (paths.length > max || paths.some((path) => !UPLOAD_PATH.test(path) || path.includes(".."))) return null;
  return paths;
}

export type ReviewDraft = { scores: number | null; content: string; images: string[] };

/** What is wrong with one line's review (first or follow-up: no stars for the latter), or null. */
export function reviewProblem(review: ReviewDraft, needsStars: boolean): string | null {
  const content = review.content.trim();
  if (content === "") return "aftersales:errors.reviewEmpty";
  if ([...content].length > EVALUATE_MAX_CHARS) return `aftersales:errors.reviewLong|max=${EVALUATE_MAX_CHARS}`;
  if (needsStars && (review.scores === null || !Number.isInteger(review.scores) || review.scores < 1 || review.scores > 5))
    return "aftersales:errors.starsMissing";
  if (review.images.length > EVALUATE_MAX_IMAGES) return `aftersales:errors.tooManyImages|max=${EVALUATE_MAX_IMAGES}`;
  return null;
}

/** Refund statuses of §5.1. */
export const REFUND_STATUS = {
  none: 0,
  applied: 1,
  agreed: 2,
  done: 3,
  waitReturn: 4,
  waitReceive: 5,
  received: 6,
  refused: -1,
  closed: -2,
  partial: -3,
} as const;

export type RefundButtons = { apply: boolean; cancel: boolean; delivery: boolean; askAgain: boolean };

/** Buttons from the upstream's `refund_action[]` (key `event`), nothing inferred from the status. */
export function refundButtons(actions: { event: string }[]): RefundButtons {
  const events = new Set(actions.map((action) => action.event));
  return {
    apply: events.has("orderRefundApply"),
    cancel: events.has("orderRefundCancel"),
    delivery: events.has("orderRefundDelivery"),
    askAgain: events.has("orderRefundAsk"),
  };
}

/** Whether a complaint may be offered (our API: after a refusal, or once the refund has ended). */
export function mayComplain(refundStatus: number): boolean {
  return refundStatus === REFUND_STATUS.refused || refundStatus === REFUND_STATUS.done;
}

/** The refund statuses a timeline shows, in order, for a type (1 refund only, 2 return and refund). */
export function refundSteps(type: number): number[] {
  return type === 2 ? [1, 4, 5, 6, 3] : [1, 2, 3];
}
