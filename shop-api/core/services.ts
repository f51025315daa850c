import { createHash, randomBytes, randomInt } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import svgCaptcha from 'svg-captcha'
import { ChatHub } from './chat-hub.js'
import { nowSeconds, wallSeconds } from './format.js'

/**
 * Stateful services behind the routes: config records, tokens, captchas and the simulated
 * SMS gateway. All state is in SQLite, so a restart keeps logins and pending codes.
 */
export interface Services {
  config: ConfigStore
  tokens: Tokens
  captchas: Captchas
  sms: SmsGateway
  /** The chat socket's connections (servicer addon, core/chat-hub.ts). */
  chat: ChatHub
}

export function createServices(db: Database, options: { tokenTtlSeconds: number; log: boolean }): Services {
  return {
    config: new ConfigStore(db),
    tokens: new Tokens(db, options.tokenTtlSeconds),
    captchas: new Captchas(db),
    sms: new SmsGateway(db, options.log),
    chat: new ChatHub(db, (uid) => chatUidGone(db, uid)),
  }
}

/** A uid's last socket closed: a member goes offline (servicers are told), a servicer console too. */
function chatUidGone(db: Database, uid: string): void {
  if (!db.open) return // sockets closing as the API stops
  const servicer = /^ns_servicer_(\d+)$/.exec(uid)
  if (servicer) db.prepare('UPDATE servicer SET online = 0 WHERE user_id = ?').run(Number(servicer[1]))
  else db.prepare('UPDATE servicer_member SET online = 0 WHERE member_id = ?').run(Number(uid))
}

// ---------------------------------------------------------------------------------------------

export interface ConfigRecord<T> {
  site_id: number
  app_module: string
  config_key: string
  value: T
  config_desc: string
  is_use: number
  create_time: number
  modify_time: number
}

/** Reads and writes the `config` table (values are JSON). */
export class ConfigStore {
  constructor(private readonly db: Database) {}

  record<T = Record<string, unknown>>(key: string): ConfigRecord<T> {
    const row = this.db.prepare('SELECT * FROM config WHERE app_module = ? AND config_key = ?').get('shop', key) as (Omit<ConfigRecord<T>, 'value'> & { value: string }) | undefined
    if (!row) throw new Error(`config ${key} is missing`)
    return { ...row, value: JSON.parse(row.value) as T }
  }

  get<T = Record<string, unknown>>(key: string): T {
    return this.record<T>(key).value
  }

  /** Shallow-merge `patch` into the stored value. */
  update(key: string, patch: Record<string, unknown>): void {
    const value = { ...this.get<Record<string, unknown>>(key), ...patch }
    this.db.prepare('UPDATE config SET value = ?, modify_time = ? WHERE app_module = ? AND config_key = ?').run(JSON.stringify(value), nowSeconds(), 'shop', key)
  }
}

// ---------------------------------------------------------------------------------------------

export type TokenCheck = { ok: true; memberId: number; refreshToken?: string } | { ok: false; code: number; message: string }

/**
 * API tokens: opaque random strings (43 chars of base64url) mapped to a member in `member_token`.
 * Niushop encrypts {member_id, expire_time} into the token instead; clients only see an opaque
 * string either way.
 */
export class Tokens {
  /** member_id → refresh token minted in the last 6 minutes (BaseApi caches it 360 s). */
  private readonly recentRefresh = new Map<number, { token: string; at: number }>()

  constructor(
    private readonly db: Database,
    private readonly ttlSeconds: number,
  ) {}

  /**
   * Issue a token. By default it lives `ttlSeconds` (0 = never expires, like Niushop's
   * long_time 0); `expireTime` (unix seconds) sets the expiry directly (the test API uses it
   * to make short-lived or already-expired tokens).
   */
  issue(memberId: number, opts: { expireTime?: number; appType?: string } = {}): string {
    const now = wallSeconds()
    const expire = opts.expireTime ?? (this.ttlSeconds === 0 ? 0 : now + this.ttlSeconds)
    const token = randomBytes(32).toString('base64url')
    this.db.prepare('INSERT INTO member_token (token, member_id, app_type, create_time, expire_time) VALUES (?, ?, ?, ?, ?)').run(token, memberId, opts.appType ?? '', now, expire)
    return token
  }

  check(token: string): TokenCheck {
    if (token === '') return { ok: false, code: -1, message: '您尚未登录，请先进行登录' }
    const row = this.db
      .prepare('SELECT t.member_id, t.expire_time FROM member_token t JOIN member m ON m.member_id = t.member_id WHERE t.token = ? AND m.is_delete = 0')
      .get(token) as { member_id: number; expire_time: number } | undefined
    if (!row) return { ok: false, code: -10009, message: 'token错误' }
    const now = wallSeconds()
    if (row.expire_time !== 0 && row.expire_time <= now) return { ok: false, code: -10010, message: 'token已过期' }
    let refreshToken: string | undefined
    if (row.expire_time !== 0 && row.expire_time - now < 300) {
      const recent = this.recentRefresh.get(row.member_id)
      if (!recent || now - recent.at >= 360) {
        refreshToken = this.issue(row.member_id)
        this.recentRefresh.set(row.member_id, { token: refreshToken, at: now })
      }
    }
    return { ok: true, memberId: row.member_id, refreshToken }
  }

  /** Forget tokens that expired more than a week ago. */
  prune(): void {
    this.db.prepare('DELETE FROM member_token WHERE expire_time != 0 AND expire_time < ?').run(wallSeconds() - 7 * 86400)
  }
}

// ---------------------------------------------------------------------------------------------

const CAPTCHA_TTL = 600

export type CaptchaCheck = { ok: true } | { ok: false; message: string }

/**
 * Image captchas (svg-captcha; the real API draws PNGs). Answers are kept 10 minutes and
 * compared case-insensitively. A consuming check (`consume: true`, PHP Cache::pull) deletes
 * the answer whatever the outcome; a non-consuming one (Cache::get) leaves it.
 */
export class Captchas {
  constructor(private readonly db: Database) {}

  create(previousId?: string): { id: string; img: string } {
    if (previousId) this.db.prepare('DELETE FROM captcha WHERE id = ?').run(previousId)
    const captcha = svgCaptcha.create({ size: 4, ignoreChars: '0oO1iIlL', noise: 2, color: true, background: '#f3fbfe', width: 100, height: 40 })
    const id = randomBytes(16).toString('hex')
    const now = nowSeconds()
    this.db.prepare('INSERT INTO captcha (id, code, create_time, expire_time) VALUES (?, ?, ?, ?)').run(id, captcha.text, now, now + CAPTCHA_TTL)
    this.db.prepare('DELETE FROM captcha WHERE expire_time < ?').run(now)
    // PHP's chunk_split: base64 in 76-char lines, each ended by "\r\n", as the real `img` is.
    const base64 = Buffer.from(captcha.data).toString('base64')
    const chunked = base64.replace(/.{1,76}/g, (line) => `${line}\r\n`)
    return { id, img: `data:image/svg+xml;base64,${chunked}` }
  }

  /** The stored answer (for the test API), or null when unknown/expired. */
  answer(id: string): string | null {
    const row = this.db.prepare('SELECT code, expire_time FROM captcha WHERE id = ?').get(id) as { code: string; expire_time: number } | undefined
    return row && row.expire_time >= nowSeconds() ? row.code : null
  }

  /** Captcha::checkCaptcha: missing params, unknown/expired id, wrong answer. */
  check(id: string, code: string, consume: boolean): CaptchaCheck {
    if (id === '') return { ok: false, message: '缺少参数captcha_id' }
    if (code === '') return { ok: false, message: '缺少参数captcha_code' }
    const stored = this.answer(id)
    if (consume) this.db.prepare('DELETE FROM captcha WHERE id = ?').run(id)
    if (stored === null) return { ok: false, message: '验证码已失效' }
    if (stored.toLowerCase() !== code.trim().toLowerCase()) return { ok: false, message: '验证码不正确' }
    return { ok: true }
  }
}

// ---------------------------------------------------------------------------------------------

const SMS_TTL = 600

/**
 * Wrong codes a key takes before it is burned: the try that reaches the limit marks the code used,
 * and every later try of that key, even with the right code, is refused with SMS_BURNED_MESSAGE.
 * (A 4-digit code with unlimited tries for 10 minutes can be guessed.)
 */
export const SMS_MAX_WRONG_TRIES = 5

export const SMS_BURNED_MESSAGE = '验证码错误次数过多，请重新获取'

export interface SmsRecord {
  mobile: string
  code: string
  key: string
  template: string
  expires_at: number
  /** Wrong codes tried against this key so far. */
  wrong_tries: number
  /** 1 once the code served its purpose or was burned by wrong tries. */
  used: number
}

/** `burned`: the key took SMS_MAX_WRONG_TRIES wrong codes (now, or before). */
export type SmsCheck = { ok: true } | { ok: false; burned: boolean }

/**
 * The simulated SMS gateway. Nothing is sent: a 4-digit code is stored under a key (valid
 * 10 minutes) and, when logging is on, printed as `[shop-api] SMS to 138…: 1234`.
 * Tests read it with GET /__test/sms?mobile=…
 */
export class SmsGateway {
  constructor(
    private readonly db: Database,
    private readonly log: boolean,
  ) {}

  /** "Send" a code; returns the key the client must send back with it. */
  send(mobile: string, template: string, keyPrefix: string): string {
    const code = String(randomInt(1, 10000)).padStart(4, '0')
    const key = keyPrefix + createHash('md5').update(randomBytes(16)).digest('hex')
    const now = nowSeconds()
    this.db
      .prepare('INSERT INTO sms_code (sms_key, mobile, code, template, create_time, expire_time) VALUES (?, ?, ?, ?, ?, ?)')
      .run(key, mobile, code, template, now, now + SMS_TTL)
    if (this.log) console.log(`[shop-api] SMS to ${mobile} (${template}): ${code}`)
    return key
  }

  /**
   * Does `key` hold `code` for `mobile`, unexpired and unused (Cache::get + compare)? A wrong
   * code (or mobile) against a live key counts a wrong try; the SMS_MAX_WRONG_TRIES-th burns it.
   * Unknown, expired and used keys count nothing (there is nothing left to guess).
   */
  verify(key: string, mobile: string, code: string): SmsCheck {
    if (key === '') return { ok: false, burned: false }
    return this.db.transaction((): SmsCheck => {
      const row = this.db.prepare('SELECT mobile, code, expire_time, used, wrong_tries FROM sms_code WHERE sms_key = ?').get(key) as
        { mobile: string; code: string; expire_time: number; used: number; wrong_tries: number } | undefined
      if (!row) return { ok: false, burned: false }
      if (row.wrong_tries >= SMS_MAX_WRONG_TRIES) return { ok: false, burned: true }
      if (row.used || row.expire_time < nowSeconds()) return { ok: false, burned: false }
      if (row.mobile === mobile && row.code === code.trim()) return { ok: true }
      const tries = row.wrong_tries + 1
      const burned = tries >= SMS_MAX_WRONG_TRIES
      this.db.prepare('UPDATE sms_code SET wrong_tries = ?, used = ? WHERE sms_key = ?').run(tries, burned ? 1 : row.used, key)
      return { ok: false, burned }
    })()
  }

  /**
   * Does `key` hold `code`, whatever mobile it was sent to? Niushop 5.5.2 checks some codes so
   * (`verifypaypwdcode`, `modifypassword` for a member without a password: `Cache::get($key)` and
   * the code compared, nothing else); wrong tries count as in `verify`.
   */
  verifyCode(key: string, code: string): SmsCheck {
    const row = key === '' ? undefined : (this.db.prepare('SELECT mobile FROM sms_code WHERE sms_key = ?').get(key) as { mobile: string } | undefined)
    return row ? this.verify(key, row.mobile, code) : { ok: false, burned: false }
  }

  /** Burn a key after it served its purpose, so a code works once. */
  consume(key: string): void {
    this.db.prepare('UPDATE sms_code SET used = 1 WHERE sms_key = ?').run(key)
  }

  latest(mobile: string): SmsRecord | null {
    const row = this.db.prepare('SELECT mobile, code, sms_key, template, expire_time, wrong_tries, used FROM sms_code WHERE mobile = ? ORDER BY id DESC LIMIT 1').get(mobile) as
      { mobile: string; code: string; sms_key: string; template: string; expire_time: number; wrong_tries: number; used: number } | undefined
    return row ? { mobile: row.mobile, code: row.code, key: row.sms_key, template: row.template, expires_at: row.expire_time, wrong_tries: row.wrong_tries, used: row.used } : null
  }
}
