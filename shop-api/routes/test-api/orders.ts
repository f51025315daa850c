import { randomInt } from 'node:crypto'
import { adjustClock, nowSeconds, wallSeconds } from '../../core/format.js'
import type { Params } from '../../core/router.js'
import { markPaid, newOutTradeNo } from '../../models/order.js'
import { createTestOrder, deliverLocalOrder, shipOrder } from '../../models/order-flow.js'
import { setVerifier } from '../../models/verify.js'
import { insertRow } from '../../db/rows.js'
import { ok, bad, text, bool, integer, memberOf, type TestRoutes } from './params.js'

/** Test API: orders after payment (docs/orders.md), the test clock, and verification (docs/verification.md). */
export const orderTestRoutes: TestRoutes = {
  // The test clock (orders' time rules, promotion windows): {advance_seconds: n} moves it n seconds
  // further (cumulative), {offset: n} sets it n seconds from the wall clock, {at: unix seconds}
  // moves "now" there, {reset: true} puts it back. Tokens keep the wall clock. The whole API sees
  // it: journeys that move it run alone (the e2e "switches" project). Answers {offset_seconds, now}.
  'POST /__test/clock': ({ params }) => {
    const advance = integer(params, 'advance_seconds')
    const offset = integer(params, 'offset')
    const at = integer(params, 'at')
    if (bool(params, 'reset')) adjustClock(null)
    else if (advance !== undefined) adjustClock(advance)
    else if (offset !== undefined) adjustClock(offset - (nowSeconds() - wallSeconds()))
    else if (at !== undefined) adjustClock(at - nowSeconds())
    else return bad(400, 'body must be {"advance_seconds": n}, {"offset": n}, {"at": unix seconds} or {"reset": true}')
    const now = nowSeconds()
    return ok({ offset_seconds: now - wallSeconds(), offset: now - wallSeconds(), now })
  },

  // The seller ships lines of a paid express order as one package (simulated carrier, waybill and
  // trace): {order_id, order_goods_ids?: [ids] | "1,2"}; no ids = every unshipped line.
  'POST /__test/order/ship': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    if (orderId === undefined) return bad(400, 'body must be {order_id, order_goods_ids?}')
    const raw = params.order_goods_ids
    const ids = (Array.isArray(raw) ? raw : typeof raw === 'string' && raw.trim() !== '' ? raw.split(',') : []).map((v) => Number(v))
    if (ids.some((n) => !Number.isInteger(n))) return bad(400, 'order_goods_ids must be integers')
    const shipped = shipOrder(db, orderId, ids)
    if (!shipped.ok) return bad(409, shipped.reason)
    return ok({ order_id: orderId, package_id: shipped.packageId, delivery_no: shipped.deliveryNo, order_status: shipped.orderStatus })
  },

  // A paid local-delivery order leaves the store with a deliverer (1 → 3).
  'POST /__test/order/deliver': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    if (orderId === undefined) return bad(400, 'body must be {order_id, deliverer?, deliverer_mobile?}')
    const done = deliverLocalOrder(db, orderId, text(params, 'deliverer') ?? undefined, text(params, 'deliverer_mobile') ?? undefined)
    return done ? ok({ order_id: orderId, order_status: 3 }) : bad(409, `order ${orderId} is not a local-delivery order waiting for delivery`)
  },

  // An order of any kind without checkout (virtual goods have no checkout in the demo catalog):
  // {username | member_id, kind: express|store|local|virtual, lines?: [{sku_id, num}], paid?}.
  // Stock is taken; a payment record is made (paid with alipay when `paid`).
  'POST /__test/order/create': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const kind = text(params, 'kind') ?? 'express'
    const orderType = ({ express: 1, store: 2, local: 3, virtual: 4 } as Record<string, number>)[kind]
    if (!orderType) return bad(400, 'kind must be express, store, local or virtual')
    const rawLines = Array.isArray(params.lines) ? (params.lines as Params[]) : [{ sku_id: 4, num: 1 }]
    const lines: { sku_id: number; num: number }[] = []
    for (const l of rawLines) {
      const skuId = l && typeof l === 'object' ? integer(l, 'sku_id') : undefined
      const num = l && typeof l === 'object' ? integer(l, 'num') : undefined
      if (skuId === undefined || num === undefined || num < 1) return bad(400, 'lines must be [{sku_id, num >= 1}]')
      lines.push({ sku_id: skuId, num })
    }
    try {
      const created = createTestOrder(db, memberId, orderType, lines)
      if (bool(params, 'paid')) markPaid(db, created.outTradeNo, 'alipay')
      return ok({ order_id: created.orderId, out_trade_no: created.outTradeNo })
    } catch (err) {
      return bad(409, err instanceof Error ? err.message : String(err))
    }
  },

  // Stock of a SKU and its goods (to see a closed order give it back).
  'GET /__test/sku': ({ params, db }) => {
    const skuId = integer(params, 'sku_id')
    const row =
      skuId === undefined ? undefined : db.prepare('SELECT s.sku_id, s.stock, g.goods_stock FROM goods_sku s JOIN goods g ON g.goods_id = s.goods_id WHERE s.sku_id = ?').get(skuId)
    return row ? ok(row) : bad(404, `no sku ${String(params.sku_id)}`)
  },
  // ------------------------------------------------------------------ verification (docs/verification.md)

  // {username | member_id, on?: true|false (default true), name?}: the member is a verifier (or no longer one).
  'POST /__test/verifier': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const on = bool(params, 'on') ?? true
    return ok({ member_id: memberId, verifier: setVerifier(db, memberId, on, text(params, 'name')) ?? null })
  },

  // The demo catalogue has no virtual goods: a paid virtual order of {username | member_id} for
  // `sku_id` (default 1) × `num` whose line is verify-type, each code usable `total_verify_num`
  // times (default 1) until `expire_time` (default 0 = never). Paid through markPaid, which makes the codes.
  'POST /__test/verify/virtual-order': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const skuId = integer(params, 'sku_id') ?? 1
    const num = integer(params, 'num') ?? 1
    const total = integer(params, 'total_verify_num') ?? 1
    const expireTime = integer(params, 'expire_time') ?? 0
    if (num < 1 || total < 1 || expireTime < 0) return bad(400, 'num and total_verify_num must be ≥ 1, expire_time ≥ 0')
    const sku = db
      .prepare('SELECT s.sku_id, s.goods_id, s.sku_name, s.sku_image, s.price, g.goods_name FROM goods_sku s JOIN goods g ON g.goods_id = s.goods_id WHERE s.sku_id = ?')
      .get(skuId) as { sku_id: number; goods_id: number; sku_name: string; sku_image: string; price: number; goods_name: string } | undefined
    if (!sku) return bad(404, `no sku ${skuId}`)
    const made = db.transaction(() => {
      const now = nowSeconds()
      const outTradeNo = newOutTradeNo(memberId)
      const goodsMoney = Math.round(sku.price * num * 100) / 100
      const member = db.prepare('SELECT nickname, mobile FROM member WHERE member_id = ?').get(memberId) as { nickname: string; mobile: string }
      const orderId = insertRow(db, 'orders', {
        order_no: `${now}${memberId}${randomInt(100, 1000)}`,
        out_trade_no: outTradeNo,
        member_id: memberId,
        order_type: 4,
        order_type_name: '虚拟订单',
        order_name: sku.sku_name,
        order_status_name: '待支付',
        goods_num: num,
        goods_money: goodsMoney,
        order_money: goodsMoney,
        pay_money: goodsMoney,
        delivery_type_name: '无需配送',
        name: member.nickname,
        mobile: member.mobile,
        create_time: now,
      })
      insertRow(db, 'order_goods', {
        order_id: orderId,
        member_id: memberId,
        sku_id: sku.sku_id,
        goods_id: sku.goods_id,
        sku_name: sku.sku_name,
        goods_name: sku.goods_name,
        sku_image: sku.sku_image,
        price: sku.price,
        num,
        goods_money: goodsMoney,
        real_goods_money: goodsMoney,
        is_virtual: 1,
        goods_class: 2,
        goods_class_name: '虚拟商品',
        verify_total_count: total,
        verify_expire_time: expireTime,
      })
      insertRow(db, 'pay', {
        out_trade_no: outTradeNo,
        pay_body: sku.sku_name,
        pay_detail: sku.sku_name,
        pay_money: goodsMoney,
        create_time: now,
        member_id: memberId,
        relate_id: String(orderId),
      })
      markPaid(db, outTradeNo, 'ONLINE_PAY')
      return orderId
    })()
    const order = db.prepare('SELECT order_id, order_no, out_trade_no, order_status, virtual_code FROM orders WHERE order_id = ?').get(made)
    return ok({
      ...(order as object),
      codes: (db.prepare('SELECT verify_code FROM verify WHERE order_id = ? ORDER BY id').all(made) as { verify_code: string }[]).map((r) => r.verify_code),
    })
  },

  // {verify_code}: the code's expire_time moves into the past (it reads as expired from now on).
  'POST /__test/verify/expire': ({ params, db }) => {
    const code = text(params, 'verify_code') ?? ''
    const changed = db.prepare('UPDATE verify SET expire_time = ? WHERE verify_code = ?').run(nowSeconds() - 1, code).changes
    return changed ? ok({ verify_code: code, expired: true }) : bad(404, `no verify code ${code}`)
  },

  // {order_id}: the order's codes and the verify state of each, as stored.
  'GET /__test/verify/codes': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    if (orderId === undefined) return bad(400, 'query must be ?order_id=')
    return ok(db.prepare('SELECT * FROM verify WHERE order_id = ? ORDER BY id').all(orderId))
  },
}
