import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'
import { ApiReply, error } from '../core/router.js'
import { saleRefusal, type Catalog } from './catalog.js'
import { COUPON_GET_TYPE, giveCoupons, type CouponTypeRecord } from './coupon.js'
import { ERROR_PART, type Refusal } from './checkout.js'
import { addPointLedger } from './ledger.js'
import { newOutTradeNo } from './order.js'
import type { PromotionLine } from './promotion-order.js'

/**
 * Points mall (pointexchange addon, contract §6.12): exchange items (goods or coupons) for points
 * and, for goods, an optional cash part. The rules are checked from the stored item at every
 * step (payment, calculate, create): nothing the client sends prices the exchange.
 */

export interface ExchangeRecord {
  id: number
  type: 1 | 2
  type_id: number
  name: string
  image: string
  point: number
  price: number
  market_price: number
  stock: number
  limit_num: number
  pay_type: number
  state: number
  sort: number
  content: string
  create_time: number
}

export const EXCHANGE_TYPE_NAMES: Record<number, string> = { 1: '商品', 2: '优惠券' }
export const EXCHANGE_MISSING = '商品未找到'
/** goods/detail of an exchange that is off (or whose goods are): Niushop's bare `error($info)`. */
export const EXCHANGE_OFF = '操作失败'
export const EXCHANGE_CLOSED = '当前兑换活动未开启！'
export const EXCHANGE_NO_STOCK = '当前兑换库存不足！'
export const POINT_SHORT = '账户积分不足'
export const EXCHANGE_NUM = '兑换数量不能小于1'
const GONE = '您要购买的商品已删除或已下架'

const cents = (yuan: number): number => Math.round(Number(yuan) * 100)

export function findExchange(db: Database, id: number): ExchangeRecord | undefined {
  return db.prepare('SELECT * FROM point_exchange WHERE id = ?').get(id) as ExchangeRecord | undefined
}

/** How many of this exchange the member holds: its exchange orders that are not closed. */
export function exchangedNum(db: Database, memberId: number, exchangeId: number): number {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(e.num), 0) AS n FROM point_exchange_order e LEFT JOIN orders o ON o.order_id = e.relate_order_id
       WHERE e.member_id = ? AND e.exchange_id = ? AND e.order_status != -1 AND (e.relate_order_id = 0 OR o.order_status != -1)`,
    )
    .get(memberId, exchangeId) as { n: number }
  return row.n
}

export function memberPoint(db: Database, memberId: number): number {
  return (db.prepare('SELECT point FROM member WHERE member_id = ?').get(memberId) as { point: number } | undefined)?.point ?? 0
}

/** What is left to exchange: the exchange's stock, and for goods no more than the SKU's stock. */
export function exchangeStock(catalog: Catalog, item: ExchangeRecord): number {
  if (item.type !== 1) return Math.max(0, item.stock)
  const sku = catalog.sku(item.type_id)
  return Math.max(0, Math.min(item.stock, sku?.stock ?? 0))
}

/**
 * The refusal (upstream's wording) that stops exchanging `num` of the item now, or null. Niushop
 * checks the points only when it takes them (create): `points: false` leaves them out (payment).
 */
export function exchangeRefusal(
  db: Database,
  catalog: Catalog,
  memberId: number,
  item: ExchangeRecord | undefined,
  num: number,
  options: { points: boolean } = { points: true },
): string | null {
  if (!item) return EXCHANGE_MISSING
  if (item.state !== 1) return EXCHANGE_CLOSED
  if (num < 1) return EXCHANGE_NUM
  if (item.type === 1) {
    const sku = catalog.sku(item.type_id)
    const goods = sku ? catalog.goods(sku.goods_id) : undefined
    if (!sku || !goods || goods.goods_state !== 1) return GONE
    const saleControlled = saleRefusal(catalog.saleControl(goods))
    if (saleControlled) return saleControlled
  }
  if (num > exchangeStock(catalog, item)) return EXCHANGE_NO_STOCK
  if (item.limit_num > 0) {
    const bought = exchangedNum(db, memberId, item.id)
    // Niushop names what was exchanged only when it is something.
    if (bought + num > item.limit_num) return `最多可以兑换${item.limit_num}件${bought > 0 ? `，您已兑换${bought}件` : ''}`
  }
  if (options.points && memberPoint(db, memberId) < item.point * num) return POINT_SHORT
  return null
}

/** A goods exchange's line at its cash part, or the refusal that stops it (the promotion checkout's shape). */
export function exchangeLines(db: Database, catalog: Catalog, memberId: number, exchangeId: number, num: number): { lines: PromotionLine[]; refusal: Refusal | null } {
  const item = findExchange(db, exchangeId)
  const refusal = item && item.type !== 1 ? EXCHANGE_MISSING : exchangeRefusal(db, catalog, memberId, item, num)
  if (refusal || !item) return { lines: [], refusal: { error: ERROR_PART.goods, message: refusal ?? EXCHANGE_MISSING } }
  return { lines: [{ sku_id: item.type_id, num, price: cents(item.price) }], refusal: null }
}

/** Take the exchange's points (ledger `from_type`, so closing a goods order gives them back) and its stock; refuses when either is short. */
export function takeExchange(db: Database, memberId: number, item: ExchangeRecord, num: number, ledger: { fromType: string; relatedId: number; remark: string }): void {
  const points = item.point * num
  const taken = db.prepare('UPDATE member SET point = point - ? WHERE member_id = ? AND point >= ?').run(points, memberId, points)
  if (taken.changes !== 1) throw new ApiReply(error(-1, POINT_SHORT))
  addPointLedger(db, { memberId, points: -points, fromType: ledger.fromType, typeName: '积分兑换', relatedId: ledger.relatedId, remark: ledger.remark })
  const stock = db.prepare('UPDATE point_exchange SET stock = stock - ? WHERE id = ? AND stock >= ?').run(num, item.id, num)
  if (stock.changes !== 1) throw new ApiReply(error(-1, EXCHANGE_NO_STOCK))
}

/** The exchange order row (status: coupons 1 at once; goods follow their goods order). */
export function insertExchangeOrder(
  db: Database,
  memberId: number,
  item: ExchangeRecord,
  num: number,
  goodsOrder: { orderId: number; outTradeNo: string } | null,
): { orderId: number; outTradeNo: string } {
  const now = nowSeconds()
  const outTradeNo = goodsOrder?.outTradeNo ?? newOutTradeNo(memberId)
  const result = db
    .prepare(
      `INSERT INTO point_exchange_order (order_no, out_trade_no, member_id, exchange_id, exchange_name, exchange_image, type, type_id, point, exchange_price, price, num,
         relate_order_id, order_status, create_time, pay_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      `PE${outTradeNo}`,
      outTradeNo,
      memberId,
      item.id,
      item.name,
      item.image,
      item.type,
      item.type_id,
      item.point * num,
      item.price,
      Math.round(item.price * num * 100) / 100,
      num,
      goodsOrder?.orderId ?? 0,
      goodsOrder ? 0 : 1,
      now,
      goodsOrder ? 0 : now,
    )
  return { orderId: Number(result.lastInsertRowid), outTradeNo }
}

/** Give the member `num` coupons of the exchange's coupon type (get_type 3: points exchange). */
export function giveExchangeCoupons(db: Database, memberId: number, couponTypeId: number, num: number): void {
  const row = db.prepare('SELECT * FROM coupon_type WHERE coupon_type_id = ?').get(couponTypeId) as CouponTypeRecord | undefined
  if (!row) throw new ApiReply(error(-1, EXCHANGE_MISSING))
  giveCoupons(db, row, memberId, COUPON_GET_TYPE.pointExchange, num)
}

/** An exchange order's status now: a goods exchange follows its goods order (0 unpaid, 1 paid, -1 closed). */
export function exchangeOrderStatus(db: Database, row: { relate_order_id: number; order_status: number }): number {
  if (!row.relate_order_id) return row.order_status
  const order = db.prepare('SELECT order_status, pay_status FROM orders WHERE order_id = ?').get(row.relate_order_id) as { order_status: number; pay_status: number } | undefined
  if (!order || order.order_status === -1) return -1
  return order.pay_status === 1 ? 1 : 0
}

export const EXCHANGE_ORDER_STATUS_NAMES: Record<number, string> = { 0: '待支付', 1: '兑换成功', [-1]: '已关闭' }
