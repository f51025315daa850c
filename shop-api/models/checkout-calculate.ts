import type { Database } from 'better-sqlite3'
import type { ConfigStore } from '../core/services.js'
import type { Catalog } from './catalog.js'
import {
  BUYER_MESSAGE_MAX,
  couponValue,
  ERROR_PART,
  invoiceRefusal,
  lineRefusal,
  memberCoupons,
  memberMoney,
  pointCashConfig,
  pointDeduction,
  priceLines,
  resolveDelivery,
  spread,
  toCentsInt,
  usableCoupons,
  type CheckoutLine,
  type Choices,
  type DeliveryResult,
  type MemberCouponRow,
  type MemberMoney,
  type OrderConfig,
  type OrderKeyInput,
  type Refusal,
} from './checkout.js'

/**
 * The checkout's sum (docs/checkout-api.md): an order key's lines, delivery, coupon, points,
 * invoice and balance, each from checkout.ts, into the totals and the first refusal. Integer cents.
 */

export interface Calculation {
  lines: CheckoutLine[]
  delivery: DeliveryResult
  coupon: MemberCouponRow | null
  couponLines: Map<CheckoutLine, number>
  goodsNum: number
  goodsMoney: number
  deliveryMoney: number
  promotionMoney: number
  couponMoney: number
  /** Points the member may use on this order (shown whether or not is_point is on). */
  maxUsablePoint: number
  maxPointMoney: number
  /** Points used and the money they take off (0 unless is_point). */
  pointUsed: number
  pointMoney: number
  pointLines: Map<CheckoutLine, number>
  pointModule: boolean
  invoiceMoney: number
  invoiceDeliveryMoney: number
  orderMoney: number
  /** Balance applied: stored value first, then cash (as upstream deducts them). */
  balanceUsed: { balance: number; balanceMoney: number }
  balanceMoney: number
  payMoney: number
  refusal: Refusal | null
  member: MemberMoney
  orderConfig: OrderConfig
}

export function calculate(db: Database, catalog: Catalog, config: ConfigStore, memberId: number, input: OrderKeyInput, choices: Choices): Calculation {
  const orderConfig = config.get<OrderConfig>('ORDER_CONFIG')
  const { lines, missing } = priceLines(catalog, input, memberId)
  const goodsMoney = lines.reduce((sum, l) => sum + l.subtotal, 0)
  const goodsNum = lines.reduce((sum, l) => sum + l.row.num, 0)
  let refusal = lineRefusal(catalog, lines, missing)

  const delivery = resolveDelivery(db, config, memberId, choices, lines, goodsMoney)
  refusal ??= delivery.refusal

  // Coupon: the chosen one must apply; none chosen → the best one (upstream's default); 0 → none.
  let coupon: MemberCouponRow | null = null
  let couponLines = new Map<CheckoutLine, number>()
  let couponMoney = 0
  if (choices.couponId === null) {
    const best = usableCoupons(db, memberId, lines)[0]
    if (best) coupon = best.coupon
  } else if (choices.couponId > 0) {
    coupon = memberCoupons(db, memberId).find((c) => c.coupon_id === choices.couponId) ?? null
    if (!coupon) refusal ??= { error: ERROR_PART.coupon, message: '优惠券不存在！' }
  }
  if (coupon) {
    const applied = couponValue(coupon, lines)
    if (applied) {
      couponMoney = Math.min(applied.value, goodsMoney + delivery.fee)
      couponLines = spread(
        Math.min(
          couponMoney,
          applied.lines.reduce((s, l) => s + l.subtotal, 0),
        ),
        applied.lines,
      )
    } else {
      refusal ??= { error: ERROR_PART.coupon, message: '优惠券不可用！' }
      coupon = null
    }
  }

  const promotionMoney = 0 // 满减 (manjian) is not priced by this API yet
  const member = memberMoney(db, memberId)

  // Points: on the order money without shipping, after coupon and before invoice (upstream's order).
  const pointConfig = pointCashConfig(config)
  const goodsAfterCoupon = Math.max(0, goodsMoney - promotionMoney - couponMoney)
  const points = pointDeduction(pointConfig, goodsAfterCoupon, member.point)
  const pointUsed = choices.isPoint ? points.maxPoint : 0
  const pointMoney = choices.isPoint ? points.money : 0
  const pointLines = pointMoney > 0 ? spreadPoints(pointMoney, lines, couponLines) : new Map<CheckoutLine, number>()

  refusal ??= invoiceRefusal(orderConfig, choices.invoice)
  const invoiceOn = choices.invoice.isInvoice && orderConfig.invoice_status === 1
  const invoiceMoney = invoiceOn ? Math.round(((goodsMoney - promotionMoney - couponMoney - pointMoney) * Number(orderConfig.invoice_rate)) / 100) : 0
  const invoiceDeliveryMoney = invoiceOn && choices.invoice.type === 1 ? toCentsInt(orderConfig.invoice_money) : 0

  if ([...choices.buyerMessage].length > BUYER_MESSAGE_MAX) refusal ??= { error: ERROR_PART.message, message: `买家留言不能超过${BUYER_MESSAGE_MAX}个字符` }

  const orderMoney = Math.max(0, goodsMoney + delivery.fee - promotionMoney - couponMoney - pointMoney + invoiceMoney + invoiceDeliveryMoney)
  const balanceUsed = { balance: 0, balanceMoney: 0 }
  if (choices.isBalance) {
    balanceUsed.balance = Math.min(orderMoney, member.balance)
    balanceUsed.balanceMoney = Math.min(orderMoney - balanceUsed.balance, member.balanceMoney)
  }
  const balanceMoney = balanceUsed.balance + balanceUsed.balanceMoney

  return {
    lines,
    delivery,
    coupon,
    couponLines,
    goodsNum,
    goodsMoney,
    deliveryMoney: delivery.fee,
    promotionMoney,
    couponMoney,
    maxUsablePoint: points.maxPoint,
    maxPointMoney: points.money,
    pointUsed,
    pointMoney,
    pointLines,
    pointModule: pointConfig !== null,
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

/** The points money spread over the lines by what is left of each after its coupon share (last line takes the remainder). */
function spreadPoints(total: number, lines: CheckoutLine[], couponLines: Map<CheckoutLine, number>): Map<CheckoutLine, number> {
  const out = new Map<CheckoutLine, number>()
  const left = (line: CheckoutLine) => Math.max(0, line.subtotal - (couponLines.get(line) ?? 0))
  const base = lines.reduce((sum, l) => sum + left(l), 0)
  let rest = total
  lines.forEach((line, index) => {
    const share = index === lines.length - 1 ? rest : base > 0 ? Math.floor((total * left(line)) / base) : 0
    out.set(line, share)
    rest -= share
  })
  return out
}
