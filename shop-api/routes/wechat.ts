import { randomBytes } from 'node:crypto'
import { nowSeconds } from '../core/format.js'
import { error, requireKeys, str, success, type Context, type Envelope, type Router } from '../core/router.js'
import { createMember, findMemberByMobile, freeUsername, giveRegisterReward, mobileExists, type RegisterReward } from '../models/member.js'
import { checkCaptcha, checkSmsCode, loginAnswer } from './auth.js'

/**
 * WeChat QR login (Niushop 5.5.2: addon/wechat/api/controller/Wechat.php loginCode,
 * app/api/controller/Login.php checkLogin, getMobileCode, wechatLogin; the PC client's api/wechat.js).
 * There is no WeChat here: `logincode` draws its own QR code for a ticket, and the test API's
 * `POST /__test/wechat/scan` plays the phone that scans it (what WeChat's event push does upstream:
 * it stores the openid and profile in the key's Cache entry). The scanned openid of an account not
 * yet bound waits in the PHP session (`auth_info`) between `checklogin` and `wechatLogin`, as upstream.
 */

/** Wechat::loginCode's code lifetime; its Cache entry lives 3600 s. */
const CODE_SECONDS = 600
const CACHE_SECONDS = 3600

interface WechatConfig {
  appid?: string
  appsecret?: string
}

interface RegisterSwitches {
  third_party?: number | string
  bind_mobile?: number | string
}

interface LoginCodeRow {
  login_key: string
  expire_time: number
  openid: string
  nickname: string
  headimgurl: string
  unionid: string
}

interface AuthInfo {
  wx_openid: string
  nickname: string
  headimg: string
}

/** Whether the official account is configured (Config::init's wechat_config_status). */
export function wechatConfigured(ctx: Context): boolean {
  const config = ctx.services.config.get<WechatConfig>('WECHAT_CONFIG')
  return Boolean(config.appid) && Boolean(config.appsecret)
}

/** The QR picture's path under upload/ (served by this API; upstream it is WeChat's showqrcode URL). */
export function qrcodePath(ticket: string): string {
  return `upload/wechat/qrcode/${ticket}.svg`
}

/** `base64_encode(uniqid(''))` without its "==": 13 hex digits of the clock, as upstream. */
function newLoginKey(): string {
  const micros = BigInt(Date.now()) * 1000n + BigInt(randomBytes(2).readUInt16BE(0) % 1000)
  return Buffer.from(micros.toString(16).padStart(13, '0').slice(-13)).toString('base64').replace('==', '')
}

/** The live Cache entry 'wechat_<key>' (null once cleared or past its 3600 s). */
function cacheEntry(ctx: Context, key: string): LoginCodeRow | null {
  const row = ctx.db
    .prepare('SELECT login_key, expire_time, openid, nickname, headimgurl, unionid FROM wechat_login_code WHERE login_key = ? AND cleared = 0 AND cache_until > ?')
    .get(key, nowSeconds()) as LoginCodeRow | undefined
  return row ?? null
}

/** `Cache::set('wechat_' . $key, null)`. */
function clearEntry(ctx: Context, key: string): void {
  ctx.db.prepare('UPDATE wechat_login_code SET cleared = 1 WHERE login_key = ?').run(key)
}

/** Login::authLogin for a member found by openid: locked members are refused, others signed in. */
function signInByOpenid(ctx: Context, memberId: number, status: number): Envelope {
  if (status === 0) return error(-1, '您的账号已被锁定')
  return loginAnswer(ctx, memberId)
}

/** Register::authRegister: a new member with the WeChat openid, nickname and head image (no mobile). */
function registerByWechat(ctx: Context, entry: LoginCodeRow): number {
  const username = freeUsername(ctx.db)
  const memberId = createMember(ctx.db, { username, password_hash: '', nickname: entry.nickname || username, mobile: '' })
  ctx.db.prepare('UPDATE member SET wx_openid = ?, wx_unionid = ?, headimg = ? WHERE member_id = ?').run(entry.openid, entry.unionid, entry.headimgurl, memberId)
  giveRegisterReward(ctx.db, memberId, ctx.services.config.record<RegisterReward['value']>('MEMBER_REGISTER_REWARD'))
  return memberId
}

export function registerWechatRoutes(router: Router): void {
  // {key, expire_time, qrcode}. Without an official account EasyWeChat's access-token request
  // fails first and the exception's text is the answer (code -1).
  router.post('/wechat/api/wechat/logincode', (ctx) => {
    if (!wechatConfigured(ctx)) return error(-1, 'Request access_token fail: {"errcode":41002,"errmsg":"appid missing"}', [])
    const key = newLoginKey()
    const ticket = randomBytes(24).toString('base64url')
    const now = nowSeconds()
    ctx.db.prepare('INSERT INTO wechat_login_code (login_key, ticket, expire_time, cache_until) VALUES (?, ?, ?, ?)').run(key, ticket, now + CODE_SECONDS, now + CACHE_SECONDS)
    // The picture WeChat would draw: a QR code of the ticket's short URL.
    ctx.db
      .prepare("INSERT OR REPLACE INTO upload_image (path, kind, width, height, background, color, text, subtext) VALUES (?, 'qrcode', 430, 430, '#FFFFFF', '#000000', ?, '')")
      .run(qrcodePath(ticket), `http://weixin.qq.com/q/${ticket}`)
    const base = ctx.settings.publicUrl || ctx.origin || ''
    return success({ key, expire_time: CODE_SECONDS, qrcode: `${base}/${qrcodePath(ticket)}` })
  })

  // Login::checkLogin, polled by the PC every 2 s with the key.
  router.post('/api/login/checklogin', (ctx) => {
    requireKeys(ctx, ['key'])
    const key = str(ctx, 'key')
    const entry = cacheEntry(ctx, key)
    if (!entry) return error(-1, '已失效')
    if (entry.openid) {
      const member = ctx.db.prepare('SELECT member_id, status FROM member WHERE wx_openid = ? AND is_delete = 0').get(entry.openid) as
        { member_id: number; status: number } | undefined
      // Bound: signed in (the entry stays, so each poll until it expires signs in again, as upstream).
      if (member) return signInByOpenid(ctx, member.member_id, member.status)
      const authInfo: AuthInfo = { wx_openid: entry.openid, nickname: entry.nickname, headimg: entry.headimgurl }
      ctx.session.set('auth_info', authInfo)
      const config = ctx.services.config.get<RegisterSwitches>('REGISTER_CONFIG')
      clearEntry(ctx, key)
      // Third-party sign-up allowed and no mobile required: registered on the spot.
      if (Number(config.third_party) && !Number(config.bind_mobile)) return loginAnswer(ctx, registerByWechat(ctx, entry))
      return success()
    }
    if (nowSeconds() > entry.expire_time) {
      clearEntry(ctx, key)
      return error(-1, '已失效')
    }
    return error(-1, 'no login')
  })

  // Login::getMobileCode: the SMS code of a first WeChat sign-in, sent whether the mobile is
  // registered or not (the captcha is checked, not used up).
  router.post('/api/login/getMobileCode', (ctx) => {
    const captchaError = checkCaptcha(ctx, false)
    if (captchaError) return captchaError
    const mobile = str(ctx, 'mobile')
    if (mobile === '') return error(-1, '手机号不可为空！', [])
    const template = mobileExists(ctx.db, mobile) ? 'LOGIN_CODE' : 'REGISTER_CODE'
    return success({ key: ctx.services.sms.send(mobile, template, 'login_mobile_code_') })
  })

  // Login::wechatLogin: binds the session's openid to the mobile (a registered one is signed in,
  // a new one registered), with the captcha (used up) and the SMS code.
  router.post('/api/login/wechatLogin', (ctx) => {
    const captchaError = checkCaptcha(ctx, true)
    if (captchaError) return captchaError
    const authInfo = ctx.session.get<AuthInfo>('auth_info')
    if (authInfo) Object.assign(ctx.params, authInfo)
    requireKeys(ctx, ['key', 'mobile'])
    const mobile = str(ctx, 'mobile')
    const key = str(ctx, 'key')
    const smsError = checkSmsCode(ctx, key, mobile)
    if (smsError) return smsError
    ctx.services.sms.consume(key)
    const member = findMemberByMobile(ctx.db, mobile)
    if (member) {
      // Without the session's auth_info PHP reads a missing wx_openid: an "Undefined array key" exception.
      requireKeys(ctx, ['wx_openid'])
      ctx.db.prepare('UPDATE member SET wx_openid = ? WHERE member_id = ?').run(str(ctx, 'wx_openid'), member.member_id)
      if (member.status === 0) return error(-1, '您的账号已被锁定')
      return loginAnswer(ctx, member.member_id)
    }
    // Register::mobileRegister: the WeChat nickname (without 4-byte characters) or the masked mobile.
    const nickname = [...str(ctx, 'nickname')].filter((char) => Buffer.byteLength(char) < 4).join('') || `${mobile.slice(0, 3)}****${mobile.slice(7)}`
    const memberId = createMember(ctx.db, { username: freeUsername(ctx.db), password_hash: '', nickname, mobile })
    ctx.db.prepare('UPDATE member SET wx_openid = ? WHERE member_id = ?').run(str(ctx, 'wx_openid'), memberId)
    giveRegisterReward(ctx.db, memberId, ctx.services.config.record<RegisterReward['value']>('MEMBER_REGISTER_REWARD'))
    return success({ token: ctx.services.tokens.issue(memberId, { appType: ctx.appType }) })
  })
}
