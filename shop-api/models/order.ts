import { randomInt } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { money, nowSeconds } from '../core/format.js'
import { insertRow } from '../db/rows.js'
import { createVerifyCodesForPaidOrder } from './verify.js'
import { addLedger, addPointLedger, refuse, takeBalance, takePoints, yuan } from './ledger.js'
import { DELIVERY_NAMES, isVirtualOrder, ORDER_TYPE_OF, type AddressRow, type Choices, type OrderKeyInput, type StoreRow } from './checkout.js'
import type { Calculation } from './checkout-calculate.js'
import { returnPromotionStock } from './promotion-stock.js'

/**
 * Orders and payment records: creating an order from a calculation, paying it, closing it (stock,
 * balance and coupon go back; the balance and points ledger is ledger.ts). Every change of money or stock runs in
 * one transaction, and each guarded UPDATE checks that it changed a row, so a race or a replay
 * rolls the whole thing back instead of charging twice.
 */

export const ORDER_TYPE_NAMES: Record<number, string> = { 1: '普通订单', 2: '自提订单', 3: '外卖订单', 4: '虚拟订单' }
export const PAY_TYPE_NAMES: Record<string, string> = {
  ONLINE_PAY: '在线支付',
  BALANCE: '余额支付',
  offlinepay: '线下支付',
  alipay: '支付宝支付',
  wechatpay: '微信支付',
}

export interface PayRow {
  id: number
  site_id: number
  out_trade_no: string
  pay_type: string
  trade_no: string
  pay_no: string
  pay_body: string
  pay_detail: string
  pay_money: number
  pay_addon: string
  pay_voucher: string
  pay_status: number
  return_url: string
  event: string
  mch_info: string
  create_time: number
  pay_time: number
  balance: number
  balance_money: number
  member_id: number
  pay_json: string
  is_delete: number
  relate_id: string
}

export interface OrderRow {
  order_id: number
  order_no: string
  out_trade_no: string
  member_id: number
  order_type: number
  order_status: number
  pay_status: number
  pay_money: number
  balance_money: number
  coupon_id: number
  auto_close_time: number
}

let tradeCounter = 0

/** unix time + 4 random digits + member id + a counter, as upstream builds out_trade_no. */
export function newOutTradeNo(memberId: number): string {
  tradeCounter = (tradeCounter + 1) % 1000
  return `${nowSeconds()}${String(randomInt(10000)).padStart(4, '0')}${memberId}${String(tradeCounter).padStart(3, '0')}`
}

/** YYYYMMDDHHmm + member id + 3-digit sequence. */
export function newOrderNo(db: Database, memberId: number): string {
  const d = new Date(nowSeconds() * 1000)
  const p = (n: number) => String(n).padStart(2, '0')
  const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`
  const count = (db.prepare('SELECT COUNT(*) AS n FROM orders WHERE member_id = ?').get(memberId) as { n: number }).n
  return `${stamp}${memberId}${String((count + 1) % 1000).padStart(3, '0')}`
}

/**
 * Paid status of an order by type: express/local wait for shipping (1), pickup waits for the
 * buyer (2), virtual goods are delivered at once (3, a code to confirm use; models/order-flow.ts).
 */
function paidStatus(orderType: number): { status: number; name: string } {
  if (orderType === 4) return { status: 3, name: '待收货' }
  return orderType === 2 ? { status: 2, name: '待提货' } : { status: 1, name: '待发货' }
}

/** A virtual order's code (12 digits), issued when it is paid. */
function newVirtualCode(): string {
  return String(randomInt(10 ** 11, 10 ** 12))
}

/** A promotion order's kind (seckill, bundling, groupbuy, topic, pointexchange) and its activity id. */
export interface OrderPromotion {
  type: string
  name: string
  id: number
}

export interface CreatedOrder {
  orderId: number
  outTradeNo: string
  paid: boolean
}

/** The order columns of who receives it and where: receiver and address, the pickup store and its pickup code (order type 2). */
export function receiverColumns(
  orderType: number,
  contact: { name: string; mobile: string } | null,
  address: (Pick<AddressRow, 'name' | 'mobile' | 'province_id' | 'city_id' | 'district_id' | 'address' | 'full_address'> & Partial<AddressRow>) | null,
  store: Pick<StoreRow, 'store_id' | 'store_name' | 'open_date' | 'full_address' | 'address' | 'longitude' | 'latitude' | 'telphone'> | null,
) {
  return {
    name: contact?.name ?? address?.name ?? '',
    mobile: contact?.mobile ?? address?.mobile ?? '',
    telephone: address?.telephone ?? '',
    province_id: address?.province_id ?? 0,
    city_id: address?.city_id ?? 0,
    district_id: address?.district_id ?? 0,
    community_id: address?.community_id ?? 0,
    address: address?.address ?? '',
    full_address: address?.full_address ?? '',
    longitude: address?.longitude ?? '',
    latitude: address?.latitude ?? '',
    store_id: store?.store_id ?? 0,
    delivery_store_id: store?.store_id ?? 0,
    delivery_store_name: store?.store_name ?? '',
    delivery_store_info: store
      ? JSON.stringify({
          open_date: store.open_date,
          full_address: store.full_address,
          address: store.address,
          longitude: store.longitude,
          latitude: store.latitude,
          telphone: store.telphone,
        })
      : '',
    delivery_code: orderType === 2 ? String(randomInt(10_000_000, 100_000_000)) : '',
  }
}

/**
 * Create the order of a calculation (no refusal left), in the caller's transaction: order and
 * lines, stock, coupon, balance, cart lines, payment record; paid at once when nothing is left.
 */
export function insertOrder(db: Database, memberId: number, input: OrderKeyInput, calc: Calculation, choices: Choices, promotion?: OrderPromotion): CreatedOrder {
  const now = nowSeconds()
  const virtual = isVirtualOrder(calc.lines)
  const orderType = virtual ? 4 : (ORDER_TYPE_OF[calc.delivery.type] ?? 1)
  const outTradeNo = newOutTradeNo(memberId)
  const orderName = calc.lines.map((l) => l.sku.sku_name).join(',')
  const address = calc.delivery.address
  const store = calc.delivery.store
  const member = db.prepare('SELECT nickname, mobile FROM member WHERE member_id = ?').get(memberId) as { nickname: string; mobile: string }
  // Pickup: the contact sent in member_address, else the member's own name and mobile (as the PC does).
  // Virtual: member_address's name and mobile as sent, '' when not (5.5.2 takes no default there).
  const contact = virtual
    ? { name: choices.contact?.name ?? '', mobile: choices.contact?.mobile ?? '' }
    : calc.delivery.type === 'store'
      ? { name: choices.contact?.name || member.nickname, mobile: choices.contact?.mobile || member.mobile }
      : null
  const invoice = choices.invoice.isInvoice ? choices.invoice : null

  const orderId = insertRow(db, 'orders', {
    order_no: newOrderNo(db, memberId),
    out_trade_no: outTradeNo,
    member_id: memberId,
    order_type: orderType,
    order_type_name: ORDER_TYPE_NAMES[orderType],
    order_name: orderName,
    order_status: 0,
    order_status_name: '待支付',
    pay_status: 0,
    pay_type: 'ONLINE_PAY',
    pay_type_name: PAY_TYPE_NAMES.ONLINE_PAY,
    goods_num: calc.goodsNum,
    goods_money: yuan(calc.goodsMoney),
    delivery_money: yuan(calc.deliveryMoney),
    promotion_money: yuan(calc.promotionMoney),
    coupon_id: calc.coupon?.coupon_id ?? 0,
    coupon_money: yuan(calc.couponMoney),
    point_money: yuan(calc.pointMoney),
    use_point: calc.pointUsed,
    invoice_money: yuan(calc.invoiceMoney),
    invoice_delivery_money: yuan(calc.invoiceDeliveryMoney),
    balance_money: yuan(calc.balanceMoney),
    order_money: yuan(calc.orderMoney),
    pay_money: yuan(calc.payMoney),
    delivery_type: calc.delivery.type,
    delivery_type_name: DELIVERY_NAMES[calc.delivery.type] ?? '',
    delivery_status_name: '待发货',
    ...receiverColumns(orderType, contact, address, store),
    buyer_ask_delivery_time: choices.delivery.askTime ? JSON.stringify(choices.delivery.askTime) : '',
    buyer_message: choices.buyerMessage,
    is_invoice: invoice ? 1 : 0,
    invoice_type: invoice?.type ?? 0,
    invoice_title_type: invoice?.titleType ?? 0,
    invoice_title: invoice?.title ?? '',
    taxpayer_number: invoice?.taxpayerNumber ?? '',
    invoice_content: invoice?.content ?? '',
    invoice_full_address: invoice ? invoice.fullAddress || (address ? `${address.full_address} ${address.address}` : (store?.full_address ?? '')) : '',
    invoice_email: invoice?.email ?? '',
    create_time: now,
    auto_close_time: now + Number(calc.orderConfig.auto_close) * 60,
    ...(promotion ? { promotion_type: promotion.type, promotion_type_name: promotion.name } : {}),
  })

  const pointRate = calc.pointMoney > 0 ? calc.pointUsed / calc.pointMoney : 0
  let pointsLeft = calc.pointUsed
  calc.lines.forEach((line, index) => {
    const coupon = calc.couponLines.get(line) ?? 0
    const point = calc.pointLines.get(line) ?? 0
    const usePoint = index === calc.lines.length - 1 ? pointsLeft : Math.min(pointsLeft, Math.round(point * pointRate))
    pointsLeft -= usePoint
    insertRow(db, 'order_goods', {
      order_id: orderId,
      member_id: memberId,
      sku_id: line.sku.sku_id,
      goods_id: line.goods.goods_id,
      sku_name: line.sku.sku_name,
      goods_name: line.goods.goods_name,
      sku_image: line.sku.sku_image,
      sku_no: line.sku.sku_no,
      sku_spec_format: line.sku.sku_spec_format ?? '',
      price: yuan(line.unitPrice),
      num: line.row.num,
      goods_money: yuan(line.subtotal),
      real_goods_money: yuan(line.subtotal - coupon - point),
      coupon_money: yuan(coupon),
      point_money: yuan(point),
      use_point: usePoint,
      promotion_type: promotion?.type ?? line.promotion.label,
      ...(promotion ? { promotion_id: promotion.id } : {}),
      is_virtual: line.goods.is_virtual,
    })
    takeStock(db, line.sku.sku_id, line.goods.goods_id, line.row.num, line.sku.sku_name)
  })

  if (calc.coupon) {
    const used = db
      .prepare('UPDATE member_coupon SET state = 2, use_order_id = ?, use_time = ? WHERE coupon_id = ? AND member_id = ? AND state = 1')
      .run(orderId, now, calc.coupon.coupon_id, memberId)
    if (used.changes !== 1) refuse('优惠券不可用！')
  }
  if (calc.pointUsed > 0) takePoints(db, memberId, calc.pointUsed, orderId, `订单 ${outTradeNo} 积分抵扣`)
  if (calc.balanceMoney > 0) takeBalance(db, memberId, calc.balanceUsed, orderId, `订单 ${outTradeNo} 使用余额`)

  if (input.kind === 'cart') {
    const cartIds = input.lines.map((l) => l.cart_id)
    db.prepare(`DELETE FROM cart WHERE member_id = ? AND cart_id IN (${cartIds.map(() => '?').join(',')})`).run(memberId, ...cartIds)
  }

  insertRow(db, 'pay', {
    out_trade_no: outTradeNo,
    pay_body: orderName,
    pay_detail: orderName,
    pay_money: yuan(calc.payMoney),
    create_time: now,
    balance: yuan(calc.balanceUsed.balance),
    balance_money: yuan(calc.balanceUsed.balanceMoney),
    member_id: memberId,
    relate_id: String(orderId),
  })

  const paid = calc.payMoney === 0
  // Nothing left to pay: paid now, by balance when it took part (else the coupon covered everything).
  if (paid) markPaid(db, outTradeNo, calc.balanceMoney > 0 ? 'BALANCE' : 'ONLINE_PAY')
  return { orderId, outTradeNo, paid }
}

function takeStock(db: Database, skuId: number, goodsId: number, num: number, skuName: string): void {
  const result = db.prepare('UPDATE goods_sku SET stock = stock - ? WHERE sku_id = ? AND stock >= ?').run(num, skuId, num)
  if (result.changes !== 1) refuse(`商品"${skuName}"库存不足`)
  db.prepare('UPDATE goods SET goods_stock = MAX(0, goods_stock - ?) WHERE goods_id = ?').run(num, goodsId)
}

function orderIdsOf(pay: PayRow): number[] {
  return pay.relate_id
    .split(',')
    .map(Number)
    .filter((n) => n > 0)
}

export function findPay(db: Database, outTradeNo: string): PayRow | undefined {
  return db.prepare('SELECT * FROM pay WHERE out_trade_no = ?').get(outTradeNo) as PayRow | undefined
}

/** Mark a pending payment and its orders paid. `payType`: BALANCE, offlinepay, alipay, wechatpay. Returns false when it was not pending. */
export function markPaid(db: Database, outTradeNo: string, payType: string): boolean {
  // Its own transaction (nested = a savepoint), so the payment and its orders change together.
  return db.transaction(() => markPaidNow(db, outTradeNo, payType))()
}

/** Payments that are not for goods orders (pay.event other than OrderPayNotify): what paying them does. */
export const PAY_NOTIFY_HANDLERS: Record<string, (db: Database, pay: PayRow, payType: string) => void> = {}

/** The cashier's event of goods orders; any other event names a handler of PAY_NOTIFY_HANDLERS. */
export const ORDER_PAY_EVENT = 'OrderPayNotify'

function markPaidNow(db: Database, outTradeNo: string, payType: string): boolean {
  const now = nowSeconds()
  const result = db.prepare('UPDATE pay SET pay_status = 2, pay_time = ?, pay_type = ? WHERE out_trade_no = ? AND pay_status IN (0, 1)').run(now, payType, outTradeNo)
  if (result.changes !== 1) return false
  const pay = findPay(db, outTradeNo)!
  if (pay.event !== ORDER_PAY_EVENT) {
    PAY_NOTIFY_HANDLERS[pay.event]?.(db, pay, payType)
    return true
  }
  for (const orderId of orderIdsOf(pay)) {
    const order = db.prepare('SELECT order_type FROM orders WHERE order_id = ?').get(orderId) as { order_type: number } | undefined
    if (!order) continue
    const paid = paidStatus(order.order_type)
    db.prepare(
      'UPDATE orders SET order_status = ?, order_status_name = ?, pay_status = 1, pay_time = ?, pay_type = ?, pay_type_name = ?, is_enable_refund = 1 WHERE order_id = ? AND order_status = 0',
    ).run(paid.status, paid.name, now, payType, PAY_TYPE_NAMES[payType] ?? payType, orderId)
    if (order.order_type === 4) {
      db.prepare("UPDATE orders SET delivery_time = ?, delivery_status = 1, delivery_status_name = '已发货', virtual_code = ? WHERE order_id = ? AND virtual_code = ''").run(
        now,
        newVirtualCode(),
        orderId,
      )
    }
    createVerifyCodesForPaidOrder(db, orderId)
  }
  return true
}

/** Pay a pending payment from the member's balance (the cashier's balance type), in the caller's transaction. */
export function payWithBalance(db: Database, pay: PayRow): void {
  // Stored value cannot buy stored value (a recharge).
  if (pay.event !== ORDER_PAY_EVENT) refuse('该支付单不支持余额支付')
  const cents = Math.round(pay.pay_money * 100)
  const member = db.prepare('SELECT balance, balance_money FROM member WHERE member_id = ?').get(pay.member_id) as { balance: number; balance_money: number }
  const balance = Math.min(cents, Math.round(member.balance * 100))
  const cash = cents - balance
  if (cash > Math.round(member.balance_money * 100)) refuse('余额不足')
  const orderId = orderIdsOf(pay)[0] ?? 0
  takeBalance(db, pay.member_id, { balance, balanceMoney: cash }, orderId, `订单 ${pay.out_trade_no} 余额支付`)
  db.prepare('UPDATE pay SET balance = ROUND(balance + ?, 2), balance_money = ROUND(balance_money + ?, 2) WHERE id = ?').run(yuan(balance), yuan(cash), pay.id)
  for (const id of orderIdsOf(pay)) db.prepare('UPDATE orders SET balance_money = ROUND(balance_money + ?, 2) WHERE order_id = ?').run(yuan(cents), id)
  if (!markPaid(db, pay.out_trade_no, 'BALANCE')) refuse('支付单已关闭')
}

/**
 * Close an unpaid order: status -1, its pending payments closed, stock back, balance and points it
 * took back (ledger), coupon back to usable. Returns false when the order is not waiting for payment.
 */
export function closeOrder(db: Database, orderId: number, reason = '订单关闭'): boolean {
  return db.transaction(() => {
    const now = nowSeconds()
    const closed = db
      .prepare("UPDATE orders SET order_status = -1, order_status_name = '已关闭', close_time = ?, close_cause = ? WHERE order_id = ? AND order_status = 0")
      .run(now, reason, orderId)
    if (closed.changes !== 1) return false
    const order = db.prepare('SELECT order_id, out_trade_no, member_id, coupon_id FROM orders WHERE order_id = ?').get(orderId) as OrderRow
    // Goods orders' payments only: a recharge's payment has its own order id in relate_id.
    db.prepare("UPDATE pay SET pay_status = -2 WHERE pay_status IN (0, 1) AND event = ? AND (',' || relate_id || ',') LIKE ?").run(ORDER_PAY_EVENT, `%,${orderId},%`)

    const lines = db.prepare('SELECT sku_id, goods_id, num FROM order_goods WHERE order_id = ?').all(orderId) as { sku_id: number; goods_id: number; num: number }[]
    for (const line of lines) {
      db.prepare('UPDATE goods_sku SET stock = stock + ? WHERE sku_id = ?').run(line.num, line.sku_id)
      db.prepare('UPDATE goods SET goods_stock = goods_stock + ? WHERE goods_id = ?').run(line.num, line.goods_id)
    }
    returnPromotionStock(db, orderId)

    // Give back exactly what the ledger says this order took, per account type.
    const taken = db
      .prepare(
        "SELECT account_type, ROUND(-SUM(account_data), 2) AS amount FROM member_account WHERE member_id = ? AND related_id = ? AND from_type IN ('order', 'order_close') GROUP BY account_type",
      )
      .all(order.member_id, orderId) as { account_type: 'balance' | 'balance_money' | 'point'; amount: number }[]
    for (const row of taken) {
      if (row.amount <= 0) continue
      if (row.account_type === 'point') {
        const points = Math.round(row.amount)
        db.prepare('UPDATE member SET point = point + ? WHERE member_id = ?').run(points, order.member_id)
        addPointLedger(db, { memberId: order.member_id, points, fromType: 'order_close', typeName: '订单关闭退还', relatedId: orderId, remark: reason })
        continue
      }
      db.prepare(
        `UPDATE member SET ${row.account_type === 'balance' ? 'balance' : 'balance_money'} = ROUND(${row.account_type === 'balance' ? 'balance' : 'balance_money'} + ?, 2) WHERE member_id = ?`,
      ).run(row.amount, order.member_id)
      addLedger(db, {
        memberId: order.member_id,
        type: row.account_type,
        cents: Math.round(row.amount * 100),
        fromType: 'order_close',
        typeName: '订单关闭退还',
        relatedId: orderId,
        remark: reason,
      })
    }

    if (order.coupon_id) db.prepare('UPDATE member_coupon SET state = 1, use_order_id = 0, use_time = 0 WHERE coupon_id = ? AND use_order_id = ?').run(order.coupon_id, orderId)
    return true
  })()
}

/** Close the unpaid orders whose deadline has passed (upstream does it with a scheduled job; we do it when read). */
export function closeExpiredOrders(db: Database): void {
  const rows = db.prepare('SELECT order_id FROM orders WHERE order_status = 0 AND auto_close_time > 0 AND auto_close_time <= ?').all(nowSeconds()) as { order_id: number }[]
  for (const row of rows) closeOrder(db, row.order_id, '订单超时未支付，自动关闭')
  for (const job of EXPIRY_JOBS) job(db)
}

/** Other unpaid things that close when their time is up (recharge orders, models/finance.ts), run with the goods orders' closing. */
export const EXPIRY_JOBS: Array<(db: Database) => void> = []

/** /api/pay/status record (the sample's keys): money as strings. */
export function payRecordView(pay: PayRow): Record<string, unknown> {
  return {
    id: pay.id,
    site_id: pay.site_id,
    out_trade_no: pay.out_trade_no,
    pay_type: pay.pay_type,
    trade_no: pay.trade_no,
    pay_no: pay.pay_no,
    pay_body: pay.pay_body,
    pay_detail: pay.pay_detail,
    pay_money: money(pay.pay_money),
    pay_addon: pay.pay_addon,
    pay_voucher: pay.pay_voucher,
    pay_status: pay.pay_status,
    return_url: pay.return_url,
    event: pay.event,
    mch_info: pay.mch_info,
    create_time: pay.create_time,
    pay_time: pay.pay_time,
    balance: money(pay.balance),
    balance_money: money(pay.balance_money),
    member_id: pay.member_id,
    pay_json: pay.pay_json,
    is_delete: pay.is_delete,
    relate_id: pay.relate_id,
  }
}

/** /api/pay/info: the record plus the first order's id, type and deadline. */
export function payInfoView(db: Database, pay: PayRow): Record<string, unknown> {
  // relate_id of a recharge payment is a recharge order, not a goods order.
  const orderId = pay.event === ORDER_PAY_EVENT ? (orderIdsOf(pay)[0] ?? 0) : 0
  const order = db.prepare('SELECT order_id, order_type, auto_close_time FROM orders WHERE order_id = ?').get(orderId) as
    { order_id: number; order_type: number; auto_close_time: number } | undefined
  return { ...payRecordView(pay), order_id: order?.order_id ?? 0, order_type: order?.order_type ?? 1, auto_close_time: order?.auto_close_time ?? 0 }
}

/** A new serial for an unpaid payment of the member: the old record closes (-2), the orders point at the new one. */
export function resetPay(db: Database, pay: PayRow): string {
  return db.transaction(() => {
    const outTradeNo = newOutTradeNo(pay.member_id)
    const closed = db.prepare('UPDATE pay SET pay_status = -2 WHERE id = ? AND pay_status = 0').run(pay.id)
    if (closed.changes !== 1) refuse('支付单已关闭')
    insertRow(db, 'pay', {
      out_trade_no: outTradeNo,
      pay_body: pay.pay_body,
      pay_detail: pay.pay_detail,
      pay_money: pay.pay_money,
      create_time: nowSeconds(),
      member_id: pay.member_id,
      relate_id: pay.relate_id,
      event: pay.event,
    })
    if (pay.event !== ORDER_PAY_EVENT) return outTradeNo // a recharge is found by its relate_id, not its serial
    for (const id of orderIdsOf(pay)) db.prepare('UPDATE orders SET out_trade_no = ? WHERE order_id = ?').run(outTradeNo, id)
    return outTradeNo
  })()
}

export function payOrders(db: Database, pay: PayRow): OrderRow[] {
  return orderIdsOf(pay).flatMap((id) => {
    const row = db.prepare('SELECT * FROM orders WHERE order_id = ?').get(id) as OrderRow | undefined
    return row ? [row] : []
  })
}
