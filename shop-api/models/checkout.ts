import { randomInt } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'
import { ApiException } from '../core/router.js'
import type { ConfigStore } from '../core/services.js'
import { goodsLine, type CartRow, type PricedGoodsLine } from './cart.js'
import { saleRefusal, type Catalog } from './catalog.js'
import { appliesToGoods, type CouponTypeRecord } from './coupon.js'

/**
 * The checkout computation (docs/checkout-api.md): what an order key holds, the lines priced
 * from the catalogue and promotions (models/pricing.ts via goodsLine: the client never sends a
 * price), delivery, coupon, invoice and balance; checkout-calculate.ts sums them. All money here
 * is integer cents; the views convert at the edge.
 */

export const ORDER_KEY_TTL_SECONDS = 30000 // Niushop caches the order-create data 30 000 s
export const BUYER_MESSAGE_MAX = 140
export const EXPIRED_MESSAGE = '订单已过期'

/** What payment stored: the lines as they were when the buyer started (later cart edits do not leak in). */
export interface OrderKeyInput {
  kind: 'cart' | 'buy_now'
  cart_ids: string
  lines: { cart_id: number; sku_id: number; num: number }[]
}

export interface OrderKeyRow {
  order_key: string
  member_id: number
  kind: string
  input: string
  expire_time: number
  used_time: number
}

/** Refusal parts: `data.error` of payment/calculate (ours: the number names the part). */
export const ERROR_PART = { goods: 1, delivery: 2, coupon: 3, balance: 4, invoice: 5, message: 6, point: 7 } as const
export const POINT_SHORT_MESSAGE = '积分余额不足'

export interface Refusal {
  error: number
  message: string
}

export function newOrderKey(): string {
  const d = new Date()
  const date = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`
  let digits = ''
  for (let i = 0; i < 15; i++) digits += String(randomInt(10))
  return date + digits
}

/** The caller's live, unused key, or the upstream's exception answer (no data key) for anything else. */
export function loadOrderKey(db: Database, orderKey: string, memberId: number): { row: OrderKeyRow; input: OrderKeyInput } {
  const row = db.prepare('SELECT order_key, member_id, kind, input, expire_time, used_time FROM order_key WHERE order_key = ?').get(orderKey) as OrderKeyRow | undefined
  if (!row || row.member_id !== memberId || row.used_time > 0 || row.expire_time <= nowSeconds()) throw new ApiException(-1, EXPIRED_MESSAGE)
  return { row, input: JSON.parse(row.input) as OrderKeyInput }
}

// ---------------------------------------------------------------------------------------------
// Choices (calculate/create params)

export interface DeliveryChoice {
  type: string
  storeId: number
  askTime: Record<string, unknown> | null
}

export interface InvoiceChoice {
  isInvoice: boolean
  type: number
  titleType: number
  title: string
  taxpayerNumber: string
  content: string
  fullAddress: string
  email: string
}

export interface Choices {
  delivery: DeliveryChoice
  /** null = not sent: the best usable coupon is chosen; 0 = none. */
  couponId: number | null
  /** (ours) express address; 0 = the member's default address. */
  addressId: number
  contact: { name: string; mobile: string } | null
  isBalance: boolean
  /** is_point: use points (points-cash addon); upstream's default when not sent is 1. */
  isPoint: boolean
  invoice: InvoiceChoice
  buyerMessage: string
}

/** A JSON param that may arrive as a JSON string or as an object already. Junk → null. */
export function jsonParam(value: unknown): Record<string, unknown> | null {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  if (typeof value !== 'string' || value.trim() === '') return null
  try {
    const parsed: unknown = JSON.parse(value)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
const whole = (value: unknown): number => {
  const n = Number.parseInt(text(value), 10)
  return Number.isFinite(n) ? n : 0
}

export function readChoices(params: Record<string, unknown>): Choices {
  const delivery = jsonParam(params.delivery)
  const coupon = jsonParam(params.coupon)
  const contact = jsonParam(params.member_address)
  const askTime = delivery ? jsonParam(delivery.buyer_ask_delivery_time) : null
  return {
    delivery: {
      type: delivery ? text(delivery.delivery_type) : 'express',
      storeId: whole(delivery?.store_id ?? params.store_id),
      askTime,
    },
    couponId: coupon ? whole(coupon.coupon_id) : null,
    addressId: whole(params.address_id ?? delivery?.address_id),
    contact: contact ? { name: text(contact.name), mobile: text(contact.mobile) } : null,
    isBalance: whole(params.is_balance) === 1,
    isPoint: params.is_point === undefined || text(params.is_point) === '' ? true : whole(params.is_point) === 1,
    invoice: {
      isInvoice: whole(params.is_invoice) === 1,
      type: whole(params.invoice_type) || 1,
      titleType: whole(params.invoice_title_type) || 1,
      title: text(params.invoice_title).trim(),
      taxpayerNumber: text(params.taxpayer_number).trim(),
      content: text(params.invoice_content).trim(),
      fullAddress: text(params.invoice_full_address).trim(),
      email: text(params.invoice_email).trim(),
    },
    buyerMessage: text(params.buyer_message),
  }
}

// ---------------------------------------------------------------------------------------------
// Lines

export interface CheckoutLine extends PricedGoodsLine {
  /** Unit price charged (cents): the promotion price when every unit gets it, else the base price. */
  unitPrice: number
  /** May take a coupon (seckill prices do not). */
  joinCoupon: boolean
}

/** Price the stored lines; lines whose goods or SKU is gone are dropped (reported by `lineRefusal`). */
export function priceLines(catalog: Catalog, input: OrderKeyInput, memberId: number): { lines: CheckoutLine[]; missing: boolean } {
  const lines: CheckoutLine[] = []
  let missing = false
  for (const stored of input.lines) {
    const row: CartRow = { cart_id: stored.cart_id, member_id: memberId, sku_id: stored.sku_id, bl_id: 0, num: stored.num, create_time: 0 }
    const line = goodsLine(catalog, row)
    if (!line) {
      missing = true
      continue
    }
    const unitPrice = line.subtotal % stored.num === 0 ? line.subtotal / stored.num : Math.round(line.subtotal / stored.num)
    lines.push({ ...line, unitPrice, joinCoupon: line.promotion.label !== 'seckill' })
  }
  return { lines, missing }
}

/** The first goods problem (stock, shelf, sale control, min/max per goods), upstream's wording. */
export function lineRefusal(catalog: Catalog, lines: CheckoutLine[], missing: boolean): Refusal | null {
  const goodsError = (message: string): Refusal => ({ error: ERROR_PART.goods, message })
  if (missing || lines.length === 0) return goodsError('您要购买的商品已删除或已下架')
  const perGoods = new Map<number, { line: CheckoutLine; num: number }>()
  for (const line of lines) {
    if (line.goods.goods_state !== 1) return goodsError('您要购买的商品已删除或已下架')
    const refusal = saleRefusal(catalog.saleControl(line.goods))
    if (refusal) return goodsError(refusal)
    if (line.row.num > line.sku.stock) return goodsError(`商品"${line.sku.sku_name}"库存不足`)
    const entry = perGoods.get(line.goods.goods_id)
    perGoods.set(line.goods.goods_id, { line, num: (entry?.num ?? 0) + line.row.num })
  }
  for (const { line, num } of perGoods.values()) {
    const goods = line.goods
    if (goods.min_buy > 0 && num < goods.min_buy) return goodsError(`商品"${goods.goods_name}"${goods.min_buy}件起售`)
    if (goods.is_limit && goods.max_buy > 0) {
      if (goods.limit_type === 2) {
        const bought = catalog.purchasedNum(goods.goods_id)
        if (bought + num > goods.max_buy) return goodsError(`商品"${goods.goods_name}"每人限购${goods.max_buy}件，您已购买${bought}件`)
      } else if (num > goods.max_buy) return goodsError(`商品"${goods.goods_name}"每人限购${goods.max_buy}件`)
    }
  }
  return null
}

// ---------------------------------------------------------------------------------------------
// Delivery

export interface StoreRow {
  store_id: number
  store_name: string
  telphone: string
  open_date: string
  address: string
  full_address: string
  longitude: string
  latitude: string
  status: number
  is_pickup: number
  is_o2o: number
}

export interface AddressRow {
  id: number
  member_id: number
  site_id: number
  name: string
  mobile: string
  telephone: string
  province_id: number
  city_id: number
  district_id: number
  community_id: number
  address: string
  full_address: string
  longitude: string
  latitude: string
  is_default: number
  type: number
}

export const DELIVERY_NAMES: Record<string, string> = { express: '快递发货', store: '门店自提', local: '同城配送' }
export const ORDER_TYPE_OF: Record<string, number> = { express: 1, store: 2, local: 3 }

export function storesFor(db: Database, type: 'store' | 'local'): StoreRow[] {
  const where = type === 'store' ? 'is_pickup = 1' : 'is_o2o = 1'
  return db.prepare(`SELECT * FROM store WHERE ${where} ORDER BY store_id`).all() as StoreRow[]
}

export function defaultAddress(db: Database, memberId: number): AddressRow | null {
  return (db.prepare('SELECT * FROM member_address WHERE member_id = ? ORDER BY is_default DESC, id LIMIT 1').get(memberId) as AddressRow | undefined) ?? null
}

export interface DeliveryResult {
  type: string
  address: AddressRow | null
  store: StoreRow | null
  fee: number
  refusal: Refusal | null
}

export interface DeliveryFeeConfig {
  express_fee: number
  express_free_from: number
  local_fee: number
}

/** Every line is of virtual goods (5.5.2 takes the flag from the goods; a mixed order is not virtual here). */
export function isVirtualOrder(lines: CheckoutLine[]): boolean {
  return lines.length > 0 && lines.every((line) => line.goods.is_virtual === 1)
}

export function resolveDelivery(db: Database, config: ConfigStore, memberId: number, choice: Choices, lines: CheckoutLine[], goodsMoney: number): DeliveryResult {
  const refuse = (message: string): DeliveryResult => ({ type: choice.delivery.type, address: null, store: null, fee: 0, refusal: { error: ERROR_PART.delivery, message } })
  // Virtual goods ship nowhere: no delivery type, address or fee, whatever was sent (as 5.5.2).
  if (isVirtualOrder(lines)) return { type: '', address: null, store: null, fee: 0, refusal: null }
  const type = choice.delivery.type
  if (!(type in DELIVERY_NAMES)) return refuse('请选择有效的配送方式')
  const fees = config.get<DeliveryFeeConfig>('DELIVERY_FEE_CONFIG')

  if (type === 'store' || type === 'local') {
    if (!choice.delivery.storeId) return refuse(type === 'store' ? '门店未选择！' : '配送门店不可为空！')
    const store = storesFor(db, type).find((s) => s.store_id === choice.delivery.storeId)
    if (!store || store.status !== 1) return refuse('所选门店不可用！')
    if (type === 'store') return { type, address: null, store, fee: 0, refusal: null }
    // Local delivery goes to the default *located* (type 2) address only, as 5.5.2
    // (CommonTool::initMemberAddress): a plain (type 1) address does not count.
    const located = defaultLocatedAddress(db, memberId)
    if (!located) return { ...refuse('未配置默认收货地址！'), store }
    return { type, address: located, store, fee: toCentsInt(fees.local_fee), refusal: null }
  }

  const address = chooseAddress(db, memberId, choice.addressId)
  if (!address.row) return refuse(address.message)
  const freeByAmount = fees.express_free_from > 0 && goodsMoney >= toCentsInt(fees.express_free_from)
  const freeByGoods = lines.length > 0 && lines.every((l) => l.goods.is_free_shipping === 1)
  return { type, address: address.row, store: null, fee: freeByAmount || freeByGoods ? 0 : toCentsInt(fees.express_fee), refusal: null }
}

function defaultLocatedAddress(db: Database, memberId: number): AddressRow | null {
  return (db.prepare('SELECT * FROM member_address WHERE member_id = ? AND type = 2 ORDER BY is_default DESC, id LIMIT 1').get(memberId) as AddressRow | undefined) ?? null
}

/** `address_id` (ours) must be one of the member's addresses; without it the default address is used, as upstream. */
function chooseAddress(db: Database, memberId: number, addressId: number): { row: AddressRow | null; message: string } {
  if (addressId > 0) {
    const row = db.prepare('SELECT * FROM member_address WHERE id = ? AND member_id = ?').get(addressId, memberId) as AddressRow | undefined
    return { row: row ?? null, message: '收货地址不存在！' }
  }
  return { row: defaultAddress(db, memberId), message: '未配置默认收货地址！' }
}

export function toCentsInt(yuan: number): number {
  return Math.round(Number(yuan) * 100)
}

// ---------------------------------------------------------------------------------------------
// Coupons

export interface MemberCouponRow {
  coupon_id: number
  coupon_type_id: number
  coupon_name: string
  type: string
  money: number
  discount: number
  discount_limit: number
  at_least: number
  state: number
  end_time: number
  goods_type: number
  goods_ids: string
  category_ids: string
}

export function memberCoupons(db: Database, memberId: number): MemberCouponRow[] {
  return db
    .prepare(
      `SELECT mc.coupon_id, mc.coupon_type_id, mc.coupon_name, mc.type, mc.money, mc.discount, mc.discount_limit, mc.at_least, mc.state, mc.end_time,
              COALESCE(ct.goods_type, mc.goods_type) AS goods_type, COALESCE(ct.goods_ids, ',,') AS goods_ids, COALESCE(ct.category_ids, '') AS category_ids
       FROM member_coupon mc LEFT JOIN coupon_type ct ON ct.coupon_type_id = mc.coupon_type_id
       WHERE mc.member_id = ? ORDER BY mc.coupon_id`,
    )
    .all(memberId) as MemberCouponRow[]
}

/** What the coupon takes off these lines (cents), or null when it does not apply (threshold, goods, state, end). */
export function couponValue(coupon: MemberCouponRow, lines: CheckoutLine[], now = nowSeconds()): { value: number; lines: CheckoutLine[] } | null {
  if (coupon.state !== 1 || (coupon.end_time !== 0 && coupon.end_time <= now)) return null
  const asType = { goods_type: coupon.goods_type, goods_ids: coupon.goods_ids, category_ids: coupon.category_ids } as CouponTypeRecord
  const applicable = lines.filter((l) => l.joinCoupon && appliesToGoods(asType, l.goods))
  const base = applicable.reduce((sum, l) => sum + l.subtotal, 0)
  if (base <= 0 || base < toCentsInt(coupon.at_least)) return null
  let value: number
  if (coupon.type === 'discount') {
    value = Math.round((base * (10 - Number(coupon.discount))) / 10)
    if (coupon.discount_limit > 0) value = Math.min(value, toCentsInt(coupon.discount_limit))
  } else value = Math.min(toCentsInt(coupon.money), base)
  return value > 0 ? { value, lines: applicable } : null
}

/** The member's coupons usable on these lines, best value first (getCouponList, and the default choice). */
export function usableCoupons(db: Database, memberId: number, lines: CheckoutLine[]): { coupon: MemberCouponRow; value: number }[] {
  const out: { coupon: MemberCouponRow; value: number }[] = []
  for (const coupon of memberCoupons(db, memberId)) {
    const applied = couponValue(coupon, lines)
    if (applied) out.push({ coupon, value: applied.value })
  }
  return out.sort((a, b) => b.value - a.value || a.coupon.coupon_id - b.coupon.coupon_id)
}

/** Spread `total` over the lines in proportion to their subtotals, the last line taking the remainder. */
export function spread(total: number, lines: CheckoutLine[]): Map<CheckoutLine, number> {
  const out = new Map<CheckoutLine, number>()
  const base = lines.reduce((sum, l) => sum + l.subtotal, 0)
  let left = total
  lines.forEach((line, index) => {
    const share = index === lines.length - 1 ? left : Math.floor((total * line.subtotal) / base)
    out.set(line, share)
    left -= share
  })
  return out
}

// ---------------------------------------------------------------------------------------------
// Invoice

export interface OrderConfig {
  auto_close: number
  auto_take_delivery: number
  auto_complete: number
  after_sales_time: number
  invoice_status: number
  invoice_rate: number
  invoice_content: string
  invoice_money: number
  invoice_type: string
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function invoiceRefusal(config: OrderConfig, invoice: InvoiceChoice): Refusal | null {
  if (!invoice.isInvoice) return null
  const refuse = (message: string): Refusal => ({ error: ERROR_PART.invoice, message })
  if (config.invoice_status !== 1) return refuse('发票功能未开启')
  const contents = config.invoice_content.split(',').filter((c) => c !== '')
  if (!config.invoice_type.split(',').includes(String(invoice.type))) return refuse('发票相关项不能为空！')
  if (![1, 2].includes(invoice.titleType) || invoice.title === '' || !contents.includes(invoice.content)) return refuse('发票相关项不能为空！')
  if (invoice.title.length > 50 || invoice.taxpayerNumber.length > 30 || invoice.fullAddress.length > 200 || invoice.email.length > 100) return refuse('发票相关项不能为空！')
  if (invoice.titleType === 2 && !/^[0-9A-Z]{15,20}$/.test(invoice.taxpayerNumber)) return refuse('请填写纳税人识别号')
  if (invoice.type === 2 && invoice.email === '') return refuse('发票邮箱不能为空！')
  if (invoice.type === 2 && !EMAIL.test(invoice.email)) return refuse('发票邮箱格式不正确')
  return null
}

// ---------------------------------------------------------------------------------------------
// The whole calculation

export interface MemberMoney {
  balance: number
  balanceMoney: number
  /** Points (whole). */
  point: number
  hasPayPassword: boolean
}

export function memberMoney(db: Database, memberId: number): MemberMoney {
  const row = db.prepare('SELECT balance, balance_money, point, pay_password FROM member WHERE member_id = ?').get(memberId) as
    { balance: number; balance_money: number; point: number; pay_password: string } | undefined
  return {
    balance: toCentsInt(row?.balance ?? 0),
    balanceMoney: toCentsInt(row?.balance_money ?? 0),
    point: Math.max(0, Math.floor(row?.point ?? 0)),
    hasPayPassword: (row?.pay_password ?? '') !== '',
  }
}

// ---------------------------------------------------------------------------------------------
// Points deduction (the points-cash addon, contract §2.7)

/**
 * POINTCASH_CONFIG (ours, shaped after Niushop's pointcash addon settings): `is_enable` 0 = the
 * addon is off (a stock Niushop without it: nothing is deducted, max_usable_point 0);
 * `cash_rate` points per yuan; `is_limit` + `limit` minimum order money (yuan) for points;
 * `is_limit_use` + `type` (0 fixed money, 1 percent) + `max_use` the cap.
 */
export interface PointCashConfig {
  is_enable: number
  cash_rate: number
  is_limit: number
  limit: number
  is_limit_use: number
  type: number
  max_use: number
}

export function pointCashConfig(config: ConfigStore): PointCashConfig | null {
  try {
    const value = config.get<PointCashConfig>('POINTCASH_CONFIG')
    return Number(value.is_enable) === 1 && Number(value.cash_rate) > 0 ? value : null
  } catch {
    return null // the addon is not installed
  }
}

/**
 * What the member's points can take off `deductible` (cents: order money without shipping):
 * the points at most usable and the money they are worth (cents, never above `deductible`).
 */
export function pointDeduction(cfg: PointCashConfig | null, deductible: number, memberPoints: number): { maxPoint: number; money: number } {
  if (!cfg || deductible <= 0 || memberPoints <= 0) return { maxPoint: 0, money: 0 }
  if (Number(cfg.is_limit) === 1 && deductible < toCentsInt(cfg.limit)) return { maxPoint: 0, money: 0 }
  let cap = deductible
  if (Number(cfg.is_limit_use) === 1) {
    cap = Number(cfg.type) === 1 ? Math.floor((deductible * Number(cfg.max_use)) / 100) : Math.min(deductible, toCentsInt(cfg.max_use))
  }
  const rate = Number(cfg.cash_rate)
  const maxPoint = Math.min(Math.round((cap * rate) / 100), memberPoints)
  if (maxPoint <= 0) return { maxPoint: 0, money: 0 }
  return { maxPoint, money: Math.min(Math.round((maxPoint * 100) / rate), cap) }
}
