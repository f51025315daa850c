import type { Database } from 'better-sqlite3'
import { atFixedTime } from '../core/format.js'
import { markPaid } from '../models/order.js'
import { takeDelivery } from '../models/delivery.js'
import { completeOrder, createTestOrder, shipOrder, TYPE } from '../models/order-flow.js'
import { applyRefund, findLine } from '../models/refund.js'
import { SEED_TIME } from './data/site.js'
import { REFUND_CONFIG } from './seed-aftersales.js'

/**
 * Seed step 20 (issue 29): the demo members' orders as real orders. Step 1 wrote them as bare
 * rows (no goods, no payment record), so paying one was refused, a paid one could refund ¥0.00 and
 * the after-sales case of order 6 was nowhere. Each bare order is made again here the way a real
 * one is made (the same model the shop's own flows use: goods lines, a payment record, paying,
 * shipping, receiving, applying for a refund), under the bare order's id, on fresh and existing
 * databases alike.
 *
 * Each step happens at a fixed time after SEED_TIME (step 1's days), so the seed stays the same on
 * every run and the orders age as real ones do (a shipped order is received automatically once its
 * time has come). The unpaid ones are kept open (no automatic closing) so the demo can always pay
 * them. The seeded stock is today's, so what these past orders took is put back.
 */

type DemoState = 'unpaid' | 'paid' | 'shipped' | 'completed' | 'refunding'

/** Index i is order i + 1 of step 1 (shop-api/db/data/members.ts `orders`). */
export const DEMO_ORDERS: { member: string; lines: { sku_id: number; num: number }[]; state: DemoState; day: number }[] = [
  {
    member: 'demo',
    lines: [
      { sku_id: 1, num: 10 },
      { sku_id: 4, num: 5 },
    ],
    state: 'unpaid',
    day: 10,
  },
  { member: 'demo', lines: [{ sku_id: 17, num: 5 }], state: 'unpaid', day: 11 },
  { member: 'demo', lines: [{ sku_id: 61, num: 20 }], state: 'paid', day: 8 },
  { member: 'demo', lines: [{ sku_id: 134, num: 5 }], state: 'shipped', day: 6 },
  { member: 'demo', lines: [{ sku_id: 172, num: 2 }], state: 'completed', day: 3 },
  { member: 'demo', lines: [{ sku_id: 148, num: 8 }], state: 'refunding', day: 2 },
  { member: 'demo_branch', lines: [{ sku_id: 63, num: 8 }], state: 'unpaid', day: 5 },
]

const DAY = 86_400

/** Step 1's bare orders: the demo members' orders without a payment record (every real order has one). */
function bareOrderIds(db: Database): number[] {
  return (
    db
      .prepare(
        `SELECT o.order_id FROM orders o JOIN member m ON m.member_id = o.member_id
         WHERE m.username IN ('demo', 'demo_branch') AND NOT EXISTS (SELECT 1 FROM pay p WHERE p.out_trade_no = o.out_trade_no)
         ORDER BY o.order_id`,
      )
      .all() as { order_id: number }[]
  ).map((row) => row.order_id)
}

/** A just-made order (its row, lines and payment record, nothing else yet) takes the given id. */
function moveOrder(db: Database, from: number, to: number): void {
  // The lines follow a moment later: the keys are checked when the seeding's transaction commits.
  db.pragma('defer_foreign_keys = ON')
  db.prepare('UPDATE orders SET order_id = ? WHERE order_id = ?').run(to, from)
  db.prepare('UPDATE order_goods SET order_id = ? WHERE order_id = ?').run(to, from)
  db.prepare('UPDATE pay SET relate_id = ? WHERE relate_id = ?').run(String(to), String(from))
}

/** The random parts of what the order model wrote, made fixed: the same rows on every seed. */
function fixNumbers(db: Database, orderId: number, outTradeNo: string, created: number): void {
  const serial = `${created}${String(orderId).padStart(6, '0')}`
  db.prepare('UPDATE orders SET order_no = ?, out_trade_no = ? WHERE order_id = ?').run(serial, `${serial}1`, orderId)
  db.prepare('UPDATE pay SET out_trade_no = ? WHERE out_trade_no = ?').run(`${serial}1`, outTradeNo)
  const packages = db.prepare('SELECT id FROM express_package WHERE order_id = ? ORDER BY id').all(orderId) as { id: number }[]
  packages.forEach((row, index) => {
    const waybill = `SF${serial.slice(-10)}${index + 1}`
    db.prepare('UPDATE express_package SET delivery_no = ? WHERE id = ?').run(waybill, row.id)
    db.prepare('UPDATE order_goods SET delivery_no = ? WHERE order_id = ? AND delivery_no != ?').run(waybill, orderId, '')
  })
  db.prepare("UPDATE order_goods SET refund_no = ? || order_goods_id WHERE order_id = ? AND refund_no != ''").run(`${serial}R`, orderId)
}

export function seedDemoOrders(db: Database): void {
  const bare = bareOrderIds(db)
  DEMO_ORDERS.forEach((seed, index) => {
    const member = db.prepare('SELECT member_id, username FROM member WHERE username = ?').get(seed.member) as { member_id: number; username: string } | undefined
    if (!member) return
    const created = SEED_TIME + seed.day * DAY
    const targetId = bare[index]
    if (targetId !== undefined) {
      db.prepare('DELETE FROM order_goods WHERE order_id = ?').run(targetId)
      db.prepare('DELETE FROM orders WHERE order_id = ?').run(targetId)
    }
    const made = atFixedTime(created, () => createTestOrder(db, member.member_id, TYPE.EXPRESS, seed.lines))
    const orderId = targetId ?? made.orderId
    if (targetId !== undefined) moveOrder(db, made.orderId, targetId)
    for (const line of seed.lines) db.prepare('UPDATE goods_sku SET stock = stock + ? WHERE sku_id = ?').run(line.num, line.sku_id)
    // Kept open: the demo can always pay them (a real shop closes unpaid orders after its auto-close time).
    db.prepare('UPDATE orders SET auto_close_time = 0 WHERE order_id = ?').run(orderId)

    if (seed.state !== 'unpaid') atFixedTime(created + 600, () => markPaid(db, made.outTradeNo, 'alipay'))
    if (seed.state === 'shipped' || seed.state === 'completed') atFixedTime(created + DAY, () => shipOrder(db, orderId))
    if (seed.state === 'completed') {
      atFixedTime(created + 3 * DAY, () => takeDelivery(db, orderId) && completeOrder(db, orderId))
    }
    if (seed.state === 'refunding') {
      const [first] = db.prepare('SELECT order_goods_id FROM order_goods WHERE order_id = ? ORDER BY order_goods_id').all(orderId) as { order_goods_id: number }[]
      const line = first ? findLine(db, first.order_goods_id) : undefined
      const reason = REFUND_CONFIG.refund_reason.split('\n')[1] ?? '其他'
      if (line) {
        atFixedTime(created + DAY, () =>
          applyRefund(db, { memberId: member.member_id, username: member.username, lines: [line], type: 1, reason, remark: '包装破损，申请退款', images: [] }),
        )
      }
    }
    fixNumbers(db, orderId, made.outTradeNo, created)
  })
}
