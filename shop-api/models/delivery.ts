import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'

// The one transition the order flow and the verification desk share (a pickup or a virtual order
// used up is received), in a module of its own so that neither imports the other.

/** Received (4): from shipped (3), waiting pickup (2) or waiting verification (11). Returns false otherwise. */
export function takeDelivery(db: Database, orderId: number, at = nowSeconds()): boolean {
  return db.transaction(() => {
    const changed = db
      .prepare(
        "UPDATE orders SET order_status = 4, order_status_name = '已收货', sign_time = ?, delivery_status = 2, delivery_status_name = '已收货', is_evaluate = 1 WHERE order_id = ? AND order_status IN (2, 3, 11)",
      )
      .run(at, orderId).changes
    if (changed !== 1) return false
    db.prepare("UPDATE order_goods SET delivery_status = 2, delivery_status_name = '已收货' WHERE order_id = ?").run(orderId)
    return true
  })()
}
