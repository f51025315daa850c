import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startTestShopApi, type ApiBody, type TestShopApi } from '../../shop-api/testing'

/**
 * The reference shop API's topics (专题活动) and the /activity endpoints (docs/promotions.md):
 * lists, detail, the topic checkout with its rules (dates by the test clock, limit, topic stock,
 * no forged price), the order of kind topic, stock given back when it closes; discount/lists, manjian/lists.
 */

type Data = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

let shop: TestShopApi

beforeAll(async () => {
  shop = await startTestShopApi({ log: false })
})

afterEach(async () => {
  await shop.testApi('/__test/clock', { reset: true })
})

afterAll(async () => {
  await shop?.close()
})

interface Member {
  token: string
  member_id: number
}

async function newMember(): Promise<Member> {
  return shop.newBuyer({ address: true })
}

const call = (member: Member, path: string, body: Record<string, unknown> = {}): Promise<ApiBody> => shop.call(path, { token: member.token, ...body })

async function ok(member: Member, path: string, body: Record<string, unknown> = {}): Promise<Data> {
  const answer = await call(member, path, body)
  expect(answer.code, `${path}: ${answer.message}`).toBe(0)
  return answer.data as Data
}

const express = JSON.stringify({ delivery_type: 'express', delivery_type_name: '快递发货' })
const topicStock = (id: number) => (shop.api.db.prepare('SELECT stock FROM topic_goods WHERE id = ?').get(id) as { stock: number }).stock
const orderCount = (member: Member) => (shop.api.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE member_id = ?').get(member.member_id) as { n: number }).n

/** Topic 2 冬季呼吸道健康专场: goods 5 急支糖浆 (sku 76) at 14.00, 5 per member; goods 8 苏黄止咳胶囊 with 3 left. */
const SYRUP = 5
const SCARCE = 8
/** Topics 3 (starts in 2028) and 4 (ended in 2026). */
const NOT_STARTED_GOODS = 9
const ENDED_GOODS = 11
const PROMO_START = 1767196800

async function topicBuy(member: Member, topicGoodsId: unknown, num: unknown, extra: Record<string, unknown> = {}): Promise<ApiBody> {
  const payment = await call(member, '/topic/api/ordercreate/payment', { topic_goods_id: topicGoodsId, num })
  if (payment.code !== 0) return payment
  return call(member, '/topic/api/ordercreate/create', { order_key: (payment.data as Data).order_key, delivery: express, ...extra })
}

describe('topic lists and detail', () => {
  test('topic/page lists the running topics; topicgoods/page a topic (any state) and its goods, the dates in the rows (as Niushop); unknown → its PHP 8 failure', async () => {
    const page = (await shop.call('/topic/api/topic/page', { page: 1, page_size: 10 })).data as Data
    expect(page.list.map((t: Data) => [t.topic_id, t.status])).toEqual([
      [2, 2],
      [1, 2],
    ])
    expect(page.list[0]).toMatchObject({ topic_name: '冬季呼吸道健康专场', topic_adv: 'upload/topic/topic_2.svg' })
    const goods = (await shop.call('/topic/api/topicgoods/page', { topic_id: 2 })).data as Data
    // Topicgoods::page adds only topic_adv, topic_name and the zone's bg_color beside the page.
    expect(Object.keys(goods).sort()).toEqual(['bg_color', 'count', 'list', 'page_count', 'topic_adv', 'topic_name'])
    expect(goods).toMatchObject({ topic_name: '冬季呼吸道健康专场', count: 4 })
    expect(goods.list[0]).toMatchObject({ id: SYRUP, topic_id: 2, sku_id: 76, topic_price: '14.00', price: '16.50', stock: 500, max_buy: 5 })
    expect(goods.list[0]).toMatchObject({ topic_name: '冬季呼吸道健康专场', status: 2, start_time: PROMO_START, end_time: expect.any(Number) })
    expect(((await shop.call('/topic/api/topicgoods/page', { topic_id: 3 })).data as Data).list[0].status).toBe(1)
    expect(((await shop.call('/topic/api/topicgoods/page', { topic_id: 4 })).data as Data).list[0].status).toBe(3)
    expect(await shop.call('/topic/api/topicgoods/page', { topic_id: 999 })).toEqual({
      code: -1,
      message: '系统异常：Trying to access array offset on value of type null',
      timestamp: expect.any(Number),
    })
    expect(await shop.call('/topic/api/topicgoods/page', {})).toMatchObject({ code: -1, message: '缺少参数topic_id' })
  })

  test('topicgoods/detail takes the topic goods id (as topic_id); purchased_num for a member; unknown → -1 操作失败 (error())', async () => {
    const detail = ((await shop.call('/topic/api/topicgoods/detail', { topic_id: SYRUP })).data as Data).goods_sku_detail
    expect(detail).toMatchObject({ id: SYRUP, topic_id: 2, sku_id: 76, topic_price: '14.00', price: '16.50', stock: 500, max_buy: 5, status: 2 })
    expect(detail).not.toHaveProperty('purchased_num')
    const member = await newMember()
    expect(((await call(member, '/topic/api/topicgoods/detail', { topic_id: SYRUP })).data as Data).goods_sku_detail.purchased_num).toBe(0)
    expect(detail.remark).toBe('止咳平喘、清肺化痰，冬季呼吸道常备药专场特价，每人限购。')
    expect(await shop.call('/topic/api/topicgoods/detail', { topic_id: 999 })).toMatchObject({ code: -1, message: '操作失败', data: '' })
  })

  test('by the clock: before the topics start the list is empty and the topic says not started; after their end, ended', async () => {
    await shop.testApi('/__test/clock', { at: PROMO_START - 60 })
    expect(((await shop.call('/topic/api/topic/page', {})).data as Data).list).toEqual([])
    expect(((await shop.call('/topic/api/topicgoods/detail', { topic_id: SYRUP })).data as Data).goods_sku_detail.status).toBe(1)
    await shop.testApi('/__test/clock', { at: 1861804800 + 60 })
    expect(((await shop.call('/topic/api/topic/page', {})).data as Data).list).toEqual([])
    expect(((await shop.call('/topic/api/topicgoods/detail', { topic_id: SYRUP })).data as Data).goods_sku_detail.status).toBe(3)
  })
})

describe('topic checkout', () => {
  test('payment → calculate → create: the topic price, no coupon or points, an order of kind topic, topic stock moved and given back', async () => {
    const member = await newMember()
    const before = topicStock(SYRUP)
    const payment = await ok(member, '/topic/api/ordercreate/payment', { topic_goods_id: SYRUP, num: 2 })
    expect(payment).toMatchObject({ modules: [], promotion_type: 'topic', promotion_type_name: '专题活动' })
    expect(payment.topic_info).toMatchObject({ id: SYRUP, topic_id: 2, topic_name: '冬季呼吸道健康专场', topic_price: '14.00', max_buy: 5 })
    expect(payment.goods_list[0]).toMatchObject({ sku_id: 76, num: 2, price: '14.00', goods_money: 28 })
    const calc = await ok(member, '/topic/api/ordercreate/calculate', {
      order_key: payment.order_key,
      delivery: express,
      coupon: JSON.stringify({ coupon_id: 1 }),
      is_point: 1,
      price: '0.01',
    })
    expect(calc).toMatchObject({ goods_money: 28, coupon_money: 0, point_money: 0, error: 0 })
    const outTradeNo = await ok(member, '/topic/api/ordercreate/create', { order_key: payment.order_key, delivery: express, price: '0.01', topic_price: '0.01' })
    const order = shop.api.db.prepare('SELECT * FROM orders WHERE out_trade_no = ?').get(outTradeNo) as Data
    expect(order).toMatchObject({ promotion_type: 'topic', promotion_type_name: '专题活动', goods_money: 28, pay_money: calc.pay_money })
    const line = shop.api.db.prepare('SELECT * FROM order_goods WHERE order_id = ?').get(order.order_id) as Data
    expect(line).toMatchObject({ promotion_type: 'topic', promotion_id: SYRUP, sku_id: 76, num: 2, price: 14 })
    expect(topicStock(SYRUP)).toBe(before - 2)
    expect(((await call(member, '/topic/api/topicgoods/detail', { topic_id: SYRUP })).data as Data).goods_sku_detail.purchased_num).toBe(2)
    expect(await call(member, '/topic/api/ordercreate/create', { order_key: payment.order_key, delivery: express })).toMatchObject({ code: -1, message: '订单已过期' })
    expect(orderCount(member)).toBe(1)
    await shop.testApi('/__test/order/close', { order_id: order.order_id })
    expect(topicStock(SYRUP)).toBe(before)
  })

  test('over the per-member limit: refused with what was bought, nothing created', async () => {
    const member = await newMember()
    expect((await topicBuy(member, SYRUP, 4)).code).toBe(0)
    expect(await topicBuy(member, SYRUP, 2)).toMatchObject({ code: -1, message: '该专题商品每人限购5件，您已购买4件' })
    expect(orderCount(member)).toBe(1)
    expect((await topicBuy(member, SYRUP, 1)).code).toBe(0)
  })

  test('over the topic stock, not started, ended, unknown, junk numbers, missing parameters: refused, nothing created', async () => {
    const member = await newMember()
    expect(await topicBuy(member, SCARCE, 4)).toMatchObject({ code: -1, message: '该商品库存不足' })
    expect(await topicBuy(member, NOT_STARTED_GOODS, 1)).toMatchObject({ code: -1, message: '当前商品专题活动未开启！' })
    expect(await topicBuy(member, ENDED_GOODS, 1)).toMatchObject({ code: -1, message: '当前商品专题活动未开启！' })
    expect(await topicBuy(member, 999, 1)).toMatchObject({ code: -1, message: '当前商品专题活动未开启！' })
    expect(await topicBuy(member, 'abc', 1)).toMatchObject({ code: -1, message: '当前商品专题活动未开启！' })
    for (const num of [0, -1, 'x', '1.5']) expect(await topicBuy(member, SYRUP, num)).toMatchObject({ code: -1, message: '购买数量不能小于1' })
    expect(await call(member, '/topic/api/ordercreate/payment', { num: 1 })).toMatchObject({ code: -1, message: '缺少参数topic_goods_id' })
    expect((await shop.call('/topic/api/ordercreate/payment', { topic_goods_id: SYRUP, num: 1 })).code).toBe(-1) // not logged in
    expect(orderCount(member)).toBe(0)
  })

  test('the topic closing between payment and create: create refuses; a topic key is unknown to the other checkouts', async () => {
    const member = await newMember()
    const payment = await ok(member, '/topic/api/ordercreate/payment', { topic_goods_id: SYRUP, num: 1 })
    expect(await call(member, '/seckill/api/ordercreate/calculate', { order_key: payment.order_key, delivery: express })).toMatchObject({ code: -1, message: '订单已过期' })
    // Closed by hand (status 3) meanwhile: a jump of the clock past its end would expire the key first.
    shop.api.db.prepare('UPDATE topic SET status = 3 WHERE topic_id = 2').run()
    try {
      const create = await call(member, '/topic/api/ordercreate/create', { order_key: payment.order_key, delivery: express })
      expect(create).toMatchObject({ code: -1, message: '当前商品专题活动未开启！' })
    } finally {
      shop.api.db.prepare('UPDATE topic SET status = 2 WHERE topic_id = 2').run()
    }
    expect(orderCount(member)).toBe(0)
  })
})

describe('activity endpoints', () => {
  test('discount/lists: the running discount goods with their prices; none before the discount starts', async () => {
    const list = (await shop.call('/discount/api/discount/lists', { page: 1, page_size: 20 })).data as Data
    expect(list.count).toBeGreaterThanOrEqual(6)
    expect(list.list[0]).toMatchObject({ discount_id: 1, discount_name: '冬季常备药限时折扣', sku_id: 14, price: '15.80', discount_price: '12.60', goods_min: 2 })
    await shop.testApi('/__test/clock', { at: PROMO_START - 60 })
    expect(((await shop.call('/discount/api/discount/lists', {})).data as Data).list).toEqual([])
  })

  test('manjian/lists: every running spend-and-save activity, as manjian/info answers one', async () => {
    const list = (await shop.call('/manjian/api/manjian/lists', {})).data as Data[]
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ manjian_id: 1, manjian_name: '保健食品满额立减', type: 0 })
    expect(list[0]!.rule_json).toEqual([expect.objectContaining({ limit: '300.00', discount_money: '30.00' }), expect.objectContaining({ limit: '500.00', free_shipping: 1 })])
    const info = (await shop.call('/manjian/api/manjian/info', { goods_id: 157 })).data as Data
    expect(info).toEqual(list[0])
  })
})
