import { createHash, randomBytes } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { nowSeconds } from './format.js'

/**
 * ThinkPHP 6's session as Niushop's API runs it (app/middleware.php: SessionInit on every request;
 * config/session.php: name PHPSESSID, file driver). The id comes from the PHPSESSID cookie when it
 * is 32 letters and digits (think\session\Store::setId), else a new one is made; every answer sets
 * the cookie (`PHPSESSID=<id>; path=/`, config/cookie.php: no HttpOnly, no expiry). Values are kept
 * per id in `php_session`. Only the WeChat login uses it (Login::checkLogin → wechatLogin).
 */
export const PHP_SESSION_COOKIE = 'PHPSESSID'

/** config/session.php's expire (1440 × 1000 s); older rows are dropped now and then. */
const SESSION_LIFETIME_SECONDS = 1440 * 1000

export class PhpSession {
  private data: Record<string, unknown> | undefined

  constructor(
    private readonly db: Database,
    readonly id: string,
  ) {}

  /** The id of the request's PHPSESSID cookie when valid, else a new one. */
  static idFrom(cookieHeader: string | undefined): string {
    for (const part of (cookieHeader ?? '').split(';')) {
      const [name, ...value] = part.trim().split('=')
      const id = value.join('=')
      if (name === PHP_SESSION_COOKIE && /^[A-Za-z0-9]{32}$/.test(id)) return id
    }
    return createHash('md5').update(randomBytes(16)).digest('hex')
  }

  /** The Set-Cookie header every answer carries. */
  cookie(): string {
    return `${PHP_SESSION_COOKIE}=${this.id}; path=/`
  }

  get<T>(name: string): T | undefined {
    return this.load()[name] as T | undefined
  }

  set(name: string, value: unknown): void {
    const data = { ...this.load(), [name]: value }
    this.data = data
    const now = nowSeconds()
    this.db
      .prepare(
        'INSERT INTO php_session (session_id, data, modify_time) VALUES (?, ?, ?) ON CONFLICT(session_id) DO UPDATE SET data = excluded.data, modify_time = excluded.modify_time',
      )
      .run(this.id, JSON.stringify(data), now)
    this.db.prepare('DELETE FROM php_session WHERE modify_time < ?').run(now - SESSION_LIFETIME_SECONDS)
  }

  private load(): Record<string, unknown> {
    if (!this.data) {
      const row = this.db.prepare('SELECT data FROM php_session WHERE session_id = ?').get(this.id) as { data: string } | undefined
      this.data = row ? (JSON.parse(row.data) as Record<string, unknown>) : {}
    }
    return this.data
  }
}
