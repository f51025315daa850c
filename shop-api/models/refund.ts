import { randomInt } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { money, nowSeconds } from '../core/format.js'
import { ApiReply, error } from '../core/router.js'
import { insertRow } from '../db/rows.js'
import { addLedger } from './ledger.js'

/**
 * Refunds of order lines (contract UPSTREAM-commerce §5, docs/after-sales.md): the line's refund
 * state machine, the refundable amount, the negotiation log, and the money and stock going back.
 * Every guarded UPDATE checks the status it leaves, so a replayed or raced step changes nothing.
 */

export const REFUND_STATUS = { none: 0, applied: 1, agreed: 2, done: 3, waitReturn: 4, waitReceive: 5, received: 6, refused: -1, closed: -2, partial: -3 } as const

/** The one table of after-sales status names (5.5.2's OrderRefundDict; -2 is named after its comment, 卖家关闭退款). */
export const REFUND_STATUS_NAMES: Record<number, string> = {
  0: '',
  1: '申请售后',
  2: '待转账',
  3: '售后结束',
  4: '买家待退货',
  5: '卖家待收货',
  6: '卖家已收货',
  [-1]: '卖家拒绝',
  [-2]: '卖家关闭',
  [-3]: '部分退款',
}

export const REFUND_TYPE_NAMES: Record<number, string> = { 1: '仅退款', 2: '退款退货' }
export const REFUND_MONEY_TYPE_NAMES: Record<number, string> = { 1: '原路退款', 2: '线下退款', 3: '退款到余额' }

/** What the buyer may do per status (§5.1), key `event` as upstream. */
export function refundActions(status: number): { event: string; title: string; color: string }[] {
  switch (status) {
    case 0:
    case -3:
      return [{ event: 'orderRefundApply', title: '申请售后', color: '' }]
    case 1:
      return [{ event: 'orderRefundCancel', title: '撤销售后', color: '' }]
    case 4:
      return [{ event: 'orderRefundDelivery', title: '填写发货物流', color: '' }]
    case -1:
      return [
        { event: 'orderRefundCancel', title: '撤销售后', color: '' },
        { event: 'orderRefundAsk', title: '修改申请', color: '' },
      ]
    default:
      return []
  }
}

/** Statuses from which the buyer may apply (again). */
export const APPLY_FROM = [0, -1, -3]
/** Statuses with a refund in progress (nothing else may happen to the line). */
export const ACTIVE_REFUND = [1, 2, 4, 5, 6]

export const REFUND_ORDER_CLOSED = '退款完成,订单关闭！'

export interface RefundLine {
  order_goods_id: number
  order_id: number
  member_id: number
  sku_id: number
  goods_id: number
  sku_name: string
  goods_name: string
  sku_image: string
  sku_no: string
  sku_spec_format: string
  price: number
  num: number
  goods_money: number
  real_goods_money: number
  promotion_money: number
  coupon_money: number
  point_money: number
  use_point: number
  is_virtual: number
  goods_class: number
  goods_class_name: string
  delivery_status: number
  delivery_status_name: string
  refund_status: number
  refund_no: string
  refund_type: number
  refund_mode: number
  refund_money_type: number
  refund_apply_money: number
  refund_real_money: number
  refund_reason: string
  refund_remark: string
  refund_images: string
  refund_refuse_reason: string
  refund_action_time: number
  refund_time: number
  refund_delivery_name: string
  refund_delivery_no: string
  refund_delivery_remark: string
  shop_contacts: string
  shop_mobile: string
  shop_address: string
  shop_active_refund: number
  shop_active_refund_money: number
}

export interface RefundOrder {
  order_id: number
  order_no: string
  member_id: number
  order_status: number
  order_scene: string
  is_enable_refund: number
  pay_type: string
  pay_type_name: string
  delivery_money: number
  invoice_money: number
  invoice_delivery_money: number
  site_name?: string
}

const cents = (yuan: number): number => Math.round(yuan * 100)
const yuan = (c: number): number => Math.round(c) / 100

function refuse(message: string): never {
  throw new ApiReply(error(-1, message))
}

export function findLine(db: Database, orderGoodsId: number): RefundLine | undefined {
  return db.prepare('SELECT * FROM order_goods WHERE order_goods_id = ?').get(orderGoodsId) as RefundLine | undefined
}

/** The member's own line (else 订单项不存在！): another member's line is answered as missing. */
export function ownLine(db: Database, memberId: number, orderGoodsId: number): RefundLine {
  const line = findLine(db, orderGoodsId)
  if (!line || line.member_id !== memberId) refuse('订单项不存在！')
  return line
}

export function orderOf(db: Database, orderId: number): RefundOrder {
  return db.prepare('SELECT * FROM orders WHERE order_id = ?').get(orderId) as RefundOrder
}

/** Refund types a line may use: return-and-refund only once it has shipped, never for virtual goods. */
export function allowedTypes(line: RefundLine): number[] {
  return line.is_virtual === 0 && line.delivery_status >= 1 ? [1, 2] : [1]
}

/**
 * Refundable amount in cents for these lines of one order (§5.2): Σ(real_goods_money −
 * shop_active_refund_money); shipping, invoice tax and invoice postage join only when they are the
 * last lines not yet refunded, and only if no earlier refund already took them.
 */
export function refundableCents(db: Database, order: RefundOrder, lines: RefundLine[]): { total: number; delivery: number } {
  const goods = lines.reduce((sum, line) => sum + Math.max(0, cents(line.real_goods_money) - cents(line.shop_active_refund_money)), 0)
  const ids = new Set(lines.map((l) => l.order_goods_id))
  const others = db.prepare('SELECT order_goods_id, refund_status FROM order_goods WHERE order_id = ?').all(order.order_id) as { order_goods_id: number; refund_status: number }[]
  const last = others.every((row) => ids.has(row.order_goods_id) || row.refund_status === REFUND_STATUS.done)
  if (!last) return { total: goods, delivery: 0 }
  const refundedBefore = (
    db.prepare('SELECT COALESCE(SUM(refund_real_money), 0) AS paid FROM order_goods WHERE order_id = ? AND refund_status = 3').get(order.order_id) as { paid: number }
  ).paid
  const goodsBefore = (
    db.prepare('SELECT COALESCE(SUM(real_goods_money), 0) AS goods FROM order_goods WHERE order_id = ? AND refund_status = 3').get(order.order_id) as { goods: number }
  ).goods
  // Extras already paid back with an earlier line (an over-refund of that line) are not paid twice.
  const extrasTaken = Math.max(0, cents(refundedBefore) - cents(goodsBefore))
  const delivery = Math.max(0, cents(order.delivery_money) + cents(order.invoice_money) + cents(order.invoice_delivery_money) - extrasTaken)
  return { total: goods + delivery, delivery }
}

/** Configured reasons (newline-separated in ORDER_REFUND_CONFIG). */
export function refundReasons(config: { refund_reason?: string }): string[] {
  return String(config.refund_reason ?? '')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Why the member may not apply on this line now, or null. */
export function applyRefusal(order: RefundOrder, line: RefundLine): string | null {
  if (order.order_status === 0 || order.order_status === -1) return '当前状态不可操作'
  if (order.is_enable_refund !== 1 || order.order_scene !== 'online') return '当前订单不支持退款！'
  if (!APPLY_FROM.includes(line.refund_status)) return '订单商品退款状态有误！'
  return null
}

export function addRefundLog(
  db: Database,
  line: { order_goods_id: number },
  entry: { status: number; action: string; way: 1 | 2; userId: number; username: string; desc?: string },
): void {
  insertRow(db, 'order_refund_log', {
    order_goods_id: line.order_goods_id,
    refund_status: entry.status,
    action: entry.action,
    action_way: entry.way,
    action_userid: entry.userId,
    username: entry.username,
    desc: entry.desc ?? '',
    action_time: nowSeconds(),
  })
}

function newRefundNo(memberId: number): string {
  const d = new Date()
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${memberId}${String(randomInt(1000)).padStart(3, '0')}`
}

export interface ApplyInput {
  memberId: number
  username: string
  lines: RefundLine[]
  type: number
  reason: string
  remark: string
  images: string[]
}

/**
 * Apply for a refund on lines of one order, in one transaction: checks every line first (nothing
 * changes on a refusal), applies for the refundable amount (5.5.2 computes it and reads none from
 * the buyer), split over the lines in proportion to what each may refund, and turns off the order's
 * evaluation (§5.2).
 */
export function applyRefund(db: Database, input: ApplyInput): void {
  db.transaction(() => {
    const orderIds = new Set(input.lines.map((l) => l.order_id))
    if (orderIds.size !== 1) refuse('订单项不存在！')
    const order = orderOf(db, input.lines[0]!.order_id)
    for (const line of input.lines) {
      const refusal = applyRefusal(order, line)
      if (refusal) refuse(refusal)
      if (!allowedTypes(line).includes(input.type)) refuse('退款方式不符合！')
    }
    const max = refundableCents(db, order, input.lines)
    const asked = max.total
    if (asked < 1) refuse('退款金额不能小于0.01')

    // Split in proportion to each line's own maximum (shipping counts with the last line), which
    // also takes the rounding remainder.
    const weights = input.lines.map((line) => Math.max(0, cents(line.real_goods_money) - cents(line.shop_active_refund_money)))
    const base = max.total
    let left = asked
    const now = nowSeconds()
    const mode = order.order_status === 10 ? 2 : 1
    input.lines.forEach((line, index) => {
      const last = index === input.lines.length - 1
      const own = last ? left : base > 0 ? Math.floor((asked * weights[index]!) / base) : 0
      left -= own
      const changed = db
        .prepare(
          `UPDATE order_goods SET refund_status = 1, refund_no = ?, refund_type = ?, refund_mode = ?, refund_money_type = 3, refund_apply_money = ?,
             refund_real_money = 0, refund_reason = ?, refund_remark = ?, refund_images = ?, refund_refuse_reason = '', refund_action_time = ?,
             refund_delivery_name = '', refund_delivery_no = '', refund_delivery_remark = '', shop_contacts = '', shop_mobile = '', shop_address = ''
           WHERE order_goods_id = ? AND refund_status IN (0, -1, -3)`,
        )
        .run(newRefundNo(input.memberId), input.type, mode, yuan(own), input.reason, input.remark, input.images.join(','), now, line.order_goods_id)
      if (changed.changes !== 1) refuse('订单商品退款状态有误！')
      addRefundLog(db, line, {
        status: 1,
        action: `买家申请${REFUND_TYPE_NAMES[input.type]}，退款金额：${money(yuan(own))}元，退款原因：${input.reason}`,
        way: 1,
        userId: input.memberId,
        username: input.username,
        desc: input.remark,
      })
    })
    db.prepare('UPDATE orders SET is_evaluate = 0 WHERE order_id = ?').run(order.order_id)
  })()
}

/** Buyer withdraws (allowed in 1 and -1): back to 0, or -3 when the line was partly refunded before. */
export function cancelRefund(db: Database, line: RefundLine, username: string): void {
  db.transaction(() => {
    if (line.refund_status !== 1 && line.refund_status !== -1) refuse('当前状态不可操作')
    const next = line.shop_active_refund_money > 0 ? -3 : 0
    const changed = db
      .prepare('UPDATE order_goods SET refund_status = ?, refund_action_time = ? WHERE order_goods_id = ? AND refund_status IN (1, -1)')
      .run(next, nowSeconds(), line.order_goods_id)
    if (changed.changes !== 1) refuse('当前状态不可操作')
    addRefundLog(db, line, { status: next, action: '买家撤销退款申请', way: 1, userId: line.member_id, username })
    restoreEvaluation(db, line.order_id)
  })()
}

/** Once no line of the order has a refund open, a received order may be evaluated again (our choice, docs/after-sales.md). */
function restoreEvaluation(db: Database, orderId: number): void {
  const open = db.prepare('SELECT 1 FROM order_goods WHERE order_id = ? AND refund_status IN (1, 2, 4, 5, 6, -1)').get(orderId)
  if (!open) db.prepare('UPDATE orders SET is_evaluate = 1 WHERE order_id = ? AND order_status IN (4, 10) AND evaluate_status < 2').run(orderId)
}

/** Buyer sends the goods back (4 → 5). */
export function deliverReturn(db: Database, line: RefundLine, username: string, waybill: { name: string; no: string; remark: string }): void {
  db.transaction(() => {
    const changed = db
      .prepare(
        'UPDATE order_goods SET refund_status = 5, refund_delivery_name = ?, refund_delivery_no = ?, refund_delivery_remark = ?, refund_action_time = ? WHERE order_goods_id = ? AND refund_status = 4',
      )
      .run(waybill.name, waybill.no, waybill.remark, nowSeconds(), line.order_goods_id)
    if (changed.changes !== 1) refuse('当前状态不可操作')
    addRefundLog(db, line, { status: 5, action: `买家退货，物流公司：${waybill.name}，物流单号：${waybill.no}`, way: 1, userId: line.member_id, username, desc: waybill.remark })
  })()
}

// ------------------------------------------------------------------------------- the seller's side (test API)

const SELLER = { way: 2 as const, userId: 0, username: '商家' }

/** Seller agrees: refund-only lines wait for the transfer (2); return lines wait for the goods (4) with the return address. */
export function sellerAgree(db: Database, line: RefundLine, address: { shop_contacts: string; shop_mobile: string; shop_address: string }): number {
  return db.transaction(() => {
    const next = line.refund_type === 2 ? 4 : 2
    const changed = db
      .prepare(
        'UPDATE order_goods SET refund_status = ?, shop_contacts = ?, shop_mobile = ?, shop_address = ?, refund_action_time = ? WHERE order_goods_id = ? AND refund_status = 1',
      )
      .run(next, next === 4 ? address.shop_contacts : '', next === 4 ? address.shop_mobile : '', next === 4 ? address.shop_address : '', nowSeconds(), line.order_goods_id)
    if (changed.changes !== 1) refuse('当前状态不可操作')
    addRefundLog(db, line, { ...SELLER, status: next, action: next === 4 ? '卖家同意退款，等待买家退货' : '卖家同意退款' })
    return next
  })()
}

export function sellerRefuse(db: Database, line: RefundLine, reason: string): void {
  db.transaction(() => {
    const changed = db
      .prepare('UPDATE order_goods SET refund_status = -1, refund_refuse_reason = ?, refund_action_time = ? WHERE order_goods_id = ? AND refund_status = 1')
      .run(reason, nowSeconds(), line.order_goods_id)
    if (changed.changes !== 1) refuse('当前状态不可操作')
    addRefundLog(db, line, { ...SELLER, status: -1, action: `卖家拒绝退款，拒绝理由：${reason}` })
  })()
}

export function sellerReceive(db: Database, line: RefundLine): void {
  db.transaction(() => {
    const changed = db
      .prepare('UPDATE order_goods SET refund_status = 6, refund_action_time = ? WHERE order_goods_id = ? AND refund_status = 5')
      .run(nowSeconds(), line.order_goods_id)
    if (changed.changes !== 1) refuse('当前状态不可操作')
    addRefundLog(db, line, { ...SELLER, status: 6, action: '卖家确认收到退货' })
  })()
}

/**
 * Seller transfers the money (2 or 6 → 3): the applied amount goes back to the member's balance —
 * stored value first, up to what the order took from it, the rest as cash balance — stock goes
 * back, and the order closes when every line is refunded before completion.
 */
export function sellerTransfer(db: Database, line: RefundLine): { orderClosed: boolean } {
  return db.transaction(() => {
    const now = nowSeconds()
    const changed = db
      .prepare(
        'UPDATE order_goods SET refund_status = 3, refund_real_money = refund_apply_money, refund_time = ?, refund_action_time = ? WHERE order_goods_id = ? AND refund_status IN (2, 6)',
      )
      .run(now, now, line.order_goods_id)
    if (changed.changes !== 1) refuse('当前状态不可操作')
    const amount = cents(line.refund_apply_money)
    const order = orderOf(db, line.order_id)

    const storedTaken = (
      db
        .prepare(
          "SELECT COALESCE(-SUM(account_data), 0) AS taken FROM member_account WHERE member_id = ? AND related_id = ? AND account_type = 'balance' AND from_type IN ('order', 'refund')",
        )
        .get(line.member_id, line.order_id) as { taken: number }
    ).taken
    const stored = Math.min(amount, Math.max(0, cents(storedTaken)))
    const cash = amount - stored
    db.prepare('UPDATE member SET balance = ROUND(balance + ?, 2), balance_money = ROUND(balance_money + ?, 2) WHERE member_id = ?').run(yuan(stored), yuan(cash), line.member_id)
    const remark = `订单 ${order.order_no} 退款`
    addLedger(db, { memberId: line.member_id, type: 'balance', cents: stored, fromType: 'refund', typeName: '订单退款', relatedId: line.order_id, remark })
    addLedger(db, { memberId: line.member_id, type: 'balance_money', cents: cash, fromType: 'refund', typeName: '订单退款', relatedId: line.order_id, remark })

    db.prepare('UPDATE goods_sku SET stock = stock + ? WHERE sku_id = ?').run(line.num, line.sku_id)
    db.prepare('UPDATE goods SET goods_stock = goods_stock + ? WHERE goods_id = ?').run(line.num, line.goods_id)
    db.prepare('UPDATE orders SET refund_money = ROUND(refund_money + ?, 2) WHERE order_id = ?').run(yuan(amount), line.order_id)
    addRefundLog(db, line, { ...SELLER, status: 3, action: `卖家已退款，退款金额：${money(yuan(amount))}元（退款到余额）` })

    const open = db.prepare('SELECT 1 FROM order_goods WHERE order_id = ? AND refund_status != 3').get(line.order_id)
    if (open || order.order_status === 10 || order.order_status === -1) return { orderClosed: false }
    db.prepare("UPDATE orders SET order_status = -1, order_status_name = '已关闭', close_time = ?, close_cause = ?, is_evaluate = 0 WHERE order_id = ?").run(
      now,
      REFUND_ORDER_CLOSED,
      line.order_id,
    )
    addRefundLog(db, line, { ...SELLER, status: 3, action: REFUND_ORDER_CLOSED })
    return { orderClosed: true }
  })()
}

// ------------------------------------------------------------------------------- views

export function refundLogList(db: Database, orderGoodsId: number): Record<string, unknown>[] {
  return db
    .prepare(
      'SELECT id, order_goods_id, refund_status, action, action_way, action_userid, username, "desc", action_time FROM order_refund_log WHERE order_goods_id = ? ORDER BY action_time DESC, id DESC',
    )
    .all(orderGoodsId) as Record<string, unknown>[]
}

/** A line with its refund fields, money as strings (as §4.4 lists them). */
export function refundLineView(line: RefundLine): Record<string, unknown> {
  return {
    order_goods_id: line.order_goods_id,
    order_id: line.order_id,
    site_id: 1,
    member_id: line.member_id,
    sku_id: line.sku_id,
    goods_id: line.goods_id,
    sku_name: line.sku_name,
    goods_name: line.goods_name,
    sku_image: line.sku_image,
    sku_no: line.sku_no,
    sku_spec_format: line.sku_spec_format,
    price: money(line.price),
    num: line.num,
    goods_money: money(line.goods_money),
    real_goods_money: money(line.real_goods_money),
    promotion_money: money(line.promotion_money),
    coupon_money: money(line.coupon_money),
    point_money: money(line.point_money),
    use_point: line.use_point,
    is_virtual: line.is_virtual,
    goods_class: line.goods_class,
    goods_class_name: line.goods_class_name,
    delivery_status: line.delivery_status,
    delivery_status_name: line.delivery_status_name,
    refund_status: line.refund_status,
    refund_status_name: REFUND_STATUS_NAMES[line.refund_status] ?? '',
    refund_no: line.refund_no,
    refund_type: line.refund_type,
    refund_mode: line.refund_mode,
    refund_money_type: line.refund_money_type,
    refund_apply_money: money(line.refund_apply_money),
    refund_real_money: money(line.refund_real_money),
    refund_reason: line.refund_reason,
    refund_remark: line.refund_remark,
    refund_images: line.refund_images,
    refund_refuse_reason: line.refund_refuse_reason,
    refund_action_time: line.refund_action_time,
    refund_time: line.refund_time,
    refund_delivery_name: line.refund_delivery_name,
    refund_delivery_no: line.refund_delivery_no,
    refund_delivery_remark: line.refund_delivery_remark,
    shop_active_refund: line.shop_active_refund,
    shop_active_refund_money: money(line.shop_active_refund_money),
  }
}
