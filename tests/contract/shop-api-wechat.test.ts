import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startTestShopApi, type ApiBody, type TestShopApi } from '../../shop-api/testing'

/**
 * The reference shop API's WeChat QR login, as Niushop 5.5.2 answers it (Wechat::loginCode,
 * Login::checkLogin, getMobileCode, wechatLogin) including its PHP session: the openid of an
 * account not yet bound is kept in the session of the `checklogin` call that saw the scan, and
 * only a `wechatLogin` sent with that session's PHPSESSID cookie can bind it.
 */

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

/** A POST like shop.call, with an optional Cookie header; returns the body and the PHPSESSID set. */
async function callWithCookie(path: string, body: Record<string, unknown>, cookie?: string): Promise<{ body: ApiBody; session: string | null }> {
  const response = await fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ app_type: 'pc', app_type_name: 'PC', ...body }),
  })
  const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('PHPSESSID='))
  return { body: (await response.json()) as ApiBody, session: setCookie ? setCookie.split(';')[0]! : null }
}

type LoginCode = { key: string; expire_time: number; qrcode: string }

async function newLoginCode(): Promise<LoginCode & { ticket: string }> {
  const answer = await shop.call('/wechat/api/wechat/logincode')
  expect(answer.code).toBe(0)
  const code = answer.data as LoginCode
  const ticket = /\/upload\/wechat\/qrcode\/([\w-]+)\.svg$/.exec(code.qrcode)?.[1]
  expect(ticket).toBeTruthy()
  return { ...code, ticket: ticket! }
}

async function memberInfo(token: string) {
  const info = await shop.call('/api/member/info', { token })
  expect(info.code).toBe(0)
  return info.data as { member_id: number; username: string; mobile: string; nickname: string }
}

function openidOf(memberId: number): string {
  return (shop.api.db.prepare('SELECT wx_openid FROM member WHERE member_id = ?').get(memberId) as { wx_openid: string }).wx_openid
}

describe('WeChat login switch', () => {
  test('config/init tells whether the official account is configured; logincode refuses without one', async () => {
    expect((await shop.call('/api/config/init')).data).toMatchObject({ wechat_config_status: 1, site_info: { site_id: 1 } })
    await shop.testApi('/__test/wechat/config', { on: false })
    expect((await shop.call('/api/config/init')).data).toMatchObject({ wechat_config_status: 0 })
    const refused = await shop.call('/wechat/api/wechat/logincode')
    expect(refused.code).toBe(-1)
    expect(refused.message).toContain('access_token')
  })
})

describe('QR code and checklogin', () => {
  test('a new code is a key, 600 s and a picture; before a scan checklogin answers "no login"', async () => {
    const code = await newLoginCode()
    expect(code.expire_time).toBe(600)
    expect(code.key).toMatch(/^[A-Za-z0-9+/]+$/)
    const picture = await fetch(code.qrcode)
    expect(picture.headers.get('content-type')).toContain('image/svg+xml')
    expect(await picture.text()).toContain('<svg')
    expect(await shop.call('/api/login/checklogin', { key: code.key })).toMatchObject({ code: -1, message: 'no login' })
    expect(await shop.call('/api/login/checklogin', { key: 'no-such-key' })).toMatchObject({ code: -1, message: '已失效' })
  })

  test('scanned by a bound member: every check until expiry signs that member in', async () => {
    const member = await shop.newBuyer()
    const code = await newLoginCode()
    expect((await shop.testApi('/__test/wechat/scan', { ticket: code.ticket, username: member.username })).status).toBe(200)
    for (let check = 0; check < 2; check++) {
      const answer = await shop.call('/api/login/checklogin', { key: code.key })
      expect(answer.code).toBe(0)
      const { token } = answer.data as { token: string }
      expect((await memberInfo(token)).username).toBe(member.username)
    }
  })

  test('an expired code answers 已失效 and stays so', async () => {
    const code = await newLoginCode()
    await shop.testApi('/__test/wechat/expire', { ticket: code.ticket })
    expect(await shop.call('/api/login/checklogin', { key: code.key })).toMatchObject({ code: -1, message: '已失效' })
    await shop.testApi('/__test/wechat/scan', { ticket: code.ticket })
    expect(await shop.call('/api/login/checklogin', { key: code.key })).toMatchObject({ code: -1, message: '已失效' })
  })

  test('a key is required (PHP reads it without a default)', async () => {
    expect((await shop.call('/api/login/checklogin')).message).toBe('系统异常：Undefined array key "key"')
  })

  test('every action answer sets the PHP session cookie; a valid one sent back is kept', async () => {
    const first = await callWithCookie('/api/config/init', {})
    expect(first.session).toMatch(/^PHPSESSID=[a-f0-9]{32}$/)
    expect((await callWithCookie('/api/config/init', {}, first.session!)).session).toBe(first.session)
    expect((await callWithCookie('/api/config/init', {}, 'PHPSESSID=../../etc')).session).not.toBe('PHPSESSID=../../etc')
  })
})

describe('a WeChat account not yet bound', () => {
  /** A scan by a new WeChat user, checked once: the session cookie that holds the openid. */
  async function scannedByNewUser(nickname = '新药房') {
    const code = await newLoginCode()
    const scan = await shop.testApi<{ openid: string }>('/__test/wechat/scan', { ticket: code.ticket, nickname })
    const check = await callWithCookie('/api/login/checklogin', { key: code.key })
    expect(check.body).toMatchObject({ code: 0, data: '' })
    expect(check.session).toBeTruthy()
    // The Cache entry is gone: the next check says expired.
    expect(await shop.call('/api/login/checklogin', { key: code.key })).toMatchObject({ code: -1, message: '已失效' })
    return { openid: scan.body.openid, session: check.session! }
  }

  async function smsKey(mobile: string, captcha: { id: string; code: string }) {
    const sent = await shop.call('/api/login/getMobileCode', { mobile, captcha_id: captcha.id, captcha_code: captcha.code })
    expect(sent.code).toBe(0)
    const sms = await shop.testApi<{ code: string; key: string; template: string }>(`/__test/sms?mobile=${mobile}`)
    return sms.body
  }

  test('binding a new mobile registers a member with the openid and the WeChat nickname', async () => {
    const { openid, session } = await scannedByNewUser()
    const captcha = await shop.captcha()
    const mobile = `139${String(Date.now()).slice(-8)}`
    const sms = await smsKey(mobile, captcha)
    expect(sms.template).toBe('REGISTER_CODE')
    const bound = await callWithCookie('/api/login/wechatLogin', { mobile, key: sms.key, code: sms.code, captcha_id: captcha.id, captcha_code: captcha.code }, session)
    expect(bound.body.code).toBe(0)
    const info = await memberInfo((bound.body.data as { token: string }).token)
    expect(info).toMatchObject({ mobile, nickname: '新药房' })
    expect(openidOf(info.member_id)).toBe(openid)
  })

  test('binding a registered mobile gives that member the openid; the next scan signs in at once', async () => {
    const member = await shop.testApi<{ member_id: number; username: string; mobile: string }>('/__test/member', {})
    const { openid, session } = await scannedByNewUser()
    const captcha = await shop.captcha()
    const sms = await smsKey(member.body.mobile, captcha)
    expect(sms.template).toBe('LOGIN_CODE')
    const bound = await callWithCookie(
      '/api/login/wechatLogin',
      { mobile: member.body.mobile, key: sms.key, code: sms.code, captcha_id: captcha.id, captcha_code: captcha.code },
      session,
    )
    expect((await memberInfo((bound.body.data as { token: string }).token)).member_id).toBe(member.body.member_id)
    expect(openidOf(member.body.member_id)).toBe(openid)

    const again = await newLoginCode()
    shop.api.db.prepare('UPDATE wechat_login_code SET openid = ? WHERE login_key = ?').run(openid, again.key)
    const answer = await shop.call('/api/login/checklogin', { key: again.key })
    expect((answer.data as { token?: string }).token).toBeTruthy()
  })

  test('wechatLogin without the session cookie cannot bind a registered mobile (PHP reads the missing openid)', async () => {
    const member = await shop.testApi<{ mobile: string }>('/__test/member', {})
    await scannedByNewUser()
    const captcha = await shop.captcha()
    const sms = await smsKey(member.body.mobile, captcha)
    const answer = await shop.call('/api/login/wechatLogin', { mobile: member.body.mobile, key: sms.key, code: sms.code, captcha_id: captcha.id, captcha_code: captcha.code })
    expect(answer.message).toBe('系统异常：Undefined array key "wx_openid"')
  })

  test('refusals: the captcha first (and used up), then the SMS code', async () => {
    const { session } = await scannedByNewUser()
    const mobile = `137${String(Date.now()).slice(-8)}`
    expect(await shop.call('/api/login/getMobileCode', { mobile })).toMatchObject({ code: -1, message: '缺少参数captcha_id' })
    const captcha = await shop.captcha()
    const sms = await smsKey(mobile, captcha)
    const wrong = sms.code === '0000' ? '1111' : '0000'
    const refused = await callWithCookie('/api/login/wechatLogin', { mobile, key: sms.key, code: wrong, captcha_id: captcha.id, captcha_code: captcha.code }, session)
    expect(refused.body).toMatchObject({ code: -1, message: '手机动态码不正确' })
    const reused = await callWithCookie('/api/login/wechatLogin', { mobile, key: sms.key, code: sms.code, captcha_id: captcha.id, captcha_code: captcha.code }, session)
    expect(reused.body).toMatchObject({ code: -1, message: '验证码已失效' })
  })

  test('with third-party sign-up on and no mobile required, the first check registers and signs in', async () => {
    await shop.testApi('/__test/wechat/config', { bind_mobile: false })
    const code = await newLoginCode()
    const scan = await shop.testApi<{ openid: string }>('/__test/wechat/scan', { ticket: code.ticket, nickname: '自动注册' })
    const answer = await shop.call('/api/login/checklogin', { key: code.key })
    const info = await memberInfo((answer.data as { token: string }).token)
    expect(info).toMatchObject({ nickname: '自动注册', mobile: '' })
    expect(openidOf(info.member_id)).toBe(scan.body.openid)
  })
})
