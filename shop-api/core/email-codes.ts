import { createHash, randomBytes, randomInt } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { nowSeconds } from './format.js'
import { SMS_MAX_WRONG_TRIES, type SmsCheck } from './services.js'

const EMAIL_CODE_TTL = 600

/**
 * The simulated mail gateway for email binding (bingemailcode → modifyemail): nothing is sent; a
 * 6-digit code is stored under a key (10 minutes, one use, burned after SMS_MAX_WRONG_TRIES wrong
 * tries, as SMS codes are) and, when logging is on, printed. Tests read it with GET /__test/email.
 */
export class EmailCodes {
  constructor(
    private readonly db: Database,
    private readonly log = false,
  ) {}

  send(memberId: number, email: string): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const key = 'email_code_' + createHash('md5').update(randomBytes(16)).digest('hex')
    const now = nowSeconds()
    this.db
      .prepare('INSERT INTO email_code (code_key, member_id, email, code, create_time, expire_time) VALUES (?, ?, ?, ?, ?, ?)')
      .run(key, memberId, email, code, now, now + EMAIL_CODE_TTL)
    if (this.log) console.log(`[shop-api] email to ${email}: ${code}`)
    return key
  }

  /** Does `key` hold `code` for this member and `email`, unexpired and unused? A wrong code counts a try. */
  verify(key: string, memberId: number, email: string, code: string): SmsCheck {
    if (key === '') return { ok: false, burned: false }
    return this.db.transaction((): SmsCheck => {
      const row = this.db.prepare('SELECT member_id, email, code, expire_time, used, wrong_tries FROM email_code WHERE code_key = ?').get(key) as
        { member_id: number; email: string; code: string; expire_time: number; used: number; wrong_tries: number } | undefined
      if (!row || row.member_id !== memberId) return { ok: false, burned: false }
      if (row.wrong_tries >= SMS_MAX_WRONG_TRIES) return { ok: false, burned: true }
      if (row.used || row.expire_time < nowSeconds()) return { ok: false, burned: false }
      if (row.email === email && row.code === code.trim()) return { ok: true }
      const tries = row.wrong_tries + 1
      const burned = tries >= SMS_MAX_WRONG_TRIES
      this.db.prepare('UPDATE email_code SET wrong_tries = ?, used = ? WHERE code_key = ?').run(tries, burned ? 1 : row.used, key)
      return { ok: false, burned }
    })()
  }

  consume(key: string): void {
    this.db.prepare('UPDATE email_code SET used = 1 WHERE code_key = ?').run(key)
  }

  latest(email: string): { email: string; code: string; key: string; expires_at: number; used: number } | null {
    const row = this.db.prepare('SELECT email, code, code_key, expire_time, used FROM email_code WHERE email = ? ORDER BY id DESC LIMIT 1').get(email) as
      { email: string; code: string; code_key: string; expire_time: number; used: number } | undefined
    return row ? { email: row.email, code: row.code, key: row.code_key, expires_at: row.expire_time, used: row.used } : null
  }
}
