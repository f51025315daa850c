import { money, nowSeconds } from '../core/format.js'
import { error, int, isEmpty, pageResult, paging, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { optionalMemberId } from '../models/catalog.js'
import { couponTypeRow, giveCoupons, GOODS_TYPE_NAMES, hasStock, isReceivable, USE_CHANNEL_NAMES, USE_STORE_NAMES, type CouponTypeRecord } from '../models/coupon.js'

/** Coupons (/coupon/api/coupon/*): the coupon centre, receiving, the member's coupons. */

function receivableTypes(ctx: Context): CouponTypeRecord[] {
  const now = nowSeconds()
  let rows = (ctx.db.prepare('SELECT * FROM coupon_type ORDER BY coupon_type_id').all() as CouponTypeRecord[]).filter((r) => isReceivable(r, now))
  const ids = str(ctx, 'coupon_type_id_arr')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
  if (ids.length) rows = rows.filter((r) => ids.includes(r.coupon_type_id))
  const type = str(ctx, 'type')
  if (type === 'reward' || type === 'discount') rows = rows.filter((r) => r.type === type)
  else if (type === 'no_threshold') rows = rows.filter((r) => r.at_least === 0)
  if (int(ctx, 'can_receive', 0) === 1) rows = rows.filter(hasStock)
  return rows
}

export function registerCouponRoutes(router: Router): void {
  // Receivable coupon types (an array; `num` limits it). With a token: the member's counts too.
  router.post('/coupon/api/coupon/typelists', (ctx) => {
    const memberId = optionalMemberId(ctx)
    const num = int(ctx, 'num', 0)
    const rows = receivableTypes(ctx)
    return success((num > 0 ? rows.slice(0, num) : rows).map((r) => couponTypeRow(ctx.db, r, memberId)))
  })

  router.post('/coupon/api/coupon/typepagelists', (ctx) => {
    const memberId = optionalMemberId(ctx)
    const { page, pageSize } = paging(ctx)
    const rows = receivableTypes(ctx)
    const slice = pageSize > 0 ? rows.slice((page - 1) * pageSize, page * pageSize) : rows
    return success(
      pageResult(
        slice.map((r) => couponTypeRow(ctx.db, r, memberId)),
        rows.length,
        pageSize,
      ),
    )
  })

  router.post('/coupon/api/coupon/typeinfo', (ctx) => {
    if (isEmpty(param(ctx, 'coupon_type_id'))) return error(-1, '缺少参数coupon_type_id')
    const row = ctx.db.prepare('SELECT * FROM coupon_type WHERE coupon_type_id = ?').get(int(ctx, 'coupon_type_id', 0)) as CouponTypeRecord | undefined
    return success(row ? couponTypeRow(ctx.db, row, optionalMemberId(ctx)) : null)
  })

  // Receive one coupon. Limits: total count, per-member max_fetch, ended type. The two limit texts use
  // docs/catalog-contract.md's wording (upstream: 来迟了该优惠券已被领取完了！ / 该优惠券领取已达到上限！).
  // data {is_exist: 1}: the member now holds a usable coupon of this type.
  router.post('/coupon/api/coupon/receive', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'coupon_type_id'))) return error(-1, '缺少参数coupon_type_id')
    const getType = int(ctx, 'get_type', 2) || 2
    const typeId = int(ctx, 'coupon_type_id', 0)
    return ctx.db.transaction(() => {
      const row = ctx.db.prepare('SELECT * FROM coupon_type WHERE coupon_type_id = ?').get(typeId) as CouponTypeRecord | undefined
      const now = nowSeconds()
      if (!row || row.is_show !== 1) return error(-1, '未查找到该优惠券！')
      if (!isReceivable(row, now)) return error(-1, '该优惠券活动已结束！')
      if (!hasStock(row)) return error(-1, '来迟了，该优惠券已领完！')
      const held = (ctx.db.prepare('SELECT COUNT(*) AS n FROM member_coupon WHERE member_id = ? AND coupon_type_id = ?').get(memberId, typeId) as { n: number }).n
      if (row.max_fetch > 0 && held >= row.max_fetch) return error(-1, '该优惠券已达到领取上限！')
      giveCoupons(ctx.db, row, memberId, getType)
      return success({ is_exist: 1 })
    })()
  })

  // The member's coupons: state 1 usable (default), 2 used, 3 expired, 4 closed; `type` reward|discount|no_threshold.
  // A usable coupon whose end time has passed is expired (as `num` counts it), before any job marks it so.
  router.post('/coupon/api/coupon/memberpage', (ctx) => {
    const memberId = requireMember(ctx)
    const state = int(ctx, 'state', 1) || 1
    const { page, pageSize } = paging(ctx)
    const now = nowSeconds()
    const where = ['mc.member_id = ?']
    const args: unknown[] = [memberId]
    if (state === 1) {
      where.push('mc.state = 1 AND (mc.end_time = 0 OR mc.end_time > ?)')
      args.push(now)
    } else if (state === 3) {
      where.push('(mc.state = 3 OR (mc.state = 1 AND mc.end_time > 0 AND mc.end_time <= ?))')
      args.push(now)
    } else {
      where.push('mc.state = ?')
      args.push(state)
    }
    const type = str(ctx, 'type')
    if (type === 'reward' || type === 'discount') {
      where.push('mc.type = ?')
      args.push(type)
    } else if (type === 'no_threshold') where.push('mc.at_least = 0')
    const count = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM member_coupon mc WHERE ${where.join(' AND ')}`).get(...args) as { n: number }).n
    const limit = pageSize > 0 ? ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}` : ''
    const rows = ctx.db
      .prepare(
        `SELECT mc.*, m.nickname, m.headimg, m.mobile, o.order_no, COALESCE(t.goods_ids, ',,') AS goods_ids
         FROM member_coupon mc JOIN member m ON m.member_id = mc.member_id
         LEFT JOIN orders o ON o.order_id = mc.use_order_id AND mc.use_order_id > 0
         LEFT JOIN coupon_type t ON t.coupon_type_id = mc.coupon_type_id
         WHERE ${where.join(' AND ')} ORDER BY mc.fetch_time DESC, mc.coupon_id DESC${limit}`,
      )
      .all(...args) as Record<string, unknown>[]
    const list = rows.map((r) => ({
      coupon_name: r.coupon_name,
      type: r.type,
      use_order_id: r.use_order_id,
      coupon_id: r.coupon_id,
      coupon_type_id: r.coupon_type_id,
      site_id: r.site_id,
      coupon_code: r.coupon_code,
      member_id: r.member_id,
      discount_limit: money(r.discount_limit as number),
      at_least: money(r.at_least as number),
      money: money(r.money as number),
      discount: money(r.discount as number),
      state: state === 3 ? 3 : r.state,
      get_type: r.get_type,
      fetch_time: r.fetch_time,
      use_time: r.use_time,
      start_time: r.start_time,
      end_time: r.end_time,
      nickname: r.nickname,
      order_no: r.order_no ?? null,
      headimg: r.headimg,
      mobile: r.mobile,
      use_channel: r.use_channel,
      use_store: r.use_store,
      goods_type: r.goods_type,
      goods_ids: r.goods_ids,
      use_channel_name: USE_CHANNEL_NAMES[r.use_channel as string] ?? '',
      goods_type_name: GOODS_TYPE_NAMES[r.goods_type as number] ?? '',
      use_store_name: USE_STORE_NAMES[r.use_store as string] ?? '',
    }))
    return success(pageResult(list, count, pageSize))
  })

  // state: 1 usable (default; unexpired only), 2 used, 3 expired (or past its end), 4 closed → an int.
  router.post('/coupon/api/coupon/num', (ctx) => {
    const memberId = requireMember(ctx)
    const state = int(ctx, 'state', 1) || 1
    const sql =
      state === 1
        ? 'SELECT COUNT(*) AS n FROM member_coupon WHERE member_id = ? AND state = 1 AND (end_time = 0 OR end_time > ?)'
        : state === 3
          ? 'SELECT COUNT(*) AS n FROM member_coupon WHERE member_id = ? AND (state = 3 OR (state = 1 AND end_time > 0 AND end_time <= ?))'
          : 'SELECT COUNT(*) AS n FROM member_coupon WHERE member_id = ? AND state = ?'
    const row = ctx.db.prepare(sql).get(memberId, state === 1 || state === 3 ? nowSeconds() : state) as { n: number }
    return success(row.n)
  })
}
