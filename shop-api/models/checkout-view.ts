import type { Database } from 'better-sqlite3'
import { money } from '../core/format.js'
import type { ConfigStore } from '../core/services.js'
import { SITE_NAME } from '../db/data/site.js'
import { centsToMoney } from './pricing.js'
import { DELIVERY_NAMES, isVirtualOrder, storesFor, type CheckoutLine, type Choices, type OrderConfig, type OrderKeyInput, type StoreRow } from './checkout.js'
import type { Calculation } from './checkout-calculate.js'

/**
 * The order-create object of payment and calculate, with the keys of the real samples
 * (api_ordercreate_payment.json, api_ordercreate_calculate.json) in their order. Totals are
 * numbers (as the samples), goods-line prices 2-decimal strings.
 */

const yuan = (cents: number): number => Math.round(cents) / 100

function configRecord(config: ConfigStore, key: string) {
  const record = config.record(key)
  return { ...record, site_id: 1 }
}

function memberAccount(db: Database, memberId: number, calc: Calculation): Record<string, unknown> {
  const m = db
    .prepare(
      `SELECT member_id, source_member, username, nickname, mobile, email, status, headimg, member_level, member_level_name, member_label, member_label_name,
              qq, realname, sex, location, birthday, reg_time, point, growth, member_level_type
       FROM member WHERE member_id = ?`,
    )
    .get(memberId) as Record<string, unknown>
  const total = calc.member.balance + calc.member.balanceMoney
  return {
    ...m,
    balance: centsToMoney(calc.member.balance),
    balance_money: centsToMoney(calc.member.balanceMoney),
    account5: '0.00',
    balance_total: yuan(total),
    is_pay_password: calc.member.hasPayPassword ? 1 : 0,
  }
}

function memberLevel(db: Database, memberId: number): Record<string, unknown> | null {
  const row = db.prepare('SELECT l.* FROM member m JOIN member_level l ON l.level_id = m.member_level WHERE m.member_id = ?').get(memberId) as Record<string, unknown> | undefined
  if (!row) return null
  return {
    ...row,
    growth: money(row.growth as number),
    consume_discount: money(row.consume_discount as number),
    point_feedback: money(row.point_feedback as number),
    send_balance: money(row.send_balance as number),
  }
}

function storeView(store: StoreRow): Record<string, unknown> {
  return {
    store_id: store.store_id,
    store_name: store.store_name,
    telphone: store.telphone,
    open_date: store.open_date,
    address: store.address,
    full_address: store.full_address,
    longitude: store.longitude,
    latitude: store.latitude,
    status: store.status,
  }
}

export function expressTypes(db: Database, config: ConfigStore): Record<string, unknown>[] {
  const order = String(config.get<{ deliver_type: string }>('DELIVERY_SORT_CONFIG').deliver_type).split(',')
  return order.flatMap((name) => {
    if (name === 'express') return [{ title: config.get<{ express_name: string }>('EXPRESS_CONFIG').express_name, name }]
    if (name === 'store') return [{ title: config.get<{ store_name: string }>('EXPRESS_STORE_CONFIG').store_name, name, store_list: storesFor(db, 'store').map(storeView) }]
    if (name === 'local')
      return [{ title: config.get<{ local_name: string }>('EXPRESS_LOCAL_DELIVERY_CONFIG').local_name, name, store_list: storesFor(db, 'local').map(storeView) }]
    return []
  })
}

export function lineView(line: CheckoutLine, memberId: number, couponCents: number, pointCents = 0, pointRate = 0): Record<string, unknown> {
  const { goods, sku } = line
  return {
    sku_id: sku.sku_id,
    is_limit: goods.is_limit,
    limit_type: goods.limit_type,
    sku_name: sku.sku_name,
    member_price: line.memberPrice,
    is_consume_discount: goods.is_consume_discount,
    discount_config: 0,
    discount_method: '',
    sku_no: sku.sku_no,
    price: centsToMoney(line.unitPrice),
    discount_price: money(sku.discount_price),
    cost_price: '0.00',
    stock: sku.stock.toFixed(3),
    weight: '0.000',
    volume: '0.000',
    sku_image: sku.sku_image,
    site_id: 1,
    goods_state: goods.goods_state,
    is_virtual: goods.is_virtual,
    supplier_id: 0,
    form_id: 0,
    is_free_shipping: goods.is_free_shipping,
    shipping_template: 0,
    goods_class: goods.goods_class || 1,
    goods_class_name: '实物商品',
    goods_id: goods.goods_id,
    site_name: SITE_NAME,
    sku_spec_format: sku.sku_spec_format,
    goods_name: goods.goods_name,
    max_buy: goods.max_buy,
    min_buy: goods.min_buy,
    support_trade_type: 'express,store,local',
    is_unify_price: 1,
    sale_channel: 'all',
    sale_store: 'all',
    category_id: goods.category_id,
    virtual_deliver_type: '',
    member_id: memberId,
    num: line.row.num,
    form_data: '',
    goods_money: yuan(line.subtotal),
    real_goods_money: yuan(line.subtotal - couponCents - pointCents),
    coupon_money: yuan(couponCents),
    point_money: yuan(pointCents),
    use_point: pointRate > 0 ? Math.round((pointCents * pointRate) / 100) : 0,
    promotion_money: 0,
    // ours: which promotion priced the line, and whether a coupon may apply to it
    promotion_label: line.promotion.label,
    join_coupon: line.joinCoupon ? 1 : 0,
  }
}

function limitPurchase(lines: CheckoutLine[]): Record<string, unknown> {
  const out: Record<string, Record<string, unknown>> = {}
  for (const line of lines) {
    const key = `goods_${line.goods.goods_id}`
    const entry = out[key]
    if (entry) entry.num = (entry.num as number) + line.row.num
    else
      out[key] = {
        goods_id: line.goods.goods_id,
        goods_name: line.sku.sku_name,
        num: line.row.num,
        is_limit: line.goods.is_limit,
        limit_type: line.goods.limit_type,
        max_buy: line.goods.max_buy,
        min_buy: line.goods.min_buy,
      }
  }
  return out
}

function invoiceView(config: OrderConfig): Record<string, unknown> {
  if (config.invoice_status !== 1) return { invoice_status: 0 }
  return {
    invoice_status: 1,
    invoice_content_array: config.invoice_content.split(',').filter((c) => c !== ''),
    invoice_rate: Number(config.invoice_rate),
    invoice_delivery_money: Number(config.invoice_money),
    invoice_type: config.invoice_type,
  }
}

export interface ViewInput {
  db: Database
  config: ConfigStore
  memberId: number
  orderKey: string
  input: OrderKeyInput
  calc: Calculation
  /** calculate: the choices as received (param + delivery); payment: null. */
  choices: Choices | null
  params: Record<string, unknown>
}

export function orderCreateView(v: ViewInput): Record<string, unknown> {
  const { db, config, memberId, calc, input } = v
  const orderConfig = calc.orderConfig
  const rate = calc.pointUsed > 0 && calc.pointMoney > 0 ? (calc.pointUsed * 100) / calc.pointMoney : 0
  const goodsList = calc.lines.map((line) => lineView(line, memberId, calc.couponLines.get(line) ?? 0, calc.pointLines.get(line) ?? 0, rate))
  const deliveryType = v.choices ? calc.delivery.type : ''
  const delivery: Record<string, unknown> = { member_address: calc.delivery.address ?? defaultAddressOrNull(db, memberId) }
  if (v.choices) {
    const ask = v.choices.delivery.askTime
    delivery.buyer_ask_delivery_time = { start_date: '', start_time: '', end_date: '', end_time: '', remark: '', ...(ask ?? {}) }
    delivery.local = { info: [] }
    delivery.delivery_type = deliveryType
    delivery.store_id = calc.delivery.store?.store_id ?? 0 // ours
  } else {
    // Virtual goods are offered no delivery (5.5.2's getDeliveryData).
    delivery.express_type = isVirtualOrder(calc.lines) ? [] : expressTypes(db, config)
  }

  const refusal = calc.refusal
  return {
    lang: null,
    jielong_id: '',
    jielong_info: [],
    site_id: 1,
    site_info: null,
    store_info: calc.delivery.store ? storeView(calc.delivery.store) : null,
    store_id: calc.delivery.store?.store_id ?? 0,
    available_store_ids: 'all',
    cart_ids: input.kind === 'cart' ? input.cart_ids : [],
    order_no: null,
    out_trade_no: null,
    order_key: v.orderKey,
    config: {
      order: orderConfig,
      delivery_type_sort: configRecord(config, 'DELIVERY_SORT_CONFIG'),
      express: configRecord(config, 'EXPRESS_CONFIG'),
      store: configRecord(config, 'EXPRESS_STORE_CONFIG'),
      local: configRecord(config, 'EXPRESS_LOCAL_DELIVERY_CONFIG'),
      delivery_type: DELIVERY_NAMES,
    },
    coupon_id: calc.coupon?.coupon_id ?? 0,
    coupon_money: yuan(calc.couponMoney),
    order_type: [],
    is_point: v.choices ? (v.choices.isPoint ? 1 : 0) : 1,
    member_id: memberId,
    member_account: memberAccount(db, memberId, calc),
    member_level: memberLevel(db, memberId),
    invoice: invoiceView(orderConfig),
    delivery,
    is_limit_start_money: true,
    is_free_delivery: calc.deliveryMoney === 0 && deliveryType === 'express',
    buyer: [],
    param: { ...v.params, token: undefined, member_id: memberId, site_id: 1, order_from: 'pc', order_from_name: 'PC', sale_channel: 'all,online' },
    order_data: [],
    goods_num: calc.goodsNum,
    limit_purchase: limitPurchase(calc.lines),
    promotion: [],
    manjian_rule_list: [],
    promotion_type: null,
    promotion_type_name: null,
    site_name: SITE_NAME,
    goods_money: yuan(calc.goodsMoney),
    delivery_money: yuan(calc.deliveryMoney),
    adjust_money: 0,
    invoice_money: yuan(calc.invoiceMoney),
    promotion_money: yuan(calc.promotionMoney),
    order_money: yuan(calc.orderMoney),
    pay_money: yuan(calc.payMoney),
    is_virtual: isVirtualOrder(calc.lines) ? 1 : 0,
    is_virtual_delivery: 0,
    order_name: calc.lines.map((l) => l.sku.sku_name).join(','),
    goods_list_str: calc.lines.map((l) => `${l.sku.sku_id}:${l.row.num}`).join(';'),
    error: refusal?.error ?? 0,
    error_msg: refusal?.message ?? '',
    error_show: refusal !== null,
    pay_type: 'ONLINE_PAY',
    invoice_delivery_money: yuan(calc.invoiceDeliveryMoney),
    balance_money: yuan(calc.balanceMoney),
    member_balance_money: yuan(calc.member.balance + calc.member.balanceMoney),
    recommend_member_card: [],
    recommend_member_card_data: { is_open_card: 0 },
    member_card_money: 0,
    member_goods_card: [],
    goods_list: goodsList,
    order_id: null,
    // Points (points-cash addon, §2.7): what may be used, what is used, what it takes off.
    max_usable_point: calc.maxUsablePoint,
    point: calc.pointUsed,
    point_money: yuan(calc.pointMoney),
    max_point_money: yuan(calc.maxPointMoney), // ours: what max_usable_point is worth (the switch label)
    order_goods_list: [],
    order_object_data: null,
    modules: calc.pointModule ? ['coupon', 'pointcash'] : ['coupon'],
    log: [],
    order_from_type: 'order',
    sale_channel: 'all,online',
    is_check_buyer_ask_delivery_time: true,
    order_from: 'pc',
    order_from_name: 'PC',
  }
}

function defaultAddressOrNull(db: Database, memberId: number): unknown {
  return db.prepare('SELECT * FROM member_address WHERE member_id = ? ORDER BY is_default DESC, id LIMIT 1').get(memberId) ?? null
}
