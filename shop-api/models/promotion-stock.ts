import type { Database } from 'better-sqlite3'
import { ApiReply, error } from '../core/router.js'

/**
 * Promotion stock moved by orders: an activity with its own stock (seckill) loses what an order
 * takes and gets it back when the unpaid order is closed. Kept apart from models/order.ts so that
 * module only calls in (no cycle with models/promotion-order.ts).
 */

/** Take `num` of a seckill SKU's activity stock (and count the sale); refuses when it is not there. */
export function takeSeckillStock(db: Database, seckillId: number, skuId: number, num: number): void {
  const taken = db.prepare('UPDATE seckill_goods SET stock = stock - ? WHERE seckill_id = ? AND sku_id = ? AND stock >= ?').run(num, seckillId, skuId, num)
  if (taken.changes !== 1) throw new ApiReply(error(-1, '该商品库存不足'))
  db.prepare('UPDATE seckill SET sale_num = sale_num + ? WHERE seckill_id = ?').run(num, seckillId)
}

/** A closed order's promotion lines give their activity stock back. */
export function returnPromotionStock(db: Database, orderId: number): void {
  const lines = db.prepare("SELECT promotion_id, sku_id, num FROM order_goods WHERE order_id = ? AND promotion_type = 'seckill' AND promotion_id > 0").all(orderId) as {
    promotion_id: number
    sku_id: number
    num: number
  }[]
  for (const line of lines) {
    db.prepare('UPDATE seckill_goods SET stock = stock + ? WHERE seckill_id = ? AND sku_id = ?').run(line.num, line.promotion_id, line.sku_id)
    db.prepare('UPDATE seckill SET sale_num = MAX(0, sale_num - ?) WHERE seckill_id = ?').run(line.num, line.promotion_id)
  }
  // A points exchange (issue 12): its exchange stock back (the points come back through the ledger).
  const exchanged = db.prepare("SELECT promotion_id, num FROM order_goods WHERE order_id = ? AND promotion_type = 'pointexchange' AND promotion_id > 0").all(orderId) as {
    promotion_id: number
    num: number
  }[]
  for (const line of exchanged) db.prepare('UPDATE point_exchange SET stock = stock + ? WHERE id = ?').run(line.num, line.promotion_id)
  // Topic lines (issue 12): promotion_id is the topic goods id.
  const topicLines = db.prepare("SELECT promotion_id, num FROM order_goods WHERE order_id = ? AND promotion_type = 'topic' AND promotion_id > 0").all(orderId) as {
    promotion_id: number
    num: number
  }[]
  for (const line of topicLines) {
    db.prepare('UPDATE topic_goods SET stock = stock + ?, sale_num = MAX(0, sale_num - ?) WHERE id = ?').run(line.num, line.num, line.promotion_id)
  }
}
