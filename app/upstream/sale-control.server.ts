import { orderRefusal, type OrderRefusal, type SaleControlRule } from "~/domain/sale-control";
import { probeCapability } from "./capabilities.server";
import { callUpstream, type UpstreamContext } from "./http.server";
import { GoodsDetailEnvelopeSchema } from "./schemas/goods-detail";
import { GoodsPageSchema } from "./schemas/goods";

/**
 * Sale control where money moves (issue 29): the goods of a checkout, an order to buy again. The
 * goods page learns its rule from its own detail; a checkout's lines carry none, so the member's
 * rules of those goods are asked for here (goodssku/page by `goods_id_arr`: one call, the rows
 * carry `sale_control` for the caller).
 */

/** A line about to be ordered: its goods (Niushop's order lines name it) or, failing that, its sku. */
export type OrderedLine = { goods_id?: number; sku_id: number };

/**
 * Whether the upstream can control sales at all: the sale-control addon, or qualifications (a
 * goods needing a document the member lacks is refused through `sale_control`). A stock Niushop
 * has neither, and is not asked for rules it cannot have.
 */
async function controlsSales(): Promise<boolean> {
  const [saleControl, qualifications] = await Promise.all([probeCapability("salecontrol"), probeCapability("qualifications")]);
  return saleControl || qualifications;
}

async function ruleOfSku(ctx: UpstreamContext, skuId: number): Promise<SaleControlRule> {
  const answer = await callUpstream(ctx, "/api/goodssku/detail", GoodsDetailEnvelopeSchema, { sku_id: skuId });
  return answer.goods_sku_detail?.sale_control ?? null;
}

/** The member's rules of the lines' goods, by goods id (lines named by sku only: by sku id, negated). */
export async function saleControlOf(ctx: UpstreamContext, lines: OrderedLine[]): Promise<Map<number, SaleControlRule>> {
  const rules = new Map<number, SaleControlRule>();
  const goodsIds = [...new Set(lines.map((line) => line.goods_id ?? 0).filter((id) => id > 0))];
  const skuOnly = [...new Set(lines.filter((line) => !line.goods_id || line.goods_id <= 0).map((line) => line.sku_id))];
  if ((goodsIds.length === 0 && skuOnly.length === 0) || !(await controlsSales())) return rules;
  const [page, skuRules] = await Promise.all([
    goodsIds.length
      ? callUpstream(ctx, "/api/goodssku/page", GoodsPageSchema, { page: 1, page_size: goodsIds.length, goods_id_arr: goodsIds.join(",") })
      : Promise.resolve(null),
    Promise.all(skuOnly.map((skuId) => ruleOfSku(ctx, skuId))),
  ]);
  for (const row of page?.list ?? []) rules.set(row.goods_id, row.sale_control);
  skuOnly.forEach((skuId, index) => rules.set(-skuId, skuRules[index] ?? null));
  return rules;
}

/** The rule of one line, out of `saleControlOf`'s answer. */
export function ruleOfLine(rules: Map<number, SaleControlRule>, line: OrderedLine): SaleControlRule {
  return (line.goods_id && line.goods_id > 0 ? rules.get(line.goods_id) : rules.get(-line.sku_id)) ?? null;
}

/** The first line the member may not order (hidden price or refused purchase), or null: asked before the upstream is. */
export async function firstOrderRefusal(ctx: UpstreamContext, lines: OrderedLine[]): Promise<OrderRefusal | null> {
  const rules = await saleControlOf(ctx, lines);
  for (const line of lines) {
    const refusal = orderRefusal(ruleOfLine(rules, line));
    if (refusal) return refusal;
  }
  return null;
}
