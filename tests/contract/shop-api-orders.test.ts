import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startTestShopApi, type TestShopApi } from '../../shop-api/testing'
import { expectSameShape, loadSample } from '../support/shape'

/**
 * The reference shop API's orders after checkout (docs/orders.md): the samples' shapes, the
 * state machine and its `action[]`, the time rules on the test clock, packages and traces,
 * ownership and refusals that change nothing. Each test makes its own member and orders through
 * the test API.
 */

type Data = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

let shop: TestShopApi

beforeAll(async () => {
  shop = await startTestShopApi({ log: false })
})

afterAll(async () => {
  await shop?.close()
})

afterEach(async () => {
  await shop.testApi('/__test/clock', { reset: true })
})

const DAY = 86400

async function newMember(): Promise<{ token: string; member_id: number }> {
  const made = await shop.testApi<{ member_id: number; username: string; password: string }>('/__test/member', {})
  return { token: await shop.login(made.body.username, made.body.password), member_id: made.body.member_id }
}

async function newOrder(
  memberId: number,
  kind = 'express',
  paid = true,
  lines = [
    { sku_id: 4, num: 1 },
    { sku_id: 34, num: 2 },
  ],
): Promise<number> {
  const made = await shop.testApi<{ order_id: number }>('/__test/order/create', { member_id: memberId, kind, paid, lines })
  expect(made.status).toBe(200)
  return made.body.order_id
}

const detail = async (token: string, orderId: number): Promise<Data> => {
  const res = await shop.call('/api/order/detail', { token, order_id: orderId })
  expect(res.code, res.message).toBe(0)
  return res.data as Data
}
const actions = (order: Data): string[] => (order.action as { action: string }[]).map((a) => a.action)
const stock = async (skuId: number): Promise<number> => (await shop.testApi<{ stock: number }>(`/__test/sku?sku_id=${skuId}`)).body.stock

describe('shapes as the real samples', () => {
  test('lists, waitpay tab, detail and num of an unpaid express order', async () => {
    const m = await newMember()
    const orderId = await newOrder(m.member_id, 'express', false)
    expectSameShape(await shop.call('/api/order/lists', { token: m.token, page: 1, page_size: 10, order_status: 'all' }), loadSample('api_order_lists'))
    expectSameShape(await shop.call('/api/order/lists', { token: m.token, order_status: 'waitpay' }), loadSample('api_order_lists_waitpay'))
    expectSameShape(await shop.call('/api/order/detail', { token: m.token, order_id: orderId }), loadSample('api_order_detail'))
    const num = await shop.call('/api/order/num', { token: m.token })
    expectSameShape(num, loadSample('api_order_num'))
    expect(num.data).toEqual({ waitpay: 1, waitsend: 0, waitconfirm: 0, wait_use: 0, waitrate: 0, refunding: 0 })
    expectSameShape(await shop.call('/api/order/lists', {}), loadSample('api_order_lists_no_token'))
  })

  test('an unpaid order offers close then pay, as the sample', async () => {
    const m = await newMember()
    const order = await detail(m.token, await newOrder(m.member_id, 'express', false))
    expect(order.action).toEqual([
      { action: 'orderClose', title: '关闭订单', color: '' },
      { action: 'orderPay', title: '支付', color: '' },
    ])
    expect(order.order_status_name).toBe('待支付')
    expect(JSON.parse(order.order_status_action as string).member_action).toEqual(order.action)
  })
})

describe('express: pay → ship (partly, then all) → trace → receive → auto-complete', () => {
  test('the whole path with its actions and names', async () => {
    const m = await newMember()
    const orderId = await newOrder(m.member_id)
    let order = await detail(m.token, orderId)
    expect(order.order_status).toBe(1)
    expect(order.order_status_name).toBe('待发货')
    expect(actions(order)).toEqual(['memberBatchRefund']) // two refundable lines, detail only
    const list = await shop.call('/api/order/lists', { token: m.token, order_status: 'waitsend' })
    expect((list.data as Data).list[0].action).toEqual([])

    const [first] = (order.order_goods as Data[]).map((l) => l.order_goods_id as number)
    const partial = await shop.testApi<Data>('/__test/order/ship', { order_id: orderId, order_goods_ids: [first] })
    expect(partial.body.order_status).toBe(1)
    order = await detail(m.token, orderId)
    expect(order.order_status_name).toBe('部分发货')
    expect(actions(order)).toContain('trace')

    const rest = await shop.testApi<Data>('/__test/order/ship', { order_id: orderId })
    expect(rest.body.order_status).toBe(3)
    order = await detail(m.token, orderId)
    expect(order.order_status_name).toBe('已发货')
    expect(actions(order).slice(0, 2)).toEqual(['memberTakeDelivery', 'trace'])
    expect((order.order_goods as Data[]).map((l) => l.delivery_status_name)).toEqual(['已发货', '已发货'])

    // Two packages, different carriers; the trace grows with the clock, newest first.
    let packages = (await shop.call('/api/order/package', { token: m.token, order_id: orderId })).data as Data[]
    expect(packages).toHaveLength(2)
    expect(packages[0]!.goods_list.map((g: Data) => g.sku_id)).toEqual([4])
    expect(packages[0]!.express_company_name).not.toBe(packages[1]!.express_company_name)
    expect(packages[0]!.trace.list).toHaveLength(1)
    await shop.testApi('/__test/clock', { advance_seconds: 13 * 3600 })
    packages = (await shop.call('/api/order/package', { token: m.token, order_id: orderId })).data as Data[]
    const trace = packages[0]!.trace.list as { datetime: string; remark: string }[]
    expect(trace).toHaveLength(3)
    expect(trace[0]!.datetime > trace[2]!.datetime).toBe(true)
    expect(trace[2]!.remark).toContain('揽收')

    expect((await shop.call('/api/order/takedelivery', { token: m.token, order_id: orderId })).code).toBe(0)
    order = await detail(m.token, orderId)
    expect(order).toMatchObject({ order_status: 4, order_status_name: '已收货', is_evaluate: 1, evaluate_status_name: '待评价' })
    expect(actions(order)).toEqual(['trace', 'memberBatchRefund'])
    expect((await shop.call('/api/order/lists', { token: m.token, order_status: 'waitrate' })).data).toMatchObject({ count: 1 })

    await shop.testApi('/__test/clock', { advance_seconds: 7 * DAY })
    order = await detail(m.token, orderId)
    expect(order).toMatchObject({ order_status: 10, order_status_name: '已完成', is_enable_refund: 0 })
    expect(actions(order)).toEqual(['trace'])
  })

  test('a shipped order receives itself 14 days after shipping, stamped at the deadline', async () => {
    const m = await newMember()
    const orderId = await newOrder(m.member_id)
    await shop.testApi('/__test/order/ship', { order_id: orderId })
    const shipped = await detail(m.token, orderId)
    await shop.testApi('/__test/clock', { advance_seconds: 14 * DAY - 60 })
    expect((await detail(m.token, orderId)).order_status).toBe(3)
    await shop.testApi('/__test/clock', { advance_seconds: 120 })
    const received = await detail(m.token, orderId)
    expect(received.order_status).toBe(4)
    expect(received.sign_time).toBe((shipped.delivery_time as number) + 14 * DAY)
  })
})

describe('close, auto-close and delete', () => {
  test('closing gives stock back, is recorded, and the closed order can be deleted', async () => {
    const m = await newMember()
    const before = await stock(4)
    const orderId = await newOrder(m.member_id, 'express', false, [{ sku_id: 4, num: 3 }])
    expect(await stock(4)).toBe(before - 3)
    const closed = await shop.call('/api/order/close', { token: m.token, order_id: orderId, close_cause: '不想买了' })
    expect(closed.code).toBe(0)
    expect(await stock(4)).toBe(before)
    const order = await detail(m.token, orderId)
    expect(order).toMatchObject({ order_status: -1, order_status_name: '已关闭', close_cause: '不想买了' })
    expect(actions(order)).toEqual(['orderDelete'])
    expect((await shop.call('/api/order/close', { token: m.token, order_id: orderId })).message).toBe('订单不是待支付状态，不可关闭')

    expect((await shop.call('/api/order/delete', { token: m.token, order_id: orderId })).code).toBe(0)
    expect((await shop.call('/api/order/detail', { token: m.token, order_id: orderId })).message).toBe('当前订单不是本账号的订单！')
    expect((await shop.call('/api/order/lists', { token: m.token })).data).toMatchObject({ count: 0 })
  })

  test('a buyer closing a checkout order gets balance and coupon back, and stock', async () => {
    const m = await shop.newBuyer({ address: true, money: { balance: 100, pay_password: '246810' } })
    expect((await shop.call('/coupon/api/coupon/receive', { token: m.token, coupon_type_id: 1 })).code).toBe(0)
    const { coupon_id: couponId } = shop.api.db.prepare('SELECT coupon_id FROM member_coupon WHERE member_id = ?').get(m.member_id) as { coupon_id: number }
    const before = await stock(2)
    const payment = (await shop.call('/api/ordercreate/payment', { token: m.token, sku_id: 2, num: 20 })).data as Data
    const params = {
      token: m.token,
      order_key: payment.order_key,
      delivery: JSON.stringify({ delivery_type: 'express', delivery_type_name: '快递发货' }),
      coupon: JSON.stringify({ coupon_id: couponId }),
      is_balance: 1,
      pay_password: '246810',
    }
    expect((await shop.call('/api/ordercreate/calculate', params)).code).toBe(0)
    expect((await shop.call('/api/ordercreate/create', params)).code).toBe(0)
    const [{ order_id: orderId }] = ((await shop.call('/api/order/lists', { token: m.token })).data as Data).list as Data[]
    expect(await stock(2)).toBe(before - 20)

    expect((await shop.call('/api/order/close', { token: m.token, order_id: orderId, close_cause: '不想买了' })).code).toBe(0)
    expect(await stock(2)).toBe(before)
    const account = (await shop.testApi<{ member: { balance: number } }>(`/__test/member-account?member_id=${m.member_id}`)).body
    expect(account.member.balance).toBe(100)
    expect(shop.api.db.prepare('SELECT state FROM member_coupon WHERE coupon_id = ?').get(couponId)).toEqual({ state: 1 })
  })

  test('an unpaid order closes itself after auto_close minutes', async () => {
    const m = await newMember()
    const orderId = await newOrder(m.member_id, 'express', false)
    await shop.testApi('/__test/clock', { advance_seconds: 31 * 60 })
    expect((await detail(m.token, orderId)).order_status).toBe(-1)
  })

  test('forbidden actions are refused and change nothing', async () => {
    const m = await newMember()
    const unpaid = await newOrder(m.member_id, 'express', false)
    const paid = await newOrder(m.member_id)
    expect((await shop.call('/api/order/takedelivery', { token: m.token, order_id: unpaid })).message).toBe('不是已发货或待核销状态')
    expect((await shop.call('/api/order/delete', { token: m.token, order_id: paid })).message).toBe('只有已经关闭的订单才能删除')
    expect((await shop.call('/api/order/close', { token: m.token, order_id: paid })).message).toBe('订单不是待支付状态，不可关闭')
    expect((await shop.call('/api/order/membervirtualtakedelivery', { token: m.token, order_id: paid })).code).toBe(-1)
    expect((await shop.call('/api/order/package', { token: m.token, order_id: paid })).code).toBe(-1)
    expect((await detail(m.token, unpaid)).order_status).toBe(0)
    expect((await detail(m.token, paid)).order_status).toBe(1)
  })

  test("another member's order is not shown nor changed", async () => {
    const owner = await newMember()
    const other = await newMember()
    const orderId = await newOrder(owner.member_id, 'express', false)
    for (const path of ['/api/order/detail', '/api/order/close', '/api/order/takedelivery', '/api/order/delete', '/api/order/package', '/api/order/membervirtualtakedelivery']) {
      const res = await shop.call(path, { token: other.token, order_id: orderId })
      expect(res, path).toMatchObject({ code: -1, message: '当前订单不是本账号的订单！' })
    }
    expect((await shop.call('/api/order/lists', { token: other.token, order_id: orderId })).data).toMatchObject({ count: 0 })
    expect((await detail(owner.token, orderId)).order_status).toBe(0)
  })
})

describe('other kinds', () => {
  test('pickup: waits for pickup with its code once paid; no buyer actions', async () => {
    const m = await newMember()
    const unpaid = await detail(m.token, await newOrder(m.member_id, 'store', false))
    expect(unpaid.delivery_code).toBe('')
    const order = await detail(m.token, await newOrder(m.member_id, 'store'))
    expect(order).toMatchObject({ order_type: 2, order_status: 2, order_status_name: '待提货' })
    expect(order.delivery_code).toMatch(/^\d{8}$/)
    expect(JSON.parse(order.delivery_store_info as string)).toHaveProperty('full_address')
    expect(actions(order)).toEqual(['memberBatchRefund'])
  })

  test('local delivery: deliver → confirm receipt, with the deliverer', async () => {
    const m = await newMember()
    const orderId = await newOrder(m.member_id, 'local')
    expect((await shop.testApi('/__test/order/deliver', { order_id: orderId })).status).toBe(200)
    const order = await detail(m.token, orderId)
    expect(order).toMatchObject({ order_type: 3, order_status: 3, deliverer: '李师傅' })
    expect(actions(order)[0]).toBe('memberTakeDelivery')
    expect(actions(order)).not.toContain('trace')
    expect((await shop.call('/api/order/takedelivery', { token: m.token, order_id: orderId })).code).toBe(0)
  })

  test('virtual: delivered at payment with a code; confirm use → received', async () => {
    const m = await newMember()
    const orderId = await newOrder(m.member_id, 'virtual', true, [{ sku_id: 4, num: 1 }])
    let order = await detail(m.token, orderId)
    expect(order).toMatchObject({ order_type: 4, order_status: 3, order_status_name: '待收货' })
    expect(order.virtual_goods).toMatchObject({ code: order.virtual_code, is_veirfy: 0, verify_num: 0 })
    expect(actions(order)).toEqual(['memberVirtualTakeDelivery'])
    expect((await shop.call('/api/order/num', { token: m.token })).data).toMatchObject({ wait_use: 1, waitconfirm: 0 })
    expect((await shop.call('/api/order/membervirtualtakedelivery', { token: m.token, order_id: orderId })).code).toBe(0)
    order = await detail(m.token, orderId)
    expect(order).toMatchObject({ order_status: 4 })
    expect(order.virtual_goods).toMatchObject({ is_veirfy: 1, verify_num: 1 })
  })
})

describe('lists', () => {
  test('tabs, search and paging', async () => {
    const m = await newMember()
    const ids = [await newOrder(m.member_id, 'express', false), await newOrder(m.member_id), await newOrder(m.member_id)]
    await shop.testApi('/__test/order/ship', { order_id: ids[2] })
    const count = async (tab: string) => ((await shop.call('/api/order/lists', { token: m.token, order_status: tab })).data as Data).count as number
    expect([await count('all'), await count('waitpay'), await count('waitsend'), await count('waitconfirm'), await count('waitrate')]).toEqual([3, 1, 1, 1, 0])
    const page2 = (await shop.call('/api/order/lists', { token: m.token, page: 2, page_size: 2 })).data as Data
    expect(page2).toMatchObject({ count: 3, page_count: 2 })
    expect(page2.list.map((o: Data) => o.order_id)).toEqual([ids[0]])
    const first = (await detail(m.token, ids[1]!)).order_no as string
    expect(((await shop.call('/api/order/lists', { token: m.token, searchText: first })).data as Data).list.map((o: Data) => o.order_id)).toEqual([ids[1]])
    expect(((await shop.call('/api/order/lists', { token: m.token, searchText: '%' })).data as Data).count).toBe(0)
  })

  test('the transaction agreement is a document', async () => {
    const res = await shop.call('/api/order/transactionagreement', {})
    expect(res.data).toMatchObject({ document_key: 'TRANSACTION_AGREEMENT', title: '购买协议' })
    expect((res.data as Data).content).toContain('<p>')
  })
})
