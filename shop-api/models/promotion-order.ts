import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'
import type { ConfigStore } from '../core/services.js'
import { goodsLine } from './cart.js'
import { saleRefusal, type Catalog } from './catalog.js'
import { inSeckillSlot, seckillActivities, secondsOfDay, type SeckillInfo } from './catalog-promotions.js'
import {
  BUYER_MESSAGE_MAX,
  ERROR_PART,
  invoiceRefusal,
  memberMoney,
  resolveDelivery,
  type CheckoutLine,
  type Choices,
  type OrderConfig,
  type OrderKeyInput,
  type Refusal,
} from './checkout.js'
import type { Calculation } from './checkout-calculate.js'

/**
 * Promotion checkouts (contract §7.1): the normal checkout's order key, delivery, invoice and
 * balance, but each kind prices its own lines (seckill_price…), takes no coupon, no points and
 * no 满减, and checks its own rules (time window, per-member limit, activity stock). The price
 * is read from the activity at every calculate: the client never sends one.
 */

export type PromotionType = 'seckill' | 'bundling' | 'groupbuy' | 'pointexchange' | 'topic'

export const PROMOTION_TYPE_NAMES: Record<PromotionType, string> = {
  seckill: '秒杀',
  bundling: '组合套餐',
  groupbuy: '团购',
  pointexchange: '积分兑换',
  topic: '专题活动',
}

/** What a promotion order key holds: the normal key's lines plus the activity. */
export interface PromotionKeyInput extends OrderKeyInput {
  promotion: { type: PromotionType; id: number }
}

/** A line as the promotion prices it (cents per unit). */
export interface PromotionLine {
  sku_id: number
  num: number
  price: number
}

export const SECKILL_CLOSED = '当前商品秒杀活动未开启或已过期！'
const GONE = '您要购买的商品已删除或已下架'

const cents = (yuan: number): number => Math.round(Number(yuan) * 100)

// ---------------------------------------------------------------------------------------------
// Seckill

export function findSeckillActivity(db: Database, seckillId: number, now = nowSeconds()): SeckillInfo | undefined {
  return seckillActivities(db, now).find((s) => s.seckill_id === seckillId)
}

/** Start of today (China time), unix seconds: per-member seckill limits count from here. */
export function startOfDay(now: number): number {
  return now - secondsOfDay(now)
}

/** How many of this SKU the member bought in this seckill today (orders not closed). */
export function seckillPurchased(db: Database, memberId: number, seckillId: number, skuId: number, now = nowSeconds()): number {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(og.num), 0) AS n FROM order_goods og JOIN orders o ON o.order_id = og.order_id
       WHERE o.member_id = ? AND og.promotion_type = 'seckill' AND og.promotion_id = ? AND og.sku_id = ? AND o.order_status != -1 AND o.create_time >= ?`,
    )
    .get(memberId, seckillId, skuId, startOfDay(now)) as { n: number }
  return row.n
}

/** Activity stock of a SKU: the smaller of the activity's and the real stock. */
export function seckillStock(item: { stock: number }, realStock: number): number {
  return Math.max(0, Math.min(item.stock, realStock))
}

/** The seckill's lines at its price, or the refusal (upstream's wording) that stops the order. */
export function seckillLines(db: Database, catalog: Catalog, memberId: number, seckillId: number, skuId: number, num: number): { lines: PromotionLine[]; refusal: Refusal | null } {
  const refuse = (message: string) => ({ lines: [] as PromotionLine[], refusal: { error: ERROR_PART.goods, message } })
  const seckill = findSeckillActivity(db, seckillId, catalog.now)
  if (!seckill || !inSeckillSlot(db, seckill.seckill_time_id, catalog.now)) return refuse(SECKILL_CLOSED)
  const item = seckill.skus.get(skuId)
  const sku = catalog.sku(skuId)
  const goods = sku ? catalog.goods(sku.goods_id) : undefined
  if (!item || !sku || !goods || goods.goods_state !== 1) return refuse(GONE)
  const refusal = saleRefusal(catalog.saleControl(goods))
  if (refusal) return refuse(refusal)
  if (num < 1) return refuse('商品项的购买数量不能小于1')
  // Every unit is at the seckill price here, so the cart's rules (spec §5) become refusals.
  if (seckill.goods_min > 1 && num < seckill.goods_min) return refuse(`该商品${seckill.goods_min}件起售`)
  if (seckill.num_multiple > 1 && num % seckill.num_multiple !== 0) return refuse(`该商品须按${seckill.num_multiple}的倍数购买`)
  if (num > seckillStock(item, sku.stock)) return refuse('该商品库存不足')
  if (seckill.goods_limit > 0) {
    const bought = seckillPurchased(db, memberId, seckillId, skuId, catalog.now)
    if (bought + num > seckill.goods_limit) return refuse(`该商品每人限购${seckill.goods_limit}件，您已购买${bought}件`)
  }
  return { lines: [{ sku_id: skuId, num, price: cents(item.seckill_price) }], refusal: null }
}

// ---------------------------------------------------------------------------------------------
// Combo (bundling)

export const COMBO_MISSING = '组合套餐不存在'

/**
 * A combo's lines for `sets` sets: each item × sets, the combo price spread over the items by
 * their `promotion_price` shares (contract §7.4: last line takes the rounding remainder).
 * Free shipping when the seller pays it (`shipping_fee_type` 1).
 */
export function comboLines(catalog: Catalog, blId: number, sets: number): { lines: PromotionLine[]; refusal: Refusal | null; freeShipping: boolean } {
  const refuse = (message: string) => ({ lines: [] as PromotionLine[], refusal: { error: ERROR_PART.goods, message }, freeShipping: false })
  const bundling = catalog.promotions.bundlings.find((b) => b.bl_id === blId)
  if (!bundling || bundling.items.length === 0) return refuse(COMBO_MISSING)
  if (sets < 1) return refuse('购买数量不能小于1')
  const total = cents(bundling.bl_price) * sets
  const weights = bundling.items.map((item) => cents(item.promotion_price))
  const weightSum = weights.reduce((sum, w) => sum + w, 0)
  const lines: PromotionLine[] = []
  let left = total
  for (const [index, item] of bundling.items.entries()) {
    const sku = catalog.sku(item.sku_id)
    const goods = sku ? catalog.goods(sku.goods_id) : undefined
    if (!sku || !goods || goods.goods_state !== 1) return refuse(GONE)
    const refusal = saleRefusal(catalog.saleControl(goods))
    if (refusal) return refuse(refusal)
    if (sku.stock < sets) return refuse(`商品"${sku.sku_name}"库存不足`)
    const share = index === bundling.items.length - 1 ? left : weightSum > 0 ? Math.floor((total * weights[index]!) / weightSum) : Math.floor(total / bundling.items.length)
    left -= share
    // The line's unit price is its share per set; a share that does not divide evenly keeps its cents on the line total.
    lines.push({ sku_id: sku.sku_id, num: sets, price: share / sets })
  }
  return { lines, refusal: null, freeShipping: bundling.shipping_fee_type === 1 }
}

// ---------------------------------------------------------------------------------------------
// Group buy

export interface GroupbuyRecord {
  groupbuy_id: number
  goods_id: number
  sku_id: number
  groupbuy_price: number
  buy_num: number
  sell_num: number
  status: number
  rule: string
  start_time: number
  end_time: number
}

export const GROUPBUY_CLOSED = '当前商品团购活动未开启或已过期！'

/** A group buy and its status now: 1 not started, 2 running, 3 ended (the stored status, corrected by its dates). */
export function findGroupbuy(db: Database, groupbuyId: number, now = nowSeconds()): (GroupbuyRecord & { state: 1 | 2 | 3 }) | undefined {
  const row = db.prepare('SELECT * FROM groupbuy WHERE groupbuy_id = ?').get(groupbuyId) as GroupbuyRecord | undefined
  if (!row) return undefined
  const state = row.status === 3 || now >= row.end_time ? 3 : row.status === 1 || now < row.start_time ? 1 : 2
  return { ...row, state }
}

/** The group buy's line at its price, or the refusal that stops the order. */
export function groupbuyLines(db: Database, catalog: Catalog, groupbuyId: number, num: number): { lines: PromotionLine[]; refusal: Refusal | null } {
  const refuse = (message: string) => ({ lines: [] as PromotionLine[], refusal: { error: ERROR_PART.goods, message } })
  const groupbuy = findGroupbuy(db, groupbuyId, catalog.now)
  if (!groupbuy || groupbuy.state !== 2) return refuse(GROUPBUY_CLOSED)
  const sku = catalog.sku(groupbuy.sku_id)
  const goods = sku ? catalog.goods(sku.goods_id) : undefined
  if (!sku || !goods || goods.goods_state !== 1) return refuse(GONE)
  const refusal = saleRefusal(catalog.saleControl(goods))
  if (refusal) return refuse(refusal)
  if (num < groupbuy.buy_num) return refuse(`该商品限制购买不能少于${groupbuy.buy_num}件！`)
  if (num > sku.stock) return refuse('该商品库存不足')
  return { lines: [{ sku_id: sku.sku_id, num, price: cents(groupbuy.groupbuy_price) }], refusal: null }
}

// ---------------------------------------------------------------------------------------------
// The calculation (the shape models/checkout.ts calculate answers, so views and insertOrder take it)

export function promotionCalculate(
  db: Database,
  catalog: Catalog,
  config: ConfigStore,
  memberId: number,
  type: PromotionType,
  priced: { lines: PromotionLine[]; refusal: Refusal | null; freeShipping?: boolean },
  choices: Choices,
): Calculation {
  const orderConfig = config.get<OrderConfig>('ORDER_CONFIG')
  const lines: CheckoutLine[] = []
  for (const wanted of priced.lines) {
    const line = goodsLine(catalog, { cart_id: 0, member_id: memberId, sku_id: wanted.sku_id, bl_id: 0, num: wanted.num, create_time: 0 })
    if (!line) continue
    const subtotal = Math.round(wanted.price * wanted.num)
    lines.push({ ...line, promotion: { ...line.promotion, label: type === 'seckill' ? 'seckill' : '' }, subtotal, unitPrice: Math.round(wanted.price), joinCoupon: false })
  }
  let refusal = priced.refusal ?? (lines.length === 0 ? { error: ERROR_PART.goods, message: GONE } : null)
  const goodsMoney = lines.reduce((sum, l) => sum + l.subtotal, 0)
  const goodsNum = lines.reduce((sum, l) => sum + l.row.num, 0)
  const resolved = resolveDelivery(db, config, memberId, choices, lines, goodsMoney)
  // A combo whose seller pays the shipping (shipping_fee_type 1) ships free.
  const delivery = priced.freeShipping ? { ...resolved, fee: 0 } : resolved
  refusal ??= delivery.refusal
  refusal ??= invoiceRefusal(orderConfig, choices.invoice)
  if ([...choices.buyerMessage].length > BUYER_MESSAGE_MAX) refusal ??= { error: ERROR_PART.message, message: `买家留言不能超过${BUYER_MESSAGE_MAX}个字符` }

  const invoiceOn = choices.invoice.isInvoice && orderConfig.invoice_status === 1
  const invoiceMoney = invoiceOn ? Math.round((goodsMoney * Number(orderConfig.invoice_rate)) / 100) : 0
  const invoiceDeliveryMoney = invoiceOn && choices.invoice.type === 1 ? cents(orderConfig.invoice_money) : 0
  const orderMoney = Math.max(0, goodsMoney + delivery.fee + invoiceMoney + invoiceDeliveryMoney)
  const member = memberMoney(db, memberId)
  const balanceUsed = { balance: 0, balanceMoney: 0 }
  if (choices.isBalance) {
    balanceUsed.balance = Math.min(orderMoney, member.balance)
    balanceUsed.balanceMoney = Math.min(orderMoney - balanceUsed.balance, member.balanceMoney)
  }
  const balanceMoney = balanceUsed.balance + balanceUsed.balanceMoney
  return {
    lines,
    delivery,
    coupon: null,
    couponLines: new Map(),
    goodsNum,
    goodsMoney,
    deliveryMoney: delivery.fee,
    promotionMoney: 0,
    couponMoney: 0,
    maxUsablePoint: 0,
    maxPointMoney: 0,
    pointUsed: 0,
    pointMoney: 0,
    pointLines: new Map(),
    pointModule: false,
    invoiceMoney,
    invoiceDeliveryMoney,
    orderMoney,
    balanceUsed,
    balanceMoney,
    payMoney: orderMoney - balanceMoney,
    refusal,
    member,
    orderConfig,
  }
}
