import { money, nowSeconds } from '../core/format.js'
import { ApiException, error, isEmpty, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { parseIds, type CartRow } from '../models/cart.js'
import { Catalog } from '../models/catalog.js'
import {
  ERROR_PART,
  EXPIRED_MESSAGE,
  loadOrderKey,
  newOrderKey,
  ORDER_KEY_TTL_SECONDS,
  POINT_SHORT_MESSAGE,
  readChoices,
  usableCoupons,
  type OrderKeyInput,
} from '../models/checkout.js'
import { calculate } from '../models/checkout-calculate.js'
import { orderCreateView } from '../models/checkout-view.js'
import { insertOrder } from '../models/order.js'
import { centsToMoney } from '../models/pricing.js'

/**
 * /api/ordercreate/* (docs/checkout-api.md): the stateful checkout. payment stores the lines
 * under an order_key; calculate and getCouponList price them again from the catalogue with the
 * buyer's choices; create consumes the key once and writes the order.
 */

const MISSING_GOODS = '缺少必填参数商品数据'

/** A positive integer quantity ("2", 2), or null. */
function positiveInt(value: unknown): number | null {
  const t = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (!/^\d{1,9}$/.test(t)) return null
  const n = Number(t)
  return n >= 1 ? n : null
}

/** The lines to buy from cart_ids (the caller's goods lines only) or sku_id + num; an error envelope when there are none. */
function readPurchase(ctx: Context, memberId: number): OrderKeyInput | ReturnType<typeof error> {
  if (!isEmpty(param(ctx, 'cart_ids'))) {
    const ids = parseIds(param(ctx, 'cart_ids'))
    const rows = ids.length
      ? (ctx.db.prepare(`SELECT * FROM cart WHERE member_id = ? AND bl_id = 0 AND cart_id IN (${ids.map(() => '?').join(',')})`).all(memberId, ...ids) as CartRow[])
      : []
    if (rows.length === 0) return error(-1, '您要购买的商品已删除或已下架')
    rows.sort((a, b) => ids.indexOf(a.cart_id) - ids.indexOf(b.cart_id))
    return { kind: 'cart', cart_ids: rows.map((r) => r.cart_id).join(','), lines: rows.map((r) => ({ cart_id: r.cart_id, sku_id: r.sku_id, num: r.num })) }
  }
  if (isEmpty(param(ctx, 'sku_id'))) return error(-1, MISSING_GOODS)
  const skuId = positiveInt(param(ctx, 'sku_id'))
  const num = positiveInt(param(ctx, 'num'))
  if (skuId === null) return error(-1, '您要购买的商品已删除或已下架')
  if (num === null) return error(-1, '商品项的购买数量不能小于1')
  return { kind: 'buy_now', cart_ids: '', lines: [{ cart_id: 0, sku_id: skuId, num }] }
}

function requireKey(ctx: Context, memberId: number) {
  const orderKey = str(ctx, 'order_key')
  if (orderKey === '') throw new ApiException(-1, EXPIRED_MESSAGE)
  return { orderKey, ...loadOrderKey(ctx.db, orderKey, memberId) }
}

/** Calculation with the request's choices, and the calculate answer (also remembered on the key for the test API). */
function calculateFor(ctx: Context, memberId: number) {
  const key = requireKey(ctx, memberId)
  const choices = readChoices(ctx.params)
  const calc = calculate(ctx.db, Catalog.forRequest(ctx, memberId), ctx.services.config, memberId, key.input, choices)
  return { key, choices, calc }
}

export function registerOrderCreateRoutes(router: Router): void {
  router.post('/api/ordercreate/payment', (ctx) => {
    const memberId = requireMember(ctx)
    const input = readPurchase(ctx, memberId)
    if (!('kind' in input)) return input
    // payment shows the defaults: express, the default address, the best coupon, no balance, no invoice.
    const choices = readChoices({})
    const calc = calculate(ctx.db, Catalog.forRequest(ctx, memberId), ctx.services.config, memberId, input, choices)
    if (calc.lines.length === 0) return error(-1, '您要购买的商品已删除或已下架')
    const now = nowSeconds()
    const orderKey = newOrderKey()
    ctx.db
      .prepare('INSERT INTO order_key (order_key, member_id, kind, input, create_time, expire_time) VALUES (?, ?, ?, ?, ?, ?)')
      .run(orderKey, memberId, input.kind, JSON.stringify(input), now, now + ORDER_KEY_TTL_SECONDS)
    // Upstream's payment reports goods problems only; delivery is chosen (and checked) by calculate.
    if (calc.refusal && calc.refusal.error !== ERROR_PART.goods) calc.refusal = null
    const params = { cart_ids: input.cart_ids, sku_id: str(ctx, 'sku_id'), num: str(ctx, 'num'), store_id: 0, buyer_message: '', delivery: [], member_address: [] }
    return success(orderCreateView({ db: ctx.db, config: ctx.services.config, memberId, orderKey, input, calc, choices: null, params }))
  })

  router.post('/api/ordercreate/calculate', (ctx) => {
    const memberId = requireMember(ctx)
    const { key, choices, calc } = calculateFor(ctx, memberId)
    const params = { ...ctx.params, buyer_message: undefined, pay_password: undefined }
    const view = orderCreateView({ db: ctx.db, config: ctx.services.config, memberId, orderKey: key.orderKey, input: key.input, calc, choices, params })
    ctx.db
      .prepare('UPDATE order_key SET snapshot = ? WHERE order_key = ?')
      .run(JSON.stringify({ pay_money: view.pay_money, order_money: view.order_money, coupon_id: view.coupon_id, point: view.point }), key.orderKey)
    return success(view)
  })

  // → the member's coupons usable on this order, best first, with what each would take off.
  router.post('/api/ordercreate/getCouponList', (ctx) => {
    const memberId = requireMember(ctx)
    const key = requireKey(ctx, memberId)
    const calc = calculate(ctx.db, Catalog.forRequest(ctx, memberId), ctx.services.config, memberId, key.input, readChoices({ coupon: { coupon_id: 0 } }))
    const rows = usableCoupons(ctx.db, memberId, calc.lines).map(({ coupon, value }) => ({
      coupon_id: coupon.coupon_id,
      coupon_type_id: coupon.coupon_type_id,
      coupon_name: coupon.coupon_name,
      type: coupon.type,
      money: money(coupon.money),
      discount: money(coupon.discount),
      discount_limit: money(coupon.discount_limit),
      at_least: money(coupon.at_least),
      goods_type: coupon.goods_type,
      goods_ids: coupon.goods_ids,
      end_time: coupon.end_time,
      coupon_money: centsToMoney(value),
    }))
    return success(rows)
  })

  // → out_trade_no. The key is consumed inside the same transaction as the order: a second
  // submit (or a replay) finds it used and answers 订单已过期, never a second order.
  // `pay_password` is not read, as upstream (v5): balance is taken whatever it says; the client
  // checks the password first with /api/member/checkpaypassword (routes/member-profile.ts).
  router.post('/api/ordercreate/create', (ctx) => {
    const memberId = requireMember(ctx)
    return ctx.db.transaction(() => {
      const { key, choices, calc } = calculateFor(ctx, memberId)
      if (calc.refusal) return error(-1, calc.refusal.message)
      // The points the last calculate showed must still be there: never deduct fewer (and charge more) silently.
      if (choices.isPoint && shownPoints(ctx, key.orderKey) > calc.member.point) return error(-1, POINT_SHORT_MESSAGE)
      const used = ctx.db.prepare('UPDATE order_key SET used_time = ? WHERE order_key = ? AND used_time = 0').run(nowSeconds(), key.orderKey)
      if (used.changes !== 1) throw new ApiException(-1, EXPIRED_MESSAGE)
      const order = insertOrder(ctx.db, memberId, key.input, calc, choices)
      ctx.db.prepare('UPDATE order_key SET out_trade_no = ? WHERE order_key = ?').run(order.outTradeNo, key.orderKey)
      return success(order.outTradeNo)
    })()
  })
}

/** The points the key's last calculate answer used (0 when it used none or was never asked). */
function shownPoints(ctx: Context, orderKey: string): number {
  const row = ctx.db.prepare('SELECT snapshot FROM order_key WHERE order_key = ?').get(orderKey) as { snapshot: string } | undefined
  try {
    const point = Number((JSON.parse(row?.snapshot ?? '{}') as { point?: unknown }).point ?? 0)
    return Number.isFinite(point) ? point : 0
  } catch {
    return 0
  }
}
