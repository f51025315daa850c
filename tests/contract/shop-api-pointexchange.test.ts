import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestShopApi, type ApiBody, type TestShopApi } from '../../shop-api/testing'

/**
 * The reference shop API's points mall (docs/points-mall.md, contract §6.12): the list and its
 * filters, the detail, the coupon exchange (points taken, coupon given, done at once), the goods
 * exchange (a promotion checkout of kind pointexchange: cash through the cashier, points back when
 * the unpaid order closes), and every refusal (too few points, stock, limit, unknown, junk, forged).
 *
 * Seed (step 16): 1 一次性使用医用口罩 50只 2000 points (limit 5); 2 腕式电子血压计 3000 points + ¥59 (limit 1);
 * 3 医用棉签 300 points; 4 维生素C泡腾片 sold out; 5 coupon 满200减20 500 points (limit 3); 6 coupon 满500减60 1200 points (limit 1).
 */

type Data = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

let shop: TestShopApi

beforeAll(async () => {
  shop = await startTestShopApi({ log: false })
})

afterAll(async () => {
  await shop?.close()
})

interface Member {
  token: string
  member_id: number
}

async function newMember(point: number): Promise<Member> {
  return shop.newBuyer({ address: true, money: { point } })
}

const call = (member: Member, path: string, body: Record<string, unknown> = {}): Promise<ApiBody> => shop.call(path, { token: member.token, ...body })

async function ok(member: Member, path: string, body: Record<string, unknown> = {}): Promise<Data> {
  const answer = await call(member, path, body)
  expect(answer.code, `${path}: ${answer.message}`).toBe(0)
  return answer.data as Data
}

const express = JSON.stringify({ delivery_type: 'express', delivery_type_name: '快递发货' })
const points = (member: Member) => (shop.api.db.prepare('SELECT point FROM member WHERE member_id = ?').get(member.member_id) as { point: number }).point
const exchangeStock = (id: number) => (shop.api.db.prepare('SELECT stock FROM point_exchange WHERE id = ?').get(id) as { stock: number }).stock
const coupons = (member: Member) => shop.api.db.prepare('SELECT * FROM member_coupon WHERE member_id = ?').all(member.member_id) as Data[]
const exchangeOrders = (member: Member) => shop.api.db.prepare('SELECT * FROM point_exchange_order WHERE member_id = ?').all(member.member_id) as Data[]
const orders = (member: Member) => shop.api.db.prepare('SELECT * FROM orders WHERE member_id = ?').all(member.member_id) as Data[]

async function exchange(member: Member, id: number, num: number, extra: Record<string, unknown> = {}): Promise<ApiBody> {
  const payment = await call(member, '/pointexchange/api/ordercreate/payment', { id, num })
  if (payment.code !== 0) return payment
  return call(member, '/pointexchange/api/ordercreate/create', { order_key: (payment.data as Data).order_key, delivery: express, buyer_message: '', ...extra })
}

describe('points mall list and detail', () => {
  test("goods/page: one kind at a time (goods by default), Niushop's rows; the PHP 8 points bounds; sort, paging, keyword", async () => {
    const NO_BOUNDS = { min_point: '', max_point: '' }
    const goods = (await shop.call('/pointexchange/api/goods/page', { page_size: 0, ...NO_BOUNDS })).data as Data
    expect(goods.count).toBe(4)
    // peg.* with the goods' name, image, stock and sales; type_id is the goods.
    expect(goods.list[0]).toMatchObject({ id: 1, type: 1, name: '一次性使用医用口罩 50只', point: 2000, price: '0.00', pay_type: 0, stock_show: 1, sale_show: 1 })
    expect(goods.list[0]).not.toHaveProperty('limit_num')
    expect(goods.list[0]).not.toHaveProperty('sku_id')
    expect(goods.list.find((i: Data) => i.id === 2)).toMatchObject({ point: 3000, price: '59.00', pay_type: 1 })
    expect(goods.list.find((i: Data) => i.id === 4)).toMatchObject({ stock: 0 })
    const coupons = (await shop.call('/pointexchange/api/goods/page', { type: 2, ...NO_BOUNDS })).data as Data
    expect(coupons.list.map((i: Data) => i.id)).toEqual([5, 6])
    expect(coupons.list[0]).toMatchObject({ type: 2, point: 500, money: '20.00', at_least: '200.00', coupon_type: 'reward' })
    expect(coupons.list[0]).not.toHaveProperty('stock')
    // Niushop's bounds default to 0 and PHP 8 reads `0 != ''` as true: absent bounds list nothing.
    expect(((await shop.call('/pointexchange/api/goods/page', {})).data as Data).count).toBe(0)
    const cheap = (await shop.call('/pointexchange/api/goods/page', { type: 2, min_point: '', max_point: 1000, order: 'point', sort: 'desc' })).data as Data
    expect(cheap.list.map((i: Data) => i.point)).toEqual([500])
    const range = (await shop.call('/pointexchange/api/goods/page', { min_point: 300, max_point: 2000, order: 'point', sort: 'asc' })).data as Data
    expect(range.list.map((i: Data) => i.point)).toEqual([300, 1500, 2000])
    const paged = (await shop.call('/pointexchange/api/goods/page', { page: 2, page_size: 3, ...NO_BOUNDS })).data as Data
    expect(paged).toMatchObject({ count: 4, page_count: 2 })
    expect(paged.list).toHaveLength(1)
    const keyword = (await shop.call('/pointexchange/api/goods/page', { keyword: '口罩', ...NO_BOUNDS })).data as Data
    expect(keyword.list.map((i: Data) => i.id)).toEqual([1])
  })

  test("goods/detail: Niushop's shape (the SKU's exchange row with the goods or the coupon; no member fields); unknown → 商品未找到, off → 操作失败", async () => {
    const member = await newMember(800)
    const coupon = await ok(member, '/pointexchange/api/goods/detail', { id: 5 })
    expect(coupon).toMatchObject({ exchange_id: 5, id: 5, type: 2, point: 500, exchange_price: '0.00', stock: 1000, name: '积分兑换 满200减20', money: '20.00' })
    expect(coupon.content).toBe('<p>全场商品满 200 元减 20 元，兑换后 30 天内有效。</p>')
    expect(coupon).not.toHaveProperty('member_point')
    expect(coupon).not.toHaveProperty('exchanged_num')
    const goods = await ok(member, '/pointexchange/api/goods/detail', { id: 2 })
    expect(goods).toMatchObject({ exchange_id: 2, type: 1, point: 3000, exchange_price: '59.00', limit_num: 1, goods_name: '腕式电子血压计 YE8900A' })
    // `price` is the goods' own; the description is the goods', the exchange's notes are the rule.
    expect(Number(goods.price)).toBeGreaterThan(59)
    expect(goods.content).toBe(goods.goods_content)
    expect(goods.rule).toBe('<p>3000 积分加 59 元换购鱼跃腕式电子血压计，每个账号限兑 1 台。</p>')
    expect(await shop.call('/pointexchange/api/goods/detail', { id: 999 })).toMatchObject({ code: -1, message: '商品未找到' })
    expect(await shop.call('/pointexchange/api/goods/detail', { id: 'abc' })).toMatchObject({ code: -1, message: '商品未找到' })
    expect(await shop.call('/pointexchange/api/goods/detail', {})).toMatchObject({ code: -1, message: '缺少参数id' })
    shop.api.db.prepare('UPDATE point_exchange SET state = 0 WHERE id = 6').run()
    try {
      expect(await shop.call('/pointexchange/api/goods/detail', { id: 6 })).toMatchObject({ code: -1, message: '操作失败', data: null })
    } finally {
      shop.api.db.prepare('UPDATE point_exchange SET state = 1 WHERE id = 6').run()
    }
  })
})

describe('coupon exchange', () => {
  test('payment → create: points taken, the coupon given, the exchange order done; a replay makes nothing', async () => {
    const member = await newMember(1200)
    const before = exchangeStock(5)
    const payment = await ok(member, '/pointexchange/api/ordercreate/payment', { id: 5, num: 2, point: 1 })
    // Niushop's order-create fields: the points in all, the member's account, the exchange row, no refusal.
    expect(payment).toMatchObject({ promotion_type: 'pointexchange', point: 1000, pay_money: 0, goods_num: 2, member_account: { point: 1200 }, error: 0, error_msg: '' })
    expect(payment.exchange_info).toMatchObject({ id: 5, point: 500 })
    const outTradeNo = await ok(member, '/pointexchange/api/ordercreate/create', { order_key: payment.order_key, buyer_message: '', point: 1, price: 0 })
    expect(typeof outTradeNo).toBe('string')
    expect(points(member)).toBe(200)
    expect(exchangeStock(5)).toBe(before - 2)
    expect(coupons(member)).toEqual([
      expect.objectContaining({ coupon_name: '积分兑换 满200减20', money: 20, at_least: 200, state: 1, get_type: 3 }),
      expect.objectContaining({ coupon_name: '积分兑换 满200减20', state: 1 }),
    ])
    expect(exchangeOrders(member)).toEqual([expect.objectContaining({ exchange_id: 5, num: 2, point: 1000, order_status: 1, out_trade_no: outTradeNo })])
    const ledger = shop.api.db.prepare("SELECT * FROM member_account WHERE member_id = ? AND account_type = 'point'").all(member.member_id) as Data[]
    expect(ledger).toEqual([expect.objectContaining({ account_data: -1000, type_name: '积分兑换' })])
    expect(await call(member, '/pointexchange/api/ordercreate/create', { order_key: payment.order_key, buyer_message: '' })).toMatchObject({ code: -1, message: '订单已过期' })
    const page = await ok(member, '/pointexchange/api/order/page', {})
    expect(page.list).toEqual([expect.objectContaining({ exchange_name: '积分兑换 满200减20', order_status: 1, order_status_name: '兑换成功', point: 1000 })])
    expect(orders(member)).toHaveLength(0)
  })

  test("too few points (refused by create, as Niushop), over the limit (inside payment's success), sold out, unknown, junk quantity: nothing taken or created", async () => {
    const member = await newMember(499)
    expect(await call(member, '/pointexchange/api/ordercreate/payment', { id: 5, num: 1 })).toMatchObject({ code: 0, data: { error: 0, member_account: { point: 499 } } })
    expect(await exchange(member, 5, 1)).toMatchObject({ code: -1, message: '账户积分不足' })
    await shop.testApi('/__test/member/balance', { member_id: member.member_id, point: 5000 })
    expect(await call(member, '/pointexchange/api/ordercreate/payment', { id: 6, num: 2 })).toMatchObject({ code: 0, data: { error: 1, error_msg: '最多可以兑换1件' } })
    expect(await exchange(member, 6, 2)).toMatchObject({ code: -1, message: '最多可以兑换1件' })
    expect((await exchange(member, 6, 1)).code).toBe(0)
    expect(await exchange(member, 6, 1)).toMatchObject({ code: -1, message: '最多可以兑换1件，您已兑换1件' })
    expect(await exchange(member, 4, 1)).toMatchObject({ code: -1, message: '当前兑换库存不足！' })
    expect(await exchange(member, 99999, 1)).toMatchObject({ code: -1, message: '商品未找到' })
    expect(await exchange(member, 5, 0)).toMatchObject({ code: -1, message: '兑换数量不能小于1' })
    expect(await exchange(member, 5, 'x' as unknown as number)).toMatchObject({ code: -1, message: '兑换数量不能小于1' })
    expect(await exchange(member, 5, 1.5)).toMatchObject({ code: -1, message: '兑换数量不能小于1' })
    expect(points(member)).toBe(5000 - 1200)
    expect(exchangeOrders(member)).toHaveLength(1)
    // Points spent between payment and create: create refuses and takes nothing.
    const payment = await ok(member, '/pointexchange/api/ordercreate/payment', { id: 5, num: 1 })
    await shop.testApi('/__test/member/balance', { member_id: member.member_id, point: 100 })
    expect(await call(member, '/pointexchange/api/ordercreate/create', { order_key: payment.order_key, buyer_message: '' })).toMatchObject({ code: -1, message: '账户积分不足' })
    expect(points(member)).toBe(100)
    expect(exchangeOrders(member)).toHaveLength(1)
  })

  test('create without buyer_message fails as 5.5.2 does (Undefined array key), for coupons and goods; nothing is taken', async () => {
    const member = await newMember(3500)
    const coupon = await ok(member, '/pointexchange/api/ordercreate/payment', { id: 5, num: 1 })
    expect(await call(member, '/pointexchange/api/ordercreate/create', { order_key: coupon.order_key })).toEqual({
      code: -1,
      message: '系统异常：Undefined array key "buyer_message"',
      timestamp: expect.any(Number),
    })
    const goods = await ok(member, '/pointexchange/api/ordercreate/payment', { id: 2, num: 1 })
    expect(await call(member, '/pointexchange/api/ordercreate/create', { order_key: goods.order_key, delivery: express })).toMatchObject({
      code: -1,
      message: '系统异常：Undefined array key "buyer_message"',
    })
    expect(points(member)).toBe(3500)
    expect(exchangeOrders(member)).toHaveLength(0)
    // The key was not used: the same exchange goes through once the field is there.
    expect(typeof (await ok(member, '/pointexchange/api/ordercreate/create', { order_key: coupon.order_key, buyer_message: '' }))).toBe('string')
  })

  test('a visitor cannot exchange', async () => {
    expect((await shop.call('/pointexchange/api/ordercreate/payment', { id: 5, num: 1 })).code).not.toBe(0)
  })
})

describe('goods exchange', () => {
  test('points + cash: an order of kind pointexchange at the cash part; points taken; closing the unpaid order gives points and stock back', async () => {
    const member = await newMember(3500)
    const before = exchangeStock(2)
    const payment = await ok(member, '/pointexchange/api/ordercreate/payment', { id: 2, num: 1 })
    expect(payment).toMatchObject({ modules: [], promotion_type: 'pointexchange', goods_num: 1, exchange_info: { id: 2, point: 3000, price: '59.00' } })
    expect(payment.goods_list[0]).toMatchObject({ num: 1, price: '59.00' })
    const calc = await ok(member, '/pointexchange/api/ordercreate/calculate', { order_key: payment.order_key, delivery: express, price: '0.01', point: 1 })
    expect(calc).toMatchObject({ goods_money: 59, error: 0 })
    const outTradeNo = await ok(member, '/pointexchange/api/ordercreate/create', { order_key: payment.order_key, delivery: express, buyer_message: '', price: '0.01' })
    const [order] = orders(member)
    expect(order).toMatchObject({ out_trade_no: outTradeNo, promotion_type: 'pointexchange', promotion_type_name: '积分兑换', goods_money: 59, order_status: 0 })
    expect(points(member)).toBe(500)
    expect(exchangeStock(2)).toBe(before - 1)
    const [exchangeOrder] = (await ok(member, '/pointexchange/api/order/page', { order_status: '0' })).list
    expect(exchangeOrder).toMatchObject({ relate_order_id: order.order_id, order_status: 0, point: 3000, price: '59.00' })
    // The limit (1) counts the unpaid exchange.
    expect(await call(member, '/pointexchange/api/ordercreate/payment', { id: 2, num: 1 })).toMatchObject({ code: -1, message: '最多可以兑换1件，您已兑换1件' })
    expect(await ok(member, '/pointexchange/api/order/close', { order_id: exchangeOrder.order_id })).toBe(1)
    expect(points(member)).toBe(3500)
    expect(exchangeStock(2)).toBe(before)
    expect((await ok(member, '/pointexchange/api/order/info', { order_id: exchangeOrder.order_id })).order_status).toBe(-1)
    expect(await call(member, '/pointexchange/api/order/close', { order_id: exchangeOrder.order_id })).toMatchObject({ code: -1 })
    // Closed exchanges do not count against the limit.
    expect((await exchange(member, 2, 1)).code).toBe(0)
  })

  test('points only with store pickup: nothing to pay, the order is paid at once', async () => {
    const member = await newMember(2000)
    const payment = await ok(member, '/pointexchange/api/ordercreate/payment', { id: 1, num: 1 })
    const store = payment.delivery.express_type.find((t: Data) => t.name === 'store')
    const delivery = JSON.stringify({ delivery_type: 'store', delivery_type_name: '门店自提', store_id: store.store_list[0].store_id })
    const calc = await ok(member, '/pointexchange/api/ordercreate/calculate', { order_key: payment.order_key, delivery })
    expect(calc).toMatchObject({ goods_money: 0, pay_money: 0 })
    await ok(member, '/pointexchange/api/ordercreate/create', { order_key: payment.order_key, delivery, buyer_message: '' })
    expect(orders(member)[0]).toMatchObject({ pay_status: 1, promotion_type: 'pointexchange' })
    expect(points(member)).toBe(0)
    expect((await ok(member, '/pointexchange/api/order/page', {})).list[0]).toMatchObject({ order_status: 1, order_status_name: '兑换成功' })
  })

  test('too few points, over stock, a coupon key elsewhere and a normal key here: refused, nothing created', async () => {
    const member = await newMember(1999)
    expect(await exchange(member, 1, 1)).toMatchObject({ code: -1, message: '账户积分不足' })
    await shop.testApi('/__test/member/balance', { member_id: member.member_id, point: 100000 })
    expect(await exchange(member, 1, 6)).toMatchObject({ code: -1, message: '最多可以兑换5件' })
    shop.api.db.prepare('UPDATE point_exchange SET stock = 1 WHERE id = 3').run()
    try {
      expect(await exchange(member, 3, 2)).toMatchObject({ code: -1, message: '当前兑换库存不足！' })
    } finally {
      shop.api.db.prepare('UPDATE point_exchange SET stock = 500 WHERE id = 3').run()
    }
    const normal = await ok(member, '/api/ordercreate/payment', { sku_id: 61, num: 1 })
    expect(await call(member, '/pointexchange/api/ordercreate/create', { order_key: normal.order_key, delivery: express, buyer_message: '' })).toMatchObject({
      code: -1,
      message: '订单已过期',
    })
    expect(orders(member)).toHaveLength(0)
    expect(exchangeOrders(member)).toHaveLength(0)
    expect(points(member)).toBe(100000)
  })
})
