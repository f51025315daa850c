import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestShopApi, type ApiBody, type TestShopApi } from '../../shop-api/testing'

/**
 * The reference shop API's checkout and cashier (docs/checkout-api.md): answers have the real
 * samples' keys and value types; the whole purchase moves stock, coupon and balance; bad input
 * is refused with a message and never makes a second order or a charge without an order.
 * Each test uses its own member (made through the test API), so tests do not share carts,
 * balances or coupons.
 */

type Data = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const SAMPLES = join(__dirname, '..', 'fixtures', 'samples')
const sample = (name: string): Data => JSON.parse(readFileSync(join(SAMPLES, `${name}.json`), 'utf8')) as Data

/** array / object / null / string / number / boolean */
function kind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** Every key of the sample object is present with the same kind of value (a null on either side matches anything). */
function expectSampleShape(actual: Data, expected: Data, where: string): void {
  for (const [key, value] of Object.entries(expected)) {
    expect(actual, `${where}: missing ${key}`).toHaveProperty([key])
    if (value === null || actual[key] === null) continue
    expect(kind(actual[key]), `${where}.${key}`).toBe(kind(value))
  }
}

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
  username: string
  addressId: number
}

/** A new member with a default address in Beijing, balance 1000.00 and pay password 246810 unless told. */
async function newMember(options: { balance?: number; payPassword?: string } = {}): Promise<Member> {
  const buyer = await shop.newBuyer({ address: true, money: { balance: options.balance ?? 1000, pay_password: options.payPassword ?? '246810' } })
  return { ...buyer, addressId: buyer.addressId! }
}

async function call(member: Member, path: string, body: Record<string, unknown> = {}): Promise<ApiBody> {
  return shop.call(path, { token: member.token, ...body })
}

async function ok(member: Member, path: string, body: Record<string, unknown> = {}): Promise<Data> {
  const answer = await call(member, path, body)
  expect(answer.code, `${path}: ${answer.message}`).toBe(0)
  return answer.data as Data
}

async function cart(member: Member, lines: { sku_id: number; num: number }[]): Promise<string> {
  const answer = await shop.testApi<{ lines: { cart_id: number }[] }>('/__test/cart', { member_id: member.member_id, lines })
  return answer.body.lines.map((l) => l.cart_id).join(',')
}

async function receiveCoupon(member: Member, couponTypeId: number): Promise<number> {
  await ok(member, '/coupon/api/coupon/receive', { coupon_type_id: couponTypeId })
  const row = shop.api.db.prepare('SELECT coupon_id FROM member_coupon WHERE member_id = ? AND coupon_type_id = ? ORDER BY coupon_id DESC').get(member.member_id, couponTypeId) as {
    coupon_id: number
  }
  return row.coupon_id
}

const stockOf = (skuId: number): number => (shop.api.db.prepare('SELECT stock FROM goods_sku WHERE sku_id = ?').get(skuId) as { stock: number }).stock
const express = JSON.stringify({ delivery_type: 'express', delivery_type_name: '快递发货' })

async function orders(member: Member): Promise<Data[]> {
  return (await shop.testApi<Data[]>(`/__test/orders?member_id=${member.member_id}`)).body
}

async function ledger(member: Member): Promise<{ member: { balance: number; balance_money: number; point: number }; rows: Data[] }> {
  return (await shop.testApi<{ member: { balance: number; balance_money: number; point: number }; rows: Data[] }>(`/__test/member-account?member_id=${member.member_id}`)).body
}

/** payment (buy now) → create, express, no balance: the out_trade_no. */
async function buyNow(member: Member, skuId: number, num: number, extra: Record<string, unknown> = {}): Promise<string> {
  const payment = await ok(member, '/api/ordercreate/payment', { sku_id: skuId, num })
  return (await ok(member, '/api/ordercreate/create', { order_key: payment.order_key, delivery: express, coupon: JSON.stringify({ coupon_id: 0 }), ...extra })) as unknown as string
}

describe('shapes against the samples', () => {
  test('payment (cart and buy now), calculate, getCouponList, create', async () => {
    const member = await newMember()
    const cartIds = await cart(member, [
      { sku_id: 2, num: 2 },
      { sku_id: 9, num: 3 },
    ])
    const payment = await ok(member, '/api/ordercreate/payment', { cart_ids: cartIds })
    expectSampleShape(payment, sample('api_ordercreate_payment').data, 'payment')
    expectSampleShape(payment.goods_list[0], sample('api_ordercreate_payment').data.goods_list[0], 'payment.goods_list[0]')
    expectSampleShape(payment.member_account, sample('api_ordercreate_payment').data.member_account, 'payment.member_account')
    expectSampleShape(payment.delivery.member_address, sample('api_ordercreate_payment').data.delivery.member_address, 'payment.delivery.member_address')
    expect(payment.cart_ids).toBe(cartIds)
    expect(payment.delivery.express_type.map((t: Data) => t.name)).toEqual(['express', 'store', 'local'])
    expect(payment.delivery.express_type[1].store_list.length).toBeGreaterThan(0)
    expect(payment.invoice).toMatchObject({ invoice_status: 1, invoice_type: '1,2' })
    expect(payment.member_account).toMatchObject({ balance: '1000.00', balance_total: 1000, is_pay_password: 1 })

    const buyNowPayment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 2 })
    expectSampleShape(buyNowPayment, sample('api_ordercreate_payment_buy_now').data, 'buy now')
    expect(buyNowPayment.cart_ids).toEqual([])
    expect(buyNowPayment.goods_list[0]).toMatchObject({ sku_id: 2, num: 2, price: '17.50', goods_money: 35 })

    const calc = await ok(member, '/api/ordercreate/calculate', { order_key: payment.order_key, delivery: express, is_balance: 0 })
    expectSampleShape(calc, sample('api_ordercreate_calculate').data, 'calculate')
    expect(calc.delivery.delivery_type).toBe('express')

    const coupons = await ok(member, '/api/ordercreate/getCouponList', { order_key: payment.order_key })
    expect(Array.isArray(coupons)).toBe(true)

    const created = await call(member, '/api/ordercreate/create', { order_key: payment.order_key, delivery: express })
    expect(Object.keys(created)).toEqual(Object.keys(sample('api_ordercreate_create')))
    expect(typeof created.data).toBe('string')
  })

  test('missing goods, and a reused key, answer exactly as the samples', async () => {
    const member = await newMember()
    const missing = await call(member, '/api/ordercreate/payment', {})
    expect({ code: missing.code, message: missing.message, data: missing.data }).toEqual({ code: -1, message: '缺少必填参数商品数据', data: '' })
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
    await ok(member, '/api/ordercreate/create', { order_key: payment.order_key, delivery: express })
    const reused = await call(member, '/api/ordercreate/create', { order_key: payment.order_key, delivery: express })
    const expected = sample('api_ordercreate_create_reused_key')
    expect(Object.keys(reused)).toEqual(Object.keys(expected))
    expect({ code: reused.code, message: reused.message }).toEqual({ code: expected.code, message: expected.message })
  })

  test('pay info, status, type, getBalanceConfig', async () => {
    const member = await newMember()
    const outTradeNo = await buyNow(member, 2, 1)
    const info = await ok(member, '/api/pay/info', { out_trade_no: outTradeNo })
    expect(Object.keys(info)).toEqual(Object.keys(sample('api_pay_info').data))
    expectSampleShape(info, sample('api_pay_info').data, 'pay/info')
    const status = await ok(member, '/api/pay/status', { out_trade_no: outTradeNo })
    expect(Object.keys(status)).toEqual(Object.keys(sample('api_pay_status').data))
    expectSampleShape(status, sample('api_pay_status').data, 'pay/status')
    const type = await call(member, '/api/pay/type')
    expect(type.code).toBe(0)
    expect((type.data as Data).pay_type.split(',')).toEqual(expect.arrayContaining(['alipay', 'wechatpay', 'offlinepay', 'balance']))
    expect(await ok(member, '/api/pay/getBalanceConfig')).toEqual(sample('api_pay_getbalanceconfig').data)
    const unknown = await call(member, '/api/pay/info', { out_trade_no: '123' })
    expect({ code: unknown.code, data: unknown.data }).toEqual({ code: 0, data: sample('api_pay_info_not_found').data })
  })
})

describe('the whole purchase', () => {
  test('cart → payment → calculate with a coupon → create → pay with balance: stock, coupon, cart and ledger move once', async () => {
    const member = await newMember({ balance: 1000 })
    const couponId = await receiveCoupon(member, 1) // 满300减30, all goods
    const otherCoupon = await receiveCoupon(member, 3) // 9.5折 on category 4 only: does not apply to sku 2
    const cartIds = await cart(member, [{ sku_id: 2, num: 20 }]) // 20 × 17.50 = 350.00
    const stockBefore = stockOf(2)

    const payment = await ok(member, '/api/ordercreate/payment', { cart_ids: cartIds })
    expect(payment.coupon_id).toBe(couponId) // the best usable coupon is preselected
    const coupons = await ok(member, '/api/ordercreate/getCouponList', { order_key: payment.order_key })
    expect(coupons.map((c: Data) => c.coupon_id)).toEqual([couponId])
    expect(coupons[0]).toMatchObject({ coupon_name: '满300减30', money: '30.00', at_least: '300.00', coupon_money: '30.00' })

    const refused = await ok(member, '/api/ordercreate/calculate', { order_key: payment.order_key, delivery: express, coupon: JSON.stringify({ coupon_id: otherCoupon }) })
    expect(refused).toMatchObject({ error: 3, error_msg: '优惠券不可用！' })

    const calc = await ok(member, '/api/ordercreate/calculate', {
      order_key: payment.order_key,
      delivery: express,
      coupon: JSON.stringify({ coupon_id: couponId }),
      is_balance: 0,
      // forged money fields are ignored: prices come from the catalogue
      goods_money: 0.01,
      pay_money: 0,
      price: 0.01,
    })
    expect(calc).toMatchObject({ error: 0, goods_money: 350, delivery_money: 0, coupon_id: couponId, coupon_money: 30, order_money: 320, pay_money: 320 })

    const outTradeNo = (await ok(member, '/api/ordercreate/create', {
      order_key: payment.order_key,
      delivery: express,
      coupon: JSON.stringify({ coupon_id: couponId }),
      buyer_message: '请尽快发货',
    })) as unknown as string
    expect(stockOf(2)).toBe(stockBefore - 20)
    expect(shop.api.db.prepare('SELECT COUNT(*) AS n FROM cart WHERE member_id = ?').get(member.member_id)).toEqual({ n: 0 })
    expect(shop.api.db.prepare('SELECT state, use_order_id > 0 AS used FROM member_coupon WHERE coupon_id = ?').get(couponId)).toEqual({ state: 2, used: 1 })

    const info = await ok(member, '/api/pay/info', { out_trade_no: outTradeNo })
    expect(info).toMatchObject({ pay_money: '320.00', pay_status: 0, order_type: 1 })
    expect(info.auto_close_time).toBeGreaterThan(info.create_time)

    expect(await ok(member, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'balance', pay_password: '246810' })).toEqual({ pay_success: 1 })
    expect((await ok(member, '/api/pay/status', { out_trade_no: outTradeNo })).pay_status).toBe(2)
    // paying again changes nothing
    expect(await ok(member, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'balance', pay_password: '246810' })).toEqual({ pay_success: 1 })

    const [order, ...rest] = await orders(member)
    expect(rest).toEqual([])
    expect(order).toMatchObject({
      order_status: 1,
      pay_status: 1,
      pay_type: 'BALANCE',
      goods_money: 350,
      coupon_money: 30,
      order_money: 320,
      buyer_message: '请尽快发货',
      delivery_type: 'express',
      name: '王五',
      full_address: '北京市-北京市-东城区',
    })
    expect(order.order_goods).toMatchObject([{ sku_id: 2, num: 20, price: 17.5, goods_money: 350, coupon_money: 30, real_goods_money: 320 }])
    const account = await ledger(member)
    expect(account.member.balance).toBe(680)
    expect(account.rows).toMatchObject([{ account_type: 'balance', account_data: -320, from_type: 'order', related_id: order.order_id }])
  })

  test('balance covering everything pays the order at create, whatever pay_password says (as upstream: the client checks it first)', async () => {
    const member = await newMember({ balance: 1000 })
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 2 }) // 35.00 + 10.00 delivery
    const params = { order_key: payment.order_key, delivery: express, is_balance: 1 }
    expect(await ok(member, '/api/ordercreate/calculate', params)).toMatchObject({ order_money: 45, balance_money: 45, pay_money: 0 })
    const outTradeNo = await ok(member, '/api/ordercreate/create', { ...params, pay_password: '000000' })
    expect(await ok(member, '/api/pay/status', { out_trade_no: outTradeNo })).toMatchObject({ pay_status: 2, pay_money: '0.00', balance: '45.00' })
    expect((await ledger(member)).member.balance).toBe(955)
  })

  test('checkpaypassword answers as member.php: empty, wrong, unset, right', async () => {
    const member = await newMember({ balance: 1000 })
    const check = (body: Record<string, unknown>) => call(member, '/api/member/checkpaypassword', body)
    expect(await check({})).toEqual({ code: -1, message: '支付密码不可为空', data: '', timestamp: expect.any(Number) })
    // PHP's empty() after trim: "  " and "0" are no password.
    expect(await check({ pay_password: '  ' })).toMatchObject({ code: -1, message: '支付密码不可为空' })
    expect(await check({ pay_password: '0' })).toMatchObject({ code: -1, message: '支付密码不可为空' })
    expect(await check({ pay_password: '000000' })).toEqual({ code: -10071, message: '支付密码错误', data: '', timestamp: expect.any(Number) })
    expect(await check({ pay_password: ' 246810 ' })).toEqual({ code: 0, message: '操作成功', data: 1, timestamp: expect.any(Number) })
    expect(await check({ pay_password: 246810 })).toMatchObject({ code: 0, data: 1 })
    // A member without a pay password: every password is wrong.
    const unset = await newMember({ balance: 100, payPassword: '' })
    expect(await call(unset, '/api/member/checkpaypassword', { pay_password: '246810' })).toMatchObject({ code: -10071, message: '支付密码错误' })
    expect(await shop.call('/api/member/checkpaypassword', { pay_password: '246810' })).toMatchObject({ code: -1, message: '您尚未登录，请先进行登录' })
  })

  test('pickup at a store and an electronic invoice', async () => {
    const member = await newMember()
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 10 }) // 175.00
    const pickup = JSON.stringify({ delivery_type: 'store', store_id: 1 })
    const invoice = { is_invoice: 1, invoice_type: 2, invoice_title_type: 2, invoice_title: '杭州演示药房', invoice_content: '药品', taxpayer_number: '91330100MA2AXXXX1X' }
    expect(await ok(member, '/api/ordercreate/calculate', { order_key: payment.order_key, delivery: pickup, ...invoice })).toMatchObject({
      error: 5,
      error_msg: '发票邮箱不能为空！',
    })
    expect(await ok(member, '/api/ordercreate/calculate', { order_key: payment.order_key, delivery: JSON.stringify({ delivery_type: 'store', store_id: 99 }) })).toMatchObject({
      error: 2,
      error_msg: '所选门店不可用！',
    })
    const params = { order_key: payment.order_key, delivery: pickup, ...invoice, invoice_email: 'buyer@example.com' }
    // 175.00 goods, no delivery fee, 6 % tax on the goods
    expect(await ok(member, '/api/ordercreate/calculate', params)).toMatchObject({ error: 0, delivery_money: 0, invoice_money: 10.5, invoice_delivery_money: 0, pay_money: 185.5 })
    await ok(member, '/api/ordercreate/create', params)
    const [order] = await orders(member)
    expect(order).toMatchObject({
      order_type: 2,
      delivery_type: 'store',
      delivery_store_id: 1,
      is_invoice: 1,
      invoice_type: 2,
      invoice_email: 'buyer@example.com',
      pay_money: 185.5,
    })
  })
})

describe('bad input and faults', () => {
  test('a foreign address id is refused', async () => {
    const member = await newMember()
    const other = await newMember()
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
    const params = { order_key: payment.order_key, delivery: express, address_id: other.addressId }
    expect(await ok(member, '/api/ordercreate/calculate', params)).toMatchObject({ error: 2, error_msg: '收货地址不存在！' })
    expect(await call(member, '/api/ordercreate/create', params)).toMatchObject({ code: -1, message: '收货地址不存在！' })
    expect(await orders(member)).toEqual([])
  })

  test("another member's order key and out_trade_no are not found", async () => {
    const owner = await newMember()
    const stranger = await newMember()
    const payment = await ok(owner, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
    expect(await call(stranger, '/api/ordercreate/calculate', { order_key: payment.order_key })).toMatchObject({ code: -1, message: '订单已过期' })
    const outTradeNo = await buyNow(owner, 2, 1)
    expect(await call(stranger, '/api/pay/info', { out_trade_no: outTradeNo })).toMatchObject({ code: 0, data: [] })
    expect(await call(stranger, '/api/pay/status', { out_trade_no: outTradeNo })).toMatchObject({ code: -1, message: '未获取到支付信息' })
    expect(await call(stranger, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'balance', pay_password: '246810' })).toMatchObject({ code: -1, message: '未获取到支付信息' })
    expect(await call(stranger, '/api/pay/resetpay', { out_trade_no: outTradeNo })).toMatchObject({ code: -1 })
    expect((await ok(owner, '/api/pay/status', { out_trade_no: outTradeNo })).pay_status).toBe(0)
  })

  test('a quantity over stock is refused and moves nothing', async () => {
    const member = await newMember()
    const stock = stockOf(21)
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 21, num: stock + 1 })
    expect(payment).toMatchObject({ error: 1, error_msg: expect.stringContaining('库存不足') })
    expect(await call(member, '/api/ordercreate/create', { order_key: payment.order_key, delivery: express })).toMatchObject({
      code: -1,
      message: expect.stringContaining('库存不足'),
    })
    expect(stockOf(21)).toBe(stock)
    expect(await orders(member)).toEqual([])
  })

  test('quantities under min_buy or over max_buy are refused', async () => {
    const member = await newMember()
    const skuOf = (goodsId: number) => (shop.api.db.prepare('SELECT sku_id FROM goods_sku WHERE goods_id = ? ORDER BY sku_id LIMIT 1').get(goodsId) as { sku_id: number }).sku_id
    const limited = await ok(member, '/api/ordercreate/payment', { sku_id: skuOf(150), num: 3 }) // max_buy 2 per order
    expect(limited).toMatchObject({ error: 1, error_msg: expect.stringContaining('每人限购2件') })
    expect(await call(member, '/api/ordercreate/create', { order_key: limited.order_key, delivery: express })).toMatchObject({ code: -1 })
    const minimum = await ok(member, '/api/ordercreate/payment', { sku_id: skuOf(136), num: 1 }) // min_buy 2
    expect(minimum).toMatchObject({ error: 1, error_msg: expect.stringContaining('2件起售') })
    expect(await orders(member)).toEqual([])
  })

  test('forged and missing fields', async () => {
    const member = await newMember()
    expect(await call(member, '/api/ordercreate/payment', { sku_id: 2, num: -3 })).toMatchObject({ code: -1, message: '商品项的购买数量不能小于1' })
    expect(await call(member, '/api/ordercreate/payment', { sku_id: 2, num: 'abc' })).toMatchObject({ code: -1 })
    expect(await call(member, '/api/ordercreate/payment', { sku_id: 999999, num: 1 })).toMatchObject({ code: -1 })
    expect(await call(member, '/api/ordercreate/payment', { cart_ids: '999999' })).toMatchObject({ code: -1 })
    expect(await call(member, '/api/ordercreate/calculate', {})).toMatchObject({ code: -1, message: '订单已过期' })
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
    const forged = await ok(member, '/api/ordercreate/calculate', { order_key: payment.order_key, delivery: JSON.stringify({ delivery_type: 'teleport' }) })
    expect(forged).toMatchObject({ error: 2, error_msg: '请选择有效的配送方式' })
    const junk = await ok(member, '/api/ordercreate/calculate', { order_key: payment.order_key, delivery: '{not json', coupon: '[1,2]' })
    expect(junk.error).toBe(0) // junk JSON reads as "not sent": express and the best coupon
    expect(await call(member, '/api/pay/pay', { out_trade_no: '' })).toMatchObject({ code: -1 })
    expect(await call(member, '/api/pay/pay', {})).toMatchObject({ code: -1 })
    const outTradeNo = await buyNow(member, 2, 1)
    expect(await call(member, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'bitcoin' })).toMatchObject({ code: -1, message: '没有可用的支付方式' })
    expect(await shop.call('/api/pay/info', { out_trade_no: outTradeNo })).toMatchObject({ code: -1, message: '您尚未登录，请先进行登录' })
  })

  test('a 100 KB buyer message is refused with a message', async () => {
    const member = await newMember()
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
    const params = { order_key: payment.order_key, delivery: express, buyer_message: '药'.repeat(100 * 1024) }
    expect(await ok(member, '/api/ordercreate/calculate', params)).toMatchObject({ error: 6, error_msg: '买家留言不能超过140个字符' })
    expect(await call(member, '/api/ordercreate/create', params)).toMatchObject({ code: -1, message: '买家留言不能超过140个字符' })
    expect(await orders(member)).toEqual([])
  })

  test('too little balance charges nothing (the pay password is not read: the client checks it first)', async () => {
    const member = await newMember({ balance: 10 })
    const outTradeNo = await buyNow(member, 2, 2) // 45.00
    expect(await call(member, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'balance', pay_password: '111111' })).toMatchObject({ code: -1, message: '余额不足' })
    expect(await call(member, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'balance' })).toMatchObject({ code: -1, message: '余额不足' })
    expect((await ok(member, '/api/pay/status', { out_trade_no: outTradeNo })).pay_status).toBe(0)
    expect(await ledger(member)).toMatchObject({ member: { balance: 10 }, rows: [] })
  })

  test('a reused order key and a double submit never make two orders', async () => {
    const member = await newMember()
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
    const params = { order_key: payment.order_key, delivery: express }
    const answers = await Promise.all([
      call(member, '/api/ordercreate/create', params),
      call(member, '/api/ordercreate/create', params),
      call(member, '/api/ordercreate/create', params),
    ])
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1)
    expect(answers.filter((a) => a.code === -1 && a.message === '订单已过期')).toHaveLength(2)
    expect(await orders(member)).toHaveLength(1)
  })

  test('an expired order key answers 订单已过期 everywhere', async () => {
    const member = await newMember()
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
    expect((await shop.testApi('/__test/order-key/expire', { order_key: payment.order_key })).status).toBe(200)
    for (const path of ['/api/ordercreate/calculate', '/api/ordercreate/getCouponList', '/api/ordercreate/create']) {
      const answer = await call(member, path, { order_key: payment.order_key, delivery: express })
      expect(answer, path).toMatchObject({ code: -1, message: '订单已过期' })
      expect(answer, path).not.toHaveProperty('data')
    }
    expect(await orders(member)).toEqual([])
  })
})

describe('points deduction (points-cash addon, §2.7)', () => {
  const pointcash = (patch: Record<string, unknown>) => shop.testApi('/__test/config/pointcash', patch)
  const setPoints = (member: Member, point: number) => shop.testApi('/__test/member/balance', { member_id: member.member_id, point })
  const noCoupon = JSON.stringify({ coupon_id: 0 })

  afterAll(async () => {
    await pointcash({ reset: true })
  })

  test('calculate: max_usable_point, point and point_money; is_point 0/1; the member’s points and the limits cap it', async () => {
    const member = await newMember()
    await setPoints(member, 5000)
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 2 }) // 35.00 + 10.00 delivery
    expect(payment.modules).toEqual(['coupon', 'pointcash'])
    const params = { order_key: payment.order_key, delivery: express, coupon: noCoupon }

    // Default (is_point not sent) = 1, as upstream: at most 50 % of 35.00 (shipping excluded), 100 points = 1 yuan.
    expect(await ok(member, '/api/ordercreate/calculate', params)).toMatchObject({
      is_point: 1,
      max_usable_point: 1750,
      point: 1750,
      point_money: 17.5,
      order_money: 27.5,
      pay_money: 27.5,
    })
    const off = await ok(member, '/api/ordercreate/calculate', { ...params, is_point: 0 })
    expect(off).toMatchObject({ is_point: 0, max_usable_point: 1750, point: 0, point_money: 0, order_money: 45, pay_money: 45 })
    expect(off.goods_list[0]).toMatchObject({ point_money: 0, use_point: 0, real_goods_money: 35 })
    const on = await ok(member, '/api/ordercreate/calculate', { ...params, is_point: 1, is_balance: 1 })
    expect(on).toMatchObject({ point_money: 17.5, order_money: 27.5, balance_money: 27.5, pay_money: 0 })
    expect(on.goods_list[0]).toMatchObject({ point_money: 17.5, use_point: 1750, real_goods_money: 17.5 })

    await setPoints(member, 300) // fewer points than the cap
    expect(await ok(member, '/api/ordercreate/calculate', { ...params, is_point: 1 })).toMatchObject({ max_usable_point: 300, point_money: 3, pay_money: 42 })
    await setPoints(member, 5000)

    await pointcash({ type: 0, max_use: 5 }) // fixed cap: 5.00 yuan
    expect(await ok(member, '/api/ordercreate/calculate', { ...params, is_point: 1 })).toMatchObject({ max_usable_point: 500, point_money: 5, pay_money: 40 })
    await pointcash({ is_limit_use: 0, cash_rate: 10 }) // no cap, 10 points = 1 yuan: the whole 35.00 (not the shipping)
    expect(await ok(member, '/api/ordercreate/calculate', { ...params, is_point: 1 })).toMatchObject({ max_usable_point: 350, point_money: 35, pay_money: 10 })
    await pointcash({ reset: true, is_limit: 1, limit: 100 }) // points only from 100.00 order money
    expect(await ok(member, '/api/ordercreate/calculate', { ...params, is_point: 1 })).toMatchObject({ max_usable_point: 0, point_money: 0, pay_money: 45 })

    // A coupon comes first: 20 × 17.50 − 30.00 = 320.00, half is 16 000 points, the member has 5 000.
    await pointcash({ reset: true })
    const couponId = await receiveCoupon(member, 1)
    const big = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 20 })
    expect(
      await ok(member, '/api/ordercreate/calculate', { order_key: big.order_key, delivery: express, coupon: JSON.stringify({ coupon_id: couponId }), is_point: 1 }),
    ).toMatchObject({
      coupon_money: 30,
      max_usable_point: 5000,
      point_money: 50,
      order_money: 270,
    })

    // The addon off (a stock Niushop without it): nothing usable, whatever is_point says.
    await pointcash({ is_enable: 0 })
    expect(await ok(member, '/api/ordercreate/calculate', { ...params, is_point: 1 })).toMatchObject({
      max_usable_point: 0,
      point: 0,
      point_money: 0,
      pay_money: 45,
      modules: ['coupon'],
    })
    await pointcash({ reset: true })
  })

  test('create deducts the points with a ledger row; closing the unpaid order gives them back', async () => {
    const member = await newMember()
    await setPoints(member, 5000)
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 2 })
    const params = { order_key: payment.order_key, delivery: express, coupon: noCoupon, is_point: 1 }
    expect(await ok(member, '/api/ordercreate/calculate', params)).toMatchObject({ point: 1750, pay_money: 27.5 })
    const outTradeNo = await ok(member, '/api/ordercreate/create', params)
    expect(await ok(member, '/api/pay/info', { out_trade_no: outTradeNo })).toMatchObject({ pay_money: '27.50' })

    const [order] = await orders(member)
    expect(order).toMatchObject({ point_money: 17.5, use_point: 1750, order_money: 27.5, pay_money: 27.5 })
    expect(order!.order_goods).toMatchObject([{ point_money: 17.5, use_point: 1750, real_goods_money: 17.5 }])
    let account = await ledger(member)
    expect(account.member).toMatchObject({ point: 3250, balance: 1000 })
    expect(account.rows).toMatchObject([{ account_type: 'point', account_data: -1750, from_type: 'order', related_id: order!.order_id }])

    expect((await shop.testApi('/__test/order/close', { order_id: order!.order_id })).status).toBe(200)
    account = await ledger(member)
    expect(account.member).toMatchObject({ point: 5000, balance: 1000 })
    expect(account.rows.map((r) => [r.account_type, r.from_type, r.account_data])).toEqual([
      ['point', 'order_close', 1750],
      ['point', 'order', -1750],
    ])
  })

  test('points spent since calculate are refused with 积分余额不足 and move nothing; is_point 0 takes none', async () => {
    const member = await newMember()
    await setPoints(member, 5000)
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 2 })
    const params = { order_key: payment.order_key, delivery: express, coupon: noCoupon, is_point: 1 }
    expect(await ok(member, '/api/ordercreate/calculate', params)).toMatchObject({ point: 1750 })
    await setPoints(member, 1000)
    const stock = stockOf(2)
    expect(await call(member, '/api/ordercreate/create', params)).toMatchObject({ code: -1, message: '积分余额不足' })
    expect(await orders(member)).toEqual([])
    expect(stockOf(2)).toBe(stock)
    expect((await ledger(member)).member.point).toBe(1000)

    // The key is still good: calculate again (1 000 points shown), then create without points.
    expect(await ok(member, '/api/ordercreate/calculate', params)).toMatchObject({ point: 1000, point_money: 10 })
    await ok(member, '/api/ordercreate/create', { ...params, is_point: 0 })
    const [order] = await orders(member)
    expect(order).toMatchObject({ point_money: 0, use_point: 0, pay_money: 45 })
    expect((await ledger(member)).member.point).toBe(1000)
  })
})

describe('closing an unpaid order', () => {
  test('gives back stock, the balance it took and the coupon', async () => {
    const member = await newMember({ balance: 100 })
    const couponId = await receiveCoupon(member, 1)
    const stock = stockOf(2)
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 20 })
    const params = { order_key: payment.order_key, delivery: express, coupon: JSON.stringify({ coupon_id: couponId }), is_balance: 1, pay_password: '246810' }
    expect(await ok(member, '/api/ordercreate/calculate', params)).toMatchObject({ order_money: 320, balance_money: 100, pay_money: 220 })
    const outTradeNo = await ok(member, '/api/ordercreate/create', params)
    expect(stockOf(2)).toBe(stock - 20)
    expect((await ledger(member)).member.balance).toBe(0)

    const [order] = await orders(member)
    expect((await shop.testApi('/__test/order/close', { order_id: order!.order_id })).status).toBe(200)
    expect(stockOf(2)).toBe(stock)
    const account = await ledger(member)
    expect(account.member.balance).toBe(100)
    expect(account.rows.map((r) => [r.from_type, r.account_data])).toEqual([
      ['order_close', 100],
      ['order', -100],
    ])
    expect(shop.api.db.prepare('SELECT state FROM member_coupon WHERE coupon_id = ?').get(couponId)).toEqual({ state: 1 })
    expect(await ok(member, '/api/pay/status', { out_trade_no: outTradeNo })).toMatchObject({ pay_status: -2 })
    expect(await call(member, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'balance', pay_password: '246810' })).toMatchObject({ code: -1, message: '支付单已关闭' })
    expect((await shop.testApi('/__test/order/close', { order_id: order!.order_id })).status).toBe(409)
  })

  test('an order past its deadline is closed when read', async () => {
    const member = await newMember()
    const stock = stockOf(2)
    const outTradeNo = await buyNow(member, 2, 3)
    const [order] = await orders(member)
    await shop.testApi('/__test/order/expire', { order_id: order!.order_id })
    expect(await ok(member, '/api/pay/info', { out_trade_no: outTradeNo })).toMatchObject({ pay_status: -2 })
    expect(stockOf(2)).toBe(stock)
    expect((await orders(member))[0]).toMatchObject({ order_status: -1, order_status_name: '已关闭' })
  })

  test("order/pay gives the serial to pay an unpaid order with, any member's as 5.5.2 (no member condition); not for paid orders", async () => {
    const member = await newMember()
    const stranger = await newMember()
    const outTradeNo = await buyNow(member, 2, 1)
    const [order] = await orders(member)
    expect(await ok(member, '/api/order/pay', { order_ids: order!.order_id })).toBe(outTradeNo)
    // The hole the storefront guards (docs/upstream-conformance.md D8): a stranger gets the serial too.
    expect(await ok(stranger, '/api/order/pay', { order_ids: order!.order_id })).toBe(outTradeNo)
    await ok(member, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'balance', pay_password: '246810' })
    expect(await call(member, '/api/order/pay', { order_ids: order!.order_id })).toMatchObject({ code: -1, message: '选中订单中包含已支付或已关闭数据！' })
  })

  test('resetpay issues a new serial and closes the old one', async () => {
    const member = await newMember()
    const outTradeNo = await buyNow(member, 2, 1)
    const fresh = (await ok(member, '/api/pay/resetpay', { out_trade_no: outTradeNo })) as unknown as string
    expect(fresh).not.toBe(outTradeNo)
    expect(await ok(member, '/api/pay/status', { out_trade_no: outTradeNo })).toMatchObject({ pay_status: -2 })
    expect(await ok(member, '/api/pay/info', { out_trade_no: fresh })).toMatchObject({ pay_status: 0, pay_money: '27.50' })
    expect((await orders(member))[0]).toMatchObject({ out_trade_no: fresh, order_status: 0 })
  })
})

describe('payment simulator', () => {
  async function simulatorUrl(member: Member, outTradeNo: string, returnUrl: string): Promise<URL> {
    const answer = await ok(member, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'alipay', return_url: returnUrl })
    expect(answer.type).toBe('url')
    return new URL(answer.data as string)
  }

  async function choose(url: URL, result: 'success' | 'fail'): Promise<Response> {
    const body = new URLSearchParams({ out_trade_no: url.searchParams.get('out_trade_no')!, return_url: url.searchParams.get('return_url')!, result })
    return fetch(`${shop.url}/simulator/pay`, { method: 'POST', body, redirect: 'manual' })
  }

  test('is a page clearly named a simulator; success marks the payment paid and goes back', async () => {
    const member = await newMember()
    const outTradeNo = await buyNow(member, 2, 1)
    const url = await simulatorUrl(member, outTradeNo, `http://localhost:3000/result?code=${outTradeNo}`)
    const page = await fetch(url)
    const html = await page.text()
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(html).toContain('支付模拟器')
    expect(html).toContain('SIMULATOR')
    const answer = await choose(url, 'success')
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`http://localhost:3000/result?code=${outTradeNo}`)
    expect(await ok(member, '/api/pay/status', { out_trade_no: outTradeNo })).toMatchObject({ pay_status: 2, pay_type: 'alipay' })
  })

  test('failure leaves it pending; a return_url on another origin is not followed', async () => {
    const member = await newMember()
    const outTradeNo = await buyNow(member, 2, 1)
    const url = await simulatorUrl(member, outTradeNo, 'https://evil.example/steal')
    const answer = await choose(url, 'fail')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('location')).toBeNull()
    expect(await answer.text()).not.toContain('evil.example')
    expect((await ok(member, '/api/pay/status', { out_trade_no: outTradeNo })).pay_status).toBe(0)
  })
})

describe('offline transfer', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])

  async function upload(member: Member, bytes: Buffer, type: string, name: string): Promise<ApiBody> {
    const form = new FormData()
    form.set('token', member.token)
    form.set('app_type', 'pc')
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), name)
    const res = await fetch(`${shop.url}/offlinepay/api/pay/uploadimg`, { method: 'POST', body: form })
    return (await res.json()) as ApiBody
  }

  test('config, voucher upload (type by content, size limit), submit, review', async () => {
    const member = await newMember()
    const config = await ok(member, '/offlinepay/api/pay/config')
    expect(config.value.bank).toMatchObject({ status: 1, bank_name: expect.any(String), account_number: expect.any(String) })

    expect(await upload(member, Buffer.from('not an image at all'), 'image/png', 'fake.png')).toMatchObject({ code: -1, message: '请上传图片文件' })
    const tooBig = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])
    expect(await upload(member, tooBig, 'image/png', 'big.png')).toMatchObject({ code: -1, message: '图片大小不能超过2MB' })
    const huge = await fetch(`${shop.url}/offlinepay/api/pay/uploadimg`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: new Uint8Array(11 * 1024 * 1024),
    })
    expect(huge.status).toBe(413)
    expect(await huge.json()).toMatchObject({ code: -1, message: '上传文件过大' })
    const uploaded = await upload(member, PNG, 'application/octet-stream', 'voucher.bin')
    expect(uploaded.code, uploaded.message).toBe(0)
    const picPath = (uploaded.data as Data).pic_path as string
    expect(picPath).toMatch(/^upload\/offlinepay\/.+\.png$/)
    const served = await fetch(`${shop.url}/${picPath}`)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)

    const outTradeNo = await buyNow(member, 2, 1)
    expect(await ok(member, '/offlinepay/api/pay/info', { out_trade_no: outTradeNo })).toEqual([])
    expect(await call(member, '/offlinepay/api/pay/pay', { out_trade_no: outTradeNo, imgs: '' })).toMatchObject({ code: -1 })
    expect(await call(member, '/offlinepay/api/pay/pay', { out_trade_no: outTradeNo, imgs: 'upload/elsewhere/x.png' })).toMatchObject({ code: -1, message: '支付凭证图片无效' })
    await ok(member, '/offlinepay/api/pay/pay', { out_trade_no: outTradeNo, imgs: picPath, desc: '已转账' })
    expect(await ok(member, '/offlinepay/api/pay/info', { out_trade_no: outTradeNo })).toMatchObject({
      imgs: picPath,
      desc: '已转账',
      status: 0,
      status_info: { const: 'WAIT_AUDIT' },
    })
    expect(await ok(member, '/api/pay/status', { out_trade_no: outTradeNo })).toMatchObject({ pay_type: 'offlinepay', pay_status: 0 })

    expect(await call(member, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'balance', pay_password: '246810' })).toMatchObject({ code: -1, message: '线下支付审核中' })
    expect((await shop.testApi('/__test/offlinepay/audit', { out_trade_no: outTradeNo, status: 1 })).status).toBe(200)
    expect(await ok(member, '/api/pay/status', { out_trade_no: outTradeNo })).toMatchObject({ pay_status: 2 })
    expect((await orders(member))[0]).toMatchObject({ order_status: 1, pay_type: 'offlinepay' })
  })

  test('a refused voucher is status 2 (AUDIT_REFUSE, as 5.5.2): the order offers orderOfflinePay instead of orderPay, and a new voucher waits again', async () => {
    const member = await newMember()
    const uploaded = (await upload(member, PNG, 'image/png', 'voucher.png')).data as Data
    const outTradeNo = await buyNow(member, 2, 1)
    await ok(member, '/offlinepay/api/pay/pay', { out_trade_no: outTradeNo, imgs: uploaded.pic_path, desc: '' })
    expect((await shop.testApi('/__test/offlinepay/audit', { out_trade_no: outTradeNo, status: -1 })).status).toBe(400)
    expect((await shop.testApi('/__test/offlinepay/audit', { out_trade_no: outTradeNo, status: 2, audit_remark: '金额不符' })).status).toBe(200)
    expect(await ok(member, '/offlinepay/api/pay/info', { out_trade_no: outTradeNo })).toMatchObject({
      status: 2,
      status_info: { name: '审核拒绝', const: 'AUDIT_REFUSE' },
      audit_remark: '金额不符',
    })
    const [order] = await orders(member)
    const detail = await ok(member, '/api/order/detail', { order_id: order.order_id })
    expect(detail.order_status_name).toBe('审核拒绝')
    const actions = (detail.action as Data[]).map((action) => action.action)
    expect(actions).toContain('orderOfflinePay')
    expect(actions).not.toContain('orderPay')

    await ok(member, '/offlinepay/api/pay/pay', { out_trade_no: outTradeNo, imgs: uploaded.pic_path, desc: '重新转账' })
    expect(await ok(member, '/offlinepay/api/pay/info', { out_trade_no: outTradeNo })).toMatchObject({ status: 0, status_info: { const: 'WAIT_AUDIT' } })
  })
})

describe('virtual goods and local delivery, as Niushop 5.5.2', () => {
  const virtualGoods = (goodsId: number, isVirtual: boolean) => shop.testApi('/__test/goods/virtual', { goods_id: goodsId, is_virtual: isVirtual })

  test('virtual goods: no delivery offered or needed; the order takes member_address\'s mobile (none: "", no default) and is a virtual order', async () => {
    const member = await newMember()
    // 阿卡波糖片 (goods 46, sku 50), made virtual for this test.
    await virtualGoods(46, true)
    try {
      const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 50, num: 1 })
      expect(payment).toMatchObject({ is_virtual: 1, delivery: { express_type: [] } })
      const calc = await ok(member, '/api/ordercreate/calculate', { order_key: payment.order_key, delivery: express, member_address: JSON.stringify({ mobile: '13722223333' }) })
      expect(calc).toMatchObject({ error: 0, delivery_money: 0, goods_money: 42.5 })
      await ok(member, '/api/ordercreate/create', { order_key: payment.order_key, delivery: express, member_address: JSON.stringify({ mobile: '13722223333' }) })
      const again = await ok(member, '/api/ordercreate/payment', { sku_id: 50, num: 1 })
      await ok(member, '/api/ordercreate/create', { order_key: again.order_key })
      const [without, withMobile] = await orders(member)
      expect(withMobile).toMatchObject({ order_type: 4, order_type_name: '虚拟订单', delivery_type: '', mobile: '13722223333', delivery_money: 0 })
      expect(without).toMatchObject({ order_type: 4, mobile: '' })
    } finally {
      await virtualGoods(46, false)
    }
  })

  test('local delivery goes to a located (type 2) default address only: with a plain one it is refused (未配置默认收货地址！)', async () => {
    const member = await newMember()
    const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
    const store = payment.delivery.express_type.find((type: Data) => type.name === 'local').store_list[0].store_id
    const local = JSON.stringify({ delivery_type: 'local', delivery_type_name: '同城配送', store_id: store })
    expect(await ok(member, '/api/ordercreate/calculate', { order_key: payment.order_key, delivery: local })).toMatchObject({ error: 2, error_msg: '未配置默认收货地址！' })
    await ok(member, '/api/memberaddress/add', {
      name: '孙药师',
      mobile: '13912345678',
      telephone: '',
      province_id: 110000,
      city_id: 110100,
      district_id: 110101,
      community_id: 0,
      address: '东四 3 号',
      full_address: '',
      longitude: '116.41',
      latitude: '39.92',
      is_default: 1,
    })
    expect(await ok(member, '/api/ordercreate/calculate', { order_key: payment.order_key, delivery: local })).toMatchObject({
      error: 0,
      delivery: { member_address: { name: '孙药师', type: 2 } },
    })
  })

  test('the test API orders the delivery types (a shop that offers local delivery only)', async () => {
    const member = await newMember()
    expect((await shop.testApi('/__test/config/delivery', { deliver_type: 'local' })).status).toBe(200)
    try {
      const payment = await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
      expect(payment.delivery.express_type.map((type: Data) => type.name)).toEqual(['local'])
      expect((await shop.testApi('/__test/config/delivery', { deliver_type: 'post' })).status).toBe(400)
    } finally {
      await shop.testApi('/__test/config/delivery', { reset: true })
    }
    expect((await ok(member, '/api/ordercreate/payment', { sku_id: 2, num: 1 })).delivery.express_type.map((type: Data) => type.name)).toEqual(['express', 'store', 'local'])
  })
})
