import { randomBytes, randomInt } from 'node:crypto'
import { nowSeconds, wallSeconds } from '../../core/format.js'
import { hashPassword } from '../../core/password.js'
import type { Params } from '../../core/router.js'
import { createMember, findMemberById, mobileExists, usernameExists } from '../../models/member.js'
import { ok, bad, text, bool, integer, memberOf, type TestRoutes } from './params.js'

/** Test API: members, their tokens, carts and catalogue state; the SMS and captcha answers the tests read. */

// Makes every test member's defaults unique within the process.
let memberCounter = 0

export const memberTestRoutes: TestRoutes = {
  'GET /__test/sms': ({ params, services }) => {
    const mobile = text(params, 'mobile') ?? ''
    const sms = services.sms.latest(mobile)
    return sms ? ok(sms) : bad(404, `no SMS sent to ${mobile}`)
  },

  'GET /__test/captcha': ({ params, services }) => {
    const id = text(params, 'id') ?? ''
    const code = services.captchas.answer(id)
    return code === null ? bad(404, `no live captcha ${id}`) : ok({ id, code })
  },

  // Fresh member with unique defaults. Optional `group_with: <member_id>` puts it in that member's account group.
  'POST /__test/member': async ({ params, db }) => {
    memberCounter += 1
    const tag = `${Date.now().toString(36)}${memberCounter}${randomBytes(2).toString('hex')}`
    const username = text(params, 'username') ?? `test_${tag}`
    const password = text(params, 'password') ?? 'test123456'
    let mobile = text(params, 'mobile')
    if (mobile === undefined) {
      do mobile = `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
      while (mobileExists(db, mobile))
    }
    if (usernameExists(db, username)) return bad(409, `username ${username} exists`)
    if (mobile !== '' && mobileExists(db, mobile)) return bad(409, `mobile ${mobile} exists`)

    let groupId = 0
    const groupWith = integer(params, 'group_with')
    if (groupWith !== undefined) {
      const other = findMemberById(db, groupWith)
      if (!other) return bad(404, `no member ${groupWith}`)
      groupId = other.account_group_id
      if (!groupId) {
        groupId = Number(db.prepare('INSERT INTO account_group (name, create_time) VALUES (?, ?)').run(`group of ${groupWith}`, nowSeconds()).lastInsertRowid)
        db.prepare('UPDATE member SET account_group_id = ? WHERE member_id = ?').run(groupId, groupWith)
      }
    }
    const memberId = createMember(db, {
      username,
      password_hash: await hashPassword(password),
      nickname: text(params, 'nickname') ?? `测试会员${memberCounter}`,
      mobile,
      account_group_id: groupId,
    })
    return ok({ member_id: memberId, username, password, mobile })
  },

  // A token expiring in ttl_seconds (0 or less = already expired).
  'POST /__test/token': ({ params, db, services }) => {
    const memberId = integer(params, 'member_id')
    if (memberId === undefined || !findMemberById(db, memberId)) return bad(404, 'unknown member_id')
    const ttl = integer(params, 'ttl_seconds') ?? 3600
    return ok({ token: services.tokens.issue(memberId, { expireTime: wallSeconds() + ttl }) })
  },

  // Forget what a member did to the catalog: cart lines, follows, footprints and the coupons it
  // received (seeded coupons, codes KY…, stay). Stock and counters of coupon types are given back.
  'POST /__test/member-state/reset': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const counts = db.transaction(() => {
      const received = db
        .prepare("SELECT coupon_type_id, COUNT(*) AS n FROM member_coupon WHERE member_id = ? AND coupon_code NOT LIKE 'KY%' GROUP BY coupon_type_id")
        .all(memberId) as { coupon_type_id: number; n: number }[]
      for (const r of received) db.prepare('UPDATE coupon_type SET lead_count = MAX(0, lead_count - ?) WHERE coupon_type_id = ?').run(r.n, r.coupon_type_id)
      const collected = db.prepare('SELECT goods_id FROM goods_collect WHERE member_id = ?').all(memberId) as { goods_id: number }[]
      for (const c of collected) db.prepare('UPDATE goods SET collect_num = MAX(0, collect_num - 1) WHERE goods_id = ?').run(c.goods_id)
      return {
        cart: db.prepare('DELETE FROM cart WHERE member_id = ?').run(memberId).changes,
        collect: db.prepare('DELETE FROM goods_collect WHERE member_id = ?').run(memberId).changes,
        browse: db.prepare('DELETE FROM goods_browse WHERE member_id = ?').run(memberId).changes,
        coupons: db.prepare("DELETE FROM member_coupon WHERE member_id = ? AND coupon_code NOT LIKE 'KY%'").run(memberId).changes,
      }
    })()
    return ok({ member_id: memberId, deleted: counts })
  },

  // Replace a member's cart: `lines` [{sku_id, num}] and `bundles` [{bl_id, num}], inserted in that
  // order (goods lines first), so the last one is the newest. No stock, shelf or sale-control
  // checks: any SKU (off the shelf, out of stock, num above stock) can be put in a cart this way.
  'POST /__test/cart': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const entries = (name: string, key: 'sku_id' | 'bl_id') => {
      const list = params[name] ?? []
      if (!Array.isArray(list)) return null
      const out: { id: number; num: number }[] = []
      for (const item of list as Params[]) {
        const id = item && typeof item === 'object' ? integer(item, key) : undefined
        const num = item && typeof item === 'object' ? integer(item, 'num') : undefined
        if (id === undefined || num === undefined || num < 1) return null
        out.push({ id, num })
      }
      return out
    }
    const lines = entries('lines', 'sku_id')
    const bundles = entries('bundles', 'bl_id')
    if (!lines || !bundles) return bad(400, 'body must be {username, lines: [{sku_id, num}], bundles: [{bl_id, num}]} with integer ids and num >= 1')
    for (const line of lines) if (!db.prepare('SELECT 1 FROM goods_sku WHERE sku_id = ?').get(line.id)) return bad(404, `no sku ${line.id}`)
    for (const bundle of bundles) if (!db.prepare('SELECT 1 FROM bundling WHERE bl_id = ?').get(bundle.id)) return bad(404, `no bundling ${bundle.id}`)
    return ok(
      db.transaction(() => {
        db.prepare('DELETE FROM cart WHERE member_id = ?').run(memberId)
        const now = nowSeconds()
        const insert = db.prepare('INSERT INTO cart (member_id, sku_id, bl_id, num, create_time) VALUES (?, ?, ?, ?, ?)')
        return {
          member_id: memberId,
          lines: lines.map((l) => ({ cart_id: Number(insert.run(memberId, l.id, 0, l.num, now).lastInsertRowid), sku_id: l.id, num: l.num })),
          bundles: bundles.map((b) => ({ cart_id: Number(insert.run(memberId, 0, b.id, b.num, now).lastInsertRowid), bl_id: b.id, num: b.num })),
        }
      })(),
    )
  },

  // The member's live (unexpired) tokens, newest first.
  'GET /__test/tokens': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const rows = db
      .prepare('SELECT token FROM member_token WHERE member_id = ? AND (expire_time = 0 OR expire_time > ?) ORDER BY create_time DESC, rowid DESC')
      .all(memberId, wallSeconds()) as { token: string }[]
    return ok({ member_id: memberId, tokens: rows.map((r) => r.token) })
  },

  // Expire every live token of the member (its next call answers -10010 token已过期). Optional:
  // `seconds` sets the expiry that far ahead instead (under 300 s the next call hands out a
  // refreshtoken), `keep_latest` spares the newest token (a refreshed one).
  'POST /__test/expire-tokens': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const now = wallSeconds()
    const at = now + (integer(params, 'seconds') ?? -1)
    const spared = bool(params, 'keep_latest')
      ? ((db.prepare('SELECT rowid FROM member_token WHERE member_id = ? ORDER BY create_time DESC, rowid DESC LIMIT 1').get(memberId) as { rowid: number } | undefined)?.rowid ??
        -1)
      : -1
    const expired = db
      .prepare('UPDATE member_token SET expire_time = ? WHERE member_id = ? AND (expire_time = 0 OR expire_time > ?) AND rowid != ?')
      .run(at, memberId, now, spared).changes
    return ok({ member_id: memberId, expired })
  },
}
