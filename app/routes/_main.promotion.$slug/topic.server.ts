import { getZodConstraint } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { purchaseRights } from "~/domain/sale-control";
import { topicBlock, topicBuyable, topicPhase } from "~/domain/topic";
import { assetUrl, memberContext } from "~/upstream/context.server";
import { findTopic, findTopicGoods } from "~/upstream/topic.server";
import { formatDateTime } from "~/utils/format";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { loginUrlFor } from "~/utils/safe-redirect";
import { BuyIntent, BuyQuantity, buyRefusal, readBuyForm, saleControlRefusal } from "./buy.server";

/**
 * `/promotion/topic-{id}` (a topic: banner, remark, dates, state, its goods at the topic price)
 * and `/promotion/topic-goods-{id}` (one topic goods: price, stock, limit, quantity, buy → the
 * topic checkout). Contract §7.5; states by the upstream's clock.
 */

const PAGE_SIZE = 20;

export async function topicLoader(request: Request, context: AppLoadContext, topicId: number) {
  const pageParam = new URL(request.url).searchParams.get("page");
  const page = pageParam && /^\d{1,6}$/.test(pageParam) && Number(pageParam) >= 1 ? Number(pageParam) : 1;
  const ctx = await memberContext(request, context);
  const found = await findTopic(ctx, topicId, { page, pageSize: PAGE_SIZE });
  if (!found) throw notFoundResponse();
  const { topic, period, now } = found;
  const isMember = Boolean(ctx.token);
  const view = {
    kind: "topic" as const,
    id: topicId,
    name: topic.topic_name ?? "",
    banner: assetUrl(topic.topic_adv ?? ""),
    // The dates come with the goods rows: a page without goods has none to show.
    from: period ? formatDateTime(period.startTime) : "",
    to: period ? formatDateTime(period.endTime) : "",
    phase: period ? topicPhase(period, now) : null,
    page,
    pageCount: topic.page_count,
    goods: topic.list.map((row) => {
      // Prices a visitor (or a sale-control rule) may not see never reach the page.
      const visible = purchaseRights(isMember, row.sale_control ?? null).price === "visible";
      return {
        id: row.id,
        name: row.sku_name || row.goods_name,
        image: assetUrl(row.sku_image),
        price: visible ? row.topic_price : null,
        marketPrice: visible ? row.price : null,
        hiddenReason: isMember ? ("sale-control" as const) : ("login" as const),
        stock: row.stock,
        unit: row.unit ?? "",
      };
    }),
  };
  return data(view, { status: page > 1 && view.goods.length === 0 ? 404 : 200 });
}

const BuySchema = z.object({
  intent: BuyIntent("buy"),
  num: BuyQuantity,
});

export async function topicGoodsLoader(request: Request, context: AppLoadContext, topicGoodsId: number) {
  const ctx = await memberContext(request, context);
  const found = await findTopicGoods(ctx, topicGoodsId);
  if (!found) throw notFoundResponse();
  const { detail, now } = found;
  const isMember = Boolean(ctx.token);
  const rights = purchaseRights(isMember, detail.sale_control ?? null);
  const visible = rights.price === "visible";
  const phase = topicPhase({ status: detail.status, startTime: detail.start_time, endTime: detail.end_time }, now);
  const purchased = detail.purchased_num ?? 0;
  return {
    kind: "topic-goods" as const,
    id: detail.id,
    topicId: detail.topic_id,
    topicName: detail.topic_name,
    skuId: detail.sku_id,
    name: detail.sku_name || detail.goods_name,
    introduction: detail.introduction ?? "",
    image: assetUrl(detail.sku_image),
    unit: detail.unit ?? "",
    price: visible ? detail.topic_price : null,
    marketPrice: visible ? detail.price : null,
    hiddenReason: isMember ? ("sale-control" as const) : ("login" as const),
    stock: detail.stock,
    maxBuy: detail.max_buy,
    purchased,
    buyable: topicBuyable({ stock: detail.stock, maxBuy: detail.max_buy, purchased }),
    phase,
    block: topicBlock({ phase: phase.state, stock: detail.stock, maxBuy: detail.max_buy, purchased, buy: rights.buy }),
    refusedMessage: rights.buy === "refused" ? rights.message : "",
    loginHref: loginUrlFor(request),
    // The buy form's native constraints: zod stays on the server (ADR 010).
    constraint: getZodConstraint(BuySchema),
  };
}

export async function topicGoodsAction(request: Request, context: AppLoadContext, topicGoodsId: number) {
  const form = await readBuyForm(request, context, BuySchema);
  if (form.refusal) return form.refusal;
  const { ctx, submission, input } = form;
  const found = await findTopicGoods(ctx, topicGoodsId);
  if (!found) throw notFoundResponse();
  const { detail, now } = found;
  const num = input.num;
  // The upstream checks all of this again at payment and create; here the buyer hears it at once.
  const phase = topicPhase({ status: detail.status, startTime: detail.start_time, endTime: detail.end_time }, now);
  if (phase.state !== "running") return buyRefusal(submission, `topic:errors.${phase.state}`, 409);
  const refused = saleControlRefusal(submission, purchaseRights(true, detail.sale_control ?? null));
  if (refused) return refused;
  const purchased = detail.purchased_num ?? 0;
  if (detail.max_buy > 0 && purchased + num > detail.max_buy) {
    return buyRefusal(submission, `topic:errors.limit|limit=${detail.max_buy}|bought=${purchased}`, 409);
  }
  if (num > detail.stock) return buyRefusal(submission, "topic:errors.outOfStock", 409);
  const search = new URLSearchParams({ topic_goods_id: String(detail.id), num: String(num) });
  return redirect(`/promotion/topic_payment?${search}`, 303);
}
