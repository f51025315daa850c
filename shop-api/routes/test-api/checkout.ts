import { nowSeconds } from '../../core/format.js'
import { hashPassword } from '../../core/password.js'
import { closeExpiredOrders, closeOrder, markPaid } from '../../models/order.js'
import { checkoutConfigRecords, POINT_CASH_CONFIG } from '../../db/seed-checkout.js'
import { ok, bad, text, bool, integer, memberOf, type TestRoutes } from './params.js'

/** Test API: checkout and cashier (docs/checkout-api.md). */
export const checkoutTestRoutes: TestRoutes = {
  // The key answers 订单已过期 from now on.
  'POST /__test/order-key/expire': ({ params, db }) => {
    const key = text(params, 'order_key') ?? ''
    const changed = db.prepare('UPDATE order_key SET expire_time = ? WHERE order_key = ?').run(nowSeconds() - 1, key).changes
    return changed ? ok({ order_key: key, expired: true }) : bad(404, `no order_key ${key}`)
  },

  // {username | member_id, balance?, balance_money?, point?, growth?, pay_password?} ("" removes the pay password).
  'POST /__test/member/balance': async ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const amount = (name: string) => {
      const v = params[name]
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined
      return n !== undefined && Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : undefined
    }
    const balance = amount('balance')
    const balanceMoney = amount('balance_money')
    if (balance !== undefined) db.prepare('UPDATE member SET balance = ? WHERE member_id = ?').run(balance, memberId)
    if (balanceMoney !== undefined) db.prepare('UPDATE member SET balance_money = ? WHERE member_id = ?').run(balanceMoney, memberId)
    const point = integer(params, 'point')
    if (point !== undefined && point >= 0) db.prepare('UPDATE member SET point = ? WHERE member_id = ?').run(point, memberId)
    const growth = integer(params, 'growth')
    if (growth !== undefined && growth >= 0) db.prepare('UPDATE member SET growth = ? WHERE member_id = ?').run(growth, memberId)
    const payPassword = text(params, 'pay_password')
    if (payPassword !== undefined) db.prepare('UPDATE member SET pay_password = ? WHERE member_id = ?').run(payPassword === '' ? '' : await hashPassword(payPassword), memberId)
    const row = db.prepare("SELECT member_id, balance, balance_money, point, pay_password != '' AS is_pay_password FROM member WHERE member_id = ?").get(memberId)
    return ok(row)
  },

  // The member's orders, newest first, with their lines and payment records.
  'GET /__test/orders': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    closeExpiredOrders(db)
    const orders = db.prepare('SELECT * FROM orders WHERE member_id = ? ORDER BY order_id DESC').all(memberId) as { order_id: number; out_trade_no: string }[]
    return ok(
      orders.map((order) => ({
        ...order,
        order_goods: db.prepare('SELECT * FROM order_goods WHERE order_id = ? ORDER BY order_goods_id').all(order.order_id),
        pay: db.prepare("SELECT * FROM pay WHERE (',' || relate_id || ',') LIKE ? ORDER BY id").all(`%,${order.order_id},%`),
        offline_pay: db.prepare('SELECT * FROM offline_pay WHERE out_trade_no = ?').get(order.out_trade_no) ?? null,
      })),
    )
  },

  // Balance and points ledger rows of the member, newest first.
  'GET /__test/member-account': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const member = db.prepare('SELECT balance, balance_money, point FROM member WHERE member_id = ?').get(memberId)
    return ok({ member, rows: db.prepare('SELECT * FROM member_account WHERE member_id = ? ORDER BY id DESC').all(memberId) })
  },

  // The points-cash addon's settings (POINTCASH_CONFIG), merged: {is_enable?, cash_rate?, is_limit?, limit?, is_limit_use?, type?, max_use?}.
  // {reset: true} puts the seeded settings back.
  'POST /__test/config/pointcash': ({ params, services }) => {
    if (bool(params, 'reset')) services.config.update('POINTCASH_CONFIG', POINT_CASH_CONFIG)
    const patch: Record<string, number> = {}
    for (const name of ['is_enable', 'cash_rate', 'is_limit', 'limit', 'is_limit_use', 'type', 'max_use']) {
      const v = params[name]
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined
      if (n === undefined) continue
      if (!Number.isFinite(n) || n < 0) return bad(400, `${name} must be a number ≥ 0`)
      patch[name] = n
    }
    if (Object.keys(patch).length) services.config.update('POINTCASH_CONFIG', patch)
    return ok(services.config.get('POINTCASH_CONFIG'))
  },

  'POST /__test/order/close': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    if (orderId === undefined) return bad(400, 'body must be {order_id}')
    return closeOrder(db, orderId, '测试关闭') ? ok({ order_id: orderId, closed: true }) : bad(409, `order ${orderId} is not waiting for payment`)
  },

  // Move an unpaid order's deadline into the past: the next read closes it (auto-close).
  'POST /__test/order/expire': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    if (orderId === undefined) return bad(400, 'body must be {order_id}')
    const changed = db.prepare('UPDATE orders SET auto_close_time = ? WHERE order_id = ? AND order_status = 0').run(nowSeconds() - 1, orderId).changes
    return changed ? ok({ order_id: orderId, expired: true }) : bad(409, `order ${orderId} is not waiting for payment`)
  },

  // The delivery types the shop offers, in order (DELIVERY_SORT_CONFIG.deliver_type): {deliver_type: "local"}
  // or any comma list of express, store, local; {reset: true} puts the seeded "express,store,local" back.
  'POST /__test/config/delivery': ({ params, services }) => {
    const seeded = checkoutConfigRecords.find((record) => record.config_key === 'DELIVERY_SORT_CONFIG')!.value as { deliver_type: string }
    const types = bool(params, 'reset') ? seeded.deliver_type : text(params, 'deliver_type')
    if (types === undefined || !/^(express|store|local)(,(express|store|local))*$/.test(types))
      return bad(400, 'body must be {deliver_type: "express,store,local" (any of them, in order)} or {reset: true}')
    services.config.update('DELIVERY_SORT_CONFIG', { deliver_type: types })
    return ok(services.config.get('DELIVERY_SORT_CONFIG'))
  },

  // A goods becomes virtual goods or a real one again: {goods_id, is_virtual: true|false}. The demo
  // catalogue has no virtual goods; a virtual goods' checkout offers no delivery and takes a mobile.
  'POST /__test/goods/virtual': ({ params, db }) => {
    const goodsId = integer(params, 'goods_id')
    const virtual = bool(params, 'is_virtual')
    if (goodsId === undefined || virtual === undefined) return bad(400, 'body must be {goods_id, is_virtual: true|false}')
    const changed = db.prepare('UPDATE goods SET is_virtual = ? WHERE goods_id = ?').run(virtual ? 1 : 0, goodsId).changes
    return changed ? ok({ goods_id: goodsId, is_virtual: virtual ? 1 : 0 }) : bad(404, `no goods ${goodsId}`)
  },

  // The merchant's review of an offline voucher: status 1 passes it (the payment is paid), -1 refuses it.
  'POST /__test/offlinepay/audit': ({ params, db }) => {
    const outTradeNo = text(params, 'out_trade_no') ?? ''
    const status = integer(params, 'status')
    if (status !== 1 && status !== 2) return bad(400, 'body must be {out_trade_no, status: 1 | 2, audit_remark?} (1 passed, 2 refused)')
    return db.transaction(() => {
      const changed = db
        .prepare('UPDATE offline_pay SET status = ?, audit_remark = ?, audit_time = ? WHERE out_trade_no = ? AND status = 0')
        .run(status, text(params, 'audit_remark') ?? '', nowSeconds(), outTradeNo).changes
      if (!changed) return bad(409, `no voucher waiting for review on ${outTradeNo}`)
      if (status === 1) markPaid(db, outTradeNo, 'offlinepay')
      return ok({ out_trade_no: outTradeNo, status })
    })()
  },
}
