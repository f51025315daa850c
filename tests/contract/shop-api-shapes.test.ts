import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestShopApi, type TestShopApi } from '../../shop-api/testing'
import { expectSameShape, loadSample } from '../support/shape'

/**
 * Every endpoint of the reference shop API that has a real sample answers in the sample's
 * shape (tests/support/shape.ts for the rules), including the error cases.
 */

let shop: TestShopApi
let token: string

beforeAll(async () => {
  shop = await startTestShopApi()
  token = await shop.login('demo', 'demo123456')
})

afterAll(async () => {
  await shop?.close()
})

type Case = [sample: string, path: string, body?: () => Record<string, unknown> | Promise<Record<string, unknown>>]

const anonymous: Case[] = [
  ['api_site_info', '/api/site/info'],
  ['api_site_status', '/api/site/status'],
  ['api_config_copyright', '/api/config/copyright'],
  ['api_config_defaultimg', '/api/config/defaultimg'],
  ['api_config_getCaptchaConfig', '/api/config/getCaptchaConfig'],
  ['api_config_servicer', '/api/config/servicer'],
  ['api_adv_detail', '/api/adv/detail', () => ({ keyword: 'NS_PC_INDEX_TOP' })],
  ['api_adv_detail_NS_PC_INDEX', '/api/adv/detail', () => ({ keyword: 'NS_PC_INDEX' })],
  ['api_pc_floatLayer', '/api/pc/floatLayer'],
  ['api_pc_friendlyLink', '/api/pc/friendlyLink'],
  ['api_pc_navList', '/api/pc/navList'],
  ['api_goods_defaultSearchWords', '/api/goods/defaultSearchWords'],
  ['api_goods_hotSearchWords', '/api/goods/hotSearchWords'],
  ['api_goods_service', '/api/goods/service'],
  ['api_goodscategory_tree', '/api/goodscategory/tree', () => ({ level: 3, template: 2 })],
  ['api_helpclass_lists', '/api/helpclass/lists'],
  ['api_help_page', '/api/help/page', () => ({ class_id: 1, page: 1, page_size: 10 })],
  ['api_help_info', '/api/help/info', () => ({ id: 1 })],
  ['api_captcha_captcha', '/api/captcha/captcha', () => ({ captcha_id: '' })],
  ['api_register_config', '/api/register/config'],
  ['api_register_aggrement', '/api/register/aggrement'],
  ['api_login_login', '/api/login/login', () => ({ username: 'demo', password: 'demo123456', autoLoginRange: 7 })],
  ['api_login_login_wrong_password', '/api/login/login', () => ({ username: 'demo', password: 'not-the-password' })],
  ['api_login_login_unknown_user', '/api/login/login', () => ({ username: 'nobody_here', password: 'whatever123' })],
  ['api_login_login_empty_password', '/api/login/login', () => ({ username: 'demo', password: '' })],
  ['api_member_info_no_token', '/api/member/info'],
  ['api_member_info_bad_token', '/api/member/info', () => ({ token: 'not-a-real-token' })],
  // A system exception answer (no data key): checkLogin without `key`, as on the real server.
  ['api_address_tree_system_error', '/api/login/checkLogin'],
  // Catalog (ids: shop-api/README.md "Notable goods").
  [
    'api_goodssku_page',
    '/api/goodssku/page',
    () => ({ page: 1, page_size: 10, keyword: '', category_id: '', brand_id: '', min_price: '', max_price: '', order: '', sort: '', coupon: '' }),
  ],
  ['api_goodssku_page_2', '/api/goodssku/page', () => ({ page: 2, page_size: 4 })],
  ['api_goodssku_page_brand_sorted', '/api/goodssku/page', () => ({ brand_id: 6, order: 'discount_price', sort: 'desc' })],
  ['api_goodssku_page_category', '/api/goodssku/page', () => ({ category_id: 24, category_level: 3 })],
  ['api_goodssku_page_keyword', '/api/goodssku/page', () => ({ keyword: '连花清瘟' })],
  ['api_goodssku_detail', '/api/goodssku/detail', () => ({ sku_id: 60 })],
  ['api_goodssku_detail_single_spec', '/api/goodssku/detail', () => ({ sku_id: 4 })],
  ['api_goodssku_detail_not_found', '/api/goodssku/detail', () => ({ sku_id: 999999 })],
  // goods 131 takes part in a seckill only (info's goods_promotion rows have each kind's own keys)
  ['api_goodssku_info', '/api/goodssku/info', () => ({ sku_id: 143 })],
  ['api_goodssku_goodssku', '/api/goodssku/goodssku', () => ({ goods_id: 56 })],
  ['api_goodsbrand_page', '/api/goodsbrand/page', () => ({ page: 1, page_size: 0 })],
  ['api_goodsevaluate_page', '/api/goodsevaluate/page', () => ({ goods_id: 1, page: 1, page_size: 10 })],
  ['api_goodsevaluate_count', '/api/goodsevaluate/count', () => ({ goods_id: 1 })],
  ['api_pc_floors', '/api/pc/floors'],
  ['coupon_api_coupon_typelists', '/coupon/api/coupon/typelists'],
  ['coupon_api_coupon_typepagelists', '/coupon/api/coupon/typepagelists', () => ({ page: 1, page_size: 10 })],
  ['seckill_api_seckill_lists', '/seckill/api/seckill/lists'],
  ['seckill_api_seckillgoods_page', '/seckill/api/seckillgoods/page', () => ({ seckill_time_id: 1, page: 1, page_size: 10 })],
  ['seckill_api_seckillgoods_detail', '/seckill/api/seckillgoods/detail', () => ({ seckill_id: 1 })],
  ['api_cart_add_no_token', '/api/cart/add', () => ({ sku_id: 4, num: 1 })],
]

const withToken: Case[] = [
  ['api_login_verifytoken', '/api/login/verifyToken'],
  ['api_member_info', '/api/member/info'],
  ['api_order_num', '/api/order/num', () => ({ order_status: 'waitpay,waitsend,waitconfirm,waitrate,refunding' })],
  ['api_cart_count', '/api/cart/count'],
  ['coupon_api_coupon_typelists_logged_in', '/coupon/api/coupon/typelists'],
  ['coupon_api_coupon_receive', '/coupon/api/coupon/receive', () => ({ coupon_type_id: 4, get_type: 2 })],
  ['coupon_api_coupon_memberpage', '/coupon/api/coupon/memberpage', () => ({ state: 1, page: 1, page_size: 10 })],
  ['api_cart_add', '/api/cart/add', () => ({ sku_id: 4, num: 2 })],
  ['api_cart_add_bad_sku', '/api/cart/add', () => ({ sku_id: 99999, num: 1 })],
]

describe('anonymous endpoints answer like the samples', () => {
  test.each(anonymous)('%s ← POST %s', async (sample, path, body) => {
    const answer = await shop.call(path, body ? await body() : {})
    expectSameShape(answer, loadSample(sample))
  })
})

describe('logged-in endpoints answer like the samples', () => {
  test.each(withToken)('%s ← POST %s', async (sample, path, body) => {
    const answer = await shop.call(path, { token, ...(body ? await body() : {}) })
    expectSameShape(answer, loadSample(sample))
  })

  // The real sample has member_price 0 (a goods without member price); ours is the level price
  // as a money string, as docs/catalog-contract.md says.
  test('api_goodssku_detail_logged_in ← detail with a token (member_info, fenxiao_detail…)', async () => {
    const answer = await shop.call('/api/goodssku/detail', { token, sku_id: 60 })
    expectSameShape(answer, loadSample('api_goodssku_detail_logged_in'), { loose: ['data.goods_sku_detail.member_price'] })
    expect((answer.data as { goods_sku_detail: { member_price: string } }).goods_sku_detail.member_price).toMatch(/^\d+\.\d{2}$/)
  })

  // The sample's cart holds single-spec lines (goods_spec_format null): a fresh member adds one.
  test('api_cart_goodslists ← the lines of a member', async () => {
    const member = await shop.testApi<{ username: string; password: string }>('/__test/member', {})
    const own = await shop.login(member.body.username, member.body.password)
    expect((await shop.call('/api/cart/add', { token: own, sku_id: 4, num: 3 })).code).toBe(0)
    expect((await shop.call('/api/cart/add', { token: own, sku_id: 34, num: 1 })).code).toBe(0)
    const answer = await shop.call('/api/cart/goodslists', { token: own })
    expectSameShape(answer, loadSample('api_cart_goodslists'))
    expect(answer.data).toHaveLength(2)
  })

  // Cart samples: a fresh member with single-spec lines (as the samples' first lines).
  async function memberWithCart(): Promise<{ own: string; cartIds: string[] }> {
    const member = await shop.testApi<{ username: string; password: string }>('/__test/member', {})
    const own = await shop.login(member.body.username, member.body.password)
    const cartIds: string[] = []
    for (const [sku_id, num] of [
      [4, 3],
      [34, 1],
    ] as const) {
      const added = await shop.call('/api/cart/add', { token: own, sku_id, num })
      expect(added.code).toBe(0)
      cartIds.push(added.data as string)
    }
    return { own, cartIds }
  }

  test('api_cart_edit ← a new quantity for an own line', async () => {
    const { own, cartIds } = await memberWithCart()
    const answer = await shop.call('/api/cart/edit', { token: own, cart_id: cartIds[0], num: 5 })
    expectSameShape(answer, loadSample('api_cart_edit'))
    expect(answer.data).toBe(1)
  })

  test('api_cart_edit_missing_num ← edit without num', async () => {
    const { own, cartIds } = await memberWithCart()
    const answer = await shop.call('/api/cart/edit', { token: own, cart_id: cartIds[0] })
    expectSameShape(answer, loadSample('api_cart_edit_missing_num'))
    expect(answer).toMatchObject({ code: -1, message: '缺少参数num', data: '' })
  })

  test('api_cart_delete ← delete one own line', async () => {
    const { own, cartIds } = await memberWithCart()
    const answer = await shop.call('/api/cart/delete', { token: own, cart_id: cartIds[1] })
    expectSameShape(answer, loadSample('api_cart_delete'))
    expect(answer.data).toBe(1)
  })

  test('api_cart_lists ← light rows with a float total_money', async () => {
    const { own } = await memberWithCart()
    const answer = await shop.call('/api/cart/lists', { token: own })
    expectSameShape(answer, loadSample('api_cart_lists'))
    expect(answer.data).toHaveLength(2)
  })

  test('api_cart_goodsnum ← quantity of one goods in the cart', async () => {
    const { own } = await memberWithCart()
    const answer = await shop.call('/api/cart/goodsnum', { token: own, goods_id: 2 })
    expectSameShape(answer, loadSample('api_cart_goodsnum'))
    expect(answer.data).toBe(3)
  })

  test('api_cart_count ← with goods and bundle lines', async () => {
    const { own } = await memberWithCart()
    expect((await shop.call('/bundling/api/cart/add', { token: own, bl_id: 1, num: 2 })).code).toBe(0)
    const answer = await shop.call('/api/cart/count', { token: own })
    expectSameShape(answer, loadSample('api_cart_count'))
    expect(answer.data).toBe(6)
  })

  test('api_member_info_expired_token ← a token whose expire_time has passed', async () => {
    const member = await shop.testApi<{ member_id: number }>('/__test/member', {})
    const expired = await shop.testApi<{ token: string }>('/__test/token', { member_id: member.body.member_id, ttl_seconds: 0 })
    const answer = await shop.call('/api/member/info', { token: expired.body.token })
    expectSameShape(answer, loadSample('api_member_info_expired_token'))
    expect(answer.code).toBe(-10010)
  })
})

describe('registration answers like the sample', () => {
  test('api_register_username ← username + password + captcha', async () => {
    const captcha = await shop.captcha()
    const answer = await shop.call('/api/register/username', {
      username: 'shape_test_pharmacy',
      password: 'abc123456',
      captcha_id: captcha.id,
      captcha_code: captcha.code,
    })
    expectSameShape(answer, loadSample('api_register_username'))
  })
})

describe('closed PC shop answers like the samples', () => {
  beforeAll(async () => {
    await shop.testApi('/__test/shop-status', { open: false })
  })
  afterAll(async () => {
    await shop.testApi('/__test/reset', {})
  })

  test('api_site_info_shop_closed ← site/info on pc', async () => {
    expectSameShape(await shop.call('/api/site/info'), loadSample('api_site_info_shop_closed'))
  })

  test('api_member_info_shop_closed ← member/info on pc, even with a good token', async () => {
    expectSameShape(await shop.call('/api/member/info', { token }), loadSample('api_member_info_shop_closed'))
  })

  test('api_goodssku_page_shop_closed ← any other pc call (category tree here)', async () => {
    expectSameShape(await shop.call('/api/goodscategory/tree', { level: 3 }), loadSample('api_goodssku_page_shop_closed'))
  })

  test('api_site_info_shop_closed_h5_channel ← site/info on h5', async () => {
    const answer = await shop.call('/api/site/info', { app_type: 'h5', app_type_name: 'H5' })
    expectSameShape(answer, loadSample('api_site_info_shop_closed_h5_channel'))
    expect((answer.data as { shop_status: number }).shop_status).toBe(0)
  })
})

describe('the shape checker itself', () => {
  // Guards against a checker that passes everything.
  const sample = { code: 0, message: '操作成功', data: { n: 1, price: '0.00', list: [{ a: 'x' }, { a: 'y', child_list: [{ b: 1 }] }] }, timestamp: 1 }

  test('accepts extra keys inside data and matching types', () => {
    const actual = { code: 0, message: '操作成功', data: { n: 2, extra: true, price: '12.50', list: [{ a: 'z', child_list: [{ b: 3 }] }] }, timestamp: 2 }
    expectSameShape(actual, sample)
  })

  test.each([
    ['a missing key', { code: 0, message: '', data: { price: '0.00', list: [] }, timestamp: 1 }, 'data.n: missing'],
    ['a float for an int', { code: 0, message: '', data: { n: 1.5, price: '0.00', list: [] }, timestamp: 1 }, 'data.n: expected an integer'],
    ['a number for money', { code: 0, message: '', data: { n: 1, price: 0, list: [] }, timestamp: 1 }, 'data.price: expected string'],
    ['money without 2 decimals', { code: 0, message: '', data: { n: 1, price: '3', list: [] }, timestamp: 1 }, 'data.price: expected money'],
    ['a wrong element type', { code: 0, message: '', data: { n: 1, price: '0.00', list: [{ a: 1 }] }, timestamp: 1 }, 'data.list[].a: expected string'],
    ['a wrong optional child', { code: 0, message: '', data: { n: 1, price: '0.00', list: [{ a: 'q', child_list: [{ b: 'no' }] }] }, timestamp: 1 }, 'data.list[].child_list[].b'],
    ['a data key where the sample has none', { code: -3, message: '', data: '', timestamp: 1 }, 'data: not in the sample'],
  ])('rejects %s', async (_name, actual, expected) => {
    const { shapeMismatches } = await import('../support/shape')
    const sampleForCase = expected.startsWith('data: not') ? { code: -3, message: '网站已关闭！', timestamp: 1 } : sample
    const problems = shapeMismatches(actual, sampleForCase)
    expect(problems.join('\n')).toContain(expected)
  })
})
