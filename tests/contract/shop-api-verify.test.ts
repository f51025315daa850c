import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestShopApi, type ApiBody, type TestShopApi } from '../../shop-api/testing'
import { orderVerifyFields } from '../../shop-api/models/verify'

/**
 * The reference shop API's verification (contract §4.6, docs/verification.md): codes made on
 * payment (pickup: the delivery_code; virtual: one per verify-type line), the verifier check,
 * verifyinfo / verify / lists, and every refusal leaving the order and the code unchanged.
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
  username: string
}

async function newMember(): Promise<Member> {
  const { member_id, username, password } = (await shop.testApi<{ member_id: number; username: string; password: string }>('/__test/member', {})).body
  await shop.testApi('/__test/member/balance', { member_id, balance: 1000, pay_password: '246810' })
  return { token: await shop.login(username, password), member_id, username }
}

async function newVerifier(): Promise<Member> {
  const member = await newMember()
  expect((await shop.testApi('/__test/verifier', { member_id: member.member_id })).status).toBe(200)
  return member
}

const call = (member: Member, path: string, body: Record<string, unknown> = {}): Promise<ApiBody> => shop.call(path, { token: member.token, ...body })

async function ok(member: Member, path: string, body: Record<string, unknown> = {}): Promise<Data> {
  const answer = await call(member, path, body)
  expect(answer.code, `${path}: ${answer.message}`).toBe(0)
  return answer.data as Data
}

const orderRow = (orderId: number): Data => shop.api.db.prepare('SELECT * FROM orders WHERE order_id = ?').get(orderId) as Data
const codeRow = (code: string): Data => shop.api.db.prepare('SELECT * FROM verify WHERE verify_code = ?').get(code) as Data

/** A pickup order of sku 2 paid with the balance: its id and pickup code. */
async function paidPickupOrder(buyer: Member): Promise<{ orderId: number; code: string }> {
  const payment = await ok(buyer, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
  const outTradeNo = (await ok(buyer, '/api/ordercreate/create', {
    order_key: payment.order_key,
    delivery: JSON.stringify({ delivery_type: 'store', store_id: 1 }),
    coupon: JSON.stringify({ coupon_id: 0 }),
  })) as unknown as string
  await ok(buyer, '/api/pay/pay', { out_trade_no: outTradeNo, pay_type: 'balance', pay_password: '246810' })
  const order = shop.api.db.prepare('SELECT order_id, delivery_code FROM orders WHERE out_trade_no = ?').get(outTradeNo) as { order_id: number; delivery_code: string }
  return { orderId: order.order_id, code: order.delivery_code }
}

async function virtualOrder(buyer: Member, extra: Record<string, unknown> = {}): Promise<{ order_id: number; codes: string[]; order_status: number }> {
  const made = await shop.testApi<{ order_id: number; codes: string[]; order_status: number }>('/__test/verify/virtual-order', { member_id: buyer.member_id, ...extra })
  expect(made.status).toBe(200)
  return made.body
}

describe('codes are made on payment', () => {
  test('a paid pickup order has one pickup code, its delivery_code; an unpaid one has none', async () => {
    const buyer = await newMember()
    const payment = await ok(buyer, '/api/ordercreate/payment', { sku_id: 2, num: 1 })
    await ok(buyer, '/api/ordercreate/create', { order_key: payment.order_key, delivery: JSON.stringify({ delivery_type: 'store', store_id: 1 }) })
    const unpaid = shop.api.db.prepare('SELECT order_id FROM orders WHERE member_id = ?').get(buyer.member_id) as { order_id: number }
    expect(shop.api.db.prepare('SELECT COUNT(*) AS n FROM verify WHERE order_id = ?').get(unpaid.order_id)).toEqual({ n: 0 })

    const { orderId, code } = await paidPickupOrder(buyer)
    expect(code).toMatch(/^\d{8}$/)
    expect(codeRow(code)).toMatchObject({ verify_type: 'pickup', verify_type_name: '订单自提', order_id: orderId, member_id: buyer.member_id, is_verify: 0, verify_total_count: 1 })
    expect(orderVerifyFields(shop.api.db, orderId)).toEqual({ delivery_code: code, delivery_code_status: 0 })
    expect(orderVerifyFields(shop.api.db, unpaid.order_id)).toEqual({})
  })

  test('a virtual verify-type order gets a code per line and waits for use (11)', async () => {
    const buyer = await newMember()
    const made = await virtualOrder(buyer, { total_verify_num: 3 })
    expect(made.order_status).toBe(11)
    expect(made.codes).toHaveLength(1)
    expect(codeRow(made.codes[0])).toMatchObject({ verify_type: 'virtualgoods', verify_total_count: 3, verify_use_num: 0 })
    expect(await ok(buyer, '/api/order/detail', { order_id: made.order_id })).toMatchObject({
      order_type: 4,
      virtual_code: made.codes[0],
      virtual_goods: { code: made.codes[0], total_verify_num: 3, verify_num: 0, is_veirfy: 0 },
    })
    expect(orderVerifyFields(shop.api.db, made.order_id)).toMatchObject({
      virtual_code: made.codes[0],
      virtual_goods: { code: made.codes[0], expire_time: 0, total_verify_num: 3, verify_num: 0, is_veirfy: 0, verify_time: 0, verify_record: [] },
    })
  })
})

describe('verifier', () => {
  test('checkisverifier and every verifier call refuse a normal member; getverifytype is open', async () => {
    const member = await newMember()
    const refusal = { code: -1, message: '您不是核销员，没有核销权限！' }
    expect(await call(member, '/api/verify/checkisverifier')).toMatchObject(refusal)
    expect(await call(member, '/api/verify/verifyinfo', { verify_code: '12345678' })).toMatchObject(refusal)
    expect(await call(member, '/api/verify/verify', { verify_code: '12345678' })).toMatchObject(refusal)
    expect(await call(member, '/api/verify/lists')).toMatchObject(refusal)
    expect(await ok(member, '/api/verify/getverifytype')).toEqual({ pickup: { name: '订单自提' }, virtualgoods: { name: '虚拟商品' } })
    expect((await shop.call('/api/verify/checkisverifier')).code).toBe(-1) // no token
  })

  test('the test API makes and unmakes a verifier', async () => {
    const member = await newVerifier()
    expect(await ok(member, '/api/verify/checkisverifier')).toMatchObject({ verifier_id: expect.any(Number), verifier_name: expect.any(String) })
    await shop.testApi('/__test/verifier', { member_id: member.member_id, on: false })
    expect((await call(member, '/api/verify/checkisverifier')).code).toBe(-1)
  })
})

describe('verify', () => {
  test('pickup: info, verify → the order is received (4); again is refused; lists and info show it', async () => {
    const buyer = await newMember()
    const verifier = await newVerifier()
    const { orderId, code } = await paidPickupOrder(buyer)

    const info = await ok(verifier, '/api/verify/verifyinfo', { verify_code: ` ${code}\n` })
    expect(info).toMatchObject({ verify_code: code, verify_type: 'pickup', verify_type_name: '订单自提', is_verify: 0, order_id: orderId })
    expect(info.item_array).toEqual([expect.objectContaining({ name: expect.any(String), price: expect.stringMatching(/^\d+\.\d{2}$/), num: 1 })])
    expect(info.remark_array[1]).toEqual({ title: '订单编号', value: orderRow(orderId).order_no })

    expect(await ok(verifier, '/api/verify/verify', { verify_code: code })).toBe('')
    expect(orderRow(orderId)).toMatchObject({ order_status: 4, is_evaluate: 1 })
    expect(codeRow(code)).toMatchObject({ is_verify: 1, verify_use_num: 1 })

    const again = await call(verifier, '/api/verify/verify', { verify_code: code })
    expect(again).toMatchObject({ code: -1, message: '该核销码已核销，不可重复核销！' })
    expect(codeRow(code).verify_use_num).toBe(1)

    const after = await ok(verifier, '/api/verify/verifyinfo', { verify_code: code })
    expect(after).toMatchObject({ is_verify: 1, is_verify_info: { id: 1, name: '已核销' }, verifier_name: expect.any(String) })
    expect(after.verify_record).toHaveLength(1)
    const list = await ok(verifier, '/api/verify/lists', { verify_type: 'pickup', page: 1, page_size: 10 })
    expect(list).toMatchObject({ count: 1, page_count: 1 })
    expect(list.list[0]).toMatchObject({ verify_code: code, order_no: orderRow(orderId).order_no })
    expect((await ok(verifier, '/api/verify/lists', { verify_type: 'virtualgoods' })).count).toBe(0)
    expect((await ok(verifier, '/api/verify/lists', { verify_type: 'nope' })).count).toBe(0)
  })

  test('virtual: uses count up to the total, then the order is used (12)', async () => {
    const buyer = await newMember()
    const verifier = await newVerifier()
    const made = await virtualOrder(buyer, { total_verify_num: 2 })
    const [code] = made.codes
    await ok(verifier, '/api/verify/verify', { verify_code: code })
    expect(codeRow(code)).toMatchObject({ is_verify: 0, verify_use_num: 1 })
    expect(orderRow(made.order_id).order_status).toBe(11)
    await ok(verifier, '/api/verify/verify', { verify_code: code })
    expect(codeRow(code)).toMatchObject({ is_verify: 1, verify_use_num: 2 })
    expect(orderRow(made.order_id)).toMatchObject({ order_status: 12, order_status_name: '已使用' })
    expect((await call(verifier, '/api/verify/verify', { verify_code: code })).code).toBe(-1)
    expect(orderVerifyFields(shop.api.db, made.order_id)).toMatchObject({ virtual_goods: { verify_num: 2, is_veirfy: 1, verify_record: [expect.anything(), expect.anything()] } })
  })

  test('refusals change nothing: unknown, missing, expired, closed, refunded, in after-sales', async () => {
    const buyer = await newMember()
    const verifier = await newVerifier()
    expect(await call(verifier, '/api/verify/verifyinfo', { verify_code: '000000000000' })).toMatchObject({ code: -1, message: '当前核销码不存在！' })
    expect(await call(verifier, '/api/verify/verify', { verify_code: '000000000000' })).toMatchObject({ code: -1, message: '当前核销码不存在！' })
    expect(await call(verifier, '/api/verify/verify', {})).toMatchObject({ code: -1, message: '缺少参数verify_code' })

    const expiring = await virtualOrder(buyer)
    await shop.testApi('/__test/verify/expire', { verify_code: expiring.codes[0] })
    expect(await call(verifier, '/api/verify/verify', { verify_code: expiring.codes[0] })).toMatchObject({ code: -1, message: '核销码已过期' })
    expect(await ok(verifier, '/api/verify/verifyinfo', { verify_code: expiring.codes[0] })).toMatchObject({ is_verify: -1 })
    expect(orderRow(expiring.order_id).order_status).toBe(11)

    const refunded = await paidPickupOrder(buyer)
    shop.api.db.prepare('UPDATE order_goods SET refund_status = 3 WHERE order_id = ?').run(refunded.orderId)
    expect(await call(verifier, '/api/verify/verify', { verify_code: refunded.code })).toMatchObject({ code: -1, message: '订单已退款！' })
    expect(await ok(verifier, '/api/verify/verifyinfo', { verify_code: refunded.code })).toMatchObject({ is_verify: 2 })

    const refunding = await paidPickupOrder(buyer)
    shop.api.db.prepare('UPDATE order_goods SET refund_status = 1 WHERE order_id = ?').run(refunding.orderId)
    expect(await call(verifier, '/api/verify/verify', { verify_code: refunding.code })).toMatchObject({ code: -1, message: '订单售后中，不可核销！' })

    const pickedUp = await paidPickupOrder(buyer)
    await ok(buyer, '/api/order/takedelivery', { order_id: pickedUp.orderId })
    expect(await call(verifier, '/api/verify/verify', { verify_code: pickedUp.code })).toMatchObject({ code: -1, message: '订单已提货，无需核销！' })

    const closed = await paidPickupOrder(buyer)
    shop.api.db.prepare('UPDATE orders SET order_status = -1 WHERE order_id = ?').run(closed.orderId)
    expect(await call(verifier, '/api/verify/verify', { verify_code: closed.code })).toMatchObject({ code: -1, message: '订单已关闭，不可核销！' })

    for (const { orderId, code } of [refunded, refunding]) {
      expect(orderRow(orderId).order_status).toBe(2)
      expect(codeRow(code)).toMatchObject({ is_verify: 0, verify_use_num: 0 })
    }
    expect((await ok(verifier, '/api/verify/lists')).count).toBe(0)
  })

  test('lists pages the verifier’s own history, newest first', async () => {
    const buyer = await newMember()
    const verifier = await newVerifier()
    const other = await newVerifier()
    const codes: string[] = []
    for (let i = 0; i < 3; i += 1) {
      const { code } = await paidPickupOrder(buyer)
      await ok(verifier, '/api/verify/verify', { verify_code: code })
      codes.push(code)
    }
    const first = await ok(verifier, '/api/verify/lists', { page: 1, page_size: 2 })
    expect(first).toMatchObject({ count: 3, page_count: 2 })
    const second = await ok(verifier, '/api/verify/lists', { page: 2, page_size: 2 })
    expect([...first.list, ...second.list].map((row: Data) => row.verify_code).sort()).toEqual([...codes].sort())
    expect((await ok(other, '/api/verify/lists')).count).toBe(0)
  })
})
