import type { Database } from 'better-sqlite3'
import { SEED_TIME } from './data/site.js'
import { insertRow } from './rows.js'

/**
 * Seed step 19: the demo member is a salesman (业务员) whose team is the other two seeded buyers,
 * and the shop's stock-out log holds 14 SKUs (two pages of 10), the newest still out of stock.
 */

const DAY = 86_400

export function seedAccount(db: Database): void {
  const id = (username: string) => (db.prepare('SELECT member_id FROM member WHERE username = ?').get(username) as { member_id: number } | undefined)?.member_id
  const demo = id('demo')
  if (demo) {
    insertRow(db, 'salesman', { member_id: demo, salesman_name: '张业务', status: 1, create_time: SEED_TIME })
    for (const username of ['demo_branch', 'clinic']) {
      const member = id(username)
      if (member) db.prepare('UPDATE member SET salesman_id = ? WHERE member_id = ?').run(demo, member)
    }
  }
  const skus = db.prepare('SELECT s.sku_id, s.goods_id, s.sku_name, s.sku_image, s.sku_spec_format FROM goods_sku s ORDER BY s.sku_id LIMIT 14').all() as {
    sku_id: number
    goods_id: number
    sku_name: string
    sku_image: string
    sku_spec_format: string
  }[]
  skus.forEach((sku, index) => {
    // Oldest first: the first ten came back after three days, the last four are still out.
    const stockoutTime = SEED_TIME - (skus.length - index) * DAY
    const restocked = index < 10
    insertRow(db, 'stockout_log', {
      goods_id: sku.goods_id,
      sku_id: sku.sku_id,
      sku_name: sku.sku_name,
      sku_image: sku.sku_image,
      spec_format: sku.sku_spec_format ?? '',
      stockout_time: stockoutTime,
      restock_time: restocked ? stockoutTime + 3 * DAY : 0,
      status: restocked ? 1 : 0,
      remark: restocked ? '已恢复供应' : '厂家断货，到货时间待定',
    })
  })
}
