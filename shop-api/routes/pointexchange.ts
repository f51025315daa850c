import { money, nowSeconds } from '../core/format.js'
import { ApiException, error, int, isEmpty, pageResult, paging, param, requireMember, str, success, type Context, type Handler, type Router } from '../core/router.js'
import { Catalog } from '../models/catalog.js'
import { EXPIRED_MESSAGE, newOrderKey, ORDER_KEY_TTL_SECONDS } from '../models/checkout.js'
import { closeOrder } from '../models/order.js'
import {
  EXCHANGE_MISSING,
  EXCHANGE_NUM,
  EXCHANGE_OFF,
  EXCHANGE_ORDER_STATUS_NAMES,
  EXCHANGE_TYPE_NAMES,
  exchangeLines,
  exchangeOrderStatus,
  exchangeRefusal,
  exchangeStock,
  findExchange,
  giveExchangeCoupons,
  insertExchangeOrder,
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

/** The stored notes (plain text in the seed) as the admin's editor saves them: one HTML paragraph. */
function notesHtml(text: string): string {
  return text ? `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>` : ''
}

function couponTypeOf(ctx: Context, couponTypeId: number) {
  return ctx.db
    .prepare(
      'SELECT coupon_name, type, goods_type, money, discount, discount_limit, at_least, validity_type, fixed_term, end_time, count, lead_count, image FROM coupon_type WHERE coupon_type_id = ?',
    )
    .get(couponTypeId) as
    | {
        coupon_name: string
        type: string
        goods_type: number
        money: number
        discount: number
        discount_limit: number
        at_least: number
        validity_type: number
        fixed_term: number
        end_time: number
        count: number
        lead_count: number
        image: string
      }
    | undefined
}

/**
 * An exchange as Niushop's `goods/page` lists it: the `promotion_exchange_goods` row (`peg.*`: the
 * exchange's points and cash part, `type_id` the goods for goods) and, for goods, the goods' name,
 * image, stock and sales; for coupons the coupon type's face value (no stock, no limit here).
 */
function exchangeListRow(ctx: Context, catalog: Catalog, item: ExchangeRecord): Record<string, unknown> {
  const sku = item.type === 1 ? catalog.sku(item.type_id) : undefined
  const goods = sku ? catalog.goods(sku.goods_id) : undefined
  const base = {
    id: item.id,
    site_id: 1,
    type: item.type,
    type_name: EXCHANGE_TYPE_NAMES[item.type],
    type_id: goods?.goods_id ?? item.type_id,
    name: item.name,
    image: item.image,
    point: item.point,
    price: money(item.price),
    balance: '0.00',
    state: item.state,
    content: item.type === 1 ? (goods ? catalog.content(goods) : '') : notesHtml(item.content),
    create_time: item.create_time,
    modify_time: 0,
    sort: item.sort,
    pay_type: item.pay_type,
    delivery_price: '0.00',
    rule: item.type === 1 ? notesHtml(item.content) : null,
  }
  if (item.type === 1) {
    return {
      ...base,
      name: goods?.goods_name ?? item.name,
      image: goods?.goods_image ?? item.image,
      stock: exchangeStock(catalog, item),
      stock_show: 1,
      sale_show: 1,
      sale_num: goods?.sale_num ?? 0,
    }
  }
  const coupon = couponTypeOf(ctx, item.type_id)
  return {
    ...base,
    coupon_type: coupon?.type ?? 'reward',
    goods_type: coupon?.goods_type ?? 1,
    at_least: money(coupon?.at_least ?? 0),
    money: money(coupon?.money ?? 0),
    discount: money(coupon?.discount ?? 0),
  }
}

/**
 * An exchange as Niushop's `goods/detail` answers it (Exchange::getExchangeDetail): the SKU's
 * `promotion_exchange` row (`id`; `exchange_id` the exchange; `exchange_price` the cash part)
 * joined with the goods SKU (its own `price`, `stock`, `goods_content`…) or the coupon type. No
 * member fields: the member's points and what they exchanged are not part of it.
 */
function exchangeDetail(ctx: Context, catalog: Catalog, item: ExchangeRecord): Record<string, unknown> | null {
  const row = {
    type: item.type,
    exchange_id: item.id,
    id: item.id,
    sku_id: item.type_id,
    goods_id: item.type_id,
    pay_type: item.pay_type,
    point: item.point,
    exchange_price: money(item.price),
    limit_num: item.limit_num,
    delivery_price: '0.00',
    balance: '0.00',
    state: item.state,
    content: notesHtml(item.content),
    exchange_goods_id: item.id,
    rule: null as string | null,
  }
  if (item.type === 2) {
    const coupon = couponTypeOf(ctx, item.type_id)
    if (!coupon) return null
    return {
      ...row,
      stock: item.stock,
      coupon_type: coupon.type,
      discount_limit: money(coupon.discount_limit ?? 0),
      image: coupon.image ?? '',
      name: coupon.coupon_name,
      count: coupon.count,
      lead_count: coupon.lead_count,
      money: money(coupon.money),
      discount: money(coupon.discount),
      at_least: money(coupon.at_least),
      validity_type: coupon.validity_type,
      fixed_term: coupon.fixed_term,
      end_time: coupon.end_time,
    }
  }
  const sku = catalog.sku(item.type_id)
  const goods = sku ? catalog.goods(sku.goods_id) : undefined
  if (!sku || !goods || goods.goods_state !== 1) return null
  return {
    ...row,
    goods_id: goods.goods_id,
    // Goods: the goods description is the content, the exchange's own notes are the rule.
    content: catalog.content(goods),
    rule: notesHtml(item.content),
    site_id: 1,
    sku_name: sku.sku_name,
    sku_spec_format: sku.sku_spec_format,
    price: money(sku.price),
    promotion_type: sku.promotion_type,
    stock: exchangeStock(catalog, item),
    click_num: sku.click_num,
    sale_num: sku.sale_num,
    collect_num: goods.collect_num,
    sku_image: sku.sku_image,
    sku_images: sku.sku_images,
    goods_content: catalog.content(goods),
    goods_state: goods.goods_state,
    is_virtual: goods.is_virtual,
    is_free_shipping: goods.is_free_shipping,
    goods_spec_format: goods.goods_spec_format ?? '',
    goods_attr_format: goods.goods_attr_format,
    introduction: goods.introduction,
    unit: goods.unit,
    video_url: goods.video_url,
    evaluate: goods.evaluate,
    goods_service_ids: goods.goods_service_ids,
    goods_image: goods.goods_image,
    goods_stock: goods.goods_stock,
    goods_name: goods.goods_name,
    qr_id: 0,
    stock_show: 1,
    sale_show: 1,
    goods_service: catalog.services(goods),
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
    const { page, pageSize } = paging(ctx)
    // One kind at a time, goods by default (Niushop's `type ?? 1`).
    const where = ['state = 1', 'type = ?']
    const args: unknown[] = [int(ctx, 'type', 1)]
    const keyword = str(ctx, 'keyword').trim()
    if (keyword) {
      where.push("name LIKE ? ESCAPE '\\'")
      args.push(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    }
    // Niushop's bounds default to 0, and on PHP 8 `0 != ''` holds: an absent bound is a bound of
    // 0 (no bounds: only items of 0 points, i.e. none). Only "" means "no bound" (niushop/README.md fact 10).
    const bound = (name: string): number | null => {
      const value = param(ctx, name) ?? 0
      return value === '' ? null : int(ctx, name, 0)
    }
    const minPoint = bound('min_point')
    const maxPoint = bound('max_point')
    if (minPoint !== null) {
      where.push('point >= ?')
      args.push(minPoint)
    }
    if (maxPoint !== null) {
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
    const list = (pageSize > 0 ? visible.slice((page - 1) * pageSize, page * pageSize) : visible).map((item) => exchangeListRow(ctx, catalog, item))
    return success(pageResult(list, visible.length, pageSize))
  })

  // {id: the exchange} → its detail (Niushop's shape); 商品未找到 when there is no such exchange,
  // `-1 操作失败` (data null) when it is off or its goods are off the shelf, as Niushop's error($info).
  router.post('/pointexchange/api/goods/detail', (ctx) => {
    if (isEmpty(param(ctx, 'id'))) return error(-1, '缺少参数id')
    const id = positiveInt(param(ctx, 'id'))
    const item = id === null ? undefined : findExchange(ctx.db, id)
    if (!item) return error(-1, EXCHANGE_MISSING)
    const detail = item.state === 1 ? exchangeDetail(ctx, Catalog.forRequest(ctx), item) : null
    return detail ? success(detail) : error(-1, EXCHANGE_OFF, null)
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
      return item ? exchangeInfo(item) : {}
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

  /**
   * A coupon exchange's payment/calculate as Niushop's OrderCreate answers it (its fields): the
   * points in all, the member's account, the exchange row, and the rules' refusal inside the
   * success (`error` 1, `error_msg`: closed, stock, limit). Points are checked only by create.
   */
  const couponView = (ctx: Context, memberId: number, orderKey: string, item: ExchangeRecord, num: number) => {
    const refusal = exchangeRefusal(ctx.db, Catalog.forRequest(ctx, memberId), memberId, item, num, { points: false })
    const account = ctx.db.prepare('SELECT member_id, point, balance, balance_money FROM member WHERE member_id = ?').get(memberId) as Record<string, number>
    return {
      order_key: orderKey,
      promotion_type: 'pointexchange',
      promotion_type_name: '积分商城',
      goods_list: [],
      goods_num: num,
      goods_money: 0,
      order_money: 0,
      pay_money: 0,
      point: item.point * num,
      price: 0,
      balance: 0,
      order_name: `${item.name}【${EXCHANGE_TYPE_NAMES[item.type]}】`,
      member_account: { member_id: account.member_id, point: account.point, balance: money(account.balance), balance_money: money(account.balance_money) },
      exchange_info: exchangeInfo(item),
      error: refusal ? 1 : 0,
      error_msg: refusal ?? '',
    }
  }

  router.post('/pointexchange/api/ordercreate/payment', (ctx) => {
    const memberId = requireMember(ctx)
    const asked = readExchangeInput(ctx)
    if ('code' in asked) return asked
    const item = findExchange(ctx.db, asked.id)
    if (!item) return error(-1, EXCHANGE_MISSING)
    if (item.type === 1) return delegate('payment', ctx)
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
    if (!item) return error(-1, EXCHANGE_MISSING)
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

/**
 * The exchange block of payment/calculate: the exchange's `promotion_exchange` row, as Niushop's
 * getExchangeInfo answers it (points and cash part per unit; the totals are the order's `point`
 * and money).
 */
function exchangeInfo(item: ExchangeRecord): Record<string, unknown> {
  return {
    id: item.id,
    site_id: 1,
    exchange_goods_id: item.id,
    type: item.type,
    type_name: EXCHANGE_TYPE_NAMES[item.type],
    type_id: item.type_id,
    name: item.name,
    image: item.image,
    stock: item.stock,
    pay_type: item.pay_type,
    point: item.point,
    market_price: money(item.market_price),
    price: money(item.price),
    limit_num: item.limit_num,
    state: item.state,
    sort: item.sort,
    create_time: item.create_time,
  }
}
