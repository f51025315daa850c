import type { Database } from 'better-sqlite3'
import { PROMOTION_LENGTH } from './data/promotions.js'
import { SEED_TIME } from './data/site.js'
import { insertRow } from './rows.js'

/**
 * Seed step 14: two more seckill slots of the day, a morning and an evening one (seconds since
 * midnight, China time), each with its own activity, so the seckill zone shows slots that have
 * not started and slots that are over whatever the time. The all-day slot 1 keeps its goods.
 */
export const extraSeckillSlots = [
  { id: 2, name: '早场', start: 8 * 3600, end: 12 * 3600 - 1, seckill: { name: '额温计 早场秒杀', goods: '红外额温计 YHW-2', price: 59, stock: 60, limit: 2 } },
  { id: 3, name: '晚场', start: 20 * 3600, end: 22 * 3600 - 1, seckill: { name: '消毒凝胶 晚场秒杀', goods: '免洗手消毒凝胶 500ml', price: 9.9, stock: 100, limit: 6 } },
]

export function seedPromotionSlots(db: Database): void {
  const nextSeckillId = (db.prepare('SELECT COALESCE(MAX(seckill_id), 0) + 1 AS id FROM seckill').get() as { id: number }).id
  extraSeckillSlots.forEach((slot, index) => {
    insertRow(db, 'seckill_time', { id: slot.id, name: slot.name, seckill_start_time: slot.start, seckill_end_time: slot.end })
    const goods = db.prepare('SELECT goods_id FROM goods WHERE goods_name = ?').get(slot.seckill.goods) as { goods_id: number } | undefined
    if (!goods) throw new Error(`seed: seckill goods ${slot.seckill.goods}`)
    const skus = db.prepare('SELECT sku_id FROM goods_sku WHERE goods_id = ? ORDER BY sku_id').all(goods.goods_id) as { sku_id: number }[]
    const seckillId = nextSeckillId + index
    insertRow(db, 'seckill', {
      seckill_id: seckillId,
      seckill_name: slot.seckill.name,
      status: 1,
      start_time: SEED_TIME,
      end_time: SEED_TIME + PROMOTION_LENGTH,
      sort: 0,
      create_time: SEED_TIME,
      goods_id: goods.goods_id,
      seckill_time_id: `,${slot.id},`,
      goods_limit: slot.seckill.limit,
      sale_num: 0,
    })
    for (const sku of skus) {
      insertRow(db, 'seckill_goods', { seckill_id: seckillId, goods_id: goods.goods_id, sku_id: sku.sku_id, seckill_price: slot.seckill.price, stock: slot.seckill.stock })
    }
  })
}
