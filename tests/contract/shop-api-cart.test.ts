import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod/v4'
import { BundleLineSchema, CartCalculationSchema, CartLineSchema } from '~/upstream/schemas/cart'
import { insertRow } from '../../shop-api/db/rows'
import { startTestShopApi, type TestShopApi } from '../../shop-api/testing'

/**
 * The reference shop API's cart: add (merge, cap), edit, delete, clear, count, goods lines with
 * the spec §3 cart fields, bundle lines, /api/Cart/calculate (docs/pricing.md, every worked
 * example through the endpoint) and the cart/token test API. Goods ids: shop-api/README.md.
 * Answers are also parsed with the BFF's own schemas (app/upstream/schemas/cart.ts).
 */

type Line = Record<string, unknown> & {
  cart_id: number
  sku_id: number
  goods_id: number
  num: number
  price: string
  discount_price: string
  member_price: string
  stock: number
  goods_state: number
  promotion_label: string
  is_member_discount: number
  promotion_info: Record<string, unknown> | null
  get_free_goods: { is_ladder: number; getFreeGoods: Record<string, unknown>[] } | null
  sale_control: { is_member_by: number; view_price: number; not_buy_msg: string } | null
}
type Bundle = { cart_id: number; bl_id: number; bl_name: string; bl_price: string; num: number; stock: number; bundlingGoods: Record<string, unknown>[] }
type Calculation = {
  goods_list: { cart_id: number; sku_id: number; num: number; price: string; subtotal: string }[]
  bundling_list: { cart_id: number; bl_id: number; num: number; bl_price: string; subtotal: string }[]
  goods_num: number
  goods_money: string
  order_money: string
}

let shop: TestShopApi

beforeAll(async () => {
  shop = await startTestShopApi({ log: false })
})

afterAll(async () => {
  await shop?.close()
})

/** A new member with its own token (tests do not share carts). */
async function newMember(): Promise<{ token: string; member_id: number; username: string }> {
  const member = await shop.testApi<{ member_id: number; username: string; password: string }>('/__test/member', {})
  return { token: await shop.login(member.body.username, member.body.password), member_id: member.body.member_id, username: member.body.username }
}

async function ok<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await shop.call(path, body)
  expect(answer.code, `${path}: ${answer.message}`).toBe(0)
  return answer.data as T
}

const goodsLines = (token: string) => ok<Line[]>('/api/cart/goodslists', { token })
const bundleLines = (token: string) => ok<Bundle[]>('/bundling/api/cart/lists', { token })
const count = (token: string) => ok<number>('/api/cart/count', { token })
const skuStock = (skuId: number) => (shop.api.db.prepare('SELECT stock FROM goods_sku WHERE sku_id = ?').get(skuId) as { stock: number }).stock

async function setCart(username: string, lines: { sku_id: number; num: number }[], bundles: { bl_id: number; num: number }[] = []) {
  const answer = await shop.testApi<{ lines: { cart_id: number }[]; bundles: { cart_id: number }[] }>('/__test/cart', { username, lines, bundles })
  expect(answer.status).toBe(200)
  return { lines: answer.body.lines.map((l) => l.cart_id), bundles: answer.body.bundles.map((b) => b.cart_id) }
}

describe('the demo member', () => {
  test('starts with an empty cart (goods and bundles)', async () => {
    const demo = await shop.login('demo', 'demo123456')
    expect(await goodsLines(demo)).toEqual([])
    expect(await bundleLines(demo)).toEqual([])
    expect(await count(demo)).toBe(0)
  })
})

describe('cart/add', () => {
  test('merges into the existing line (same cart_id, a string) and caps at stock', async () => {
    const { token } = await newMember()
    const first = await ok<string>('/api/cart/add', { token, sku_id: 103, num: 2 }) // goods 96: stock 3
    expect(first).toMatch(/^\d+$/)
    expect(await ok<string>('/api/cart/add', { token, sku_id: 103, num: 5 })).toBe(first)
    const lines = await goodsLines(token)
    expect(lines.map((l) => [l.cart_id, l.sku_id, l.num, l.stock])).toEqual([[Number(first), 103, 3, 3]])
  })

  test('accepts an off-shelf SKU (listed with goods_state 0, not counted); refuses an out-of-stock one', async () => {
    const { token } = await newMember()
    await ok('/api/cart/add', { token, sku_id: 58, num: 2 })
    expect(await shop.call('/api/cart/add', { token, sku_id: 32, num: 1 })).toMatchObject({ code: -1, message: '商品库存不足', data: '' })
    expect((await goodsLines(token)).map((l) => [l.sku_id, l.goods_state])).toEqual([[58, 0]])
    expect(await count(token)).toBe(0)
  })
})

describe('cart/edit', () => {
  test('sets the quantity of an own line → 1, without stock/min/max checks', async () => {
    const { token } = await newMember()
    const cartId = await ok<string>('/api/cart/add', { token, sku_id: 103, num: 1 })
    expect(await ok('/api/cart/edit', { token, cart_id: cartId, num: 10 })).toBe(1) // stock is 3: the client clamps
    expect(await ok('/api/cart/edit', { token, cart_id: Number(cartId), num: '7' })).toBe(1)
    expect((await goodsLines(token))[0]!.num).toBe(7)
  })

  test('num must be a positive integer; 0 or missing is 缺少参数num', async () => {
    const { token } = await newMember()
    const cartId = await ok<string>('/api/cart/add', { token, sku_id: 4, num: 2 })
    for (const num of [0, '0', '', undefined]) {
      expect(await shop.call('/api/cart/edit', { token, cart_id: cartId, num })).toMatchObject({ code: -1, message: '缺少参数num', data: '' })
    }
    for (const num of [-1, 1.5, 'abc', '2x']) {
      expect(await shop.call('/api/cart/edit', { token, cart_id: cartId, num })).toMatchObject({ code: -1, message: '商品数量必须是大于0的整数' })
    }
    expect(await shop.call('/api/cart/edit', { token, num: 2 })).toMatchObject({ code: -1, message: '缺少参数cart_id' })
    expect((await goodsLines(token))[0]!.num).toBe(2)
  })

  test('a foreign, unknown or bundle cart_id is 操作失败; no token is refused', async () => {
    const owner = await newMember()
    const other = await newMember()
    const cartId = await ok<string>('/api/cart/add', { token: owner.token, sku_id: 4, num: 2 })
    const bundleId = await ok<string>('/bundling/api/cart/add', { token: other.token, bl_id: 1, num: 1 })
    expect(await shop.call('/api/cart/edit', { token: other.token, cart_id: cartId, num: 9 })).toMatchObject({ code: -1, message: '操作失败', data: '' })
    expect(await shop.call('/api/cart/edit', { token: other.token, cart_id: 999999, num: 9 })).toMatchObject({ code: -1, message: '操作失败' })
    expect(await shop.call('/api/cart/edit', { token: other.token, cart_id: bundleId, num: 9 })).toMatchObject({ code: -1, message: '操作失败' })
    expect(await shop.call('/api/cart/edit', { cart_id: cartId, num: 9 })).toMatchObject({ code: -1, message: '您尚未登录，请先进行登录' })
    expect((await goodsLines(owner.token))[0]!.num).toBe(2)
  })
})

describe('cart/delete and cart/clear', () => {
  test('delete takes a comma list and deletes only own rows → how many', async () => {
    const owner = await newMember()
    const other = await newMember()
    const a = await ok<string>('/api/cart/add', { token: owner.token, sku_id: 4, num: 1 })
    const b = await ok<string>('/api/cart/add', { token: owner.token, sku_id: 34, num: 1 })
    const c = await ok<string>('/api/cart/add', { token: owner.token, sku_id: 1, num: 1 })
    const foreign = await ok<string>('/api/cart/add', { token: other.token, sku_id: 4, num: 1 })
    expect(await ok('/api/cart/delete', { token: owner.token, cart_id: `${a},${b},${foreign},999999` })).toBe(2)
    expect((await goodsLines(owner.token)).map((l) => l.cart_id)).toEqual([Number(c)])
    expect((await goodsLines(other.token)).map((l) => l.cart_id)).toEqual([Number(foreign)])
    expect(await ok('/api/cart/delete', { token: owner.token, cart_id: a })).toBe(0)
    expect(await shop.call('/api/cart/delete', { token: owner.token })).toMatchObject({ code: -1, message: '缺少参数cart_id' })
  })

  test('delete also removes own bundle lines; clear empties goods and bundle lines', async () => {
    const { token } = await newMember()
    await ok('/api/cart/add', { token, sku_id: 4, num: 1 })
    await ok('/api/cart/add', { token, sku_id: 34, num: 1 })
    const bundle = await ok<string>('/bundling/api/cart/add', { token, bl_id: 2, num: 1 })
    await ok('/bundling/api/cart/add', { token, bl_id: 3, num: 1 })
    expect(await ok('/api/cart/delete', { token, cart_id: bundle })).toBe(1)
    expect(await ok('/api/cart/clear', { token })).toBe(3)
    expect(await goodsLines(token)).toEqual([])
    expect(await bundleLines(token)).toEqual([])
  })
})

describe('cart/count', () => {
  test('sums quantities of on-shelf goods lines and of bundle lines', async () => {
    const { token, username } = await newMember()
    await setCart(
      username,
      [
        { sku_id: 4, num: 3 },
        { sku_id: 58, num: 5 },
        { sku_id: 32, num: 2 },
      ],
      [
        { bl_id: 1, num: 2 },
        { bl_id: 3, num: 1 },
      ],
    )
    // 3 + 2 (out of stock but on the shelf) + 2 + 1; the off-shelf line (5) is left out
    expect(await count(token)).toBe(8)
  })
})

describe('cart/goodslists', () => {
  let lines: Line[]
  const line = (skuId: number) => {
    const found = lines.find((l) => l.sku_id === skuId)
    expect(found, `line of sku ${skuId}`).toBeDefined()
    return found!
  }

  beforeAll(async () => {
    // demo (银牌 98 %) with one line of each type; inserted in this order, so listed in reverse.
    const { lines: ids } = await setCart('demo', [
      { sku_id: 1, num: 2 }, // default (multi-SKU goods 1)
      { sku_id: 143, num: 5 }, // seckill 3
      { sku_id: 14, num: 7 }, // discount
      { sku_id: 34, num: 250 }, // wholesale with limit_num
      { sku_id: 71, num: 3 }, // get-free (and discount): get-free wins
      { sku_id: 72, num: 1 }, // get-free with no exchange goods
      { sku_id: 105, num: 1 }, // herbal pieces: no member price
      { sku_id: 35, num: 1 }, // demo: price hidden by sale control
      { sku_id: 58, num: 1 }, // off the shelf
      { sku_id: 32, num: 1 }, // out of stock
      { sku_id: 103, num: 5 }, // stock 3
    ])
    expect(ids).toHaveLength(11)
    lines = await goodsLines(await shop.login('demo', 'demo123456'))
  })

  afterAll(async () => {
    await setCart('demo', [])
  })

  test('newest first, every line parses with the BFF schema', () => {
    expect(lines.map((l) => l.sku_id)).toEqual([103, 32, 58, 35, 105, 72, 71, 34, 14, 143, 1])
    expect(z.array(CartLineSchema).parse(lines)).toHaveLength(11)
  })

  test('every line has the spec §3 cart fields', () => {
    for (const l of lines) {
      for (const key of [
        'goods_min',
        'goods_limit',
        'promotion_label',
        'is_member_discount',
        'member_price',
        'is_discount',
        'is_getfree',
        'join_coupon',
        'join_manjian',
        'wholesale_goods_id',
        'promotion_info',
        'sale_control',
        'get_free_goods',
        'goods_state',
        'stock',
        'site_id',
        'site_name',
        'min_buy',
        'max_buy',
        'unit',
      ]) {
        expect(l, `sku ${l.sku_id}`).toHaveProperty(key)
      }
      expect(l.site_name).toBe('康源医药B2B商城')
    }
  })

  test('default line: member price, no promotion', () => {
    expect(line(1)).toMatchObject({
      price: '12.80',
      member_price: '12.54',
      is_member_discount: 1,
      promotion_label: '',
      promotion_info: null,
      get_free_goods: null,
      goods_min: 0,
      goods_limit: 0,
      join_coupon: 1,
      wholesale_goods_id: 0,
      goods_state: 1,
    })
    expect(typeof line(1).goods_spec_format).toBe('string') // multi-SKU goods: the spec matrix with this SKU selected
  })

  test('seckill line: its numbers and the seckill price; no coupon', () => {
    expect(line(143)).toMatchObject({ promotion_label: 'seckill', goods_min: 2, goods_limit: 20, join_coupon: 0, is_discount: 0 })
    expect(line(143).promotion_info).toMatchObject({ goods_min: 2, goods_limit: 20, num_multiple: 2, price: '12.90' })
  })

  test('discount line: the discount price', () => {
    expect(line(14)).toMatchObject({ promotion_label: 'discount', discount_price: '12.60', is_discount: 1, goods_min: 2, goods_limit: 20 })
    expect(line(14).promotion_info).toMatchObject({ goods_min: 2, goods_limit: 20, num_multiple: 2, price: '12.60' })
  })

  test('wholesale line: tiers ascending with limit_num', () => {
    expect(line(34)).toMatchObject({ promotion_label: 'wholesale', wholesale_goods_id: 2 })
    expect(line(34).promotion_info).toEqual({
      price_json: [
        { num: 20, limit_num: 0, price: '14.20' },
        { num: 100, limit_num: 200, price: '13.50' },
      ],
    })
  })

  test('get-free line: get-free outranks the discount; exchange goods nested', () => {
    expect(line(71)).toMatchObject({ promotion_label: 'getfree', is_getfree: 1, is_discount: 1, promotion_info: null })
    expect(line(71).get_free_goods).toMatchObject({
      is_ladder: 0,
      getFreeGoods: [{ goods_id: 57, count: 1, num: 10, price: '0.01', limit: 3, goods: { goods_name: '板蓝根颗粒', sku_id: 63 } }],
    })
  })

  test('get-free line without exchange goods', () => {
    expect(line(72)).toMatchObject({ goods_id: 65, promotion_label: 'getfree', is_getfree: 1, get_free_goods: { is_ladder: 0, getFreeGoods: [] } })
  })

  test('herbal pieces: no member discount', () => {
    expect(line(105)).toMatchObject({ member_price: '', is_member_discount: 0 })
  })

  test('sale control for the member', () => {
    expect(line(35).sale_control).toEqual({ is_member_by: 1, view_price: 0, not_buy_msg: '' })
    expect(line(1).sale_control).toBeNull()
  })

  test('off-shelf, out-of-stock and low-stock lines keep their state and stock', () => {
    expect(line(58)).toMatchObject({ goods_id: 54, goods_state: 0 })
    expect(line(32)).toMatchObject({ goods_id: 28, goods_state: 1, stock: 0 })
    expect(line(103)).toMatchObject({ goods_id: 96, goods_state: 1, stock: 3, num: 5 })
  })
})

// ------------------------------------------------------------------------------------------------
// calculate: docs/pricing.md's worked examples, each a goods made for it, priced through the endpoint.

type Example = {
  name: string
  price: number
  num: number
  subtotal: string
  member?: boolean
  consume?: 0 | 1
  seckill?: { price: number; goods_min?: number; goods_limit?: number; num_multiple?: number }
  discount?: { price: number; goods_min?: number; goods_limit?: number; num_multiple?: number }
  wholesale?: { num: number; price: number; limit_num?: number }[]
}

const EXAMPLES: Example[] = [
  { name: '3 × ¥12.50, no promotion', price: 12.5, num: 3, subtotal: '37.50' },
  { name: '2 × ¥20.00, member price ¥18.00 with member discount', price: 20, num: 2, member: true, consume: 1, subtotal: '36.00' },
  { name: 'same without member discount', price: 20, num: 2, member: true, consume: 0, subtotal: '40.00' },
  { name: 'seckill ¥6.00 (price ¥10.00), goods_min 3, quantity 2', price: 10, num: 2, seckill: { price: 6, goods_min: 3 }, subtotal: '20.00' },
  { name: 'same, quantity 3', price: 10, num: 3, seckill: { price: 6, goods_min: 3 }, subtotal: '18.00' },
  { name: 'seckill ¥6.00, goods_limit 5, quantity 7', price: 10, num: 7, seckill: { price: 6, goods_limit: 5 }, subtotal: '50.00' },
  { name: 'seckill ¥6.00, goods_limit 5, quantity 4', price: 10, num: 4, seckill: { price: 6, goods_limit: 5 }, subtotal: '24.00' },
  { name: 'discount ¥7.99 (price ¥9.99), multiples of 3, quantity 7', price: 9.99, num: 7, discount: { price: 7.99, num_multiple: 3 }, subtotal: '57.93' },
  { name: 'discount ¥4.00 (price ¥5.00), limit 10, multiples of 3, quantity 12', price: 5, num: 12, discount: { price: 4, goods_limit: 10, num_multiple: 3 }, subtotal: '51.00' },
  {
    name: 'wholesale 10 → ¥2.50, 50 → ¥2.00 (price ¥3.00), quantity 9',
    price: 3,
    num: 9,
    wholesale: [
      { num: 10, price: 2.5 },
      { num: 50, price: 2 },
    ],
    subtotal: '27.00',
  },
  {
    name: 'same, quantity 10',
    price: 3,
    num: 10,
    wholesale: [
      { num: 10, price: 2.5 },
      { num: 50, price: 2 },
    ],
    subtotal: '25.00',
  },
  {
    name: 'same, quantity 60',
    price: 3,
    num: 60,
    wholesale: [
      { num: 10, price: 2.5 },
      { num: 50, price: 2 },
    ],
    subtotal: '120.00',
  },
  {
    name: 'tier 50 → ¥2.00 with limit_num 55, quantity 60',
    price: 3,
    num: 60,
    wholesale: [
      { num: 10, price: 2.5 },
      { num: 50, price: 2, limit_num: 55 },
    ],
    subtotal: '125.00',
  },
]

let fixtureId = 9000

/** A new single-SKU goods (a copy of goods 3, which has no promotion) at `price`, with the example's promotion. */
function fixtureSku(example: Example): number {
  const db = shop.api.db
  const id = ++fixtureId
  const goods = db.prepare('SELECT * FROM goods WHERE goods_id = 3').get() as Record<string, unknown>
  const sku = db.prepare('SELECT * FROM goods_sku WHERE sku_id = ?').get(goods.sku_id) as Record<string, unknown>
  insertRow(db, 'goods', { ...goods, goods_id: id, sku_id: id, goods_name: `定价样例 ${id}`, price: example.price, goods_stock: 9999, is_consume_discount: example.consume ?? 1 })
  insertRow(db, 'goods_sku', { ...sku, sku_id: id, goods_id: id, sku_name: `定价样例 ${id}`, price: example.price, discount_price: example.price, stock: 9999 })
  const rule = example.seckill ?? example.discount
  const numbers = { goods_min: rule?.goods_min ?? 0, goods_limit: rule?.goods_limit ?? 0, num_multiple: rule?.num_multiple ?? 0 }
  if (example.seckill) {
    const seckillId = insertRow(db, 'seckill', { seckill_name: `样例秒杀 ${id}`, status: 1, start_time: 0, end_time: 0, goods_id: id, ...numbers })
    insertRow(db, 'seckill_goods', { seckill_id: seckillId, goods_id: id, sku_id: id, seckill_price: example.seckill.price, stock: 9999 })
  }
  if (example.discount) {
    insertRow(db, 'discount_goods', { discount_id: 1, goods_id: id, sku_id: id, discount_price: example.discount.price, ...numbers })
    db.prepare('UPDATE goods_sku SET discount_price = ?, promotion_type = 1 WHERE sku_id = ?').run(example.discount.price, id)
  }
  if (example.wholesale) {
    const tiers = example.wholesale.map((t) => ({ num: t.num, limit_num: t.limit_num ?? 0, price: t.price.toFixed(2) }))
    insertRow(db, 'wholesale_goods', { goods_id: id, price_json: JSON.stringify(tiers), status: 1, start_time: 0, end_time: 0 })
  }
  return id
}

describe('/api/Cart/calculate: the worked examples of docs/pricing.md', () => {
  let plain: { token: string; username: string }
  let member: { token: string; username: string }
  const cartIdOf = new Map<Example, number>()
  let plainAnswer: Calculation
  let memberAnswer: Calculation

  beforeAll(async () => {
    plain = await newMember() // 普通会员: no level discount
    member = await newMember() // a 90 % level: member price 20.00 → 18.00
    const db = shop.api.db
    insertRow(db, 'member_level', { level_id: 90, level_name: '九折测试等级', consume_discount: 90 })
    db.prepare('UPDATE member SET member_level = 90 WHERE username = ?').run(member.username)

    for (const who of [plain, member]) {
      const examples = EXAMPLES.filter((e) => Boolean(e.member) === (who === member))
      const { lines } = await setCart(
        who.username,
        examples.map((e) => ({ sku_id: fixtureSku(e), num: e.num })),
      )
      examples.forEach((e, i) => cartIdOf.set(e, lines[i]!))
    }
    const ids = (who: typeof plain) =>
      EXAMPLES.filter((e) => Boolean(e.member) === (who === member))
        .map((e) => cartIdOf.get(e))
        .join(',')
    plainAnswer = await ok<Calculation>('/api/Cart/calculate', { token: plain.token, cart_ids: ids(plain) })
    memberAnswer = await ok<Calculation>('/api/cart/calculate', { token: member.token, cart_ids: ids(member) })
  })

  test.each(EXAMPLES.map((e) => [e.name, e] as const))('%s', (_name, example) => {
    const answer = example.member ? memberAnswer : plainAnswer
    const line = answer.goods_list.find((l) => l.cart_id === cartIdOf.get(example))
    expect(line).toMatchObject({ num: example.num, subtotal: example.subtotal })
  })

  test('totals: goods_num, goods_money = order_money = Σ subtotals; the BFF schema parses the answer', () => {
    const plainExamples = EXAMPLES.filter((e) => !e.member)
    const cents = plainExamples.reduce((sum, e) => sum + Math.round(Number(e.subtotal) * 100), 0)
    expect(plainAnswer).toMatchObject({
      goods_num: plainExamples.reduce((sum, e) => sum + e.num, 0),
      goods_money: (cents / 100).toFixed(2),
      order_money: (cents / 100).toFixed(2),
      bundling_list: [],
    })
    expect(plainAnswer.goods_list.map((l) => l.cart_id)).toEqual(plainExamples.map((e) => cartIdOf.get(e)))
    CartCalculationSchema.parse(plainAnswer)
    expect(memberAnswer.goods_list.map((l) => l.price)).toEqual(['18.00', '20.00']) // the base unit price
  })
})

describe('/api/Cart/calculate on the demo catalog', () => {
  test('member price as base, seckill/discount/wholesale rules, bundles; skipped lines', async () => {
    const owner = await newMember()
    const db = shop.api.db
    db.prepare('UPDATE member SET member_level = 2 WHERE member_id = ?').run(owner.member_id) // 银牌 98 %
    const other = await newMember()
    const foreign = await ok<string>('/api/cart/add', { token: other.token, sku_id: 4, num: 1 })
    const { lines, bundles } = await setCart(
      owner.username,
      [
        { sku_id: 1, num: 2 }, // 2 × 12.54 (member price)
        { sku_id: 143, num: 5 }, // seckill 12.90, min 2, limit 20, multiples of 2: 4 × 12.90 + 1 × 19.50
        { sku_id: 14, num: 7 }, // discount 12.60, multiples of 2: 6 × 12.60 + 1 × 15.48
        { sku_id: 34, num: 250 }, // wholesale 100 → 13.50 limit 200: 200 × 13.50 + 50 × 15.19
        { sku_id: 71, num: 3 }, // get-free: base 13.62 × 3 (the discount does not price it)
        { sku_id: 58, num: 1 }, // off the shelf: skipped
        { sku_id: 32, num: 1 }, // out of stock: skipped
      ],
      [{ bl_id: 1, num: 2 }], // 2 × 32.80
    )
    const answer = await ok<Calculation>('/api/Cart/calculate', { token: owner.token, cart_ids: [...lines, ...bundles, foreign, 999999].join(',') })
    expect(answer.goods_list.map((l) => [l.sku_id, l.num, l.price, l.subtotal])).toEqual([
      [1, 2, '12.54', '25.08'],
      [143, 5, '19.50', '71.10'],
      [14, 7, '15.48', '91.08'],
      [34, 250, '15.19', '3459.50'],
      [71, 3, '13.62', '40.86'],
    ])
    expect(answer.bundling_list).toEqual([{ cart_id: bundles[0], bl_id: 1, num: 2, bl_price: '32.80', subtotal: '65.60' }])
    expect(answer).toMatchObject({ goods_num: 269, goods_money: '3753.22', order_money: '3753.22' })
    CartCalculationSchema.parse(answer)
  })

  test('cart_ids is required; a token is required', async () => {
    const { token } = await newMember()
    expect(await shop.call('/api/Cart/calculate', { token })).toMatchObject({ code: -1, message: '缺少参数cart_ids', data: '' })
    expect(await shop.call('/api/Cart/calculate', { cart_ids: '1' })).toMatchObject({ code: -1, message: '您尚未登录，请先进行登录' })
    expect(await ok('/api/Cart/calculate', { token, cart_ids: '999999' })).toEqual({ goods_list: [], bundling_list: [], goods_num: 0, goods_money: '0.00', order_money: '0.00' })
  })
})

describe('bundles', () => {
  test('add → cart_id string; merges; caps at the lowest stock of its goods; lists parse with the BFF schema', async () => {
    const { token } = await newMember()
    const first = await ok<string>('/bundling/api/cart/add', { token, bl_id: 2, num: 1 })
    expect(first).toMatch(/^\d+$/)
    expect(await ok<string>('/bundling/api/cart/add', { token, bl_id: 2, num: 2 })).toBe(first)
    const stock = Math.min(skuStock(134), skuStock(26))
    let [bundle] = await bundleLines(token)
    expect(bundle).toMatchObject({ cart_id: Number(first), bl_id: 2, bl_name: '血压管理套装', bl_price: '209.00', num: 3, stock })
    expect(bundle!.bundlingGoods.map((g) => [g.sku_id, g.goods_id, g.num])).toEqual(
      [
        [134, 124],
        [26, 22],
      ].map(([s, g]) => [s, g, 1]),
    )
    BundleLineSchema.parse(bundle)
    await ok('/bundling/api/cart/add', { token, bl_id: 2, num: 1_000_000 })
    ;[bundle] = await bundleLines(token)
    expect(bundle!.num).toBe(stock)
  })

  test('bundle lines share the cart_id numbering of goods lines', async () => {
    const { token } = await newMember()
    const a = Number(await ok<string>('/api/cart/add', { token, sku_id: 4, num: 1 }))
    const b = Number(await ok<string>('/bundling/api/cart/add', { token, bl_id: 1, num: 1 }))
    const c = Number(await ok<string>('/api/cart/add', { token, sku_id: 34, num: 1 }))
    expect(b).toBeGreaterThan(a)
    expect(c).toBeGreaterThan(b)
    expect((await goodsLines(token)).map((l) => l.cart_id)).toEqual([c, a])
    expect((await bundleLines(token)).map((l) => l.cart_id)).toEqual([b])
  })

  test('add: missing/unknown bl_id, bad num', async () => {
    const { token } = await newMember()
    expect(await shop.call('/bundling/api/cart/add', { token, num: 1 })).toMatchObject({ code: -1, message: '缺少参数bl_id' })
    expect(await shop.call('/bundling/api/cart/add', { token, bl_id: 99, num: 1 })).toMatchObject({ code: -1, message: '组合套餐不存在' })
    expect(await shop.call('/bundling/api/cart/add', { token, bl_id: 1 })).toMatchObject({ code: -1, message: '缺少参数num' })
    expect(await shop.call('/bundling/api/cart/add', { token, bl_id: 1, num: -3 })).toMatchObject({ code: -1, message: '商品数量必须是大于0的整数' })
    expect(await bundleLines(token)).toEqual([])
  })

  test('edit: own bundle lines only; delete: own bundle lines only', async () => {
    const owner = await newMember()
    const other = await newMember()
    const bundle = await ok<string>('/bundling/api/cart/add', { token: owner.token, bl_id: 3, num: 1 })
    const goods = await ok<string>('/api/cart/add', { token: owner.token, sku_id: 4, num: 1 })
    expect(await ok('/bundling/api/cart/edit', { token: owner.token, cart_id: bundle, num: 4 })).toBe(1)
    expect((await bundleLines(owner.token))[0]!.num).toBe(4)
    expect(await shop.call('/bundling/api/cart/edit', { token: owner.token, cart_id: bundle, num: 0 })).toMatchObject({ code: -1, message: '缺少参数num' })
    expect(await shop.call('/bundling/api/cart/edit', { token: other.token, cart_id: bundle, num: 2 })).toMatchObject({ code: -1, message: '操作失败' })
    expect(await shop.call('/bundling/api/cart/edit', { token: owner.token, cart_id: goods, num: 2 })).toMatchObject({ code: -1, message: '操作失败' })
    expect(await ok('/bundling/api/cart/delete', { token: other.token, cart_id: bundle })).toBe(0)
    expect(await ok('/bundling/api/cart/delete', { token: owner.token, cart_id: goods })).toBe(0)
    expect(await ok('/bundling/api/cart/delete', { token: owner.token, cart_id: bundle })).toBe(1)
    expect(await bundleLines(owner.token)).toEqual([])
    expect(await goodsLines(owner.token)).toHaveLength(1)
  })
})

describe('test API: cart and tokens', () => {
  test('/__test/cart replaces the cart, any SKU (off-shelf, out of stock, above stock) and bundles', async () => {
    const { token, username } = await newMember()
    await ok('/api/cart/add', { token, sku_id: 1, num: 1 })
    const { lines, bundles } = await setCart(
      username,
      [
        { sku_id: 58, num: 2 },
        { sku_id: 32, num: 1 },
        { sku_id: 103, num: 9 },
      ],
      [{ bl_id: 2, num: 1 }],
    )
    expect(lines).toHaveLength(3)
    expect((await goodsLines(token)).map((l) => [l.cart_id, l.sku_id, l.num])).toEqual([
      [lines[2], 103, 9],
      [lines[1], 32, 1],
      [lines[0], 58, 2],
    ])
    expect((await bundleLines(token)).map((b) => [b.cart_id, b.bl_id])).toEqual([[bundles[0], 2]])
    await setCart(username, [])
    expect(await goodsLines(token)).toEqual([])
    expect(await bundleLines(token)).toEqual([])
  })

  test('/__test/cart refuses bad bodies, unknown SKUs, bundlings and members', async () => {
    const { username } = await newMember()
    expect((await shop.testApi('/__test/cart', { username, lines: [{ sku_id: 4, num: 0 }] })).status).toBe(400)
    expect((await shop.testApi('/__test/cart', { username, lines: 'x' })).status).toBe(400)
    expect((await shop.testApi('/__test/cart', { username, lines: [{ sku_id: 999999, num: 1 }] })).status).toBe(404)
    expect((await shop.testApi('/__test/cart', { username, bundles: [{ bl_id: 99, num: 1 }] })).status).toBe(404)
    expect((await shop.testApi('/__test/cart', { username: 'nobody_at_all', lines: [] })).status).toBe(404)
  })

  test('/__test/tokens lists live tokens; /__test/expire-tokens expires them all', async () => {
    const member = await shop.testApi<{ member_id: number; username: string; password: string }>('/__test/member', {})
    const { username, password, member_id } = member.body
    const first = await shop.login(username, password)
    const second = await shop.login(username, password)
    await shop.testApi('/__test/token', { member_id, ttl_seconds: 0 }) // already expired: not listed
    const live = await shop.testApi<{ tokens: string[] }>(`/__test/tokens?username=${username}`)
    expect(live.status).toBe(200)
    expect([...live.body.tokens].sort()).toEqual([first, second].sort())

    const expired = await shop.testApi<{ expired: number }>('/__test/expire-tokens', { username })
    expect(expired).toMatchObject({ status: 200, body: { member_id, expired: 2 } })
    expect(await shop.call('/api/cart/count', { token: first })).toMatchObject({ code: -10010, message: 'token已过期', data: '' })
    expect((await shop.testApi<{ tokens: string[] }>(`/__test/tokens?username=${username}`)).body.tokens).toEqual([])
    const again = await shop.login(username, password)
    expect((await shop.call('/api/cart/count', { token: again })).code).toBe(0)
    expect((await shop.testApi('/__test/tokens?username=nobody_at_all')).status).toBe(404)
    expect((await shop.testApi('/__test/expire-tokens', { username: 'nobody_at_all' })).status).toBe(404)
  })
})
