import type { Database } from 'better-sqlite3'
import { money, phpJson } from '../core/format.js'
import { SITE_NAME } from '../db/data/site.js'
import { REFUND_STATUS_NAMES } from './refund.js'
import { ORDER_TYPE_NAMES } from './order.js'
import {
  autoReceiveAt,
  memberActions,
  offlineStateOf,
  orderAllowsRefund,
  partlyShipped,
  refundActionsOf,
  sellerActions,
  STATUS,
  statusName,
  TYPE,
  type FlowOrder,
  type FlowLine,
} from './order-flow.js'

/** An order and its lines as /api/order/lists and /api/order/detail answer them: every key of the samples, status names and actions from order-flow.ts. */

/** Every key of an order in the samples, in their order, with the value of an empty order. */
const ORDER_DEFAULTS: Record<string, unknown> = {
  order_id: 0,
  order_no: '',
  site_id: 1,
  site_name: '',
  website_id: 0,
  order_name: '',
  order_from: 'pc',
  order_from_name: 'PC',
  order_type: 1,
  order_type_name: '',
  order_promotion_type: 0,
  order_promotion_name: '',
  promotion_id: 0,
  out_trade_no: '',
  out_trade_no_2: '',
  delivery_code: '',
  order_status: 0,
  order_status_name: '',
  order_status_action: '',
  pay_status: 0,
  delivery_status: 0,
  refund_status: 0,
  pay_type: '',
  pay_type_name: '',
  delivery_type: '',
  delivery_type_name: '',
  member_id: 0,
  name: '',
  mobile: '',
  telephone: '',
  province_id: 0,
  city_id: 0,
  district_id: 0,
  community_id: 0,
  address: '',
  full_address: '',
  longitude: '',
  latitude: '',
  buyer_ip: '127.0.0.1',
  buyer_ask_delivery_time: '',
  buyer_message: '',
  goods_money: 0,
  delivery_money: 0,
  promotion_money: 0,
  coupon_id: 0,
  coupon_money: 0,
  invoice_money: 0,
  order_money: 0,
  adjust_money: 0,
  balance_money: 0,
  pay_money: 0,
  create_time: 0,
  pay_time: 0,
  delivery_time: 0,
  sign_time: 0,
  finish_time: 0,
  close_time: 0,
  is_lock: 0,
  is_evaluate: 0,
  is_delete: 0,
  is_enable_refund: 0,
  remark: '',
  goods_num: 0,
  delivery_store_id: 0,
  delivery_status_name: '',
  is_settlement: 0,
  store_settlement_id: 0,
  delivery_store_name: '',
  promotion_type: '',
  promotion_type_name: '',
  promotion_status_name: '',
  delivery_store_info: '',
  virtual_code: '',
  evaluate_status: 0,
  evaluate_status_name: '',
  refund_money: 0,
  commission: 0,
  is_invoice: 0,
  invoice_type: 1,
  invoice_title: '',
  taxpayer_number: '',
  invoice_rate: 0,
  invoice_content: '',
  invoice_delivery_money: 0,
  invoice_full_address: '',
  is_tax_invoice: 0,
  invoice_email: '',
  invoice_title_type: 0,
  is_fenxiao: 1,
  point_money: 0,
  member_card_money: 0,
  member_card_order: 0,
  invoice_status: 0,
  invoice_remark: null,
  invoice_code: '',
  invoice_image: '',
  invoice_time: 0,
  predict_delivery_time: 0,
  is_video_number: 0,
  close_cause: '',
  cashier_order_type: '',
  cashier_sell_time: 0,
  cashier_operator_id: 0,
  cashier_operator_name: '',
  balance: 0,
  total_balance: 0,
  store_id: 0,
  reduction: 0,
  round_money: '0',
  order_scene: 'online',
  store_commission_rate: 0,
  store_commission: 0,
  delivery_start_time: 0,
  delivery_end_time: 0,
}
const ORDER_MONEY = new Set([
  'goods_money',
  'delivery_money',
  'promotion_money',
  'coupon_money',
  'invoice_money',
  'order_money',
  'adjust_money',
  'balance_money',
  'pay_money',
  'refund_money',
  'commission',
  'invoice_rate',
  'invoice_delivery_money',
  'point_money',
  'member_card_money',
  'balance',
  'total_balance',
  'reduction',
  'store_commission_rate',
  'store_commission',
])

const LINE_DEFAULTS: Record<string, unknown> = {
  order_goods_id: 0,
  order_id: 0,
  order_no: '',
  site_id: 1,
  member_id: 0,
  goods_id: 0,
  sku_id: 0,
  sku_name: '',
  sku_image: '',
  sku_no: '',
  is_virtual: 0,
  goods_class: '1',
  goods_class_name: '实物商品',
  price: 0,
  cost_price: 0,
  num: 0,
  goods_money: 0,
  cost_money: 0,
  delivery_status: 0,
  delivery_status_name: '待发货',
  delivery_no: '',
  gift_flag: 0,
  refund_no: '',
  refund_status: 0,
  refund_status_name: '',
  refund_status_action: '',
  refund_type: 0,
  refund_apply_money: 0,
  refund_reason: '',
  refund_real_money: 0,
  refund_delivery_name: '',
  refund_delivery_no: '',
  refund_time: 0,
  refund_refuse_reason: '',
  refund_action_time: 0,
  real_goods_money: 0,
  refund_remark: '',
  refund_images: '',
  refund_delivery_remark: '',
  refund_address: '',
  is_refund_stock: 0,
  refund_money_type: 1,
  shop_refund_remark: '',
  shop_active_refund: 0,
  shop_active_refund_no: '',
  shop_active_refund_remark: '',
  shop_active_refund_money: 0,
  shop_active_refund_money_type: 1,
  refund_mode: 1,
  promotion_money: 0,
  coupon_money: 0,
  adjust_money: 0,
  goods_name: '',
  sku_spec_format: '',
  is_fenxiao: 1,
  use_point: 0,
  point_money: 0,
  refund_delivery_money: 0,
  create_time: 0,
  out_aftersale_id: '',
  refund_address_id: 0,
  refund_pay_money: 0,
  store_id: 0,
  card_item_id: 0,
  card_promotion_money: 0,
  supplier_id: 0,
  is_adjust_price: 0,
}
const LINE_MONEY = new Set([
  'price',
  'cost_price',
  'goods_money',
  'cost_money',
  'refund_apply_money',
  'refund_real_money',
  'real_goods_money',
  'shop_active_refund_money',
  'promotion_money',
  'coupon_money',
  'adjust_money',
  'point_money',
  'refund_delivery_money',
  'refund_pay_money',
  'card_promotion_money',
])

const DELIVERY_STATUS_NAMES: Record<number, string> = { 0: '待发货', 1: '已发货', 2: '已收货' }
const EVALUATE_STATUS_NAMES: Record<number, string> = { 0: '待评价', 1: '已评价', 2: '已追评' }

function fill(defaults: Record<string, unknown>, moneyKeys: Set<string>, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = row[key] ?? fallback
    out[key] = moneyKeys.has(key) ? money(value as number) : value
  }
  return out
}

type Row = Record<string, unknown> & FlowOrder

function linesOf(db: Database, orderId: number): (Record<string, unknown> & FlowLine)[] {
  return db.prepare('SELECT * FROM order_goods WHERE order_id = ? ORDER BY order_goods_id').all(orderId) as (Record<string, unknown> & FlowLine)[]
}

/** An order as /api/order/lists lists it (`detail` false) or /api/order/detail answers it. */
export function orderView(db: Database, row: Row, detail: boolean): Record<string, unknown> {
  const lines = linesOf(db, row.order_id)
  const offline = row.order_status === STATUS.WAIT_PAY ? offlineStateOf(db, row) : null
  const name = statusName(row, lines, offline)
  const actions = memberActions(row, lines, offline, detail)
  const paid = row.pay_status === 1
  const mayEvaluate = row.order_status === STATUS.RECEIVED || row.order_status === STATUS.COMPLETED ? row.is_evaluate : 0
  const view = fill(ORDER_DEFAULTS, ORDER_MONEY, {
    ...row,
    site_name: SITE_NAME,
    order_type_name: ORDER_TYPE_NAMES[row.order_type] ?? '',
    order_status_name: name,
    order_status_action: phpJson({
      status: row.order_status,
      name,
      is_allow_refund: orderAllowsRefund(row) ? 1 : 0,
      icon: 'public/uniapp/order/order-icon.png',
      action: sellerActions(row),
      member_action: actions,
      color: '',
    }),
    is_evaluate: mayEvaluate,
    evaluate_status_name: mayEvaluate ? (EVALUATE_STATUS_NAMES[row.evaluate_status] ?? '') : '',
    delivery_status_name:
      row.order_type === TYPE.EXPRESS && partlyShipped(row, lines) ? '部分发货' : (row.delivery_status_name ?? DELIVERY_STATUS_NAMES[(row.delivery_status as number) ?? 0]),
    // Codes are shown only once paid (§4.4).
    delivery_code: paid ? row.delivery_code : '',
    virtual_code: paid ? row.virtual_code : '',
  })
  // Ours (docs/orders.md): when a shipped order receives itself; 0 otherwise. Niushop has no such field.
  view.auto_receive_time = autoReceiveAt(db, row)
  view.order_goods = lines.map((line) => {
    const l = fill(LINE_DEFAULTS, LINE_MONEY, {
      ...line,
      order_no: row.order_no,
      goods_class: String(line.goods_class ?? 1),
      refund_status_name: line.refund_status_name ?? REFUND_STATUS_NAMES[line.refund_status] ?? '',
      delivery_status_name: DELIVERY_STATUS_NAMES[line.delivery_status] ?? '',
    })
    if (detail) l.refund_action = refundActionsOf(row, line)
    return l
  })
  if (detail) {
    if (row.order_type === TYPE.PICKUP) Object.assign(view, { pickup: '', pickup_barcode: '' })
    if (row.order_type === TYPE.LOCAL) Object.assign(view, { deliverer: row.deliverer ?? '', deliverer_mobile: row.deliverer_mobile ?? '' })
    if (row.order_type === TYPE.VIRTUAL) Object.assign(view, virtualExtras(row, paid))
    view.code_info = []
  }
  view.action = actions
  return view
}

/** Virtual order extras (§4.4): the code and its verification state (one use, never expires). */
function virtualExtras(row: Row, paid: boolean): Record<string, unknown> {
  const code = paid ? String(row.virtual_code ?? '') : ''
  const used = row.order_status === STATUS.RECEIVED || row.order_status === STATUS.COMPLETED || row.order_status === STATUS.USED
  return {
    virtualgoods: '',
    virtualgoods_barcode: '',
    goods_class: 2,
    virtual_goods: code
      ? { code, expire_time: 0, total_verify_num: 1, verify_num: used ? 1 : 0, is_veirfy: used ? 1 : 0, verify_time: used ? row.sign_time : 0, verify_record: [] }
      : [],
  }
}
