import { randomInt } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'
import { insertRow } from '../db/rows.js'
import type { AddressRow, StoreRow } from './checkout.js'
import { takeDelivery } from './delivery.js'
import { closeExpiredOrders, newOrderNo, newOutTradeNo, ORDER_TYPE_NAMES, receiverColumns } from './order.js'

/**
 * The order state machine after creation (contract UPSTREAM-commerce §4.1, §4.2): status names,
 * the buyer's `action[]` per state, the time rules (auto-close, auto-receive, auto-complete,
 * applied when orders are read, as closeExpiredOrders does), shipping with simulated packages and
 * traces. The views of /api/order/lists and /api/order/detail, in the real samples' shapes, are
 * order-view.ts.
 *
 *   0 wait pay ─pay→ 1 wait send (express, local) ─ship/deliver→ 3 shipped ─receive→ 4 ─7 days→ 10
 *                 ↘ 2 wait pickup (pickup) ─────────────────receive (staff)→ 4
 *                 ↘ 3 delivered (virtual, at once) ─confirm use→ 4
 *   0 ─close / auto-close→ -1 (deletable)
 */

export const STATUS = { WAIT_PAY: 0, WAIT_SEND: 1, WAIT_PICKUP: 2, SHIPPED: 3, RECEIVED: 4, COMPLETED: 10, WAIT_USE: 11, USED: 12, CLOSED: -1 } as const
export const TYPE = { EXPRESS: 1, PICKUP: 2, LOCAL: 3, VIRTUAL: 4 } as const

const DAY = 86400

/** The order columns the rules read. */
export interface FlowOrder {
  order_id: number
  member_id: number
  order_type: number
  order_status: number
  pay_status: number
  out_trade_no: string
  order_scene: string
  is_enable_refund: number
  is_evaluate: number
  evaluate_status: number
  delivery_time: number
  sign_time: number
  create_time: number
  auto_close_time: number
}

export interface FlowLine {
  order_goods_id: number
  delivery_status: number
  refund_status: number
}

export interface Action {
  action: string
  title: string
  color: string
}

const TITLES: Record<string, string> = {
  orderPay: '支付',
  orderClose: '关闭订单',
  memberTakeDelivery: '确认收货',
  memberVirtualTakeDelivery: '确认使用',
  trace: '查看物流',
  orderDelete: '删除',
  memberBatchRefund: '批量退款',
  orderOfflinePay: '线下支付',
  orderAddressUpdate: '修改地址',
  orderAdjustMoney: '调整价格',
  orderDelivery: '发货',
}
const act = (action: string): Action => ({ action, title: TITLES[action] ?? action, color: '' })

/** Offline-transfer review of the order's payment: 0 waiting, 1 passed, 2 refused, null none. */
export type OfflineState = 0 | 1 | 2 | null

export function offlineStateOf(db: Database, order: Pick<FlowOrder, 'out_trade_no'>): OfflineState {
  const row = db.prepare('SELECT status FROM offline_pay WHERE out_trade_no = ?').get(order.out_trade_no) as { status: number } | undefined
  return row ? (row.status as OfflineState) : null
}

export const partlyShipped = (order: FlowOrder, lines: FlowLine[]): boolean =>
  order.order_type === TYPE.EXPRESS && order.order_status === STATUS.WAIT_SEND && lines.some((l) => l.delivery_status >= 1)

/** `order_status_name`, with the display overrides of §4.1 (partial shipment, offline review). */
export function statusName(order: FlowOrder, lines: FlowLine[], offline: OfflineState): string {
  switch (order.order_status) {
    case STATUS.WAIT_PAY:
      return offline === 0 ? '待审核' : offline === 2 ? '审核拒绝' : '待支付'
    case STATUS.WAIT_SEND:
      return partlyShipped(order, lines) ? '部分发货' : '待发货'
    case STATUS.WAIT_PICKUP:
      return '待提货'
    case STATUS.SHIPPED:
      return order.order_type === TYPE.VIRTUAL ? '待收货' : '已发货'
    case STATUS.RECEIVED:
      return order.order_type === TYPE.PICKUP ? '已提货' : '已收货'
    case STATUS.COMPLETED:
      return '已完成'
    case STATUS.WAIT_USE:
      return '待使用'
    case STATUS.USED:
      return '已使用'
    case STATUS.CLOSED:
      return '已关闭'
    default:
      return ''
  }
}

/**
 * The buyer's buttons (§4.2). `detail` adds the detail-only batch refund. Evaluation is not an
 * action (the client adds it from is_evaluate / evaluate_status), nor are per-line refunds.
 */
export function memberActions(order: FlowOrder, lines: FlowLine[], offline: OfflineState, detail: boolean): Action[] {
  const out: Action[] = []
  const s = order.order_status
  const express = order.order_type === TYPE.EXPRESS
  if (s === STATUS.WAIT_PAY) {
    out.push(act('orderClose'))
    // A voucher under review or refused hides the pay button; a refused one is sent again instead (as 5.5.2).
    if (offline !== 0 && offline !== 2) out.push(act('orderPay'))
    if (offline === 2) out.push(act('orderOfflinePay'))
  } else if (s === STATUS.WAIT_SEND && partlyShipped(order, lines)) {
    out.push(act('trace'))
  } else if (s === STATUS.SHIPPED) {
    if (order.order_type === TYPE.VIRTUAL) out.push(act('memberVirtualTakeDelivery'))
    else out.push(act('memberTakeDelivery'))
    if (express) out.push(act('trace'))
  } else if ((s === STATUS.RECEIVED || s === STATUS.COMPLETED) && express) {
    out.push(act('trace'))
  } else if (s === STATUS.CLOSED) {
    out.push(act('orderDelete'))
  }
  const refundable = lines.filter((l) => l.refund_status === 0).length
  if (detail && s !== STATUS.WAIT_PAY && s !== STATUS.COMPLETED && s !== STATUS.CLOSED && order.is_enable_refund === 1 && refundable > 1) {
    out.push(act('memberBatchRefund'))
  }
  return out
}

/** The seller's buttons (only for `order_status_action`, which the samples carry as JSON text). */
export function sellerActions(order: FlowOrder): Action[] {
  if (order.order_status === STATUS.WAIT_PAY) return [act('orderClose'), act('orderAddressUpdate'), act('orderAdjustMoney')]
  if (order.order_status === STATUS.WAIT_SEND && order.order_type !== TYPE.PICKUP) return [act('orderDelivery')]
  return []
}

/** May the buyer apply for after-sales on this order at all (§4.2 last paragraph, without the blind-box rule)? */
export function orderAllowsRefund(order: FlowOrder): boolean {
  return order.is_enable_refund === 1 && order.order_scene === 'online' && order.order_status !== STATUS.WAIT_PAY && order.order_status !== STATUS.CLOSED
}

/** A line's buyer refund buttons (§5.1; the key is `event`). */
export function refundActionsOf(order: FlowOrder, line: FlowLine): { event: string; title: string; color: string }[] {
  const e = (event: string, title: string) => ({ event, title, color: '' })
  switch (line.refund_status) {
    case 0:
    case -3:
      return orderAllowsRefund(order) ? [e('orderRefundApply', '申请售后')] : []
    case 1:
      return [e('orderRefundCancel', '撤销售后')]
    case 4:
      return [e('orderRefundDelivery', '填写发货物流')]
    case -1:
      return [e('orderRefundCancel', '撤销售后'), e('orderRefundAsk', '修改申请')]
    default:
      return []
  }
}

// ------------------------------------------------------------------------------------ time rules

interface OrderTimes {
  auto_close: number // minutes
  auto_take_delivery: number // days
  auto_complete: number // days
  after_sales_time: number // days after completion; 0 = none
}

export function orderTimes(db: Database): OrderTimes {
  const row = db.prepare("SELECT value FROM config WHERE app_module = 'shop' AND config_key = 'ORDER_CONFIG'").get() as { value: string } | undefined
  const value = row ? (JSON.parse(row.value) as Partial<OrderTimes>) : {}
  return {
    auto_close: Number(value.auto_close ?? 30),
    auto_take_delivery: Number(value.auto_take_delivery ?? 14),
    auto_complete: Number(value.auto_complete ?? 7),
    after_sales_time: Number(value.after_sales_time ?? 0),
  }
}

/** When a shipped order receives itself (0 = not shipped). */
export function autoReceiveAt(db: Database, order: Pick<FlowOrder, 'order_status' | 'delivery_time'>): number {
  return order.order_status === STATUS.SHIPPED && order.delivery_time > 0 ? order.delivery_time + orderTimes(db).auto_take_delivery * DAY : 0
}

/**
 * Upstream runs these as scheduled jobs; the reference API applies them whenever orders are read
 * (lists, detail, num, actions): unpaid past the deadline → closed; shipped for auto_take_delivery
 * days → received; received for auto_complete days → completed. Each transition is stamped with
 * its deadline, not with the read time, so a later read gives the same history.
 */
export function applyTimeRules(db: Database): void {
  closeExpiredOrders(db)
  const now = nowSeconds()
  const times = orderTimes(db)
  const shipped = db
    .prepare('SELECT order_id, delivery_time FROM orders WHERE order_status = 3 AND delivery_time > 0 AND delivery_time + ? <= ?')
    .all(times.auto_take_delivery * DAY, now) as { order_id: number; delivery_time: number }[]
  for (const row of shipped) takeDelivery(db, row.order_id, row.delivery_time + times.auto_take_delivery * DAY)
  const received = db.prepare('SELECT order_id, sign_time FROM orders WHERE order_status = 4 AND sign_time > 0 AND sign_time + ? <= ?').all(times.auto_complete * DAY, now) as {
    order_id: number
    sign_time: number
  }[]
  for (const row of received) completeOrder(db, row.order_id, row.sign_time + times.auto_complete * DAY)
}

// ----------------------------------------------------------------------------------- transitions

/** Completed (10) from received; after-sales stays open only when the shop gives an after-sales window. */
export function completeOrder(db: Database, orderId: number, at = nowSeconds()): boolean {
  const enableRefund = orderTimes(db).after_sales_time > 0 ? 1 : 0
  const changed = db
    .prepare("UPDATE orders SET order_status = 10, order_status_name = '已完成', finish_time = ?, is_enable_refund = ? WHERE order_id = ? AND order_status = 4")
    .run(at, enableRefund, orderId).changes
  return changed === 1
}

/** Soft delete; only a closed order. */
export function deleteOrder(db: Database, orderId: number): boolean {
  return db.prepare('UPDATE orders SET is_delete = 1 WHERE order_id = ? AND order_status = -1 AND is_delete = 0').run(orderId).changes === 1
}

/** Simulated carriers: a package gets the next one in turn. */
export const CARRIERS = [
  { id: 1, name: '顺丰速运', prefix: 'SF' },
  { id: 2, name: '中通快递', prefix: 'ZT' },
  { id: 3, name: '京东物流', prefix: 'JD' },
] as const

export type ShipResult = { ok: true; packageId: number; deliveryNo: string; orderStatus: number } | { ok: false; reason: string }

/**
 * The seller ships lines of a paid express order (all unshipped lines when `orderGoodsIds` is
 * empty) as one package. Shipping some lines leaves the order in 1 (shown as 部分发货); the last
 * lines move it to shipped (3), which starts the auto-receive clock.
 */
export function shipOrder(db: Database, orderId: number, orderGoodsIds: number[] = []): ShipResult {
  return db.transaction((): ShipResult => {
    const order = db.prepare('SELECT order_id, member_id, order_type, order_status FROM orders WHERE order_id = ?').get(orderId) as
      { order_id: number; member_id: number; order_type: number; order_status: number } | undefined
    if (!order) return { ok: false, reason: `no order ${orderId}` }
    if (order.order_type !== TYPE.EXPRESS) return { ok: false, reason: `order ${orderId} is not an express order (order_type ${order.order_type})` }
    if (order.order_status !== STATUS.WAIT_SEND) return { ok: false, reason: `order ${orderId} is not waiting for shipment (order_status ${order.order_status})` }
    const unshipped = (
      db.prepare('SELECT order_goods_id FROM order_goods WHERE order_id = ? AND delivery_status = 0 ORDER BY order_goods_id').all(orderId) as { order_goods_id: number }[]
    ).map((r) => r.order_goods_id)
    const ids = orderGoodsIds.length ? orderGoodsIds : unshipped
    const wrong = ids.find((id) => !unshipped.includes(id))
    if (wrong !== undefined) return { ok: false, reason: `order_goods ${wrong} is not an unshipped line of order ${orderId}` }
    if (!ids.length) return { ok: false, reason: `order ${orderId} has no unshipped lines` }

    const now = nowSeconds()
    const count = (db.prepare('SELECT COUNT(*) AS n FROM express_package WHERE order_id = ?').get(orderId) as { n: number }).n
    const carrier = CARRIERS[count % CARRIERS.length]!
    const deliveryNo = `${carrier.prefix}${String(randomInt(10 ** 11, 10 ** 12))}`
    const packageId = insertRow(db, 'express_package', {
      order_id: orderId,
      member_id: order.member_id,
      package_name: `包裹${count + 1}`,
      delivery_no: deliveryNo,
      express_company_id: carrier.id,
      express_company_name: carrier.name,
      order_goods_id_array: ids.join(','),
      delivery_time: now,
    })
    const mark = db.prepare("UPDATE order_goods SET delivery_status = 1, delivery_status_name = '已发货', delivery_no = ? WHERE order_goods_id = ?")
    for (const id of ids) mark.run(deliveryNo, id)
    const allShipped = ids.length === unshipped.length
    if (allShipped) {
      db.prepare(
        "UPDATE orders SET order_status = 3, order_status_name = '已发货', delivery_status = 1, delivery_status_name = '已发货', delivery_time = ? WHERE order_id = ?",
      ).run(now, orderId)
    } else {
      db.prepare("UPDATE orders SET order_status_name = '部分发货', delivery_status_name = '部分发货' WHERE order_id = ?").run(orderId)
    }
    return { ok: true, packageId, deliveryNo, orderStatus: allShipped ? STATUS.SHIPPED : STATUS.WAIT_SEND }
  })()
}

/** Local delivery leaves the store with a deliverer: 1 → 3. */
export function deliverLocalOrder(db: Database, orderId: number, deliverer = '李师傅', delivererMobile = '13900001111'): boolean {
  return db.transaction(() => {
    const changed = db
      .prepare(
        "UPDATE orders SET order_status = 3, order_status_name = '已发货', delivery_status = 1, delivery_status_name = '已发货', delivery_time = ?, deliverer = ?, deliverer_mobile = ? WHERE order_id = ? AND order_type = 3 AND order_status = 1",
      )
      .run(nowSeconds(), deliverer, delivererMobile, orderId).changes
    if (changed !== 1) return false
    db.prepare("UPDATE order_goods SET delivery_status = 1, delivery_status_name = '已发货' WHERE order_id = ?").run(orderId)
    return true
  })()
}

// --------------------------------------------------------------------------------- packages

interface PackageRow {
  id: number
  order_id: number
  package_name: string
  delivery_no: string
  express_company_id: number
  express_company_name: string
  order_goods_id_array: string
  delivery_time: number
}

/** Trace steps of the simulated carrier, by hours after shipping. */
const TRACE_STEPS: { hours: number; remark: (carrier: string) => string }[] = [
  { hours: 0, remark: (c) => `【${c}】您的快件已被揽收` },
  { hours: 4, remark: () => '快件已到达【杭州转运中心】' },
  { hours: 12, remark: () => '快件已从【杭州转运中心】发出，正在发往【目的地转运中心】' },
  { hours: 24, remark: () => '快件已到达【目的地营业部】，正在派送，派送员：王师傅 13800000000' },
  { hours: 30, remark: () => '快件已签收，签收人：本人，感谢使用' },
]

/** "2015-03-08 01:15:00" in China time, as the carriers' traces read. */
function traceTime(seconds: number): string {
  return new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ')
}

/** The trace as it stands now: the steps whose time has come, newest first (the API's order). */
export function traceOf(
  pkg: Pick<PackageRow, 'delivery_time' | 'express_company_name'>,
  now = nowSeconds(),
): { success: boolean; reason: string; list: { datetime: string; remark: string }[] } {
  const list = TRACE_STEPS.map((s) => ({ at: pkg.delivery_time + s.hours * 3600, remark: s.remark(pkg.express_company_name) }))
    .filter((s) => s.at <= now)
    .reverse()
    .map((s) => ({ datetime: traceTime(s.at), remark: s.remark }))
  return list.length ? { success: true, reason: '', list } : { success: false, reason: '抱歉，暂无物流记录', list: [] }
}

/** /api/order/package items (§4.5). */
export function packagesOf(db: Database, orderId: number): Record<string, unknown>[] {
  const rows = db.prepare('SELECT * FROM express_package WHERE order_id = ? ORDER BY id').all(orderId) as PackageRow[]
  const line = db.prepare('SELECT sku_id, sku_name, num, sku_image FROM order_goods WHERE order_goods_id = ?')
  return rows.map((p) => ({
    id: p.id,
    package_name: p.package_name,
    delivery_no: p.delivery_no,
    express_company_id: p.express_company_id,
    express_company_name: p.express_company_name,
    goods_id_array: p.order_goods_id_array,
    goods_list: p.order_goods_id_array
      .split(',')
      .map(Number)
      .flatMap((id) => {
        const l = line.get(id) as { sku_id: number; sku_name: string; num: number; sku_image: string } | undefined
        return l ? [l] : []
      }),
    trace: traceOf(p),
  }))
}

// ---------------------------------------------------------------------------------- test orders

/**
 * An unpaid order of any kind straight from SKUs (the test API's /__test/order/create): the demo
 * catalog has no virtual goods, and tests of pickup or local delivery need not go through checkout.
 * Prices are the SKUs' prices, no delivery fee; stock is taken; a pending payment record is made.
 */
export function createTestOrder(db: Database, memberId: number, orderType: number, lines: { sku_id: number; num: number }[]): { orderId: number; outTradeNo: string } {
  return db.transaction(() => {
    const now = nowSeconds()
    const skus = lines.map((l) => {
      const sku = db
        .prepare(
          'SELECT s.sku_id, s.goods_id, s.sku_name, s.sku_image, s.sku_no, s.sku_spec_format, s.price, s.stock, g.goods_name FROM goods_sku s JOIN goods g ON g.goods_id = s.goods_id WHERE s.sku_id = ?',
        )
        .get(l.sku_id) as
        | { sku_id: number; goods_id: number; sku_name: string; sku_image: string; sku_no: string; sku_spec_format: string; price: number; stock: number; goods_name: string }
        | undefined
      if (!sku) throw new Error(`no sku ${l.sku_id}`)
      if (sku.stock < l.num) throw new Error(`sku ${l.sku_id} has only ${sku.stock} in stock`)
      return { sku, num: l.num, money: Math.round(sku.price * l.num * 100) / 100 }
    })
    if (!skus.length) throw new Error('no lines')
    const goodsMoney = Math.round(skus.reduce((sum, l) => sum + l.money * 100, 0)) / 100
    const member = db.prepare('SELECT nickname, mobile FROM member WHERE member_id = ?').get(memberId) as { nickname: string; mobile: string }
    const address = db.prepare('SELECT * FROM member_address WHERE member_id = ? ORDER BY is_default DESC, id LIMIT 1').get(memberId) as AddressRow | undefined
    const store =
      orderType === TYPE.PICKUP || orderType === TYPE.LOCAL
        ? (db.prepare(`SELECT * FROM store WHERE ${orderType === TYPE.PICKUP ? 'is_pickup' : 'is_o2o'} = 1 ORDER BY store_id LIMIT 1`).get() as StoreRow | undefined)
        : undefined
    const deliveryType = ({ 1: 'express', 2: 'store', 3: 'local', 4: '' } as Record<number, string>)[orderType]!
    const outTradeNo = newOutTradeNo(memberId)
    const orderName = skus.map((l) => l.sku.sku_name).join(',')
    const withAddress = orderType === TYPE.EXPRESS || orderType === TYPE.LOCAL
    const orderId = insertRow(db, 'orders', {
      order_no: newOrderNo(db, memberId),
      out_trade_no: outTradeNo,
      member_id: memberId,
      order_type: orderType,
      order_type_name: ORDER_TYPE_NAMES[orderType],
      order_name: orderName,
      order_status: 0,
      order_status_name: '待支付',
      pay_type: 'ONLINE_PAY',
      pay_type_name: '在线支付',
      goods_num: skus.reduce((n, l) => n + l.num, 0),
      goods_money: goodsMoney,
      order_money: goodsMoney,
      pay_money: goodsMoney,
      delivery_type: deliveryType,
      delivery_type_name: ({ express: '快递发货', store: '门店自提', local: '同城配送', '': '' } as Record<string, string>)[deliveryType],
      delivery_status_name: '待发货',
      // Express and local orders go to the member's default address (its receiver, else the member's name and mobile); pickup and virtual to the member.
      ...receiverColumns(
        orderType,
        withAddress ? { name: address?.name ?? member.nickname, mobile: address?.mobile ?? member.mobile } : { name: member.nickname, mobile: member.mobile },
        withAddress ? (address ?? null) : null,
        store ?? null,
      ),
      create_time: now,
      auto_close_time: now + orderTimes(db).auto_close * 60,
    })
    for (const l of skus) {
      insertRow(db, 'order_goods', {
        order_id: orderId,
        member_id: memberId,
        sku_id: l.sku.sku_id,
        goods_id: l.sku.goods_id,
        sku_name: l.sku.sku_name,
        goods_name: l.sku.goods_name,
        sku_image: l.sku.sku_image,
        sku_no: l.sku.sku_no,
        sku_spec_format: l.sku.sku_spec_format,
        price: l.sku.price,
        num: l.num,
        goods_money: l.money,
        real_goods_money: l.money,
        is_virtual: orderType === TYPE.VIRTUAL ? 1 : 0,
        goods_class: orderType === TYPE.VIRTUAL ? 2 : 1,
        goods_class_name: orderType === TYPE.VIRTUAL ? '虚拟商品' : '实物商品',
      })
      db.prepare('UPDATE goods_sku SET stock = stock - ? WHERE sku_id = ?').run(l.num, l.sku.sku_id)
      db.prepare('UPDATE goods SET goods_stock = MAX(0, goods_stock - ?) WHERE goods_id = ?').run(l.num, l.sku.goods_id)
    }
    insertRow(db, 'pay', {
      out_trade_no: outTradeNo,
      pay_body: orderName,
      pay_detail: orderName,
      pay_money: goodsMoney,
      create_time: now,
      member_id: memberId,
      relate_id: String(orderId),
    })
    return { orderId, outTradeNo }
  })()
}
