import { randomBytes } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'
import { idList } from './catalog-rows.js'
import { COUPON_GET_TYPE, giveCoupons, type CouponTypeRecord } from './coupon.js'

/** Member look-ups and creation shared by auth, member and test-API routes. */

export interface MemberAuthRow {
  member_id: number
  username: string
  mobile: string
  password_hash: string
  status: number
  account_group_id: number
}

const AUTH_COLUMNS = 'member_id, username, mobile, password_hash, status, account_group_id'

/** Login name lookup: username, mobile or email, as Niushop's Login::login. */
export function findMemberByLogin(db: Database, login: string): MemberAuthRow | undefined {
  if (login === '') return undefined
  return db.prepare(`SELECT ${AUTH_COLUMNS} FROM member WHERE is_delete = 0 AND (username = ? OR mobile = ? OR email = ?) ORDER BY member_id LIMIT 1`).get(login, login, login) as
    MemberAuthRow | undefined
}

export function findMemberByMobile(db: Database, mobile: string): MemberAuthRow | undefined {
  if (mobile === '') return undefined
  return db.prepare(`SELECT ${AUTH_COLUMNS} FROM member WHERE is_delete = 0 AND mobile = ? ORDER BY member_id LIMIT 1`).get(mobile) as MemberAuthRow | undefined
}

export function findMemberById(db: Database, memberId: number): MemberAuthRow | undefined {
  return db.prepare(`SELECT ${AUTH_COLUMNS} FROM member WHERE is_delete = 0 AND member_id = ?`).get(memberId) as MemberAuthRow | undefined
}

export function usernameExists(db: Database, username: string): boolean {
  return db.prepare('SELECT 1 FROM member WHERE is_delete = 0 AND username = ?').get(username) !== undefined
}

export function mobileExists(db: Database, mobile: string): boolean {
  return mobile !== '' && findMemberByMobile(db, mobile) !== undefined
}

export interface NewMember {
  username: string
  /** Already hashed (core/password.ts); '' = no password (mobile registration). */
  password_hash: string
  nickname?: string
  mobile?: string
  realname?: string
  member_label?: number
  province_id?: number
  city_id?: number
  district_id?: number
  address?: string
  full_address?: string
  qualifications_images?: string
  parent_id?: number
  invitation_code?: string
  account_group_id?: number
}

/** Insert a member at the default level; returns its id. */
export function createMember(db: Database, m: NewMember): number {
  const level = db.prepare('SELECT level_id, level_name FROM member_level WHERE is_default = 1 ORDER BY level_id LIMIT 1').get() as
    { level_id: number; level_name: string } | undefined
  const label = m.member_label
    ? (db.prepare('SELECT label_id, label_name FROM member_label WHERE label_id = ?').get(m.member_label) as { label_id: number; label_name: string } | undefined)
    : undefined
  const result = db
    .prepare(
      `INSERT INTO member (username, nickname, mobile, password_hash, member_level, member_level_name, member_label, member_label_name,
         realname, province_id, city_id, district_id, address, full_address, qualifications_images, parent_id, source_member,
         invitation_code, account_group_id, reg_time)
       VALUES (@username, @nickname, @mobile, @password_hash, @member_level, @member_level_name, @member_label, @member_label_name,
         @realname, @province_id, @city_id, @district_id, @address, @full_address, @qualifications_images, @parent_id, @parent_id,
         @invitation_code, @account_group_id, @reg_time)`,
    )
    .run({
      username: m.username,
      nickname: m.nickname || m.username,
      mobile: m.mobile ?? '',
      password_hash: m.password_hash,
      member_level: level?.level_id ?? 1,
      member_level_name: level?.level_name ?? '',
      member_label: label ? `,${label.label_id},` : ',',
      member_label_name: label?.label_name ?? '',
      realname: m.realname ?? '',
      province_id: m.province_id ?? 0,
      city_id: m.city_id ?? 0,
      district_id: m.district_id ?? 0,
      address: m.address ?? '',
      full_address: m.full_address ?? '',
      qualifications_images: m.qualifications_images ?? '',
      parent_id: m.parent_id ?? 0,
      invitation_code: m.invitation_code ?? '',
      account_group_id: m.account_group_id ?? 0,
      reg_time: nowSeconds(),
    })
  return Number(result.lastInsertRowid)
}

/** A username nobody has, for mobile registration ("u_" + 8 random hex chars). */
export function freeUsername(db: Database, prefix = 'u_'): string {
  for (;;) {
    const candidate = prefix + randomBytes(4).toString('hex')
    if (!usernameExists(db, candidate)) return candidate
  }
}

export function recordLogin(db: Database, memberId: number, appType: string): void {
  db.prepare('UPDATE member SET last_login_time = ?, last_login_type = ?, login_num = login_num + 1 WHERE member_id = ?').run(nowSeconds(), appType, memberId)
}

/**
 * The registration reward (memberregister addon, config MEMBER_REGISTER_REWARD): what a new member
 * gets. `coupon` lists coupon type ids (a comma list, as 5.5.2's shop admin saves it).
 */
export interface RegisterReward {
  is_use: number
  value: { point?: number; balance?: number; growth?: number; coupon?: string }
}

/** The reward's coupon types that are running: 5.5.2's Register::getConfig (status 1, ids in `coupon`). */
export function registerRewardCoupons(db: Database, reward: RegisterReward): CouponTypeRecord[] {
  const ids = idList(String(reward.value.coupon ?? ''))
  if (!ids.length) return []
  return db.prepare(`SELECT * FROM coupon_type WHERE status = 1 AND coupon_type_id IN (${ids.map(() => '?').join(',')}) ORDER BY coupon_type_id`).all(...ids) as CouponTypeRecord[]
}

/**
 * Gives a newly registered member the registration reward, as Niushop 5.5.2 does on registration
 * (`addon/memberregister/event/MemberReceiveRegisterGift.php`): points, stored value and growth,
 * each with its ledger row (from_type `register`, 注册), and one of each running coupon type
 * (get_type 1, an activity's gift). Only while the reward is switched on, so what /register
 * promises is what is given (issue 29).
 */
export function giveRegisterReward(db: Database, memberId: number, reward: RegisterReward): void {
  if (!reward.is_use) return
  const amounts = [
    { type: 'point', amount: Math.max(0, Math.trunc(Number(reward.value.point ?? 0))), what: '积分' },
    { type: 'balance', amount: Math.max(0, Math.round(Number(reward.value.balance ?? 0) * 100) / 100), what: '余额' },
    { type: 'growth', amount: Math.max(0, Math.trunc(Number(reward.value.growth ?? 0))), what: '成长值' },
  ] as const
  const now = nowSeconds()
  for (const { type, amount, what } of amounts) {
    if (!(amount > 0)) continue
    db.prepare(`UPDATE member SET ${type} = ${type} + ? WHERE member_id = ?`).run(amount, memberId)
    db.prepare(
      `INSERT INTO member_account (member_id, account_type, account_data, from_type, type_name, type_tag, related_id, create_time, remark)
       VALUES (?, ?, ?, 'register', '注册', ?, 0, ?, ?)`,
    ).run(memberId, type, amount, `会员注册奖励${what}:${amount}`, now, `会员注册奖励${what}`)
  }
  for (const row of registerRewardCoupons(db, reward)) giveCoupons(db, row, memberId, COUPON_GET_TYPE.activityGive)
}
