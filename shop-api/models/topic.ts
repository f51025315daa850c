import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'
import { ApiReply, error } from '../core/router.js'
import { saleRefusal, type Catalog } from './catalog.js'
import { ERROR_PART, type Refusal } from './checkout.js'
import type { PromotionLine } from './promotion-order.js'

/**
 * 专题活动 (topic, contract §7.5): a topic runs within its dates; each topic goods sells one SKU
 * at `topic_price` from a stock of its own, at most `max_buy` per member over the topic (orders
 * not closed). Kept in its own module (issue 12 part A).
 */

export interface TopicRecord {
  topic_id: number
  topic_name: string
  topic_adv: string
  status: number
  remark: string
  bg_color: string
  start_time: number
  end_time: number
}

export interface TopicGoodsRecord {
  id: number
  topic_id: number
  goods_id: number
  sku_id: number
  topic_price: number
  stock: number
  max_buy: number
  sale_num: number
}

export type TopicState = 1 | 2 | 3

export const TOPIC_CLOSED = '当前商品专题活动未开启！'
const GONE = '您要购买的商品已删除或已下架'

/** 1 not started, 2 running, 3 ended: the dates decide; a stored 3 is a topic closed by hand. */
export function topicState(topic: TopicRecord, now: number): TopicState {
  if (topic.status === 3 || now >= topic.end_time) return 3
  if (now < topic.start_time) return 1
  return 2
}

export function findTopic(db: Database, topicId: number, now = nowSeconds()): (TopicRecord & { state: TopicState }) | undefined {
  const row = db.prepare('SELECT * FROM topic WHERE topic_id = ?').get(topicId) as TopicRecord | undefined
  return row ? { ...row, state: topicState(row, now) } : undefined
}

export function findTopicGoods(db: Database, id: number): TopicGoodsRecord | undefined {
  return db.prepare('SELECT * FROM topic_goods WHERE id = ?').get(id) as TopicGoodsRecord | undefined
}

/** What is left to sell: the smaller of the topic's stock and the real one. */
export function topicStock(item: TopicGoodsRecord, realStock: number): number {
  return Math.max(0, Math.min(item.stock, realStock))
}

/** How many of this topic goods the member bought (orders not closed). */
export function topicPurchased(db: Database, memberId: number, topicGoodsId: number): number {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(og.num), 0) AS n FROM order_goods og JOIN orders o ON o.order_id = og.order_id
       WHERE o.member_id = ? AND og.promotion_type = 'topic' AND og.promotion_id = ? AND o.order_status != -1`,
    )
    .get(memberId, topicGoodsId) as { n: number }
  return row.n
}

/** The topic goods' line at the topic price, or the refusal (upstream's wording) that stops the order. */
export function topicLines(db: Database, catalog: Catalog, memberId: number, topicGoodsId: number, num: number): { lines: PromotionLine[]; refusal: Refusal | null } {
  const refuse = (message: string) => ({ lines: [] as PromotionLine[], refusal: { error: ERROR_PART.goods, message } })
  const item = findTopicGoods(db, topicGoodsId)
  const topic = item ? findTopic(db, item.topic_id, catalog.now) : undefined
  if (!item || !topic || topic.state !== 2) return refuse(TOPIC_CLOSED)
  const sku = catalog.sku(item.sku_id)
  const goods = sku ? catalog.goods(sku.goods_id) : undefined
  if (!sku || !goods || goods.goods_state !== 1) return refuse(GONE)
  const refusal = saleRefusal(catalog.saleControl(goods))
  if (refusal) return refuse(refusal)
  if (num < 1) return refuse('购买数量不能小于1')
  if (num > topicStock(item, sku.stock)) return refuse('该商品库存不足')
  if (item.max_buy > 0) {
    const bought = topicPurchased(db, memberId, item.id)
    if (bought + num > item.max_buy) return refuse(`该专题商品每人限购${item.max_buy}件，您已购买${bought}件`)
  }
  return { lines: [{ sku_id: sku.sku_id, num, price: Math.round(item.topic_price * 100) }], refusal: null }
}

/** Take `num` of the topic goods' stock (and count the sale); refuses when it is not there. */
export function takeTopicStock(db: Database, topicGoodsId: number, num: number): void {
  const taken = db.prepare('UPDATE topic_goods SET stock = stock - ?, sale_num = sale_num + ? WHERE id = ? AND stock >= ?').run(num, num, topicGoodsId, num)
  if (taken.changes !== 1) throw new ApiReply(error(-1, '该商品库存不足'))
}
