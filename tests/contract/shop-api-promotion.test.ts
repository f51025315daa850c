import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startTestShopApi, type ApiBody, type TestShopApi } from '../../shop-api/testing'

/**
 * The reference shop API's promotion checkouts (docs/promotions.md): seckill slots by the time of
 * day (the test API's clock), the seckill ordercreate endpoints with their rules (window, limit,
 * activity stock, no forged price), the order's kind, and stock given back when it closes.
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

/** Unix seconds of today (China time) at hh:mm. */
function chinaTime(hours: number, minutes = 0): number {
  const now = Math.floor(Date.now() / 1000)
  return now - ((now + 8 * 3600) % 86400) + hours * 3600 + minutes * 60
}

async function setClock(hours: number, minutes = 0) {
  await shop.testApi('/__test/clock', { at: chinaTime(hours, minutes) })
}

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
const seckillStock = (seckillId: number, skuId: number) =>
  (shop.api.db.prepare('SELECT stock FROM seckill_goods WHERE seckill_id = ? AND sku_id = ?').get(seckillId, skuId) as { stock: number }).stock
const orderCount = (member: Member) => (shop.api.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE member_id = ?').get(member.member_id) as { n: number }).n

/** Seckill 1 (连花清瘟, all-day slot): sku 61 at 17.20, 10 per member a day. */
const LIANHUA = { seckill_id: 1, sku_id: 61, price: 17.2, limit: 10 }
/** Seckill 6: the morning slot (08:00–11:59:59), sku 146 at 59.00, 2 per member. */
const MORNING = { seckill_id: 6, sku_id: 146 }

async function seckillBuy(member: Member, input: { seckill_id: number; sku_id: number }, num: number, extra: Record<string, unknown> = {}): Promise<ApiBody> {
  const payment = await call(member, '/seckill/api/ordercreate/payment', { ...input, num })
  if (payment.code !== 0) return payment
  return call(member, '/seckill/api/ordercreate/create', { order_key: (payment.data as Data).order_key, delivery: express, ...extra })
}

describe('seckill slots and goods by the time of day', () => {
  test('at 09:00 the morning slot runs and the evening one is still to come; at 13:00 the morning one is listed for tomorrow', async () => {
    await setClock(9)
    const nine = ((await shop.call('/seckill/api/seckill/lists')).data as Data).list as Data[]
    expect(nine.map((s) => [s.id, s.type])).toEqual([
      [1, 'today'],
      [2, 'today'],
      [3, 'today'],
    ])
    expect(nine[1]).toMatchObject({ name: '早场', seckill_start_time: 28800, seckill_end_time: 43199, seckill_start_time_show: '08:00:00', seckill_end_time_show: '11:59:59' })
    await setClock(13)
    const one = ((await shop.call('/seckill/api/seckill/lists')).data as Data).list as Data[]
    expect(one.map((s) => [s.id, s.type])).toEqual([
      [1, 'today'],
      [3, 'today'],
      [2, 'tomorrow'],
    ])
    // A slot's goods are listed whether or not it runs now; the goods page shows the seckill only while it runs.
    const goods = (await shop.call('/seckill/api/seckillgoods/page', { seckill_time_id: 2 })).data as Data
    expect(goods.list).toEqual([expect.objectContaining({ id: 6, seckill_price: '59.00', goods_stock: 60 })])
    const detail = (await shop.call('/api/goodssku/detail', { sku_id: MORNING.sku_id })).data as Data
    expect(detail.goods_sku_detail.goods_promotion.map((p: Data) => p.promotion_type)).not.toContain('seckill')
    await setClock(9)
    const running = (await shop.call('/api/goodssku/detail', { sku_id: MORNING.sku_id })).data as Data
    expect(running.goods_sku_detail.goods_promotion.map((p: Data) => p.promotion_type)).toContain('seckill')
  })
})

describe('seckill checkout', () => {
  test('payment → calculate → create: the seckill price, no coupon or points, an order of kind seckill, activity stock moved', async () => {
    const member = await newMember()
    const before = seckillStock(LIANHUA.seckill_id, LIANHUA.sku_id)
    const payment = await ok(member, '/seckill/api/ordercreate/payment', { seckill_id: 1, sku_id: 61, num: 3 })
    expect(payment).toMatchObject({ modules: [], promotion_type: 'seckill', max_usable_point: 0 })
    expect(payment.seckill_info).toMatchObject({ seckill_id: 1, seckill_name: '连花清瘟 限时秒杀', seckill_price: '17.20', max_buy: 10 })
    expect(payment.goods_list[0]).toMatchObject({ sku_id: 61, num: 3, price: '17.20', goods_money: 51.6 })
    expect(payment.delivery.express_type.map((t: Data) => t.name)).toContain('express')
    // A coupon or points sent anyway change nothing; a price sent is not read.
    const calc = await ok(member, '/seckill/api/ordercreate/calculate', {
      order_key: payment.order_key,
      delivery: express,
      coupon: JSON.stringify({ coupon_id: 1 }),
      is_point: 1,
      price: '0.01',
    })
    expect(calc).toMatchObject({ goods_money: 51.6, coupon_money: 0, point_money: 0, error: 0 })
    const outTradeNo = await ok(member, '/seckill/api/ordercreate/create', { order_key: payment.order_key, delivery: express, price: '0.01', seckill_price: '0.01' })
    expect(typeof outTradeNo).toBe('string')
    const order = shop.api.db.prepare('SELECT * FROM orders WHERE out_trade_no = ?').get(outTradeNo) as Data
    expect(order).toMatchObject({ promotion_type: 'seckill', promotion_type_name: '秒杀', goods_money: 51.6, pay_money: calc.pay_money })
    const line = shop.api.db.prepare('SELECT * FROM order_goods WHERE order_id = ?').get(order.order_id) as Data
    expect(line).toMatchObject({ promotion_type: 'seckill', promotion_id: 1, sku_id: 61, num: 3, price: 17.2 })
    expect(seckillStock(1, 61)).toBe(before - 3)
    // The SKU's info (the PC's spec switch) says what this member bought of it today.
    const info = (await call(member, '/seckill/api/seckillgoods/info', { seckill_id: 1, sku_id: 61 })).data as Data
    expect(info.goods_sku_detail).toMatchObject({ sku_id: 61, purchased_num: 3 })
    // The key is used: a replay makes no second order.
    expect(await call(member, '/seckill/api/ordercreate/create', { order_key: payment.order_key, delivery: express })).toMatchObject({ code: -1, message: '订单已过期' })
    expect(orderCount(member)).toBe(1)
    // Closing the unpaid order gives the activity stock back.
    await shop.testApi('/__test/order/close', { order_id: order.order_id })
    expect(seckillStock(1, 61)).toBe(before)
  })

  test('over the per-member limit of the day: refused with what was bought, nothing created', async () => {
    const member = await newMember()
    expect((await seckillBuy(member, LIANHUA, 8)).code).toBe(0)
    const over = await seckillBuy(member, LIANHUA, 3)
    expect(over).toMatchObject({ code: -1, message: '该商品每人限购10件，您已购买8件' })
    expect(orderCount(member)).toBe(1)
    expect((await seckillBuy(member, LIANHUA, 2)).code).toBe(0)
  })

  test('over the activity stock, before the slot and after it, unknown activity, bad numbers: refused, nothing created', async () => {
    const member = await newMember()
    await shop.testApi('/__test/seckill/stock', { seckill_id: 1, sku_id: 61, stock: 2 })
    try {
      expect(await seckillBuy(member, LIANHUA, 3)).toMatchObject({ code: -1, message: '该商品库存不足' })
    } finally {
      await shop.testApi('/__test/seckill/stock', { seckill_id: 1, sku_id: 61, stock: 300 })
    }
    await setClock(7, 59)
    expect(await seckillBuy(member, MORNING, 1)).toMatchObject({ code: -1, message: '当前商品秒杀活动未开启或已过期！' })
    await setClock(12, 0)
    expect(await seckillBuy(member, MORNING, 1)).toMatchObject({ code: -1, message: '当前商品秒杀活动未开启或已过期！' })
    expect(await seckillBuy(member, { seckill_id: 999, sku_id: 61 }, 1)).toMatchObject({ code: -1, message: '当前商品秒杀活动未开启或已过期！' })
    expect(await seckillBuy(member, { seckill_id: 1, sku_id: 1 }, 1)).toMatchObject({ code: -1, message: '您要购买的商品已删除或已下架' })
    expect(await seckillBuy(member, LIANHUA, 0)).toMatchObject({ code: -1, message: '商品项的购买数量不能小于1' })
    expect(await call(member, '/seckill/api/ordercreate/payment', { sku_id: 61, num: 1 })).toMatchObject({ code: -1, message: '缺少参数seckill_id' })
    expect(orderCount(member)).toBe(0)
  })

  test('the slot ending between payment and create: create refuses', async () => {
    const member = await newMember()
    await setClock(11, 59)
    const payment = await ok(member, '/seckill/api/ordercreate/payment', { ...MORNING, num: 1 })
    await setClock(12, 1)
    expect(await call(member, '/seckill/api/ordercreate/create', { order_key: payment.order_key, delivery: express })).toMatchObject({
      code: -1,
      message: '当前商品秒杀活动未开启或已过期！',
    })
    expect(orderCount(member)).toBe(0)
  })

  test('a normal order key is unknown to the seckill endpoints (and a seckill key to another member)', async () => {
    const member = await newMember()
    const normal = await ok(member, '/api/ordercreate/payment', { sku_id: 61, num: 1 })
    expect(await call(member, '/seckill/api/ordercreate/calculate', { order_key: normal.order_key, delivery: express })).toMatchObject({ code: -1, message: '订单已过期' })
    const seckill = await ok(member, '/seckill/api/ordercreate/payment', { ...LIANHUA, num: 1 })
    const other = await newMember()
    expect(await call(other, '/seckill/api/ordercreate/create', { order_key: seckill.order_key, delivery: express })).toMatchObject({ code: -1, message: '订单已过期' })
    expect((await call(member, '/seckill/api/ordercreate/payment', { ...LIANHUA, num: 1 })).code).toBe(0)
    expect((await shop.call('/seckill/api/ordercreate/payment', { ...LIANHUA, num: 1 })).code).toBe(-1) // not logged in
  })
})

describe('combo (bundling) detail and checkout', () => {
  test('detail and lists; unknown combo → null', async () => {
    const detail = (await shop.call('/bundling/api/bundling/detail', { bl_id: 1 })).data as Data
    expect(detail).toMatchObject({ bl_id: 1, bl_name: '感冒家庭常备组合', bl_price: '32.80', shipping_fee_type: 1, bundling_goods_count: 3 })
    expect(detail.bundling_goods.map((g: Data) => g.sku_id)).toEqual([60, 17, 147])
    expect((await shop.call('/bundling/api/bundling/detail', { bl_id: 999 })).data).toBeNull()
    expect((await shop.call('/bundling/api/bundling/lists', { sku_id: 17 })).data).toEqual([expect.objectContaining({ bl_id: 1 })])
  })

  test('payment → create: bl_price × sets spread over the lines, seller-paid shipping free, an order of kind bundling', async () => {
    const member = await newMember()
    const payment = await ok(member, '/bundling/api/ordercreate/payment', { bl_id: 1, num: 2 })
    expect(payment).toMatchObject({ modules: [], promotion_type: 'bundling', goods_money: 65.6 })
    expect(payment.bunding_info).toMatchObject({ bl_id: 1, bl_name: '感冒家庭常备组合' })
    expect(payment.goods_list.map((l: Data) => [l.sku_id, l.num])).toEqual([
      [60, 2],
      [17, 2],
      [147, 2],
    ])
    expect(payment.goods_list.reduce((sum: number, l: Data) => sum + l.goods_money, 0)).toBeCloseTo(65.6, 2)
    const calc = await ok(member, '/bundling/api/ordercreate/calculate', { order_key: payment.order_key, delivery: express, price: '0.01' })
    expect(calc).toMatchObject({ goods_money: 65.6, delivery_money: 0, pay_money: 65.6 })
    const outTradeNo = await ok(member, '/bundling/api/ordercreate/create', { order_key: payment.order_key, delivery: express })
    const order = shop.api.db.prepare('SELECT * FROM orders WHERE out_trade_no = ?').get(outTradeNo) as Data
    expect(order).toMatchObject({ promotion_type: 'bundling', promotion_type_name: '组合套餐', goods_money: 65.6, pay_money: 65.6 })
    const lines = shop.api.db.prepare('SELECT sku_id, num, promotion_type, promotion_id FROM order_goods WHERE order_id = ? ORDER BY order_goods_id').all(order.order_id)
    expect(lines).toEqual([
      { sku_id: 60, num: 2, promotion_type: 'bundling', promotion_id: 1 },
      { sku_id: 17, num: 2, promotion_type: 'bundling', promotion_id: 1 },
      { sku_id: 147, num: 2, promotion_type: 'bundling', promotion_id: 1 },
    ])
  })

  test('a buyer-paid combo charges shipping; unknown combo, bad sets and over stock are refused, nothing created', async () => {
    const member = await newMember()
    const payment = await ok(member, '/bundling/api/ordercreate/payment', { bl_id: 3, num: 1 })
    const calc = await ok(member, '/bundling/api/ordercreate/calculate', { order_key: payment.order_key, delivery: express })
    expect(calc.goods_money).toBe(86)
    expect(calc.delivery_money).toBeGreaterThan(0)
    expect(await call(member, '/bundling/api/ordercreate/payment', { bl_id: 999, num: 1 })).toMatchObject({ code: -1, message: '组合套餐不存在' })
    expect(await call(member, '/bundling/api/ordercreate/payment', { bl_id: 1, num: 0 })).toMatchObject({ code: -1, message: '购买数量不能小于1' })
    expect(await call(member, '/bundling/api/ordercreate/payment', { num: 1 })).toMatchObject({ code: -1, message: '缺少参数bl_id' })
    const over = await call(member, '/bundling/api/ordercreate/payment', { bl_id: 1, num: 100000 })
    expect(over).toMatchObject({ code: -1, message: expect.stringMatching(/库存不足$/) })
    expect(orderCount(member)).toBe(0)
  })
})

describe('group buy', () => {
  test('list, detail, checkout at the group price from buy_num on; below it, unknown or ended: refused', async () => {
    const list = (await shop.call('/groupbuy/api/goods/page', { page: 1, page_size: 10 })).data as Data
    expect(list.count).toBe(3)
    expect(list.list[0]).toMatchObject({ groupbuy_id: 1, groupbuy_price: '168.00', buy_num: 3 })
    const detail = (await shop.call('/groupbuy/api/goods/detail', { groupbuy_id: 2 })).data as Data
    expect(detail.goods_sku_detail).toMatchObject({ groupbuy_id: 2, groupbuy_price: '9.50', buy_num: 10, status: 2 })
    expect((await shop.call('/groupbuy/api/goods/detail', { groupbuy_id: 999 })).data).toEqual({ goods_sku_detail: null })

    const member = await newMember()
    expect(await call(member, '/groupbuy/api/ordercreate/payment', { groupbuy_id: 2, num: 9 })).toMatchObject({ code: -1, message: '该商品限制购买不能少于10件！' })
    expect(await call(member, '/groupbuy/api/ordercreate/payment', { groupbuy_id: 999, num: 10 })).toMatchObject({ code: -1, message: '当前商品团购活动未开启或已过期！' })
    const payment = await ok(member, '/groupbuy/api/ordercreate/payment', { groupbuy_id: 2, num: 10 })
    expect(payment).toMatchObject({ promotion_type: 'groupbuy', modules: [], goods_money: 95 })
    expect(payment.groupbuy_info).toMatchObject({ groupbuy_id: 2, buy_num: 10, groupbuy_price: '9.50' })
    const outTradeNo = await ok(member, '/groupbuy/api/ordercreate/create', { order_key: payment.order_key, delivery: express })
    expect(shop.api.db.prepare('SELECT promotion_type FROM orders WHERE out_trade_no = ?').get(outTradeNo)).toEqual({ promotion_type: 'groupbuy' })

    // After its end (moved into the past here: moving the clock by years would expire the token too) it is over.
    const end = (shop.api.db.prepare('SELECT end_time FROM groupbuy WHERE groupbuy_id = 2').get() as { end_time: number }).end_time
    shop.api.db.prepare('UPDATE groupbuy SET end_time = ? WHERE groupbuy_id = 2').run(Math.floor(Date.now() / 1000) - 1)
    try {
      expect(((await shop.call('/groupbuy/api/goods/detail', { groupbuy_id: 2 })).data as Data).goods_sku_detail.status).toBe(3)
      expect(await call(member, '/groupbuy/api/ordercreate/payment', { groupbuy_id: 2, num: 10 })).toMatchObject({ code: -1, message: '当前商品团购活动未开启或已过期！' })
    } finally {
      shop.api.db.prepare('UPDATE groupbuy SET end_time = ? WHERE groupbuy_id = 2').run(end)
    }
  })
})
