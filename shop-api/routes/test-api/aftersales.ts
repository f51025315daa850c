import { nowSeconds } from '../../core/format.js'
import { REFUND_ADDRESS } from '../../db/seed-aftersales.js'
import { findLine, sellerAgree, sellerReceive, sellerRefuse, sellerTransfer } from '../../models/refund.js'
import { ok, bad, text, integer, type TestRoutes } from './params.js'

/** Test API: after-sales (evaluations, refunds, complaints). */
export const aftersalesTestRoutes: TestRoutes = {
  // Put a paid order where after-sales needs it, without the order pages' own flow:
  // {order_id, status: "shipped" | "received"}: lines shipped (delivery_status 1) / order received (4).
  'POST /__test/aftersales/order-state': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    const state = text(params, 'status')
    if (orderId === undefined || (state !== 'shipped' && state !== 'received')) return bad(400, 'body must be {order_id, status: "shipped" | "received"}')
    const now = nowSeconds()
    const [status, name, lineStatus, lineName] = state === 'shipped' ? [3, '已发货', 1, '已发货'] : [4, '已收货', 2, '已收货']
    const changed = db
      .prepare(
        'UPDATE orders SET order_status = ?, order_status_name = ?, delivery_status = ?, delivery_status_name = ?, delivery_time = MAX(delivery_time, ?), sign_time = ? WHERE order_id = ? AND order_status IN (1, 3)',
      )
      .run(status, name, lineStatus, lineName, now, state === 'received' ? now : 0, orderId).changes
    if (!changed) return bad(409, `order ${orderId} is not paid and waiting for delivery`)
    db.prepare('UPDATE order_goods SET delivery_status = ?, delivery_status_name = ? WHERE order_id = ?').run(lineStatus, lineName, orderId)
    return ok({ order_id: orderId, order_status: status })
  },

  // The seller on a line's refund: {order_goods_id, action: "agree" | "refuse" | "receive" | "transfer", reason?, shop_contacts?, shop_mobile?, shop_address?}.
  // agree: refund-only lines → 2, return lines → 4 with the return address (the configured one unless given).
  'POST /__test/refund/seller': ({ params, db }) => {
    const orderGoodsId = integer(params, 'order_goods_id')
    const action = text(params, 'action')
    const line = orderGoodsId === undefined ? undefined : findLine(db, orderGoodsId)
    if (!line) return bad(404, 'unknown order_goods_id')
    try {
      switch (action) {
        case 'agree': {
          const address = {
            shop_contacts: text(params, 'shop_contacts') ?? REFUND_ADDRESS.shop_contacts,
            shop_mobile: text(params, 'shop_mobile') ?? REFUND_ADDRESS.shop_mobile,
            shop_address: text(params, 'shop_address') ?? REFUND_ADDRESS.shop_address,
          }
          return ok({ refund_status: sellerAgree(db, line, address) })
        }
        case 'refuse': {
          const reason = text(params, 'reason') ?? ''
          if (reason.trim() === '') return bad(400, 'refuse needs a reason')
          sellerRefuse(db, line, reason.trim())
          return ok({ refund_status: -1 })
        }
        case 'receive':
          sellerReceive(db, line)
          return ok({ refund_status: 6 })
        case 'transfer':
          return ok({ refund_status: 3, ...sellerTransfer(db, line) })
        default:
          return bad(400, 'action must be agree | refuse | receive | transfer')
      }
    } catch (error) {
      // The model refuses a step the status does not allow (an ApiReply): a conflict here.
      return bad(409, error instanceof Error ? error.message : String(error))
    }
  },

  // The platform's decision on a complaint: {complain_id, platform_remark}.
  'POST /__test/complain/handle': ({ params, db }) => {
    const complainId = integer(params, 'complain_id')
    if (complainId === undefined) return bad(400, 'body must be {complain_id, platform_remark}')
    const changed = db
      .prepare('UPDATE order_complain SET complain_status = 2, platform_remark = ?, handle_time = ? WHERE complain_id = ? AND complain_status = 1')
      .run(text(params, 'platform_remark') ?? '', nowSeconds(), complainId).changes
    return changed ? ok({ complain_id: complainId, complain_status: 2 }) : bad(409, `complaint ${complainId} is not open`)
  },

  // A line's refund columns and its log, for assertions.
  'GET /__test/refund': ({ params, db }) => {
    const orderGoodsId = integer(params, 'order_goods_id')
    const line = orderGoodsId === undefined ? undefined : findLine(db, orderGoodsId)
    if (!line) return bad(404, 'unknown order_goods_id')
    return ok({ line, log: db.prepare('SELECT * FROM order_refund_log WHERE order_goods_id = ? ORDER BY id').all(line.order_goods_id) })
  },
}
