import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestShopApi, type ApiBody, type TestShopApi } from '../../shop-api/testing'

/**
 * The reference shop API's catalog rules: search, member prices, sale control, promotions,
 * coupons, follows, footprints, cart add/count, floors. Goods ids are the stable ones listed in
 * shop-api/README.md ("Notable goods").
 */

type Row = Record<string, unknown> & {
  goods_id: number
  sku_id: number
  goods_name: string
  sku_name: string
  price: string
  discount_price: string
  member_price: string
  brand_id: number
  brand_name: string
  stock: number
  goods_promotion: { promotion_type: string; promotion_name: string; id: string }[]
  promotion_info: Record<string, unknown> | null
  sale_control: { is_member_by: number; view_price: number; not_buy_msg: string } | null
}
type Page = { page_count: number; count: number; list: Row[]; config?: unknown }

let shop: TestShopApi
let demo: string

beforeAll(async () => {
  shop = await startTestShopApi()
  demo = await shop.login('demo', 'demo123456')
})

afterAll(async () => {
  await shop?.close()
})

async function page(body: Record<string, unknown> = {}): Promise<Page> {
  const answer = await shop.call('/api/goodssku/page', body)
  expect(answer.code, answer.message).toBe(0)
  return answer.data as Page
}

async function detail(body: Record<string, unknown>): Promise<Row & Record<string, unknown>> {
  const answer = await shop.call('/api/goodssku/detail', body)
  expect(answer.code, answer.message).toBe(0)
  return (answer.data as { goods_sku_detail: Row }).goods_sku_detail
}

/** A new member with its own token (so tests do not share carts, follows or coupons). */
async function newMember(): Promise<{ token: string; member_id: number }> {
  const member = await shop.testApi<{ member_id: number; username: string; password: string }>('/__test/member', {})
  return { token: await shop.login(member.body.username, member.body.password), member_id: member.body.member_id }
}

const ALL = { page: 1, page_size: 0 }

describe('the demo catalog', () => {
  test('at least 150 goods on sale, spread over the 5 level-1 categories, some with several SKUs', async () => {
    const all = await page(ALL)
    expect(all.count).toBeGreaterThanOrEqual(150)
    expect(all.list).toHaveLength(all.count)
    expect(all.page_count).toBe(1)
    let sum = 0
    for (const id of [1, 2, 3, 4, 5]) {
      const part = await page({ category_id: id, page_size: 1 })
      expect(part.count, `category ${id}`).toBeGreaterThanOrEqual(15)
      sum += part.count
    }
    expect(sum).toBe(all.count)
    expect(all.list.filter((r) => r.goods_spec_format !== '').length).toBeGreaterThanOrEqual(10)
    expect(all.list.filter((r) => r.stock === 0).length).toBeGreaterThanOrEqual(2)
    expect(new Set(all.list.map((r) => r.brand_id)).size).toBeGreaterThanOrEqual(15)
  })

  test('rows carry the pharmacy fields of the contract', async () => {
    const [row] = (await page({ goods_id_arr: '1' })).list
    expect(row).toMatchObject({
      goods_id: 1,
      goods_name: '阿莫西林胶囊',
      brand_name: '华北制药',
      unit: '盒',
      is_medicinal: 1,
      is_chinese_medicine: 0,
      is_jc: 1,
      is_trace: 1,
      tax_rate: '13.00',
      stock_name: '充足',
      goods_erp_spid: 'SPH000001',
      promotion_info: null,
      sale_control: null,
    })
    const attr = row!.attr as Record<string, string>
    expect(attr.attr_country_code).toMatch(/^国药准字H\d{8}$/)
    expect(attr.attr_validity).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(attr.attr_factory).toBe('华北制药股份有限公司')
    expect(row!.goods_label).toEqual([
      { label_id: 1, label_name: '处方药', label_color: '#E53935', font_color: '#FFFFFF' },
      { label_id: 3, label_name: '医保', label_color: '#1E6FD9', font_color: '#FFFFFF' },
      { label_id: 4, label_name: '集采', label_color: '#FFAA00', font_color: '#FFFFFF' },
    ])
    expect(row!.goods_stock).toMatch(/^\d+\.000$/)
    expect(row!.validity_days).toBeGreaterThan(0)
    // herbal pieces: chinese medicine, 9 % VAT, sold by the bag
    const [herb] = (await page({ goods_id_arr: '97' })).list
    expect(herb).toMatchObject({ goods_name: '黄芪饮片', is_medicinal: 1, is_chinese_medicine: 1, tax_rate: '9.00', unit: '袋' })
    const [device] = (await page({ goods_id_arr: '124' })).list
    expect(device).toMatchObject({ is_medicinal: 0, unit: '台' })
  })

  test('images are generated SVG packshots served by the API (relative paths)', async () => {
    const [row] = (await page({ goods_id_arr: '56' })).list
    const paths = [row!.sku_image as string, ...(row!.goods_image as string).split(',')]
    for (const path of paths) {
      expect(path).toMatch(/^upload\/goods\//)
      const res = await fetch(`${shop.url}/${path}`)
      expect(res.headers.get('content-type')).toContain('image/svg+xml')
      expect(await res.text()).toContain('连花清瘟胶囊')
    }
  })
})

describe('goodssku/page search', () => {
  test('keyword matches name, introduction, keywords and SKU names; words are OR-ed', async () => {
    const amox = await page({ keyword: '阿莫西林', page_size: 0 })
    expect(amox.count).toBeGreaterThanOrEqual(4)
    for (const row of amox.list) expect(`${row.goods_name}${row.sku_name}`).toContain('阿莫西林')
    const ibu = await page({ keyword: '布洛芬', page_size: 0 })
    const both = await page({ keyword: ' 阿莫西林  布洛芬 ', page_size: 0 })
    expect(both.count).toBe(amox.count + ibu.count)
    // a brand / factory name is in the keywords
    const brand = await page({ keyword: '以岭', page_size: 0 })
    expect(brand.count).toBeGreaterThan(0)
    for (const row of brand.list) expect(row.brand_name).toBe('以岭药业')
    // a SKU's spec value finds its goods
    expect((await page({ keyword: '0.35g*48粒' })).list.map((r) => r.goods_id)).toEqual([56])
    // LIKE wildcards are plain characters
    expect((await page({ keyword: '%' })).list.map((r) => r.goods_name)).toEqual(['医用酒精消毒液 75% 500ml'])
    expect((await page({ keyword: '_' })).count).toBe(0)
  })

  test('an empty result is {page_count: 0, count: 0, list: []} without config; a non-empty one has config', async () => {
    const answer = await shop.call('/api/goodssku/page', { keyword: '不存在的商品名称xyz' })
    expect(answer.data).toEqual({ page_count: 0, count: 0, list: [] })
    expect(await page({ keyword: '阿莫西林' })).toHaveProperty('config')
  })

  test('category_id matches the category path at any level; category_level is ignored', async () => {
    const level2 = await page({ category_id: 6, page_size: 0 })
    const leaves = await Promise.all([24, 25, 26].map((id) => page({ category_id: id, page_size: 0 })))
    expect(level2.count).toBe(leaves.reduce((sum, p) => sum + p.count, 0))
    expect((await page({ category_id: 6, category_level: 1, page_size: 0 })).count).toBe(level2.count)
    const first = level2.list[0]!
    expect((await detail({ sku_id: first.sku_id })).category_id).toMatch(/^,1,6,2[456],$/)
  })

  test('brand_id filters exactly', async () => {
    const result = await page({ brand_id: 6, page_size: 0 })
    expect(result.count).toBeGreaterThan(5)
    for (const row of result.list) expect(row).toMatchObject({ brand_id: 6, brand_name: '鱼跃' })
  })

  test('price range on discount_price; "" is no bound', async () => {
    const all = await page({ ...ALL, min_price: '', max_price: '' })
    expect(all.count).toBe((await page(ALL)).count)
    const range = await page({ page_size: 0, min_price: 10, max_price: 20 })
    expect(range.count).toBeGreaterThan(10)
    for (const row of range.list) {
      expect(Number(row.discount_price)).toBeGreaterThanOrEqual(10)
      expect(Number(row.discount_price)).toBeLessThanOrEqual(20)
    }
    const atLeast = await page({ page_size: 0, min_price: '1000', max_price: '' })
    expect(atLeast.list.map((r) => r.goods_name).sort()).toEqual(['家用制氧机 8F-5W', '干燕窝 50g'].sort())
    const atMost = await page({ page_size: 0, min_price: '', max_price: '5' })
    for (const row of atMost.list) expect(Number(row.discount_price)).toBeLessThanOrEqual(5)
    expect(atMost.count).toBeGreaterThan(0)
  })

  test('order sale_num | discount_price | create_time with sort asc | desc', async () => {
    const prices = (p: Page) => p.list.map((r) => Number(r.discount_price))
    const asc = prices(await page({ ...ALL, order: 'discount_price', sort: 'asc' }))
    expect([...asc].sort((a, b) => a - b)).toEqual(asc)
    const desc = prices(await page({ ...ALL, order: 'discount_price', sort: 'desc' }))
    expect([...desc].sort((a, b) => b - a)).toEqual(desc)
    const sales = (await page({ ...ALL, order: 'sale_num', sort: 'desc' })).list.map((r) => r.sale_num as number)
    expect([...sales].sort((a, b) => b - a)).toEqual(sales)
    // goods 1 is the newest
    expect((await page({ order: 'create_time', sort: 'desc' })).list[0]!.goods_id).toBe(1)
    expect((await page({ order: 'create_time', sort: 'asc' })).list[0]!.goods_id).not.toBe(1)
  })

  test('paging: default 1/10, page_count, disjoint pages', async () => {
    const first = await page()
    expect(first.list).toHaveLength(10)
    expect(first.page_count).toBe(Math.ceil(first.count / 10))
    const second = await page({ page: 2 })
    const ids = new Set(first.list.map((r) => r.goods_id))
    for (const row of second.list) expect(ids.has(row.goods_id)).toBe(false)
    const beyond = await shop.call('/api/goodssku/page', { page: 999 })
    expect(beyond.data).toEqual({ page_count: first.page_count, count: first.count, list: [] })
  })

  test('coupon restricts to the coupon type’s goods or categories; goods_id_arr to ids', async () => {
    const amoxCoupon = await page({ coupon: 4, page_size: 0 })
    expect(amoxCoupon.list.map((r) => r.goods_id).sort((a, b) => a - b)).toEqual([1, 2, 5, 175])
    expect((await page({ coupon: 5, page_size: 0 })).count).toBe((await page({ category_id: 3, page_size: 0 })).count)
    expect((await page({ coupon: 9, page_size: 0 })).count).toBe((await page(ALL)).count - 3)
    expect((await page({ coupon: 1, page_size: 0 })).count).toBe((await page(ALL)).count)
    expect((await page({ goods_id_arr: '56,1,2' })).list.map((r) => r.goods_id).sort((a, b) => a - b)).toEqual([1, 2, 56])
  })

  test('off-shelf goods are not listed but their detail answers with goods_state 0', async () => {
    expect((await page({ goods_id_arr: '54' })).count).toBe(0)
    expect(await detail({ goods_id: 54 })).toMatchObject({ goods_id: 54, goods_state: 0 })
  })

  test('search suggestions: at most 10 names; empty keyword → []', async () => {
    const suggestions = (await shop.call('/api/goodssku/searchGoodsByKeyWord', { keyword: '胶囊' })).data as { goods_id: number; sku_id: number; goods_name: string }[]
    expect(suggestions).toHaveLength(10)
    for (const s of suggestions) expect(s.goods_name).toContain('胶囊')
    expect((await shop.call('/api/goodssku/searchGoodsByKeyWord', { keyword: '' })).data).toEqual([])
  })
})

describe('member price', () => {
  test('only with a token, from the member level discount (demo: 银牌 98 %)', async () => {
    const visitor = await page(ALL)
    for (const row of visitor.list) expect(row.member_price).toBe('')
    const member = await page({ ...ALL, token: demo })
    const amox = member.list.find((r) => r.goods_id === 1)!
    expect(amox.member_price).toBe('12.54') // 12.80 × 0.98
    expect(member.list.find((r) => r.goods_id === 97)!.member_price).toBe('') // herbal pieces: no member price
    expect((await detail({ sku_id: 60, token: demo })).member_price).toBe('14.50')
    expect((await detail({ sku_id: 60 })).member_price).toBe('')
  })

  test('a level without discount has no member price; a bad token is a visitor', async () => {
    const branch = await shop.login('demo_branch', 'demo123456')
    expect((await page({ goods_id_arr: '1', token: branch })).list[0]!.member_price).toBe('')
    expect((await page({ goods_id_arr: '1', token: 'not-a-token' })).list[0]!.member_price).toBe('')
  })
})

describe('sale control', () => {
  const control = async (goodsId: number, token?: string) => (await page({ goods_id_arr: String(goodsId), ...(token ? { token } : {}) })).list[0]!.sale_control

  test('demo: hidden prices, refused purchases with or without a message, a restricted category', async () => {
    expect(await control(31, demo)).toEqual({ is_member_by: 1, view_price: 0, not_buy_msg: '' })
    expect(await control(141, demo)).toEqual({ is_member_by: 0, view_price: 0, not_buy_msg: '该商品仅限医疗机构采购' })
    expect(await control(10, demo)).toEqual({ is_member_by: 0, view_price: 1, not_buy_msg: '处方药需上传处方药经营资质后采购' })
    expect(await control(41, demo)).toEqual({ is_member_by: 0, view_price: 1, not_buy_msg: '' })
    for (const goodsId of [153, 154, 155, 156]) {
      expect(await control(goodsId, demo)).toEqual({ is_member_by: 0, view_price: 1, not_buy_msg: '您的经营范围不含计生用品' })
    }
    expect(await control(1, demo)).toBeNull()
    expect((await detail({ sku_id: 155, token: demo })).sale_control).toMatchObject({ is_member_by: 0, view_price: 0 })
  })

  test('visitors see no sale control; rules are per member', async () => {
    expect(await control(31)).toBeNull()
    const clinic = await shop.login('clinic', 'demo123456')
    expect(await control(31, clinic)).toBeNull()
    expect(await control(164, clinic)).toEqual({ is_member_by: 0, view_price: 1, not_buy_msg: '该商品仅限连锁药店采购' })
    expect(await control(168, clinic)).toEqual({ is_member_by: 0, view_price: 0, not_buy_msg: '该商品仅限连锁药店采购' })
    expect(await control(164, demo)).toBeNull()
  })

  test('saleControlList by goods and by category (token)', async () => {
    type Entry = { id: number; type: string; goods_id?: number; sku_id?: number; goods_name?: string; category_id?: number; category_name?: string; reason: string }
    const goods = (await shop.call('/salecontrol/api/salecontrol/saleControlList', { token: demo, type: 'goods', page: 1, page_size: 20 })).data as { count: number; list: Entry[] }
    expect(goods.count).toBe(5)
    expect(goods.list.map((e) => e.goods_id)).toEqual([31, 141, 10, 41, 142])
    expect(goods.list[0]).toMatchObject({ type: 'goods', sku_id: 35, goods_name: '硫酸氢氯吡格雷片 75mg*28片', is_member_by: 1, view_price: 0 })
    for (const e of goods.list) expect(e.reason).not.toBe('')
    const categories = (await shop.call('/salecontrol/api/salecontrol/saleControlList', { token: demo, type: 'category' })).data as { count: number; list: Entry[] }
    expect(categories.list).toEqual([
      { id: 6, type: 'category', category_id: 20, category_name: '计生用品', is_member_by: 0, view_price: 1, not_buy_msg: '您的经营范围不含计生用品', reason: '经营范围限制' },
    ])
    expect(await shop.call('/salecontrol/api/salecontrol/saleControlList', { type: 'goods' })).toMatchObject({ code: -1, message: '您尚未登录，请先进行登录' })
  })
})

describe('promotions', () => {
  test('every promotion kind is present in goods_promotion', async () => {
    const kinds = new Set((await page(ALL)).list.flatMap((r) => r.goods_promotion.map((p) => p.promotion_type)))
    expect([...kinds].sort()).toEqual(['bundling', 'discount', 'getfree', 'groupbuy', 'seckill', 'topic', 'wholesale'])
  })

  test('seckill: goods_promotion with a string id, promotion_info numbers, always-on all-day slot', async () => {
    const d = await detail({ sku_id: 17 })
    expect(d.goods_promotion).toContainEqual({ promotion_type: 'seckill', promotion_name: '限时秒杀', id: '2' })
    expect(d.promotion_info).toMatchObject({ goods_min: 1, goods_limit: 5, num_multiple: 1, price: '12.90' })
    expect(d.promotion_color).not.toBe('')
    expect(d.discount_price).toBe(d.price) // a seckill keeps the SKU's price; its price is in promotion_info
    const slots = (await shop.call('/seckill/api/seckill/lists')).data as { list: { id: number; type: string; seckill_start_time: number; seckill_end_time: number }[] }
    // The all-day slot is always "today"; the morning and evening slots (seed step 14) move with the time of day.
    expect(slots.list).toContainEqual(expect.objectContaining({ id: 1, seckill_start_time: 0, seckill_end_time: 86399, type: 'today' }))
    expect(slots.list.map((s) => s.id).sort()).toEqual([1, 2, 3])
    const goods = (await shop.call('/seckill/api/seckillgoods/page', { seckill_time_id: 1 })).data as Page
    expect(goods.count).toBe(5)
    // As 5.5.2: detail is the activity's first SKU whatever sku_id says; info {seckill_id, sku_id} is the spec switch.
    const seckillDetail = (await shop.call('/seckill/api/seckillgoods/detail', { seckill_id: 1, sku_id: 61 })).data as { goods_sku_detail: Record<string, unknown> }
    expect(seckillDetail.goods_sku_detail).toMatchObject({ seckill_id: 1, sku_id: 60, seckill_price: '11.80', max_buy: 10 })
    expect((await shop.call('/seckill/api/seckillgoods/detail', { seckill_id: 99 })).data).toEqual({ goods_sku_detail: null })
    const info = (await shop.call('/seckill/api/seckillgoods/info', { seckill_id: 1, sku_id: 61 })).data as { goods_sku_detail: Record<string, unknown> }
    expect(info.goods_sku_detail).toMatchObject({ seckill_id: 1, sku_id: 61, seckill_price: '17.20', max_buy: 10, sku_name: expect.stringContaining('36粒') })
    expect(info.goods_sku_detail).not.toHaveProperty('time_list')
    expect((await shop.call('/seckill/api/seckillgoods/info', { seckill_id: 3, sku_id: 143 })).data).toMatchObject({ goods_sku_detail: { seckill_price: '12.90' } })
    expect((await shop.call('/seckill/api/seckillgoods/info', { seckill_id: 1, sku_id: 1 })).data).toEqual({ type: 'again', sku_id: null })
    expect(await shop.call('/seckill/api/seckillgoods/info', { sku_id: 61 })).toMatchObject({ code: -1 })
  })

  test('discount: the SKU carries discount_price and promotion_type 1 within its window', async () => {
    const d = await detail({ sku_id: 14 })
    expect(d).toMatchObject({ price: '15.80', discount_price: '12.60', promotion_type: 1 })
    expect(d.promotion_info).toMatchObject({ goods_min: 2, goods_limit: 20, num_multiple: 2, price: '12.60' })
    expect(d.start_time as number).toBeLessThan(Date.now() / 1000)
    expect(d.end_time as number).toBeGreaterThan(Date.now() / 1000)
  })

  test('wholesale: 2–3 tiers ascending by num, limit_num on some', async () => {
    const tiers = (goodsId: number) =>
      page({ goods_id_arr: String(goodsId) }).then((p) => (p.list[0]!.promotion_info as { price_json: { num: number; limit_num: number; price: string }[] }).price_json)
    expect(await tiers(2)).toEqual([
      { num: 10, limit_num: 0, price: '24.50' },
      { num: 50, limit_num: 0, price: '22.80' },
      { num: 100, limit_num: 0, price: '21.00' },
    ])
    expect((await tiers(30))[1]).toEqual({ num: 100, limit_num: 200, price: '13.50' })
    expect(await tiers(102)).toHaveLength(3)
  })

  test('get-free outranks a discount on the same goods; ladder offers', async () => {
    const d = await detail({ goods_id: 64 })
    expect(d.goods_promotion.map((p) => p.promotion_type)).toEqual(['getfree', 'discount'])
    expect(d.discount_price).toBe('11.50')
    const info = d.promotion_info as { is_ladder: number; getFreeGoods: Record<string, unknown>[] }
    expect(info.is_ladder).toBe(0)
    expect(info.getFreeGoods[0]).toMatchObject({ goods_id: 57, num: 10, count: 1, price: '0.01', limit: 3, goods: { goods_name: '板蓝根颗粒', sku_id: 63 } })
    const ladder = (await detail({ goods_id: 80 })).promotion_info as { is_ladder: number; getFreeGoods: { ladder_json: unknown[] }[] }
    expect(ladder.is_ladder).toBe(1)
    expect(ladder.getFreeGoods[0]!.ladder_json).toHaveLength(3)
  })

  test('bundling: three combos with bl_id, bl_name, bl_price and their goods', async () => {
    const combos = new Map<number, Record<string, unknown>>()
    for (const goodsId of [56, 124, 97]) for (const b of (await detail({ goods_id: goodsId })).bundling_list as Record<string, unknown>[]) combos.set(b.bl_id as number, b)
    expect([...combos.keys()].sort()).toEqual([1, 2, 3])
    expect(combos.get(1)).toMatchObject({ bl_name: '感冒家庭常备组合', bl_price: '32.80', bundling_goods_count: 3 })
    const goods = combos.get(1)!.bundling_goods as { sku_id: number; promotion_price: string }[]
    expect(goods.map((g) => g.sku_id)).toEqual([60, 17, 147])
    expect(goods.reduce((sum, g) => sum + Number(g.promotion_price), 0).toFixed(2)).toBe('32.80')
  })

  test('group buy, topic and manjian', async () => {
    expect((await detail({ goods_id: 164 })).goods_promotion).toContainEqual({ promotion_type: 'groupbuy', promotion_name: '团购', id: '1' })
    expect((await detail({ goods_id: 50 })).goods_promotion).toContainEqual({ promotion_type: 'topic', promotion_name: '专题活动', id: '1' })
    const manjian = (await shop.call('/manjian/api/manjian/info', { goods_id: 166 })).data as {
      manjian_name: string
      type: number
      rule_json: { money: string; discount_money: string }[]
    }
    expect(manjian).toMatchObject({ manjian_name: '保健食品满额立减', type: 0 })
    expect(manjian.rule_json.map((r) => [r.money, r.discount_money])).toEqual([
      ['300.00', '30.00'],
      ['500.00', '60.00'],
    ])
    expect((await detail({ goods_id: 166 })).manjian).toMatchObject({ manjian_id: 1 })
    expect((await shop.call('/manjian/api/manjian/info', { goods_id: 1 })).data).toBeNull()
  })
})

describe('goods detail', () => {
  test('goods_id gives the default SKU; a missing goods is null; no id is refused', async () => {
    expect(await detail({ goods_id: 1 })).toMatchObject({ goods_id: 1, sku_id: 1 })
    expect((await shop.call('/api/goodssku/detail', { goods_id: 99999 })).data).toEqual({ goods_sku_detail: null })
    expect((await shop.call('/api/goodssku/detail', {})).code).toBe(-1)
  })

  test('goods_spec_format: each value leads to the SKU with that value and the other values kept', async () => {
    type Spec = { spec_name: string; value: { spec_value_name: string; sku_id: number; selected: boolean }[] }
    const d = await detail({ sku_id: 171 })
    const specs = JSON.parse(d.goods_spec_format as string) as Spec[]
    expect(specs.map((s) => s.spec_name)).toEqual(['口味', '规格'])
    expect(specs[0]!.value.map((v) => [v.spec_value_name, v.sku_id, v.selected])).toEqual([
      ['橙味', 171, true],
      ['柠檬味', 173, false],
    ])
    expect(specs[1]!.value.map((v) => [v.spec_value_name, v.sku_id, v.selected])).toEqual([
      ['60片', 171, true],
      ['100片', 172, false],
    ])
    const single = await detail({ sku_id: 4 })
    expect(single.goods_spec_format).toBeNull()
    expect(single.sku_spec_format).toBe('')
  })

  test('goods_content: HTML with an absolute image; one goods carries a script and an onerror attribute', async () => {
    const plain = (await detail({ goods_id: 1 })).goods_content as string
    expect(plain).toContain('<p>')
    expect(plain).toContain(`<img src="${shop.url}/upload/goods/1/content.svg"`)
    expect(plain).not.toContain('<script')
    const hostile = (await detail({ goods_id: 52 })).goods_content as string
    expect(hostile).toContain('<script>alert(1)</script>')
    expect(hostile).toContain('onerror=')
    const res = await fetch(`${shop.url}/upload/goods/1/content.svg`)
    expect(res.status).toBe(200)
  })

  test('evaluations (first 2 + count), services, coupons for the goods, QR code', async () => {
    const d = await detail({ goods_id: 1 })
    expect(d.evaluate_count).toBe(3)
    expect(d.evaluate_list).toHaveLength(2)
    expect((d.goods_service as unknown[]).length).toBeGreaterThan(0)
    const coupons = (d.coupon_list as { coupon_type_id: number }[]).map((c) => c.coupon_type_id)
    expect(coupons).toContain(4) // the amoxicillin coupon
    expect(coupons).not.toContain(5) // herbal pieces only
    const qr = (await shop.call('/api/goodssku/goodsqrcode', { sku_id: 1 })).data as { path: { h5: { status: number; url: string; img: string } } }
    expect(qr.path.h5).toMatchObject({ status: 1, url: expect.stringContaining('goods_id=1') })
    const image = await fetch(`${shop.url}/${qr.path.h5.img}`)
    expect(await image.text()).toContain('<svg')
    expect(await shop.call('/api/goodssku/goodsqrcode', { sku_id: 99999 })).toMatchObject({ code: -1, message: '商品不存在' })
  })

  test('evaluate page with explain_type, count, totals, config', async () => {
    type Evaluation = { explain_type: number; is_anonymous: number; member_name: string }
    const all = (await shop.call('/api/goodsevaluate/page', { goods_id: 56 })).data as { count: number; list: Evaluation[] }
    expect(all.count).toBe(3)
    expect(all.list.some((e) => e.is_anonymous === 1)).toBe(true)
    const bad = (await shop.call('/api/goodsevaluate/page', { goods_id: 56, explain_type: 3 })).data as { count: number; list: Evaluation[] }
    expect(bad.count).toBe(1)
    expect(bad.list[0]!.explain_type).toBe(3)
    expect((await shop.call('/api/goodsevaluate/getgoodsevaluate', { goods_id: 56 })).data).toEqual({ total: 3, haoping: 2, zhongping: 0, chaping: 1 })
    expect((await shop.call('/api/goodsevaluate/count', { goods_id: 2 })).data).toBe(0)
    expect((await shop.call('/api/goodsevaluate/config')).data).toEqual({ evaluate_status: 1, evaluate_show: 1, evaluate_audit: 1 })
  })

  test('info, SKU list, recommend, page components, after-sale', async () => {
    expect(await shop.call('/api/goodssku/info', { sku_id: 99999 })).toMatchObject({ code: -1 })
    const skus = (await shop.call('/api/goodssku/goodssku', { goods_id: 1 })).data as Row[]
    expect(skus.map((s) => s.sku_id)).toEqual([1, 2, 3])
    expect(skus[2]!.stock).toBe(0)
    const recommend = (await shop.call('/api/goodssku/recommend', { page: 1, page_size: 5 })).data as Page
    expect(recommend.list).toHaveLength(5)
    for (const row of recommend.list) expect(row.stock).toBeGreaterThan(0)
    expect((await shop.call('/api/goodssku/pagecomponents')).data).toMatchObject({ goods_detail: { sort: expect.arrayContaining(['goods_evaluate']) } })
    expect((await shop.call('/api/goods/aftersale')).data).toMatchObject({ content: expect.stringContaining('<p>') })
  })
})

describe('categories and brands', () => {
  test('category info: full name with $_SPLIT_$, children (or siblings for a leaf); attributes', async () => {
    expect((await shop.call('/api/goodscategory/info', { category_id: 24 })).data).toMatchObject({
      category_name: '青霉素类',
      category_full_name: '西药$_SPLIT_$抗感染药$_SPLIT_$青霉素类',
      child_list: [{ category_id: 24 }, { category_id: 25 }, { category_id: 26 }],
    })
    expect(((await shop.call('/api/goodscategory/info', { category_id: 1 })).data as { child_list: unknown[] }).child_list).toHaveLength(6)
    expect((await shop.call('/api/goodscategory/info', { category_id: 9999 })).data).toBeNull()
    const attrs = (await shop.call('/api/goodscategory/getGoodsAttrs', { category_id: 3 })).data as { attr_name: string; attr_value_list: { attr_value_name: string }[] }[]
    expect(attrs).toEqual([
      { attr_id: 1, attr_name: '剂型', attr_value_list: [expect.objectContaining({ attr_value_name: '饮片' }), expect.objectContaining({ attr_value_name: '破壁饮片' })] },
    ])
  })

  test('the tree has the added level-3 leaves', async () => {
    type Node = { category_id: number; child_list?: Node[] }
    const tree = (await shop.call('/api/goodscategory/tree', { level: 3 })).data as Node[]
    const ids = tree.flatMap((a) => (a.child_list ?? []).flatMap((b) => [b.category_id, ...(b.child_list ?? []).map((c) => c.category_id)]))
    for (const id of [70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]) expect(ids).toContain(id)
  })

  test('brands: page (0 = all, brand_id_arr) and centerPage with goods counts', async () => {
    const all = (await shop.call('/api/goodsbrand/page', { page: 1, page_size: 0 })).data as Page
    expect(all.count).toBeGreaterThanOrEqual(15)
    expect(all.list).toHaveLength(all.count)
    const some = (await shop.call('/api/goodsbrand/page', { brand_id_arr: '3,6' })).data as Page
    expect(some.list.map((b) => b.brand_name)).toEqual(['以岭药业', '鱼跃'])
    const center = (await shop.call('/api/goodsbrand/centerPage', { page: 1, page_size: 3 })).data as { count: number; list: { brand_id: number; goods_count: number }[] }
    expect(center.list).toHaveLength(3)
    for (const b of center.list) expect(b.goods_count).toBe((await page({ brand_id: b.brand_id, page_size: 1 })).count)
  })
})

describe('coupons', () => {
  type CouponType = { coupon_type_id: number; count: number; lead_count: number; max_fetch: number; member_coupon_num?: number; is_remain: number }
  const types = async (token?: string) => (await shop.call('/coupon/api/coupon/typelists', token ? { token } : {})).data as CouponType[]
  const receive = (token: string, id: number): Promise<ApiBody> => shop.call('/coupon/api/coupon/receive', { token, coupon_type_id: id, get_type: 2 })

  test('6+ types: cash and discount, goods/category scopes, one sold out, one with max_fetch 1', async () => {
    const list = await types()
    expect(list.length).toBeGreaterThanOrEqual(6)
    expect(new Set(list.map((t) => (t as unknown as { type: string }).type))).toEqual(new Set(['reward', 'discount']))
    expect(list.find((t) => t.coupon_type_id === 8)).toMatchObject({ count: 300, lead_count: 300, is_remain: 0 })
    expect(list.some((t) => t.max_fetch === 1)).toBe(true)
    expect(new Set(list.map((t) => (t as unknown as { goods_type: number }).goods_type))).toEqual(new Set([1, 2, 3, 4]))
  })

  test('receive: per-member max_fetch, total count, sold out, unknown, no token', async () => {
    const a = await newMember()
    const b = await newMember()
    expect(await receive(a.token, 6)).toMatchObject({ code: 0, data: { is_exist: 1 } })
    expect(await receive(a.token, 6)).toMatchObject({ code: -1, message: '该优惠券已达到领取上限！' })
    expect(await receive(a.token, 8)).toMatchObject({ code: -1, message: '来迟了，该优惠券已领完！' })
    // type 9: one left
    const before = (await types()).find((t) => t.coupon_type_id === 9)!
    expect(before.count - before.lead_count).toBe(1)
    expect(await receive(a.token, 9)).toMatchObject({ code: 0 })
    expect(await receive(b.token, 9)).toMatchObject({ code: -1, message: '来迟了，该优惠券已领完！' })
    expect((await types()).find((t) => t.coupon_type_id === 9)).toMatchObject({ lead_count: 100, is_remain: 0 })
    // max_fetch 2
    expect((await receive(b.token, 4)).code).toBe(0)
    expect((await receive(b.token, 4)).code).toBe(0)
    expect((await receive(b.token, 4)).code).toBe(-1)
    expect(await receive(b.token, 999)).toMatchObject({ code: -1, message: '未查找到该优惠券！' })
    expect(await shop.call('/coupon/api/coupon/receive', { coupon_type_id: 6 })).toMatchObject({ code: -1, message: '您尚未登录，请先进行登录' })
    // the member's view
    expect((await types(a.token)).find((t) => t.coupon_type_id === 6)).toMatchObject({ member_coupon_num: 1 })
    expect((await shop.call('/coupon/api/coupon/num', { token: a.token })).data).toBe(2)
    const mine = (await shop.call('/coupon/api/coupon/memberpage', { token: a.token, state: 1 })).data as { count: number; list: { coupon_type_id: number; end_time: number }[] }
    expect(mine.list.map((c) => c.coupon_type_id).sort()).toEqual([6, 9])
    expect(mine.list.find((c) => c.coupon_type_id === 9)!.end_time).toBe(0) // no end
    expect(mine.list.find((c) => c.coupon_type_id === 6)!.end_time).toBeGreaterThan(Date.now() / 1000 + 6 * 86400) // 7 days
  })
})

describe('follows and footprints', () => {
  test('collect add / duplicate → -10001 / iscollect / detail is_collect / delete / page', async () => {
    const { token } = await newMember()
    const before = (await detail({ goods_id: 30 })).collect_num as number
    const added = await shop.call('/api/goodscollect/add', { token, goods_id: 30, sku_id: 34 })
    expect(added.code).toBe(0)
    expect(added.data as number).toBeGreaterThan(0)
    expect(await shop.call('/api/goodscollect/add', { token, goods_id: 30, sku_id: 34 })).toMatchObject({ code: -10001, message: '操作失败' })
    expect((await shop.call('/api/goodscollect/iscollect', { token, goods_id: 30 })).data).toBe(1)
    expect(await detail({ goods_id: 30, token })).toMatchObject({ is_collect: 1, collect_num: before + 1 })
    const list = (await shop.call('/api/goodscollect/page', { token })).data as Page
    expect(list.list.map((r) => r.goods_id)).toEqual([30])
    expect((await shop.call('/api/goodscollect/delete', { token, goods_id: 30 })).data).toBe(1)
    expect((await shop.call('/api/goodscollect/iscollect', { token, goods_id: 30 })).data).toBe(0)
    expect(await detail({ goods_id: 30, token })).toMatchObject({ is_collect: 0, collect_num: before })
    expect((await shop.call('/api/goodscollect/add', { goods_id: 30, sku_id: 34 })).code).toBe(-1)
  })

  test('browse add is an upsert per goods; page newest first; modifyclicks needs a token', async () => {
    const { token } = await newMember()
    const first = (await shop.call('/api/goodsbrowse/add', { token, goods_id: 1, sku_id: 1 })).data as number
    expect(first).toBeGreaterThan(0)
    expect((await shop.call('/api/goodsbrowse/add', { token, goods_id: 1, sku_id: 2 })).data).toBe(first)
    type Footprint = { id: number; goods_id: number; sku_id: number; member_price?: string }
    let list = (await shop.call('/api/goodsbrowse/page', { token, page_size: 0 })).data as { count: number; list: Footprint[] }
    expect(list.count).toBe(1)
    expect(list.list[0]).toMatchObject({ id: first, goods_id: 1, sku_id: 2 })
    await shop.call('/api/goodsbrowse/add', { token, goods_id: 2, sku_id: 4 })
    list = (await shop.call('/api/goodsbrowse/page', { token, page_size: 0 })).data as { count: number; list: Footprint[] }
    expect(list.count).toBe(2)
    expect(new Set(list.list.map((f) => f.goods_id))).toEqual(new Set([1, 2]))
    expect((await shop.call('/api/goodsbrowse/add', { goods_id: 1, sku_id: 1 })).code).toBe(-1)
    expect((await shop.call('/api/goods/modifyclicks', { sku_id: 1 })).code).toBe(-1)
    const clicks = (await detail({ sku_id: 1 })).click_num as number
    expect((await shop.call('/api/goods/modifyclicks', { token, sku_id: 1 })).code).toBe(0)
    expect((await detail({ sku_id: 1 })).click_num).toBe(clicks + 1)
  })
})

describe('cart add and count', () => {
  test('quantities merge per SKU and are capped at stock; count sums quantities', async () => {
    const { token } = await newMember()
    const added = await shop.call('/api/cart/add', { token, sku_id: 4, num: 2 })
    expect(added.code).toBe(0)
    expect(added.data).toMatch(/^\d+$/) // the new cart_id, as a string
    expect((await shop.call('/api/cart/add', { token, sku_id: 4, num: 3 })).data).toBe(added.data) // merged: the same cart_id
    expect((await shop.call('/api/cart/count', { token })).data).toBe(5)
    await shop.call('/api/cart/add', { token, sku_id: 60, num: '4' })
    expect((await shop.call('/api/cart/count', { token })).data).toBe(9)
    const stock = (await detail({ sku_id: 4 })).stock
    await shop.call('/api/cart/add', { token, sku_id: 4, num: 1_000_000 })
    const lines = (await shop.call('/api/cart/goodslists', { token })).data as { sku_id: number; num: number }[]
    expect(lines.map((l) => [l.sku_id, l.num])).toEqual([
      [60, 4],
      [4, stock],
    ])
    expect((await shop.call('/api/cart/count', { token })).data).toBe(stock + 4)
  })

  test('an unknown SKU answers success but is never counted; bad quantities and refusals', async () => {
    const { token } = await newMember()
    const unknown = await shop.call('/api/cart/add', { token, sku_id: 99999, num: 3 })
    expect(unknown).toMatchObject({ code: 0, data: expect.stringMatching(/^\d+$/) })
    expect((await shop.call('/api/cart/count', { token })).data).toBe(0)
    expect((await shop.call('/api/cart/goodslists', { token })).data).toEqual([])
    for (const num of [0, '', undefined]) expect(await shop.call('/api/cart/add', { token, sku_id: 4, num })).toMatchObject({ code: -1, message: '缺少参数num' })
    for (const num of [-2, 1.5, 'abc']) expect((await shop.call('/api/cart/add', { token, sku_id: 4, num })).code).toBe(-1)
    expect(await shop.call('/api/cart/add', { token, num: 1 })).toMatchObject({ code: -1, message: '缺少参数sku_id' })
    expect(await shop.call('/api/cart/add', { token, sku_id: 32, num: 1 })).toMatchObject({ code: -1, message: '商品库存不足' })
    expect(await shop.call('/api/cart/add', { token: demo, sku_id: 155, num: 1 })).toMatchObject({ code: -1, message: '该商品仅限医疗机构采购' })
    expect(await shop.call('/api/cart/add', { sku_id: 4, num: 1 })).toMatchObject({ code: -1, message: '您尚未登录，请先进行登录' })
    expect((await shop.call('/api/cart/count', { token })).data).toBe(0)
  })

  test('lines of off-shelf goods stay in the list but are not counted', async () => {
    const { token } = await newMember()
    await shop.call('/api/cart/add', { token, sku_id: 58, num: 2 }) // goods 54 is off the shelf
    await shop.call('/api/cart/add', { token, sku_id: 1, num: 1 })
    expect((await shop.call('/api/cart/count', { token })).data).toBe(1)
    const lines = (await shop.call('/api/cart/goodslists', { token })).data as { sku_id: number; goods_state: number }[]
    expect(lines.map((l) => [l.sku_id, l.goods_state])).toEqual([
      [1, 1],
      [58, 0],
    ])
  })
})

describe('home floors', () => {
  type Slot = { type: string; value: { list?: Record<string, unknown>[]; url?: string; text?: string; link?: { url: string } } }
  test('4 floors, one per template, with goods and categories expanded', async () => {
    const floors = (await shop.call('/api/pc/floors')).data as { title: string; block_name: string; value: Record<string, Slot> }[]
    expect(floors.map((f) => f.block_name)).toEqual(['floor-style-1', 'floor-style-2', 'floor-style-3', 'floor-style-4'])
    const slots = (i: number) => Object.keys(floors[i]!.value)
    expect(slots(0)).toEqual(['title', 'leftImg', 'goodsList', 'bottomImg'])
    expect(slots(1)).toEqual(['title', 'subTitle', 'goodsList', 'bottomImg'])
    expect(slots(2)).toEqual(['title', 'leftImg', 'rightGoodsList', 'bottomGoodsList', 'categoryList'])
    expect(slots(3)).toEqual(['title', 'more', 'leftImg', 'goodsList', 'bottomImg'])
    expect(floors[0]!.value.goodsList!.value.list).toHaveLength(8)
    for (const item of floors[0]!.value.goodsList!.value.list!) {
      expect(item).toMatchObject({
        sku_id: expect.any(Number),
        goods_name: expect.any(String),
        discount_price: expect.stringMatching(/^\d+\.\d{2}$/),
        introduction: expect.any(String),
      })
      expect(item).toHaveProperty('goods_stock')
      expect(item).toHaveProperty('sale_num')
    }
    expect(floors[2]!.value.rightGoodsList!.value.list).toHaveLength(6)
    expect(floors[2]!.value.bottomGoodsList!.value.list).toHaveLength(5)
    expect(floors[2]!.value.categoryList!.value.list![0]).toMatchObject({ category_id: 17, category_name: '家用检测', level: 2 })
    expect(floors[3]!.value.more!.value).toMatchObject({ text: '更多', link: { url: '/list?category_id=5&level=1' } })
    const img = floors[0]!.value.leftImg!.value
    expect(img.link!.url).toMatch(/^\//)
    expect((await fetch(`${shop.url}/${img.url}`)).headers.get('content-type')).toContain('image/svg+xml')
  })
})

describe('test API', () => {
  test('/__test/member-state/reset clears a member’s cart, follows, footprints and received coupons', async () => {
    const member = await shop.testApi<{ member_id: number; username: string; password: string }>('/__test/member', {})
    const token = await shop.login(member.body.username, member.body.password)
    const lead = async () =>
      ((await shop.call('/coupon/api/coupon/typelists')).data as { coupon_type_id: number; lead_count: number }[]).find((t) => t.coupon_type_id === 7)!.lead_count
    const leadBefore = await lead()
    await shop.call('/api/cart/add', { token, sku_id: 1, num: 2 })
    await shop.call('/api/goodscollect/add', { token, goods_id: 1, sku_id: 1 })
    await shop.call('/api/goodsbrowse/add', { token, goods_id: 1, sku_id: 1 })
    await shop.call('/coupon/api/coupon/receive', { token, coupon_type_id: 7 })
    expect(await lead()).toBe(leadBefore + 1)
    const reset = await shop.testApi('/__test/member-state/reset', { username: member.body.username })
    expect(reset).toMatchObject({ status: 200, body: { deleted: { cart: 1, collect: 1, browse: 1, coupons: 1 } } })
    expect((await shop.call('/api/cart/count', { token })).data).toBe(0)
    expect((await shop.call('/api/goodscollect/iscollect', { token, goods_id: 1 })).data).toBe(0)
    expect(await lead()).toBe(leadBefore)
    expect((await shop.testApi('/__test/member-state/reset', { username: 'nobody' })).status).toBe(404)
  })
})
