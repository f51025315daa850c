import { money, nowSeconds } from '../core/format.js'
import { ApiException, error, int, isEmpty, pageResult, paging, param, requireMember, str, success, type Context, type Handler, type Router } from '../core/router.js'
import { Catalog, optionalMemberId } from '../models/catalog.js'
import { EXPIRED_MESSAGE, newOrderKey, ORDER_KEY_TTL_SECONDS } from '../models/checkout.js'
import { closeOrder } from '../models/order.js'
import {
  EXCHANGE_MISSING,
  EXCHANGE_NUM,
  EXCHANGE_ORDER_STATUS_NAMES,
  EXCHANGE_TYPE_NAMES,
  exchangedNum,
  exchangeLines,
  exchangeOrderStatus,
  exchangeRefusal,
  exchangeStock,
  findExchange,
  giveExchangeCoupons,
  insertExchangeOrder,
  memberPoint,
  takeExchange,
  type ExchangeRecord,
} from '../models/point-exchange.js'
import { positiveInt, registerPromotionCheckout } from './promotion-checkout.js'

/**
 * Points mall (积分商城, contract §6.12): `goods/page|detail`, the exchange checkout
 * `ordercreate/payment|calculate|create` and the exchange orders `order/page|info|close`.
 *
 * A goods exchange is a promotion checkout (promotion-checkout.ts, kind `pointexchange`): address,
 * delivery, invoice and balance as any order, the lines at the exchange's cash part, the points
 * taken when the order is created and given back when the unpaid order closes. A coupon exchange
 * needs none of that: its order key holds the item and number, create takes the points and gives
 * the coupons at once.
 */

const COUPON_KEY_KIND = 'pointcoupon'

interface ExchangeOrderRow {
  order_id: number
  order_no: string
  out_trade_no: string
  member_id: number
  exchange_id: number
  exchange_name: string
  exchange_image: string
  type: number
  type_id: number
  point: number
  exchange_price: number
  price: number
  num: number
  relate_order_id: number
  order_status: number
  create_time: number
  pay_time: number
}

/** An item as `goods/page` lists it (the goods' or the coupon's fields beside the exchange's). */
function exchangeView(ctx: Context, catalog: Catalog, item: ExchangeRecord, memberId: number): Record<string, unknown> {
  const base = {
    id: item.id,
    type: item.type,
    type_name: EXCHANGE_TYPE_NAMES[item.type],
    type_id: item.type_id,
    name: item.name,
    image: item.image,
    point: item.point,
    price: money(item.price),
    market_price: money(item.market_price),
    stock: exchangeStock(catalog, item),
    limit_num: item.limit_num,
    pay_type: item.pay_type,
    state: item.state,
    sort: item.sort,
    ...(memberId ? { exchanged_num: exchangedNum(ctx.db, memberId, item.id) } : {}),
  }
  if (item.type === 1) {
    const sku = catalog.sku(item.type_id)
    const goods = sku ? catalog.goods(sku.goods_id) : undefined
    return { ...base, goods_id: goods?.goods_id ?? 0, sku_id: item.type_id, sku_name: sku?.sku_name ?? '', unit: goods?.unit ?? '', sale_num: goods?.sale_num ?? 0 }
  }
  const coupon = ctx.db.prepare('SELECT type, money, discount, at_least, validity_type, fixed_term, end_time FROM coupon_type WHERE coupon_type_id = ?').get(item.type_id) as
    { type: string; money: number; discount: number; at_least: number; validity_type: number; fixed_term: number; end_time: number } | undefined
  return {
    ...base,
    coupon_type: coupon?.type ?? 'reward',
    money: money(coupon?.money ?? 0),
    discount: coupon?.discount ?? 0,
    at_least: money(coupon?.at_least ?? 0),
    validity_type: coupon?.validity_type ?? 0,
    fixed_term: coupon?.fixed_term ?? 0,
    end_time: coupon?.end_time ?? 0,
  }
}

function exchangeOrderView(ctx: Context, row: ExchangeOrderRow): Record<string, unknown> {
  const status = exchangeOrderStatus(ctx.db, row)
  return {
    order_id: row.order_id,
    order_no: row.order_no,
    out_trade_no: row.out_trade_no,
    exchange_id: row.exchange_id,
    exchange_name: row.exchange_name,
    exchange_image: row.exchange_image,
    type: row.type,
    type_name: EXCHANGE_TYPE_NAMES[row.type],
    type_id: row.type_id,
    point: row.point,
    exchange_price: money(row.exchange_price),
    price: money(row.price),
    num: row.num,
    relate_order_id: row.relate_order_id,
    order_status: status,
    order_status_name: EXCHANGE_ORDER_STATUS_NAMES[status],
    delivery_status_name: row.type === 1 ? '' : '无需发货',
    create_time: row.create_time,
    pay_time: row.pay_time,
  }
}

/** `{id, num}` of an exchange payment, or its refusal. */
function readExchangeInput(ctx: Context): { id: number; num: number } | ReturnType<typeof error> {
  if (isEmpty(param(ctx, 'id'))) return error(-1, '缺少参数id')
  const id = positiveInt(param(ctx, 'id'))
  if (id === null) return error(-1, EXCHANGE_MISSING)
  const num = positiveInt(param(ctx, 'num'))
  if (num === null) return error(-1, EXCHANGE_NUM)
  return { id, num }
}

export function registerPointExchangeRoutes(router: Router): void {
  router.post('/pointexchange/api/goods/page', (ctx) => {
    const catalog = Catalog.forRequest(ctx)
    const memberId = optionalMemberId(ctx)
    const { page, pageSize } = paging(ctx)
    const where = ['state = 1']
    const args: unknown[] = []
    const type = int(ctx, 'type', 0)
    if (type === 1 || type === 2) {
      where.push('type = ?')
      args.push(type)
    }
    const keyword = str(ctx, 'keyword').trim()
    if (keyword) {
      where.push("name LIKE ? ESCAPE '\\'")
      args.push(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    }
    const minPoint = int(ctx, 'min_point', 0)
    const maxPoint = int(ctx, 'max_point', 0)
    if (minPoint > 0) {
      where.push('point >= ?')
      args.push(minPoint)
    }
    if (maxPoint > 0) {
      where.push('point <= ?')
      args.push(maxPoint)
    }
    const direction = str(ctx, 'sort').toLowerCase() === 'desc' ? 'DESC' : 'ASC'
    const order = str(ctx, 'order')
    const orderBy = order === 'point' ? `point ${direction}, id` : order === 'create_time' ? `create_time ${direction}, id` : 'sort, id'
    const rows = ctx.db.prepare(`SELECT * FROM point_exchange WHERE ${where.join(' AND ')} ORDER BY ${orderBy}`).all(...args) as ExchangeRecord[]
    const visible = rows.filter((item) => {
      if (item.type !== 1) return true
      const sku = catalog.sku(item.type_id)
      const goods = sku ? catalog.goods(sku.goods_id) : undefined
      return Boolean(goods && goods.goods_state === 1)
    })
    const list = (pageSize > 0 ? visible.slice((page - 1) * pageSize, page * pageSize) : visible).map((item) => exchangeView(ctx, catalog, item, memberId))
    return success(pageResult(list, visible.length, pageSize))
  })

  // {id} → the item with its description; 商品未找到 when there is none (or it is off).
  router.post('/pointexchange/api/goods/detail', (ctx) => {
    if (isEmpty(param(ctx, 'id'))) return error(-1, '缺少参数id')
    const id = positiveInt(param(ctx, 'id'))
    const item = id === null ? undefined : findExchange(ctx.db, id)
    if (!item || item.state !== 1) return error(-1, EXCHANGE_MISSING)
    const catalog = Catalog.forRequest(ctx)
    const memberId = optionalMemberId(ctx)
    return success({ ...exchangeView(ctx, catalog, item, memberId), content: item.content, ...(memberId ? { member_point: memberPoint(ctx.db, memberId) } : {}) })
  })

  // Goods exchanges: the promotion checkout, registered here and called by the dispatching routes below.
  const goodsCheckout = new Map<string, Handler>()
  const capture = { post: (path: string, handler: Handler) => goodsCheckout.set(path, handler) } as unknown as Router
  registerPromotionCheckout(capture, {
    type: 'pointexchange',
    prefix: '/pointexchange/api/ordercreate',
    readInput(ctx) {
      const asked = readExchangeInput(ctx)
      if ('code' in asked) return asked
      const item = findExchange(ctx.db, asked.id)
      return { id: asked.id, lines: [{ sku_id: item?.type_id ?? 0, num: asked.num }] }
    },
    price(ctx, catalog, memberId, input) {
      return exchangeLines(ctx.db, catalog, memberId, input.promotion.id, input.lines[0]!.num)
    },
    infoKey: 'exchange_info',
    info(ctx, _catalog, input) {
      const item = findExchange(ctx.db, input.promotion.id)
      return item ? exchangeInfo(item, input.lines[0]!.num) : {}
    },
    afterCreate(ctx, input, orderId) {
      const item = findExchange(ctx.db, input.promotion.id)!
      const num = input.lines[0]!.num
      const order = ctx.db.prepare('SELECT member_id, out_trade_no FROM orders WHERE order_id = ?').get(orderId) as { member_id: number; out_trade_no: string }
      // from_type 'order': closing the unpaid order gives the points back (models/order.ts closeOrder).
      takeExchange(ctx.db, order.member_id, item, num, { fromType: 'order', relatedId: orderId, remark: `积分兑换 ${item.name}` })
      insertExchangeOrder(ctx.db, order.member_id, item, num, { orderId, outTradeNo: order.out_trade_no })
    },
  })
  const delegate = (step: string, ctx: Context) => goodsCheckout.get(`/pointexchange/api/ordercreate/${step}`)!(ctx)

  /** The coupon key of the member, or 订单已过期 (a goods key goes to the goods checkout). */
  const couponKey = (ctx: Context, memberId: number) => {
    const row = ctx.db.prepare('SELECT member_id, kind, input, expire_time, used_time FROM order_key WHERE order_key = ?').get(str(ctx, 'order_key')) as
      { member_id: number; kind: string; input: string; expire_time: number; used_time: number } | undefined
    if (!row || row.kind !== COUPON_KEY_KIND) return null
    if (row.member_id !== memberId || row.used_time > 0 || row.expire_time <= nowSeconds()) throw new ApiException(-1, EXPIRED_MESSAGE)
    return JSON.parse(row.input) as { id: number; num: number }
  }

  const couponView = (ctx: Context, memberId: number, orderKey: string, item: ExchangeRecord, num: number) => ({
    order_key: orderKey,
    promotion_type: 'pointexchange',
    promotion_type_name: '积分兑换',
    goods_list: [],
    goods_num: num,
    order_money: '0.00',
    pay_money: '0.00',
    point: item.point * num,
    member_point: memberPoint(ctx.db, memberId),
    exchange_info: exchangeInfo(item, num),
  })

  router.post('/pointexchange/api/ordercreate/payment', (ctx) => {
    const memberId = requireMember(ctx)
    const asked = readExchangeInput(ctx)
    if ('code' in asked) return asked
    const item = findExchange(ctx.db, asked.id)
    if (!item) return error(-1, EXCHANGE_MISSING)
    if (item.type === 1) return delegate('payment', ctx)
    const refusal = exchangeRefusal(ctx.db, Catalog.forRequest(ctx, memberId), memberId, item, asked.num)
    if (refusal) return error(-1, refusal)
    const now = nowSeconds()
    const orderKey = newOrderKey()
    ctx.db
      .prepare('INSERT INTO order_key (order_key, member_id, kind, input, create_time, expire_time) VALUES (?, ?, ?, ?, ?, ?)')
      .run(orderKey, memberId, COUPON_KEY_KIND, JSON.stringify(asked), now, now + ORDER_KEY_TTL_SECONDS)
    return success(couponView(ctx, memberId, orderKey, item, asked.num))
  })

  router.post('/pointexchange/api/ordercreate/calculate', (ctx) => {
    const memberId = requireMember(ctx)
    const input = couponKey(ctx, memberId)
    if (!input) return delegate('calculate', ctx)
    const item = findExchange(ctx.db, input.id)
    const refusal = exchangeRefusal(ctx.db, Catalog.forRequest(ctx, memberId), memberId, item, input.num)
    if (refusal || !item) return error(-1, refusal ?? EXCHANGE_MISSING)
    return success(couponView(ctx, memberId, str(ctx, 'order_key'), item, input.num))
  })

  // Coupons: points taken, coupons given, the exchange order done (1), in one transaction → its out_trade_no.
  // Upstream reads `$this->params['buyer_message']` without a default, for goods and coupons alike.
  router.post('/pointexchange/api/ordercreate/create', (ctx) => {
    const memberId = requireMember(ctx)
    if (param(ctx, 'buyer_message') === undefined) throw new Error('Undefined array key "buyer_message"')
    if (!couponKey(ctx, memberId)) return delegate('create', ctx)
    return ctx.db.transaction(() => {
      const input = couponKey(ctx, memberId)!
      const item = findExchange(ctx.db, input.id)
      const refusal = exchangeRefusal(ctx.db, Catalog.forRequest(ctx, memberId), memberId, item, input.num)
      if (refusal || !item) return error(-1, refusal ?? EXCHANGE_MISSING)
      const used = ctx.db.prepare('UPDATE order_key SET used_time = ? WHERE order_key = ? AND used_time = 0').run(nowSeconds(), str(ctx, 'order_key'))
      if (used.changes !== 1) throw new ApiException(-1, EXPIRED_MESSAGE)
      const order = insertExchangeOrder(ctx.db, memberId, item, input.num, null)
      takeExchange(ctx.db, memberId, item, input.num, { fromType: 'pointexchange', relatedId: order.orderId, remark: `积分兑换 ${item.name}` })
      giveExchangeCoupons(ctx.db, memberId, item.type_id, input.num)
      ctx.db.prepare('UPDATE order_key SET out_trade_no = ? WHERE order_key = ?').run(order.outTradeNo, str(ctx, 'order_key'))
      return success(order.outTradeNo)
    })()
  })

  router.post('/pointexchange/api/order/page', (ctx) => {
    const memberId = requireMember(ctx)
    const { page, pageSize } = paging(ctx)
    const wanted = str(ctx, 'order_status', 'all')
    const rows = (ctx.db.prepare('SELECT * FROM point_exchange_order WHERE member_id = ? ORDER BY order_id DESC').all(memberId) as ExchangeOrderRow[])
      .map((row) => exchangeOrderView(ctx, row))
      .filter((row) => wanted === 'all' || wanted === '' || String(row.order_status) === wanted)
    return success(pageResult(pageSize > 0 ? rows.slice((page - 1) * pageSize, page * pageSize) : rows, rows.length, pageSize))
  })

  const ownOrder = (ctx: Context, memberId: number) => {
    if (isEmpty(param(ctx, 'order_id'))) throw new ApiException(-1, '缺少参数order_id')
    const row = ctx.db.prepare('SELECT * FROM point_exchange_order WHERE order_id = ? AND member_id = ?').get(int(ctx, 'order_id', 0), memberId) as ExchangeOrderRow | undefined
    if (!row) throw new ApiException(-1, '订单不存在')
    return row
  }

  router.post('/pointexchange/api/order/info', (ctx) => {
    const memberId = requireMember(ctx)
    return success(exchangeOrderView(ctx, ownOrder(ctx, memberId)))
  })

  // Close an unpaid goods exchange: its goods order closes (stock, exchange stock and points back).
  router.post('/pointexchange/api/order/close', (ctx) => {
    const memberId = requireMember(ctx)
    const row = ownOrder(ctx, memberId)
    if (exchangeOrderStatus(ctx.db, row) !== 0 || !row.relate_order_id) return error(-1, '只有待支付的订单可以关闭')
    closeOrder(ctx.db, row.relate_order_id, '积分兑换订单关闭')
    return success(1)
  })
}

/** The exchange block of payment/calculate (points per unit and in all, the cash part). */
function exchangeInfo(item: ExchangeRecord, num: number): Record<string, unknown> {
  return {
    id: item.id,
    name: item.name,
    image: item.image,
    type: item.type,
    type_name: EXCHANGE_TYPE_NAMES[item.type],
    point: item.point,
    price: money(item.price),
    num,
    total_point: item.point * num,
    total_price: money(item.price * num),
  }
}
