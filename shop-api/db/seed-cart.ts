import type { Database } from 'better-sqlite3'
import { PROMOTION_LENGTH } from './data/promotions.js'
import { emptyGetFree, lowStock } from './data/cart.js'
import { SEED_TIME } from './data/site.js'
import { insertRow } from './rows.js'

/** Schema version 3's seed: the goods the cart's line types still lacked (see data/cart.ts). */
export function seedCart(db: Database): void {
  const goodsId = (name: string) => {
    const row = db.prepare('SELECT goods_id FROM goods WHERE goods_name = ?').get(name) as { goods_id: number } | undefined
    if (!row) throw new Error(`seed: unknown goods ${name}`)
    return row.goods_id
  }

  insertRow(db, 'getfree', {
    getfree_id: emptyGetFree.getfree_id,
    goods_id: goodsId(emptyGetFree.goods),
    is_ladder: 0,
    offers: '[]',
    status: 1,
    start_time: SEED_TIME,
    end_time: SEED_TIME + PROMOTION_LENGTH,
  })

  const low = goodsId(lowStock.goods)
  db.prepare('UPDATE goods_sku SET stock = ? WHERE goods_id = ?').run(lowStock.stock, low)
  db.prepare('UPDATE goods SET goods_stock = (SELECT SUM(stock) FROM goods_sku WHERE goods_id = ?) WHERE goods_id = ?').run(low, low)
}
