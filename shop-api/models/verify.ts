import { randomInt } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { money, nowSeconds } from '../core/format.js'
import { SITE_NAME } from '../db/data/site.js'
import { insertRow } from '../db/rows.js'
import { takeDelivery } from './delivery.js'

/**
 * Verification codes (contract §4.6, docs/verification.md): a code per paid pickup order (its
 * `delivery_code`) and per verify-type virtual line, made when the order is paid; verifiers (staff
 * members) use them. Pickup: one use receives the order. Virtual: each use counts up to the
 * code's total; when every code of the order is used up the order is "已使用" (12).
 */

export const VERIFY_TYPES: Record<string, { name: string }> = {
  pickup: { name: '订单自提' },
  virtualgoods: { name: '虚拟商品' },
}

/** is_verify values (§4.6). */
export const VERIFY_STATUS = { waiting: 0, used: 1, refunded: 2, expired: -1 } as const
export const VERIFY_STATUS_NAMES: Record<number, string> = { 0: '待核销', 1: '已核销', 2: '已退款', [-1]: '已过期' }

/** Refusals, as the upstream words them (docs/verification.md lists which are ours). */
export const VERIFY_MESSAGES = {
  notVerifier: '您不是核销员，没有核销权限！',
  unknown: '当前核销码不存在！',
  used: '该核销码已核销，不可重复核销！',
  expired: '核销码已过期',
  refunded: '订单已退款！',
  refunding: '订单售后中，不可核销！',
  closed: '订单已关闭，不可核销！',
  pickedUp: '订单已提货，无需核销！',
} as const

export interface VerifyRow {
  id: number
  site_id: number
  site_name: string
  verify_code: string
  verify_type: string
  verify_type_name: string
  verify_content_json: string
  verifier_id: number
  verifier_name: string
  is_verify: number
  create_time: number
  verify_time: number
  expire_time: number
  verify_total_count: number
  verify_use_num: number
  store_id: number
  member_id: number
  verify_from: string
  verify_remark: string
  order_id: number
  order_goods_id: number
}

export interface VerifierRow {
  verifier_id: number
  member_id: number
  verifier_name: string
  store_id: number
}

interface OrderForVerify {
  order_id: number
  order_no: string
  member_id: number
  order_type: number
  order_status: number
  name: string
  mobile: string
  create_time: number
  delivery_code: string
  delivery_store_id: number
  delivery_store_name: string
}

interface LineForVerify {
  order_goods_id: number
  sku_name: string
  sku_image: string
  price: number
  num: number
  refund_status: number
  verify_total_count: number
  verify_expire_time: number
}

const ORDER_FIELDS = 'order_id, order_no, member_id, order_type, order_status, name, mobile, create_time, delivery_code, delivery_store_id, delivery_store_name'
const LINE_FIELDS = 'order_goods_id, sku_name, sku_image, price, num, refund_status, verify_total_count, verify_expire_time'

function findOrder(db: Database, orderId: number): OrderForVerify | undefined {
  return db.prepare(`SELECT ${ORDER_FIELDS} FROM orders WHERE order_id = ?`).get(orderId) as OrderForVerify | undefined
}

function linesOf(db: Database, orderId: number): LineForVerify[] {
  return db.prepare(`SELECT ${LINE_FIELDS} FROM order_goods WHERE order_id = ? ORDER BY order_goods_id`).all(orderId) as LineForVerify[]
}

const item = (line: LineForVerify) => ({ img: line.sku_image, name: line.sku_name, price: money(line.price), num: line.num })

/** remark_array as upstream builds it: [1] is the order number (its lists read it there). */
function remarks(order: OrderForVerify, extra: { title: string; value: string }[]): { title: string; value: string }[] {
  return [{ title: '联系人', value: `${order.name} ${order.mobile}`.trim() }, { title: '订单编号', value: order.order_no }, ...extra]
}

/** A fresh 12-digit code no other row has. */
function newCode(db: Database): string {
  for (;;) {
    const code = `${randomInt(100_000, 1_000_000)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
    if (!db.prepare('SELECT 1 FROM verify WHERE verify_code = ?').get(code)) return code
  }
}

/**
 * Called by markPaid (models/order.ts) for each order it paid, in its transaction: makes the
 * order's codes. Pickup: its delivery_code. Virtual: one code per verify-type line, and the order
 * waits for use (11). Other orders: nothing. Paying twice makes nothing twice (codes are per order/line).
 */
export function createVerifyCodesForPaidOrder(db: Database, orderId: number): void {
  const order = findOrder(db, orderId)
  if (!order || db.prepare('SELECT 1 FROM verify WHERE order_id = ?').get(orderId)) return
  const now = nowSeconds()
  const lines = linesOf(db, orderId)
  if (order.order_type === 2 && order.delivery_code) {
    insertRow(db, 'verify', {
      site_name: SITE_NAME,
      verify_code: order.delivery_code,
      verify_type: 'pickup',
      verify_type_name: VERIFY_TYPES.pickup.name,
      verify_content_json: JSON.stringify({
        item_array: lines.map(item),
        remark_array: remarks(order, [{ title: '提货门店', value: order.delivery_store_name }]),
      }),
      create_time: now,
      verify_total_count: 1,
      store_id: order.delivery_store_id,
      member_id: order.member_id,
      order_id: orderId,
    })
    return
  }
  if (order.order_type !== 4) return
  // The order's own code (issued on payment, models/order.ts) is its first verify-type line's code.
  const own = (db.prepare('SELECT virtual_code FROM orders WHERE order_id = ?').get(orderId) as { virtual_code: string }).virtual_code
  let first = ''
  for (const line of lines.filter((l) => l.verify_total_count > 0)) {
    const code = !first && own && !findVerify(db, own) ? own : newCode(db)
    first ||= code
    insertRow(db, 'verify', {
      site_name: SITE_NAME,
      verify_code: code,
      verify_type: 'virtualgoods',
      verify_type_name: VERIFY_TYPES.virtualgoods.name,
      verify_content_json: JSON.stringify({ item_array: [item(line)], remark_array: remarks(order, []) }),
      create_time: now,
      expire_time: line.verify_expire_time,
      verify_total_count: line.verify_total_count,
      member_id: order.member_id,
      order_id: orderId,
      order_goods_id: line.order_goods_id,
    })
  }
  if (!first) return
  db.prepare("UPDATE orders SET virtual_code = ?, order_status = 11, order_status_name = '待使用' WHERE order_id = ? AND order_status IN (1, 3)").run(first, orderId)
}

export function findVerifier(db: Database, memberId: number): VerifierRow | undefined {
  return db.prepare('SELECT verifier_id, member_id, verifier_name, store_id FROM verifier WHERE member_id = ?').get(memberId) as VerifierRow | undefined
}

/** Test API: make a member a verifier (named after its nickname unless given), or no longer one. */
export function setVerifier(db: Database, memberId: number, on: boolean, name?: string): VerifierRow | undefined {
  if (!on) {
    db.prepare('DELETE FROM verifier WHERE member_id = ?').run(memberId)
    return undefined
  }
  const existing = findVerifier(db, memberId)
  if (existing) return existing
  const member = db.prepare('SELECT nickname, username FROM member WHERE member_id = ?').get(memberId) as { nickname: string; username: string }
  insertRow(db, 'verifier', { member_id: memberId, verifier_name: name || member.nickname || member.username, create_time: nowSeconds() })
  return findVerifier(db, memberId)
}

export function findVerify(db: Database, code: string): VerifyRow | undefined {
  return db.prepare('SELECT * FROM verify WHERE verify_code = ?').get(code) as VerifyRow | undefined
}

/**
 * The refusal a code gets now, or null when it may be used: the state the upstream stores
 * (used, refunded) first, then what time and the order say (expired; refunded, in after-sales or
 * closed order).
 */
export function verifyRefusal(db: Database, row: VerifyRow): string | null {
  if (row.is_verify === VERIFY_STATUS.used) return VERIFY_MESSAGES.used
  if (row.is_verify === VERIFY_STATUS.refunded) return VERIFY_MESSAGES.refunded
  if (row.is_verify === VERIFY_STATUS.expired || (row.expire_time > 0 && row.expire_time < nowSeconds())) return VERIFY_MESSAGES.expired
  const order = findOrder(db, row.order_id)
  if (!order || order.order_status === -1) return VERIFY_MESSAGES.closed
  // The buyer may confirm a pickup themselves (/api/order/takedelivery): nothing left to verify.
  if (row.verify_type === 'pickup' && order.order_status !== 2) return VERIFY_MESSAGES.pickedUp
  const lines = linesOf(db, row.order_id).filter((line) => !row.order_goods_id || line.order_goods_id === row.order_goods_id)
  // refund_status: 3 refunded, 1/2/4/5 in after-sales, -1 refused (may be used again), 0 none.
  if (lines.length > 0 && lines.every((line) => line.refund_status === 3)) return VERIFY_MESSAGES.refunded
  if (lines.some((line) => line.refund_status !== 0 && line.refund_status !== -1)) return VERIFY_MESSAGES.refunding
  return null
}

/** The status a code reads as now: stored, or expired / refunded from what time and the order say. */
export function effectiveStatus(db: Database, row: VerifyRow): number {
  if (row.is_verify !== VERIFY_STATUS.waiting) return row.is_verify
  const refusal = verifyRefusal(db, row)
  if (refusal === VERIFY_MESSAGES.expired) return VERIFY_STATUS.expired
  if (refusal === VERIFY_MESSAGES.refunded) return VERIFY_STATUS.refunded
  return VERIFY_STATUS.waiting
}

function recordsOf(db: Database, code: string): { verifier_name: string; verify_time: number }[] {
  return db.prepare('SELECT verifier_name, verify_time FROM verify_record WHERE verify_code = ? ORDER BY id DESC').all(code) as { verifier_name: string; verify_time: number }[]
}

/** A code as verifyinfo and lists answer it: the row with its JSON unpacked, the status now, its uses. */
export function verifyView(db: Database, row: VerifyRow): Record<string, unknown> {
  const content = JSON.parse(row.verify_content_json || '{}') as { item_array?: unknown[]; remark_array?: { title: string; value: string }[] }
  const status = effectiveStatus(db, row)
  const order = findOrder(db, row.order_id)
  const rest: Partial<VerifyRow> = { ...row }
  delete rest.verify_content_json
  return {
    ...rest,
    is_verify: status,
    item_array: content.item_array ?? [],
    remark_array: content.remark_array ?? [],
    order_no: content.remark_array?.[1]?.value ?? '',
    order_info: order ? { order_id: order.order_id, order_no: order.order_no, member_id: order.member_id, name: order.name } : [],
    sku_image: row.verify_type === 'virtualgoods' ? ((content.item_array?.[0] as { img?: string } | undefined)?.img ?? '') : '',
    is_verify_info: { id: status, name: VERIFY_STATUS_NAMES[status] ?? '' },
    verify_record: recordsOf(db, row.verify_code),
  }
}

/**
 * One use of a code by a verifier, in one transaction: the guarded UPDATE counts the use only
 * while the code is still waiting, so two verifiers racing on the last use cannot both win.
 * Pickup: the order is received (4, order-flow's takeDelivery). Virtual: when every code of the
 * order is used up, 已使用 (12).
 * Returns the refusal message, or null when verified.
 */
export function useVerifyCode(db: Database, verifier: VerifierRow, code: string): string | null {
  return db.transaction((): string | null => {
    const row = findVerify(db, code)
    if (!row) return VERIFY_MESSAGES.unknown
    const refusal = verifyRefusal(db, row)
    if (refusal) return refusal
    const now = nowSeconds()
    const used = db
      .prepare(
        `UPDATE verify SET verify_use_num = verify_use_num + 1,
           is_verify = CASE WHEN verify_use_num + 1 >= verify_total_count THEN 1 ELSE 0 END,
           verifier_id = ?, verifier_name = ?, verify_time = ?, verify_from = 'pc'
         WHERE id = ? AND is_verify = 0 AND verify_use_num < verify_total_count`,
      )
      .run(verifier.verifier_id, verifier.verifier_name, now, row.id)
    if (used.changes !== 1) return VERIFY_MESSAGES.used
    insertRow(db, 'verify_record', { verify_code: code, verifier_id: verifier.verifier_id, verifier_name: verifier.verifier_name, verify_time: now, verify_from: 'pc' })
    if (row.verify_type === 'pickup') {
      // The order's own transition to received (4), as the buyer's confirm makes it.
      takeDelivery(db, row.order_id, now)
      return null
    }
    const open = db.prepare('SELECT COUNT(*) AS n FROM verify WHERE order_id = ? AND is_verify = 0').get(row.order_id) as { n: number }
    if (open.n === 0) {
      db.prepare("UPDATE orders SET order_status = 12, order_status_name = '已使用', sign_time = ? WHERE order_id = ? AND order_status IN (3, 11)").run(now, row.order_id)
    }
    return null
  })()
}

/** The verifier's history (codes it used last), newest use first; `type` 'all' or a type key. */
export function verifierHistory(db: Database, verifierId: number, type: string, page: number, pageSize: number): { rows: VerifyRow[]; count: number } {
  const where = type === 'all' ? 'verifier_id = ?' : 'verifier_id = ? AND verify_type = ?'
  const args: unknown[] = type === 'all' ? [verifierId] : [verifierId, type]
  const count = (db.prepare(`SELECT COUNT(*) AS n FROM verify WHERE ${where}`).get(...args) as { n: number }).n
  const limit = pageSize === 0 ? '' : ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
  const rows = db.prepare(`SELECT * FROM verify WHERE ${where} ORDER BY verify_time DESC, id DESC${limit}`).all(...args) as VerifyRow[]
  return { rows, count }
}

/**
 * The code fields of an order's detail (contract §4.4), merged over /api/order/detail's answer:
 * pickup → delivery_code (shown once paid) and delivery_code_status (ours: is_verify of the code);
 * virtual → virtual_code and virtual_goods of its verify-type lines. {} when the order has no codes.
 */
export function orderVerifyFields(db: Database, orderId: number): Record<string, unknown> {
  const order = db.prepare('SELECT order_type, pay_status, delivery_code, virtual_code FROM orders WHERE order_id = ?').get(orderId) as
    { order_type: number; pay_status: number; delivery_code: string; virtual_code: string } | undefined
  if (!order) return {}
  const rows = db.prepare('SELECT * FROM verify WHERE order_id = ? ORDER BY id').all(orderId) as VerifyRow[]
  // No codes (unpaid, or a virtual order without verify-type lines): the order's own answer stands.
  if (rows.length === 0) return {}
  if (order.order_type === 2) {
    return { delivery_code: order.pay_status === 1 ? order.delivery_code : '', delivery_code_status: effectiveStatus(db, rows[0]) }
  }
  if (order.order_type !== 4) return {}
  const goods = rows.map((row) => {
    const status = effectiveStatus(db, row)
    return {
      code: row.verify_code,
      order_goods_id: row.order_goods_id,
      expire_time: row.expire_time,
      total_verify_num: row.verify_total_count,
      verify_num: row.verify_use_num,
      is_veirfy: status, // sic: the upstream's spelling (contract §11)
      verify_time: row.verify_time,
      verify_record: recordsOf(db, row.verify_code),
    }
  })
  // Upstream virtual orders hold one line, so virtual_goods is one object; virtual_goods_list (ours) has every code.
  return { virtual_code: order.virtual_code, virtual_goods: goods[0] ?? null, virtual_goods_list: goods }
}
