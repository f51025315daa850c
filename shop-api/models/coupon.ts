import { randomBytes } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { money, nowSeconds } from '../core/format.js'
import { idList, type GoodsRecord } from './catalog-rows.js'

/**
 * Coupon types (/coupon/api/coupon/*, goods detail coupon_list) and member coupons.
 * goods_type: 1 all goods, 2 selected goods (goods_ids), 3 all but goods_ids, 4 selected
 * categories (category_ids, matched against the goods' category path).
 */

export interface CouponTypeRecord {
  coupon_type_id: number
  coupon_name: string
  type: string
  money: number
  discount: number
  discount_limit: number
  at_least: number
  count: number
  lead_count: number
  max_fetch: number
  goods_type: number
  validity_type: number
  end_time: number
  fixed_term: number
  use_channel: string
  use_store: string
  status: number
  create_time: number
  image: string
  is_show: number
  goods_ids: string
  category_ids: string
}

export const GOODS_TYPE_NAMES: Record<number, string> = {
  1: '全部商品参与',
  2: '指定商品参与',
  3: '指定商品不参与',
  4: '指定分类商品参与',
}
export const USE_CHANNEL_NAMES: Record<string, string> = { all: '线上线下使用', online: '线上使用', offline: '线下使用' }
export const USE_STORE_NAMES: Record<string, string> = { all: '全部门店' }

/** Receivable now: running, shown, and (fixed end) not past its end. */
export function isReceivable(row: CouponTypeRecord, now = nowSeconds()): boolean {
  return row.status === 1 && row.is_show === 1 && !(row.validity_type === 0 && row.end_time !== 0 && row.end_time <= now)
}

export function hasStock(row: CouponTypeRecord): boolean {
  return row.count < 0 || row.lead_count < row.count
}

export function appliesToGoods(row: CouponTypeRecord, goods: Pick<GoodsRecord, 'goods_id' | 'category_id'>): boolean {
  switch (row.goods_type) {
    case 2:
      return idList(row.goods_ids).includes(goods.goods_id)
    case 3:
      return !idList(row.goods_ids).includes(goods.goods_id)
    case 4:
      return idList(row.category_ids).some((id) => goods.category_id.includes(`,${id},`))
    default:
      return true
  }
}

/** The typelists/typepagelists row (sample keys), plus the member's counts when `memberId` is given. */
export function couponTypeRow(db: Database, row: CouponTypeRecord, memberId: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    coupon_type_id: row.coupon_type_id,
    type: row.type,
    site_id: 1,
    coupon_name: row.coupon_name,
    money: money(row.money),
    discount: money(row.discount),
    max_fetch: row.max_fetch,
    at_least: money(row.at_least),
    end_time: row.end_time,
    image: row.image,
    validity_type: row.validity_type,
    fixed_term: row.fixed_term,
    status: row.status,
    is_show: row.is_show,
    goods_type: row.goods_type,
    discount_limit: money(row.discount_limit),
    count: row.count,
    lead_count: row.lead_count,
    is_remain: hasStock(row) ? 1 : 0,
    use_channel: row.use_channel,
    use_store: row.use_store,
  }
  if (memberId) Object.assign(out, memberCouponCounts(db, memberId, row.coupon_type_id))
  out.use_channel_name = USE_CHANNEL_NAMES[row.use_channel] ?? ''
  out.goods_type_name = GOODS_TYPE_NAMES[row.goods_type] ?? ''
  out.use_store_name = USE_STORE_NAMES[row.use_store] ?? ''
  out.goods_ids = row.goods_ids
  out.category_ids = row.category_ids
  return out
}

export function memberCouponCounts(db: Database, memberId: number, couponTypeId: number) {
  const c = db
    .prepare(
      `SELECT COUNT(*) AS total, COALESCE(SUM(state = 2), 0) AS used, COALESCE(SUM(state = 1), 0) AS waiting, COALESCE(SUM(state IN (3, 4)), 0) AS lost
       FROM member_coupon WHERE member_id = ? AND coupon_type_id = ?`,
    )
    .get(memberId, couponTypeId) as { total: number; used: number; waiting: number; lost: number }
  return { member_coupon_num: c.total, use_coupon_num: c.used, wait_coupon_num: c.waiting, lose_coupon_num: c.lost }
}

/** coupon_list of the goods detail: receivable types that apply to the goods (sold out ones too, the PC greys them). */
export function goodsCouponList(db: Database, goods: Pick<GoodsRecord, 'goods_id' | 'category_id'>, memberId: number): Record<string, unknown>[] {
  const now = nowSeconds()
  const rows = db.prepare('SELECT * FROM coupon_type ORDER BY coupon_type_id').all() as CouponTypeRecord[]
  return rows
    .filter((row) => isReceivable(row, now) && appliesToGoods(row, goods))
    .map((row) => ({
      count: row.count,
      lead_count: row.lead_count,
      coupon_type_id: row.coupon_type_id,
      type_id: row.coupon_type_id,
      type: row.type,
      site_id: 1,
      coupon_name: row.coupon_name,
      money: money(row.money),
      discount: money(row.discount),
      max_fetch: row.max_fetch,
      at_least: money(row.at_least),
      end_time: row.end_time,
      validity_type: row.validity_type,
      fixed_term: row.fixed_term,
      goods_type: row.goods_type,
      discount_limit: money(row.discount_limit),
      goods_ids: row.goods_ids,
      use_store: row.use_store,
      member_coupon_num: memberId ? memberCouponCounts(db, memberId, row.coupon_type_id).member_coupon_num : 0,
    }))
}

/** How a member came by a coupon (member_coupon.get_type, Niushop's Coupon::GET_TYPE_*). */
export const COUPON_GET_TYPE = { activityGive: 1, receive: 2, pointExchange: 3 } as const

function couponCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')
}

/**
 * Gives the member `num` coupons of a type (Niushop's Coupon::giveCoupon): each with its own code,
 * valid from now to the type's end (a fixed date, or `fixed_term` days), counted as led.
 */
export function giveCoupons(db: Database, row: CouponTypeRecord, memberId: number, getType: number, num = 1): void {
  const now = nowSeconds()
  const endTime = row.validity_type === 0 ? row.end_time : row.validity_type === 1 ? now + row.fixed_term * 86400 : 0
  const insert = db.prepare(
    `INSERT INTO member_coupon (coupon_type_id, coupon_code, member_id, coupon_name, type, money, discount, discount_limit, at_least,
       state, get_type, fetch_time, start_time, end_time, goods_type, use_channel, use_store)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
  )
  for (let i = 0; i < num; i++) {
    insert.run(
      row.coupon_type_id,
      couponCode(),
      memberId,
      row.coupon_name,
      row.type,
      row.money,
      row.discount,
      row.discount_limit,
      row.at_least,
      getType,
      now,
      now,
      endTime,
      row.goods_type,
      row.use_channel,
      row.use_store,
    )
  }
  db.prepare('UPDATE coupon_type SET lead_count = lead_count + ? WHERE coupon_type_id = ?').run(num, row.coupon_type_id)
}
