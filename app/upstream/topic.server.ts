import { z } from "zod/v4";
import { withCapability } from "./capabilities.server";
import { callUpstream, callUpstreamTimed, UpstreamError, type UpstreamContext } from "./http.server";
import { paged } from "./schemas/common";
import { DiscountRowSchema, ManjianSchema, TopicGoodsDetailSchema, TopicGoodsPageSchema, TopicRowSchema } from "./schemas/topic";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const TopicPageSchema = paged(TopicRowSchema);
const TopicGoodsDetailEnvelopeSchema = z.object({ goods_sku_detail: TopicGoodsDetailSchema.nullable() });
const DiscountPageSchema = paged(DiscountRowSchema);
const ManjianListSchema = z.array(ManjianSchema);

// Topics (专题活动, contract §7.5) and the running activities of /activity (§7.6, §7.7). Each is
// a capability (ADR 009): without the endpoint the function answers null and the page hides it.
// The topic checkout's calls are promotion.server.ts's (kind "topic").

/** Running topics and the upstream's now; null when the upstream has no topic addon. */
export function listTopics(ctx: UpstreamContext, query: { page: number; pageSize: number }) {
  return withCapability(
    "topic",
    async () => {
      const { data, timestamp } = await callUpstreamTimed(ctx, "/topic/api/topic/page", TopicPageSchema, { page: query.page, page_size: query.pageSize });
      return { ...data, now: timestamp };
    },
    null,
  );
}

/**
 * Niushop's answers for a topic (goods) it does not have: `topicgoods/page` reads the missing
 * topic's fields off null, which PHP 8 turns into this exception; `topicgoods/detail` answers a
 * plain `error()` (also for a topic that is not running: it details running topics only).
 */
export const TOPIC_MISSING_MESSAGE = "系统异常：Trying to access array offset on value of type null";
export const TOPIC_GOODS_MISSING_MESSAGE = "操作失败";

/** The refusal that means "no such topic (goods)", as null; anything else is thrown. */
function missingAsNull(message: string) {
  return (error: unknown) => {
    if (error instanceof UpstreamError && error.constructor === UpstreamError && error.upstreamMessage === message) return null;
    throw error;
  };
}

/**
 * A topic (any state) with a page of its goods, its dates and status (from the goods rows, where
 * Niushop answers them; null when the page has no goods) and the upstream's now; null when there
 * is no such topic.
 */
export async function findTopic(ctx: UpstreamContext, topicId: number, query: { page: number; pageSize: number }) {
  const found = await withCapability(
    "topic",
    () =>
      callUpstreamTimed(ctx, "/topic/api/topicgoods/page", TopicGoodsPageSchema, { topic_id: topicId, page: query.page, page_size: query.pageSize }).catch(
        missingAsNull(TOPIC_MISSING_MESSAGE),
      ),
    null,
  );
  if (!found?.data.topic_name) return null;
  const dated = found.data.list.find((row) => row.start_time && row.end_time);
  const period = dated ? { startTime: dated.start_time!, endTime: dated.end_time!, status: dated.status } : null;
  return { topic: found.data, period, now: found.timestamp };
}

/** One topic goods (its parameter is named `topic_id`, contract §7.5) and the upstream's now; null when there is none. */
export async function findTopicGoods(ctx: UpstreamContext, topicGoodsId: number) {
  const found = await withCapability(
    "topic",
    () =>
      callUpstreamTimed(ctx, "/topic/api/topicgoods/detail", TopicGoodsDetailEnvelopeSchema, { topic_id: topicGoodsId }).catch(
        missingAsNull(TOPIC_GOODS_MISSING_MESSAGE),
      ),
    null,
  );
  if (!found?.data.goods_sku_detail) return null;
  return { detail: found.data.goods_sku_detail, now: found.timestamp };
}

/** Goods of the running time-limited discounts; null when the upstream has no discount addon. */
export function listDiscountGoods(ctx: UpstreamContext, query: { page: number; pageSize: number }) {
  return withCapability(
    "discount",
    () => callUpstream(ctx, "/discount/api/discount/lists", DiscountPageSchema, { page: query.page, page_size: query.pageSize }),
    null,
  );
}

/** The running spend-and-save activities (the reference API's `manjian/lists`); null when absent. */
export function listManjian(ctx: UpstreamContext) {
  return withCapability("manjian", () => callUpstream(ctx, "/manjian/api/manjian/lists", ManjianListSchema), null);
}
