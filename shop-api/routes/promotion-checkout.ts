import { nowSeconds } from '../core/format.js'
import { ApiException, error, requireMember, str, success, type Context, type Envelope, type Router } from '../core/router.js'
import { Catalog } from '../models/catalog.js'
import { EXPIRED_MESSAGE, newOrderKey, ORDER_KEY_TTL_SECONDS, readChoices, type Refusal } from '../models/checkout.js'
import type { Calculation } from '../models/checkout-calculate.js'
import { orderCreateView } from '../models/checkout-view.js'
import { insertOrder } from '../models/order.js'
import { PROMOTION_TYPE_NAMES, promotionCalculate, type PromotionKeyInput, type PromotionLine, type PromotionType } from '../models/promotion-order.js'

/**
 * `/{addon}/api/ordercreate/payment|calculate|create` of every promotion kind (contract §7.1),
 * on the normal checkout's order_key table: payment checks the kind's rules and stores what is
 * bought; calculate and create price it again from the activity (rules, price, stock, limit).
 */

export interface PromotionCheckout {
  type: PromotionType
  /** `/seckill/api/ordercreate` */
  prefix: string
  /** What payment asked for (the activity and the lines' skus and numbers), or a refusal envelope. */
  readInput(ctx: Context): { id: number; lines: { sku_id: number; num: number }[] } | Envelope
  /** The lines at the activity's price now, or the refusal that stops the order. */
  price(ctx: Context, catalog: Catalog, memberId: number, input: PromotionKeyInput): { lines: PromotionLine[]; refusal: Refusal | null; freeShipping?: boolean }
  /** The name of the kind's block when it is not `{type}_info` (combo: upstream's `bunding_info`, sic). */
  infoKey?: string
  /** The kind's block in payment/calculate (`seckill_info`…). */
  info(ctx: Context, catalog: Catalog, input: PromotionKeyInput): Record<string, unknown>
  /** Extra writes of create, inside its transaction (promotion stock). */
  afterCreate?(ctx: Context, input: PromotionKeyInput, orderId: number): void
}

interface KeyRow {
  member_id: number
  kind: string
  input: string
  expire_time: number
  used_time: number
}

/** A positive integer ("2", 2) or null. */
export function positiveInt(value: unknown): number | null {
  const t = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (!/^\d{1,9}$/.test(t)) return null
  const n = Number(t)
  return n >= 1 ? n : null
}

export function registerPromotionCheckout(router: Router, kind: PromotionCheckout): void {
  const loadKey = (ctx: Context, memberId: number): { orderKey: string; input: PromotionKeyInput } => {
    const orderKey = str(ctx, 'order_key')
    const row = orderKey
      ? (ctx.db.prepare('SELECT member_id, kind, input, expire_time, used_time FROM order_key WHERE order_key = ?').get(orderKey) as KeyRow | undefined)
      : undefined
    // A key of another kind (a normal checkout's) is as unknown here as a made-up one.
    if (!row || row.kind !== kind.type || row.member_id !== memberId || row.used_time > 0 || row.expire_time <= nowSeconds()) throw new ApiException(-1, EXPIRED_MESSAGE)
    return { orderKey, input: JSON.parse(row.input) as PromotionKeyInput }
  }

  const calculateFor = (ctx: Context, memberId: number, input: PromotionKeyInput, params: Record<string, unknown>): Calculation => {
    const catalog = Catalog.forRequest(ctx, memberId)
    return promotionCalculate(ctx.db, catalog, ctx.services.config, memberId, kind.type, kind.price(ctx, catalog, memberId, input), readChoices(params))
  }

  const view = (ctx: Context, memberId: number, orderKey: string, input: PromotionKeyInput, calc: Calculation, withChoices: boolean) => {
    const choices = withChoices ? readChoices(ctx.params) : null
    const params = withChoices ? { ...ctx.params, buyer_message: undefined, pay_password: undefined } : { ...ctx.params }
    const base = orderCreateView({ db: ctx.db, config: ctx.services.config, memberId, orderKey, input, calc, choices, params })
    return {
      ...base,
      modules: [], // no coupon, no points on promotion orders
      promotion_type: kind.type,
      promotion_type_name: PROMOTION_TYPE_NAMES[kind.type],
      [kind.infoKey ?? `${kind.type}_info`]: kind.info(ctx, Catalog.forRequest(ctx, memberId), input),
    }
  }

  router.post(`${kind.prefix}/payment`, (ctx) => {
    const memberId = requireMember(ctx)
    const asked = kind.readInput(ctx)
    if ('code' in asked) return asked
    const input: PromotionKeyInput = {
      kind: 'buy_now',
      cart_ids: '',
      lines: asked.lines.map((l) => ({ cart_id: 0, sku_id: l.sku_id, num: l.num })),
      promotion: { type: kind.type, id: asked.id },
    }
    const calc = calculateFor(ctx, memberId, input, {})
    // The kind's own rules stop the order here already (upstream answers them as exceptions).
    if (calc.refusal && calc.refusal.error !== 2) return error(-1, calc.refusal.message)
    calc.refusal = null // delivery is chosen (and checked) by calculate
    const now = nowSeconds()
    const orderKey = newOrderKey()
    ctx.db
      .prepare('INSERT INTO order_key (order_key, member_id, kind, input, create_time, expire_time) VALUES (?, ?, ?, ?, ?, ?)')
      .run(orderKey, memberId, kind.type, JSON.stringify(input), now, now + ORDER_KEY_TTL_SECONDS)
    return success(view(ctx, memberId, orderKey, input, calc, false))
  })

  router.post(`${kind.prefix}/calculate`, (ctx) => {
    const memberId = requireMember(ctx)
    const { orderKey, input } = loadKey(ctx, memberId)
    const calc = calculateFor(ctx, memberId, input, ctx.params)
    const answer = view(ctx, memberId, orderKey, input, calc, true)
    ctx.db.prepare('UPDATE order_key SET snapshot = ? WHERE order_key = ?').run(JSON.stringify({ pay_money: answer.pay_money, order_money: answer.order_money }), orderKey)
    return success(answer)
  })

  // → out_trade_no; the key is consumed in the order's transaction (a replay answers 订单已过期).
  // `pay_password` is not read, as the normal create (ordercreate.ts) and upstream's addons.
  router.post(`${kind.prefix}/create`, (ctx) => {
    const memberId = requireMember(ctx)
    return ctx.db.transaction(() => {
      const { orderKey, input } = loadKey(ctx, memberId)
      const choices = readChoices(ctx.params)
      const calc = calculateFor(ctx, memberId, input, ctx.params)
      if (calc.refusal) return error(-1, calc.refusal.message)
      const used = ctx.db.prepare('UPDATE order_key SET used_time = ? WHERE order_key = ? AND used_time = 0').run(nowSeconds(), orderKey)
      if (used.changes !== 1) throw new ApiException(-1, EXPIRED_MESSAGE)
      const order = insertOrder(ctx.db, memberId, input, calc, choices, { type: kind.type, name: PROMOTION_TYPE_NAMES[kind.type], id: input.promotion.id })
      kind.afterCreate?.(ctx, input, order.orderId)
      ctx.db.prepare('UPDATE order_key SET out_trade_no = ? WHERE order_key = ?').run(order.outTradeNo, orderKey)
      return success(order.outTradeNo)
    })()
  })
}
