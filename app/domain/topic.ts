import { centsToYuan, yuanToCents } from "./pricing/money";
import type { SlotState } from "./seckill";

/**
 * Topics (专题活动) and the /activity page: pure rules. A topic runs within its dates; the
 * upstream's status (1 not started, 2 running, 3 ended) and the dates by the upstream's clock
 * must both say "running" (a stale status between two cron runs, or a topic closed by hand).
 */

export type TopicPhase = { state: SlotState; seconds: number };

export function topicPhase(topic: { status?: number; startTime: number; endTime: number }, now: number): TopicPhase {
  if (topic.status === 3 || now >= topic.endTime) return { state: "ended", seconds: 0 };
  if (topic.status === 1 || now < topic.startTime) return { state: "upcoming", seconds: Math.max(0, topic.startTime - now) };
  return { state: "running", seconds: topic.endTime - now };
}

/** What a member may still buy of a topic goods: the stock, capped by the limit less what was bought (0 limit = none). */
export function topicBuyable(goods: { stock: number; maxBuy: number; purchased: number }): number {
  const stock = Math.max(0, goods.stock);
  if (goods.maxBuy <= 0) return stock;
  return Math.max(0, Math.min(stock, goods.maxBuy - goods.purchased));
}

/** Why the buy button of a topic goods is off (null: it is on), in the order the buyer needs to hear it. */
export type TopicBlock = "upcoming" | "ended" | "soldOut" | "limitReached" | "login" | "refused" | null;

export function topicBlock(input: { phase: SlotState; stock: number; maxBuy: number; purchased: number; buy: "allowed" | "login" | "refused" }): TopicBlock {
  if (input.phase !== "running") return input.phase;
  if (input.stock <= 0) return "soldOut";
  if (input.buy === "login") return "login";
  if (input.buy === "refused") return "refused";
  if (topicBuyable(input) <= 0) return "limitReached";
  return null;
}

/** Yuan as the rules say them: "300", "29.90" (no symbol, whole yuan without ".00"). */
const plainYuan = (value: string) => centsToYuan(yuanToCents(value)).replace(/\.00$/, "");

/** A spend-and-save rule as the shop says it: 满300元减30元, 包邮, 送N积分 (type 1: by quantity, 满N件). */
export type ManjianRuleText = { key: "money" | "quantity"; limit: string; discount: string | null; freeShipping: boolean; point: number };

export function manjianRules(activity: {
  type: number;
  rule_json: { limit: string; discount_money?: string; free_shipping?: number; point?: number }[];
}): ManjianRuleText[] {
  return activity.rule_json.map((rule) => ({
    key: activity.type === 1 ? "quantity" : "money",
    limit: activity.type === 1 ? String(Math.round(Number(rule.limit))) : plainYuan(rule.limit),
    discount: rule.discount_money && Number(rule.discount_money) > 0 ? plainYuan(rule.discount_money) : null,
    freeShipping: rule.free_shipping === 1,
    point: rule.point ?? 0,
  }));
}
