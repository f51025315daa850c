import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { STOCK_NIUSHOP_MISSING, pathIsDisabled, resolveDisabledEndpoints } from '../../shop-api/core/endpoints'
import { SMS_BURNED_MESSAGE, SMS_MAX_WRONG_TRIES } from '../../shop-api/core/services'
import { openDatabase } from '../../shop-api/db/index'
import { migrations } from '../../shop-api/db/schema'
import { seedSteps } from '../../shop-api/db/seed'
import { startTestShopApi, type TestShopApi } from '../../shop-api/testing'

/**
 * Switches of the reference shop API: endpoints answered like a stock Niushop 5.5.2 that lacks
 * them (the HTML error page with HTTP 200), the `stock` preset and the runtime test API; and SMS
 * codes burned after SMS_MAX_WRONG_TRIES wrong tries.
 */

/** The storefront's paths that a stock Niushop 5.5.2 does not have (STOCK_NIUSHOP_MISSING's reasons). */
const STOCK_MISSING_BFF_PATHS = [
  '/multiaccount/api/MultiAccount/lists',
  '/multiaccount/api/MultiAccount/change',
  '/salecontrol/api/salecontrol/saleControlList',
  '/bundling/api/cart/lists',
  '/bundling/api/cart/add',
  '/bundling/api/cart/edit',
  '/bundling/api/cart/delete',
  '/pc/api/pc/footerList',
  '/pc/api/pc/moreConfig',
  '/api/register/labellist',
  '/api/register/getAptitude',
  '/api/qualification/getQualificationConfig',
  '/api/qualification/getMemberQualification',
  '/api/qualification/qualificationUpload',
  '/api/qualification/deleteImage',
  '/api/qualification/shopCertiys',
  '/api/upload/qualification',
  '/api/Cart/calculate',
  '/api/goodssku/searchGoodsByKeyWord',
  '/api/ordercomplain/detail',
  '/api/ordercomplain/complain',
  '/api/ordercomplain/cancel',
  '/manjian/api/manjian/lists',
  '/staff/api/salesman/myTeamList',
  '/staff/api/salesman/stockoutLog',
  '/servicer/api/chat/bind',
  '/servicer/api/chat/bye',
  '/servicer/api/chat/dialogs',
  '/servicer/api/chat/hasServicers',
  '/servicer/api/chat/keyword',
  '/servicer/api/chat/say',
  '/servicer/api/chat/setRead',
  '/api/member/checkemail',
  '/api/member/bingemailcode',
  '/api/member/modifyemail',
  '/memberrecharge/api/order/detail',
]

/** Storefront paths a stock Niushop has, some of them next to missing ones. */
const STOCK_KEPT_PATHS = [
  '/api/site/info',
  '/api/pc/navList',
  '/api/pc/floatLayer',
  '/api/register/config',
  '/api/cart/goodslists',
  '/api/goodssku/page',
  '/memberregister/api/Config/Config',
  'weapp/api/weapp/qrcode',
  '/coupon/api/coupon/typelists',
  '/manjian/api/manjian/info',
  '/topic/api/topic/page',
  '/discount/api/discount/lists',
  // Niushop 5.5.2 sells combos through their own checkout: only the cart's combo lines are missing.
  '/bundling/api/bundling/detail',
  '/bundling/api/bundling/lists',
  '/bundling/api/ordercreate/payment',
  '/bundling/api/ordercreate/calculate',
  '/bundling/api/ordercreate/create',
  '/api/upload/chatimg',
  '/api/member/checkmobile',
  '/memberrecharge/api/order/page',
]

type Raw = { status: number; type: string | null; body: string }

let shop: TestShopApi

beforeAll(async () => {
  shop = await startTestShopApi()
})

afterAll(async () => {
  await shop?.close()
})

afterEach(async () => {
  await shop.testApi('/__test/reset', {})
})

async function raw(url: string, path: string, body: Record<string, unknown> = {}, method = 'POST'): Promise<Raw> {
  const res = await fetch(`${url}${path.startsWith('/') ? path : `/${path}`}`, {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    body: method === 'POST' ? JSON.stringify({ app_type: 'pc', app_type_name: 'PC', ...body }) : undefined,
  })
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() }
}

/** What the API answers for a route nobody has. */
async function unknownRoute(url: string): Promise<Raw> {
  return raw(url, '/api/nonexistent/foo')
}

function expectHtmlNotFound(answer: Raw, reference: Raw) {
  expect(answer.status).toBe(200)
  expect(answer.type).toBe('text/html; charset=utf-8')
  expect(answer.body).toMatch(/^<!DOCTYPE html>/)
  expect(answer.body).toContain('404')
  expect(answer).toEqual(reference)
}

function expectJsonEnvelope(answer: Raw, path: string) {
  expect(answer.status, path).toBe(200)
  expect(answer.type, path).toBe('application/json; charset=utf-8')
  const body = JSON.parse(answer.body) as { code: unknown; message: unknown; timestamp: unknown }
  expect(typeof body.code, path).toBe('number')
  expect(typeof body.timestamp, path).toBe('number')
}

/** Every upstream path the storefront calls (`app/upstream/*.ts`), as spelled there. */
function storefrontPaths(): string[] {
  const dir = fileURLToPath(new URL('../../app/upstream', import.meta.url))
  const found = new Set<string>()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(join(dir, file), 'utf8')
    for (const m of source.matchAll(/["'`](\/?(?:api|[a-z]+\/api)\/[A-Za-z]+\/[A-Za-z]+)["'`]/g)) found.add(m[1]!)
  }
  return [...found]
}

describe('the stock list', () => {
  test('every entry has a reason; the preset resolves to the normalised entries', () => {
    for (const entry of STOCK_NIUSHOP_MISSING) expect(entry.reason.length, entry.path).toBeGreaterThan(20)
    expect(resolveDisabledEndpoints('stock')).toEqual(STOCK_NIUSHOP_MISSING.map((e) => e.path.toLowerCase()))
    expect(resolveDisabledEndpoints(['STOCK'])).toEqual(resolveDisabledEndpoints('stock'))
  })

  test('among the storefront paths it covers exactly the ones a stock Niushop lacks', () => {
    const paths = storefrontPaths()
    expect(paths.length).toBeGreaterThanOrEqual(69)
    const stock = resolveDisabledEndpoints('stock')
    const covered = paths.filter((p) => pathIsDisabled(stock, p))
    // A new storefront path under a missing addon lands here too: add it to STOCK_MISSING_BFF_PATHS.
    expect(covered.sort()).toEqual([...STOCK_MISSING_BFF_PATHS].sort())
    for (const kept of STOCK_KEPT_PATHS) expect(pathIsDisabled(stock, kept), kept).toBe(false)
  })

  test('specs: comma lists, the preset mixed with paths, case and trailing slashes; bad tokens throw', () => {
    expect(resolveDisabledEndpoints('/API/Foo/Bar/, /api/x ,,')).toEqual(['/api/foo/bar', '/api/x'])
    expect(resolveDisabledEndpoints(['stock,/api/x', '/api/x'])).toEqual([...resolveDisabledEndpoints('stock'), '/api/x'])
    expect(resolveDisabledEndpoints([])).toEqual([])
    expect(resolveDisabledEndpoints(undefined)).toEqual([])
    expect(() => resolveDisabledEndpoints('/api/a b')).toThrow(/not a path/)
    expect(() => resolveDisabledEndpoints('/')).toThrow(/every endpoint/)
    expect(pathIsDisabled(['/pc/api'], '/api/pc/navList')).toBe(false)
    expect(pathIsDisabled(['/api/cart'], '/api/cartcalculate/calculate')).toBe(false)
    expect(pathIsDisabled(['/api/cart'], '/API/Cart/calculate/')).toBe(true)
  })
})

describe('disabled endpoints', () => {
  test('by default nothing is disabled and every stock-missing path answers JSON', async () => {
    expect(await shop.testApi('/__test/endpoints')).toEqual({ status: 200, body: { disabled: [] } })
    for (const path of [...STOCK_MISSING_BFF_PATHS, ...STOCK_KEPT_PATHS]) expectJsonEnvelope(await raw(shop.url, path), path)
  })

  test('a disabled endpoint answers exactly like an unknown route (HTML 200), any case, POST or GET; its neighbours stay JSON', async () => {
    const reference = await unknownRoute(shop.url)
    expect(await shop.testApi('/__test/endpoints', { disabled: ['/api/pc/navList'] })).toEqual({ status: 200, body: { disabled: ['/api/pc/navlist'] } })
    expectHtmlNotFound(await raw(shop.url, '/api/pc/navList'), reference)
    expectHtmlNotFound(await raw(shop.url, '/API/PC/NAVLIST/'), reference)
    expectHtmlNotFound(await raw(shop.url, '/api/pc/navlist?app_type=pc', {}, 'GET'), reference)
    expectJsonEnvelope(await raw(shop.url, '/api/pc/friendlyLink'), '/api/pc/friendlyLink')
  })

  test('the stock preset at start: the missing ones answer HTML, the rest JSON; /__test/reset keeps the start list', async () => {
    const stockShop = await startTestShopApi({ disabledEndpoints: ['stock'] })
    try {
      const reference = await unknownRoute(stockShop.url)
      const listed = await stockShop.testApi<{ disabled: string[] }>('/__test/endpoints')
      expect(listed.body.disabled).toEqual(resolveDisabledEndpoints('stock'))
      for (const path of STOCK_MISSING_BFF_PATHS) expectHtmlNotFound(await raw(stockShop.url, path), reference)
      for (const path of STOCK_KEPT_PATHS) expectJsonEnvelope(await raw(stockShop.url, path), path)
      // Also what a token-holding storefront sends.
      const token = await stockShop.login('demo', 'demo123456')
      expectHtmlNotFound(await raw(stockShop.url, '/multiaccount/api/MultiAccount/lists', { token }), reference)
      expect(JSON.parse((await raw(stockShop.url, '/api/cart/goodslists', { token })).body)).toMatchObject({ code: 0 })

      await stockShop.testApi('/__test/endpoints', { disabled: [] })
      expectJsonEnvelope(await raw(stockShop.url, '/pc/api/pc/footerList'), '/pc/api/pc/footerList')
      await stockShop.testApi('/__test/reset', {})
      expect((await stockShop.testApi<{ disabled: string[] }>('/__test/endpoints')).body.disabled).toEqual(resolveDisabledEndpoints('stock'))
      expectHtmlNotFound(await raw(stockShop.url, '/pc/api/pc/footerList'), reference)
    } finally {
      await stockShop.close()
    }
  })

  test('runtime switching through the test API: "stock", a comma list, [] and bad bodies', async () => {
    const reference = await unknownRoute(shop.url)
    const stock = await shop.testApi<{ disabled: string[] }>('/__test/endpoints', { disabled: 'stock' })
    expect(stock).toEqual({ status: 200, body: { disabled: resolveDisabledEndpoints('stock') } })
    expectHtmlNotFound(await raw(shop.url, '/salecontrol/api/salecontrol/saleControlList'), reference)
    expectHtmlNotFound(await raw(shop.url, '/api/Cart/calculate'), reference)
    expectJsonEnvelope(await raw(shop.url, 'weapp/api/weapp/qrcode'), 'weapp/api/weapp/qrcode')

    expect((await shop.testApi('/__test/endpoints', { disabled: 'stock,/api/goods/service' })).body).toEqual({
      disabled: [...resolveDisabledEndpoints('stock'), '/api/goods/service'],
    })
    expectHtmlNotFound(await raw(shop.url, '/api/goods/service'), reference)

    expect(await shop.testApi('/__test/endpoints', { disabled: [] })).toEqual({ status: 200, body: { disabled: [] } })
    expectJsonEnvelope(await raw(shop.url, '/salecontrol/api/salecontrol/saleControlList'), 'saleControlList')
    expectJsonEnvelope(await raw(shop.url, '/api/goods/service'), '/api/goods/service')

    await shop.testApi('/__test/endpoints', { disabled: ['/bundling/api/cart'] })
    for (const action of ['lists', 'add', 'edit', 'delete']) expectHtmlNotFound(await raw(shop.url, `/bundling/api/cart/${action}`), reference)
    expectJsonEnvelope(await raw(shop.url, '/api/cart/goodslists'), '/api/cart/goodslists')

    for (const body of [{}, { disabled: 5 }, { disabled: [1] }, { disabled: ['/api/a b'] }, { disabled: '/' }]) {
      const res = await shop.testApi<{ error: string }>('/__test/endpoints', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error).toMatch(/disabled/)
    }
    // A refused body leaves the list alone.
    expect((await shop.testApi('/__test/endpoints')).body).toEqual({ disabled: ['/bundling/api/cart'] })
  })

  test('closed channel: a missing action of a served controller answers -3 first (as upstream builds the controller first); a missing controller stays HTML', async () => {
    const reference = await unknownRoute(shop.url)
    await shop.testApi('/__test/endpoints', { disabled: 'stock' })
    await shop.testApi('/__test/shop-status', { open: false })
    const calculate = await raw(shop.url, '/api/Cart/calculate')
    expect(calculate.type).toBe('application/json; charset=utf-8')
    const body = JSON.parse(calculate.body) as Record<string, unknown>
    expect(body).toMatchObject({ code: -3, message: '网站已关闭！' })
    expect('data' in body).toBe(false)
    for (const path of ['/multiaccount/api/MultiAccount/lists', '/pc/api/pc/moreConfig', '/bundling/api/cart/lists']) {
      expectHtmlNotFound(await raw(shop.url, path), reference)
    }
  })

  test('a bad list stops createShopApi', async () => {
    await expect(startTestShopApi({ disabledEndpoints: ['stock', 'not a path'] })).rejects.toThrow(/not a path/)
  })
})

describe('SMS codes burn after too many wrong tries', () => {
  type Sms = { code: string; key: string; wrong_tries: number; used: number }

  async function lastSms(mobile: string): Promise<Sms> {
    const res = await shop.testApi<Sms>(`/__test/sms?mobile=${mobile}`)
    expect(res.status).toBe(200)
    return res.body
  }

  async function newMember() {
    return (await shop.testApi<{ member_id: number; mobile: string }>('/__test/member', {})).body
  }

  /** Four-digit codes other than `code`, one per try. */
  function wrongCodes(code: string, count: number): string[] {
    const out: string[] = []
    for (let n = 0; out.length < count; n += 1) {
      const candidate = String(n).padStart(4, '0')
      if (candidate !== code) out.push(candidate)
    }
    return out
  }

  async function loginCode(mobile: string): Promise<Sms> {
    const sent = await shop.call('/api/login/mobileCode', { mobile })
    expect(sent.code).toBe(0)
    const sms = await lastSms(mobile)
    expect(sms.key).toBe((sent.data as { key: string }).key)
    return sms
  }

  test('the limit is 5 wrong tries', () => {
    expect(SMS_MAX_WRONG_TRIES).toBe(5)
    expect(SMS_BURNED_MESSAGE).toBe('验证码错误次数过多，请重新获取')
  })

  test('login by mobile: 4 wrong codes, then the right one still logs in', async () => {
    const member = await newMember()
    const sms = await loginCode(member.mobile)
    for (const wrong of wrongCodes(sms.code, SMS_MAX_WRONG_TRIES - 1)) {
      expect(await shop.call('/api/login/mobile', { mobile: member.mobile, key: sms.key, code: wrong })).toMatchObject({ code: -1, message: '手机动态码不正确', data: '' })
    }
    expect((await lastSms(member.mobile)).wrong_tries).toBe(4)
    const res = await shop.call('/api/login/mobile', { mobile: member.mobile, key: sms.key, code: sms.code })
    expect(res.code).toBe(0)
    expect((res.data as { token: string }).token).toBeTruthy()
  })

  test('login by mobile: the 5th wrong code burns the key; the right code then fails with the burn message', async () => {
    const member = await newMember()
    const sms = await loginCode(member.mobile)
    const wrongs = wrongCodes(sms.code, SMS_MAX_WRONG_TRIES)
    for (const wrong of wrongs.slice(0, -1)) {
      expect(await shop.call('/api/login/mobile', { mobile: member.mobile, key: sms.key, code: wrong })).toMatchObject({ code: -1, message: '手机动态码不正确' })
    }
    expect(await shop.call('/api/login/mobile', { mobile: member.mobile, key: sms.key, code: wrongs.at(-1) })).toMatchObject({
      code: -1,
      message: SMS_BURNED_MESSAGE,
      data: '',
    })
    expect(await lastSms(member.mobile)).toMatchObject({ wrong_tries: 5, used: 1 })
    for (let i = 0; i < 2; i += 1) {
      expect(await shop.call('/api/login/mobile', { mobile: member.mobile, key: sms.key, code: sms.code })).toMatchObject({ code: -1, message: SMS_BURNED_MESSAGE, data: '' })
    }
    expect((await lastSms(member.mobile)).wrong_tries).toBe(5)
  })

  test('the burn is per key: a new code for the same mobile works', async () => {
    const member = await newMember()
    const burned = await loginCode(member.mobile)
    for (const wrong of wrongCodes(burned.code, SMS_MAX_WRONG_TRIES)) await shop.call('/api/login/mobile', { mobile: member.mobile, key: burned.key, code: wrong })
    expect(await shop.call('/api/login/mobile', { mobile: member.mobile, key: burned.key, code: burned.code })).toMatchObject({ message: SMS_BURNED_MESSAGE })

    const fresh = await loginCode(member.mobile)
    expect(fresh.key).not.toBe(burned.key)
    expect(fresh.wrong_tries).toBe(0)
    const wrong = wrongCodes(fresh.code, 1)[0]
    expect(await shop.call('/api/login/mobile', { mobile: member.mobile, key: fresh.key, code: wrong })).toMatchObject({ message: '手机动态码不正确' })
    expect((await shop.call('/api/login/mobile', { mobile: member.mobile, key: fresh.key, code: fresh.code })).code).toBe(0)
    // The burned key stays burned.
    expect(await shop.call('/api/login/mobile', { mobile: member.mobile, key: burned.key, code: burned.code })).toMatchObject({ message: SMS_BURNED_MESSAGE })
  })

  test('a wrong mobile with the key counts as a wrong try', async () => {
    const member = await newMember()
    const sms = await loginCode(member.mobile)
    for (let i = 0; i < SMS_MAX_WRONG_TRIES; i += 1) await shop.call('/api/login/mobile', { mobile: '13800000000', key: sms.key, code: sms.code })
    expect(await shop.call('/api/login/mobile', { mobile: member.mobile, key: sms.key, code: sms.code })).toMatchObject({ message: SMS_BURNED_MESSAGE })
  })

  test('register by mobile burns too', async () => {
    const mobile = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`
    const captcha = await shop.captcha()
    const sent = await shop.call('/api/register/mobileCode', { mobile, captcha_id: captcha.id, captcha_code: captcha.code })
    expect(sent.code).toBe(0)
    const sms = await lastSms(mobile)
    const wrongs = wrongCodes(sms.code, SMS_MAX_WRONG_TRIES)
    for (const wrong of wrongs.slice(0, -1))
      expect(await shop.call('/api/register/mobile', { mobile, key: sms.key, code: wrong })).toMatchObject({ code: -1, message: '手机动态码不正确' })
    expect(await shop.call('/api/register/mobile', { mobile, key: sms.key, code: wrongs.at(-1) })).toMatchObject({ code: -1, message: SMS_BURNED_MESSAGE })
    expect(await shop.call('/api/register/mobile', { mobile, key: sms.key, code: sms.code })).toMatchObject({ code: -1, message: SMS_BURNED_MESSAGE })
    expect(await shop.call('/api/member/checkmobile', { mobile })).toMatchObject({ code: 0 }) // still not registered
  })

  test('find password burns too, and the password is left unchanged', async () => {
    const member = await newMember()
    const captcha = await shop.captcha()
    const sent = await shop.call('/api/findpassword/mobilecode', { mobile: member.mobile, captcha_id: captcha.id, captcha_code: captcha.code })
    expect(sent.code).toBe(0)
    const sms = await lastSms(member.mobile)
    const password = 'newpass123'
    const wrongs = wrongCodes(sms.code, SMS_MAX_WRONG_TRIES)
    for (const wrong of wrongs.slice(0, -1)) {
      expect(await shop.call('/api/findpassword/mobile', { mobile: member.mobile, key: sms.key, code: wrong, password })).toMatchObject({ code: -1, message: '手机动态码不正确' })
    }
    expect(await shop.call('/api/findpassword/mobile', { mobile: member.mobile, key: sms.key, code: wrongs.at(-1), password })).toMatchObject({
      code: -1,
      message: SMS_BURNED_MESSAGE,
    })
    expect(await shop.call('/api/findpassword/mobile', { mobile: member.mobile, key: sms.key, code: sms.code, password })).toMatchObject({ code: -1, message: SMS_BURNED_MESSAGE })
    expect((await shop.call('/api/login/login', { username: member.mobile, password })).code).toBe(-10022)
    expect((await shop.call('/api/login/login', { username: member.mobile, password: 'test123456' })).code).toBe(0)
  })

  test('a used or unknown key is not a wrong try (nothing left to guess)', async () => {
    const member = await newMember()
    const sms = await loginCode(member.mobile)
    expect((await shop.call('/api/login/mobile', { mobile: member.mobile, key: sms.key, code: sms.code })).code).toBe(0)
    for (let i = 0; i < SMS_MAX_WRONG_TRIES + 1; i += 1) {
      expect(await shop.call('/api/login/mobile', { mobile: member.mobile, key: sms.key, code: '0000' })).toMatchObject({ message: '手机动态码不正确' })
    }
    expect(await lastSms(member.mobile)).toMatchObject({ wrong_tries: 0, used: 1 })
    expect(await shop.call('/api/login/mobile', { mobile: member.mobile, key: 'login_mobile_code_nope', code: '0000' })).toMatchObject({ message: '手机动态码不正确' })
  })

  test('migration 4 adds wrong_tries to an existing version-3 database, keeping its codes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-api-v3-'))
    const dbPath = join(dir, 'db.sqlite')
    try {
      const old = new Database(dbPath)
      // As openDatabase did before version 4 (one transaction per step).
      for (const migration of migrations.filter((m) => m.version <= 3)) {
        old.transaction(() => {
          old.exec(migration.sql)
          seedSteps.find((s) => s.version === migration.version)?.run(old)
          old.pragma(`user_version = ${migration.version}`)
        })()
      }
      old.prepare("INSERT INTO sms_code (sms_key, mobile, code, template, create_time, expire_time) VALUES ('k3', '13900000003', '1234', 'LOGIN_CODE', 1, 2)").run()
      old.close()

      const db = openDatabase(dbPath)
      try {
        expect(Number(db.pragma('user_version', { simple: true }))).toBeGreaterThanOrEqual(4)
        expect(db.prepare("SELECT code, wrong_tries, used FROM sms_code WHERE sms_key = 'k3'").get()).toEqual({ code: '1234', wrong_tries: 0, used: 0 })
      } finally {
        db.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
