import { randomBytes } from 'node:crypto'
import { nowSeconds } from '../../core/format.js'
import { insertRow } from '../../db/rows.js'
import { WITHDRAW_CONFIG } from '../../db/seed-members.js'
import { reviewWithdrawal, type WithdrawReview } from '../../models/finance.js'
import { EmailCodes } from '../../core/email-codes.js'
import { chinaDay, SIGNIN_CONFIG } from '../../models/signin.js'
import { reviewQualification } from '../../models/qualification.js'
import { ok, bad, text, bool, integer, memberOf, type TestRoutes } from './params.js'

/** Test API: the member centre (issue 11, docs/member-centre.md): finance, account, assets, qualifications (docs/qualifications.md), sale control. */
export const memberCentreTestRoutes: TestRoutes = {
  // ---- member finance (issue 11, docs/member-centre.md) ------------------------------------
  // The merchant's review of a withdrawal: {id, action: approve | refuse | pay | fail, reason?}.
  'POST /__test/withdraw/review': ({ params, db }) => {
    const id = integer(params, 'id')
    const action = text(params, 'action')
    if (id === undefined || !['approve', 'refuse', 'pay', 'fail'].includes(action ?? '')) return bad(400, 'body must be {id, action: approve | refuse | pay | fail, reason?}')
    const reason = text(params, 'reason') ?? ''
    const review: WithdrawReview = action === 'refuse' || action === 'fail' ? { action, reason } : { action: action as 'approve' | 'pay' }
    if (!reviewWithdrawal(db, id, review)) return bad(409, `withdrawal ${id} cannot be ${action}d from its state`)
    return ok(db.prepare('SELECT * FROM member_withdraw WHERE id = ?').get(id))
  },

  // The member's withdrawals (newest first) and frozen money.
  'GET /__test/withdraw': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    return ok({
      member: db.prepare('SELECT balance, balance_money, balance_withdraw_apply, balance_withdraw FROM member WHERE member_id = ?').get(memberId),
      rows: db.prepare('SELECT * FROM member_withdraw WHERE member_id = ? ORDER BY id DESC').all(memberId),
    })
  },

  // WITHDRAW_CONFIG, merged: {is_use?, is_auto_audit?, rate?, transfer_type?, min?, max?}; {reset: true} puts the seeded one back.
  'POST /__test/config/withdraw': ({ params, services }) => {
    if (bool(params, 'reset')) services.config.update('WITHDRAW_CONFIG', WITHDRAW_CONFIG)
    const patch: Record<string, number | string> = {}
    for (const name of ['is_use', 'is_auto_audit', 'rate', 'min', 'max']) {
      const n = integer(params, name) ?? (typeof params[name] === 'number' ? (params[name] as number) : undefined)
      if (n === undefined) continue
      if (!Number.isFinite(n) || n < 0) return bad(400, `${name} must be a number ≥ 0`)
      patch[name] = n
    }
    const types = text(params, 'transfer_type')
    if (types !== undefined) patch.transfer_type = types
    if (Object.keys(patch).length) services.config.update('WITHDRAW_CONFIG', patch)
    return ok(services.config.get('WITHDRAW_CONFIG'))
  },

  // The member's recharge orders (any status), newest first.
  'GET /__test/recharge-orders': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    return ok(db.prepare('SELECT * FROM member_recharge_order WHERE member_id = ? ORDER BY order_id DESC').all(memberId))
  },
  // ---- end member finance ----------------------------------------------------------------

  // ---- member account: mobile/email binding, staff (issue 11, docs/member-centre.md) --------
  // The latest code "mailed" to an address (simulated mail, email binding).
  'GET /__test/email': ({ params, db }) => {
    const email = text(params, 'email') ?? ''
    const sent = new EmailCodes(db).latest(email)
    return sent ? ok(sent) : bad(404, `no email sent to ${email}`)
  },

  // Makes a member a salesman (status 1, or 0 to disable) whose team is `team` (member ids).
  'POST /__test/salesman': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const team = Array.isArray(params.team) ? params.team.map(Number).filter((id) => Number.isInteger(id) && id > 0) : []
    db.prepare('INSERT OR REPLACE INTO salesman (member_id, salesman_name, status, create_time) VALUES (?, ?, ?, ?)').run(
      memberId,
      text(params, 'name') ?? '测试业务员',
      integer(params, 'status') ?? 1,
      nowSeconds(),
    )
    for (const id of team) db.prepare('UPDATE member SET salesman_id = ? WHERE member_id = ?').run(memberId, id)
    return ok({ member_id: memberId, team })
  },
  // ---- end member account ------------------------------------------------------------------
  // ---- member assets (docs/member-centre.md: follows, footprint, coupons, sign-in) ----------
  // A coupon of a seeded type straight into the member's hands: {username | member_id,
  // coupon_type_id, state?: 1 | 2 | 3 | 4, end_time? (unix seconds, 0 = no end)} → {coupon_id}.
  'POST /__test/member-coupon': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const type = db.prepare('SELECT * FROM coupon_type WHERE coupon_type_id = ?').get(integer(params, 'coupon_type_id') ?? 0) as Record<string, unknown> | undefined
    if (!type) return bad(404, 'unknown coupon_type_id')
    const state = integer(params, 'state') ?? 1
    if (![1, 2, 3, 4].includes(state)) return bad(400, 'state must be 1, 2, 3 or 4')
    const now = nowSeconds()
    const couponId = insertRow(db, 'member_coupon', {
      coupon_type_id: type.coupon_type_id,
      coupon_code: `T${randomBytes(6).toString('hex').toUpperCase()}`,
      member_id: memberId,
      coupon_name: type.coupon_name,
      type: type.type,
      money: type.money,
      discount: type.discount,
      discount_limit: type.discount_limit,
      at_least: type.at_least,
      state,
      get_type: 2,
      fetch_time: now,
      use_time: state === 2 ? now : 0,
      start_time: now,
      end_time: integer(params, 'end_time') ?? (type.end_time as number),
      goods_type: type.goods_type,
      use_channel: type.use_channel,
      use_store: type.use_store,
    })
    return ok({ coupon_id: couponId })
  },

  // A footprint at a given time: {username | member_id, goods_id, browse_time (unix seconds)} → {id}.
  'POST /__test/footprint': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const goodsId = integer(params, 'goods_id')
    const browseTime = integer(params, 'browse_time')
    if (goodsId === undefined || browseTime === undefined) return bad(400, 'body must be {goods_id, browse_time}')
    const sku = db.prepare('SELECT sku_id FROM goods_sku WHERE goods_id = ? ORDER BY sku_id LIMIT 1').get(goodsId) as { sku_id: number } | undefined
    if (!sku) return bad(404, 'unknown goods_id')
    db.prepare(
      `INSERT INTO goods_browse (member_id, goods_id, sku_id, browse_time) VALUES (?, ?, ?, ?)
       ON CONFLICT (member_id, goods_id) DO UPDATE SET browse_time = excluded.browse_time`,
    ).run(memberId, goodsId, sku.sku_id, browseTime)
    return ok(db.prepare('SELECT id FROM goods_browse WHERE member_id = ? AND goods_id = ?').get(memberId, goodsId))
  },

  // Sign-ins on the `days` days before today (series 1..days), as if the member had signed in then
  // (no reward given): {username | member_id, days} → {days}.
  'POST /__test/signin-history': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const days = integer(params, 'days')
    if (days === undefined || days < 1 || days > 60) return bad(400, 'days must be 1–60')
    const now = nowSeconds()
    for (let back = days; back >= 1; back -= 1) {
      const at = now - back * 86_400
      db.prepare('INSERT OR IGNORE INTO member_signin (member_id, sign_date, days_series, create_time) VALUES (?, ?, ?, ?)').run(memberId, chinaDay(at), days - back + 1, at)
    }
    return ok({ days })
  },

  // The sign-in switch: {is_use: 0 | 1} or {reset: true} (the seeded config) → the config.
  'POST /__test/config/signin': ({ params, services }) => {
    if (bool(params, 'reset')) services.config.update('SIGNIN_CONFIG', SIGNIN_CONFIG)
    const isUse = integer(params, 'is_use')
    if (isUse !== undefined) {
      if (isUse !== 0 && isUse !== 1) return bad(400, 'is_use must be 0 or 1')
      services.config.update('SIGNIN_CONFIG', { is_use: isUse })
    }
    return ok(services.config.get('SIGNIN_CONFIG'))
  },
  // ---- end member assets --------------------------------------------------------------------
  // ---- qualifications (issue 11, docs/qualifications.md) -----------------------------------
  // The merchant's review of a pending submission: {id, action: approve | reject, reason?}.
  'POST /__test/qualification/review': ({ params, db }) => {
    const id = integer(params, 'id')
    const action = text(params, 'action')
    if (id === undefined || (action !== 'approve' && action !== 'reject')) return bad(400, 'body must be {id, action: approve | reject, reason?}')
    const reason = text(params, 'reason') ?? ''
    if (action === 'reject' && !reason.trim()) return bad(400, 'a rejection needs a reason')
    if (!reviewQualification(db, id, action === 'approve' ? { action } : { action, reason })) return bad(409, `submission ${id} is not pending`)
    return ok(db.prepare('SELECT * FROM member_qualification WHERE id = ?').get(id))
  },

  // The member's submissions, newest first: {username | member_id}.
  'GET /__test/qualification': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    return ok(db.prepare('SELECT * FROM member_qualification WHERE member_id = ? ORDER BY id DESC').all(memberId))
  },

  // Sets the member's business type: {username | member_id, label} (label 0 = none).
  'POST /__test/qualification/label': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const label = integer(params, 'label') ?? 0
    const row = label
      ? (db.prepare('SELECT label_id, label_name FROM member_label WHERE label_id = ?').get(label) as { label_id: number; label_name: string } | undefined)
      : undefined
    if (label && !row) return bad(404, `no member label ${label}`)
    db.prepare('UPDATE member SET member_label = ?, member_label_name = ? WHERE member_id = ?').run(row ? `,${row.label_id},` : ',', row?.label_name ?? '', memberId)
    return ok({ member_id: memberId, member_label: row?.label_id ?? 0 })
  },
  // The goods that need a qualification: [{goods_id, sku_id, goods_name, member_label, aptitude_id}].
  'GET /__test/qualification/goods': ({ db }) =>
    ok(
      db
        .prepare(
          `SELECT r.goods_id, g.sku_id, g.goods_name, r.member_label, r.aptitude_id FROM qualification_rule r JOIN goods g ON g.goods_id = r.goods_id
           WHERE r.type = 'goods' ORDER BY r.id`,
        )
        .all(),
    ),
  // ---- end qualifications ------------------------------------------------------------------
  // A sale-control rule of one goods for one member (issue 29): {username | member_id, goods_id,
  // is_member_by, view_price, not_buy_msg?}; it replaces the member's earlier rule of that goods.
  'POST /__test/sale-control': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const goodsId = integer(params, 'goods_id')
    const isMemberBy = integer(params, 'is_member_by')
    const viewPrice = integer(params, 'view_price')
    const flags = [isMemberBy, viewPrice]
    if (goodsId === undefined || flags.some((flag) => flag !== 0 && flag !== 1))
      return bad(400, 'body must be {username, goods_id, is_member_by: 0|1, view_price: 0|1, not_buy_msg?}')
    db.prepare("DELETE FROM sale_control WHERE type = 'goods' AND goods_id = ? AND member_id = ?").run(goodsId, memberId)
    db.prepare("INSERT INTO sale_control (type, goods_id, member_id, is_member_by, view_price, not_buy_msg, reason) VALUES ('goods', ?, ?, ?, ?, ?, '')").run(
      goodsId,
      memberId,
      isMemberBy,
      viewPrice,
      text(params, 'not_buy_msg') ?? '',
    )
    return ok({ member_id: memberId, goods_id: goodsId })
  },
}
