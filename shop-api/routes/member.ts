import { money } from '../core/format.js'
import { error, int, requireMember, success, type Router } from '../core/router.js'
import { findMemberById } from '../models/member.js'
import { currentSeries } from '../models/signin.js'

/** Logged-in member endpoints: info, order counters, multi-account. All need `token` (cart: cart.ts, coupons: coupon.ts). */

/** /api/member/info columns, in the real answer's order. */
const INFO_COLUMNS = [
  'member_id',
  'source_member',
  'username',
  'nickname',
  'mobile',
  'email',
  'status',
  'headimg',
  'member_level',
  'member_level_name',
  'member_label',
  'member_label_name',
  'qq',
  'qq_openid',
  'wx_openid',
  'wx_unionid',
  'ali_openid',
  'baidu_openid',
  'toutiao_openid',
  'douyin_openid',
  'realname',
  'sex',
  'location',
  'birthday',
  'point',
  'balance',
  'balance_money',
  'growth',
  'password_hash',
  'member_level_type',
  'level_expire_time',
  'is_edit_username',
  'is_fenxiao',
  'province_id',
  'city_id',
  'district_id',
  'community_id',
  'address',
  'full_address',
  'longitude',
  'latitude',
  'member_code',
]

const LEVEL_MONEY = ['growth', 'consume_discount', 'point_feedback', 'send_balance'] as const

export function registerMemberRoutes(router: Router): void {
  router.post('/api/member/info', (ctx) => {
    const memberId = requireMember(ctx)
    const row = ctx.db.prepare(`SELECT ${INFO_COLUMNS.join(', ')} FROM member WHERE member_id = ?`).get(memberId) as Record<string, unknown> | undefined
    if (!row) return success(null)
    const info: Record<string, unknown> = {}
    for (const column of INFO_COLUMNS) {
      if (column === 'password_hash')
        info.password = row.password_hash ? 1 : 0 // a flag, never the hash
      else if (column === 'balance' || column === 'balance_money') info[column] = money(row[column] as number)
      else info[column] = row[column]
    }
    const level = ctx.db
      .prepare(
        `SELECT level_id, site_id, level_name, sort, growth, remark, is_default, is_free_shipping, consume_discount, point_feedback,
                send_point, send_balance, send_coupon, level_type, charge_rule, charge_type, bg_color, status, is_recommend,
                level_background, level_text_color, level_picture
         FROM member_level WHERE level_id = ?`,
      )
      .get(row.member_level) as Record<string, unknown> | undefined
    if (level) for (const key of LEVEL_MONEY) level[key] = money(level[key] as number)
    info.member_level_info = level ?? []
    info.sign_days_series = currentSeries(ctx.db, memberId)
    return success(info)
  })

  // ------------------------------------------------------------------------------- multi-account
  // Accounts of the caller's account group (itself included), oldest first.
  router.post('/multiaccount/api/MultiAccount/lists', (ctx) => {
    const memberId = requireMember(ctx)
    const me = findMemberById(ctx.db, memberId)
    const rows = (
      me && me.account_group_id
        ? ctx.db.prepare('SELECT member_id, nickname, mobile, username FROM member WHERE account_group_id = ? AND is_delete = 0 ORDER BY member_id').all(me.account_group_id)
        : ctx.db.prepare('SELECT member_id, nickname, mobile, username FROM member WHERE member_id = ?').all(memberId)
    ) as { member_id: number; nickname: string; mobile: string; username: string }[]
    return success({ group_list: rows.map((r) => ({ ...r, is_current_member: r.member_id === memberId ? 1 : 0 })) })
  })

  // member_id of an account in the same group → a token for it; anything else → -1 账号不存在.
  router.post('/multiaccount/api/MultiAccount/change', (ctx) => {
    const memberId = requireMember(ctx)
    const targetId = int(ctx, 'member_id', 0)
    const me = findMemberById(ctx.db, memberId)
    const target = findMemberById(ctx.db, targetId)
    const sameGroup = !!me && !!target && (target.member_id === me.member_id || (me.account_group_id !== 0 && target.account_group_id === me.account_group_id))
    if (!target || !sameGroup) return error(-1, '账号不存在')
    if (target.status === 0) return error(-1, '您的账号已被锁定')
    return success({ token: ctx.services.tokens.issue(target.member_id, { appType: ctx.appType }) })
  })
}
