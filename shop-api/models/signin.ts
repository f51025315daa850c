import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'
import { insertRow } from '../db/rows.js'
import { addPointLedger } from './ledger.js'

/**
 * Member sign-in (contract §6.4; docs/member-centre.md "Sign-in"). One sign-in per member and
 * China day (the test clock applies). Every sign-in earns the `day: 1` reward; a rule of day N > 1
 * adds its reward on the N-th consecutive day. A skipped day starts the series again at 1, and so
 * does the day after a full cycle (`cycle` days).
 */

export type SigninReward = { day: number; point: number; growth: number }
export type SigninConfig = { is_use: number; value: { cycle: number; reward: SigninReward[] } }

/** The seeded config (SIGNIN_CONFIG): a week's cycle, 5 points + 1 growth a day, bonuses on days 3 and 7. */
export const SIGNIN_CONFIG: SigninConfig = {
  is_use: 1,
  value: {
    cycle: 7,
    reward: [
      { day: 1, point: 5, growth: 1 },
      { day: 3, point: 10, growth: 2 },
      { day: 7, point: 30, growth: 5 },
    ],
  },
}

const DAY = 86_400
const CHINA_OFFSET = 8 * 3600

/** The China day ("YYYY-MM-DD") of a Unix time. China has no daylight saving: UTC+8 all year. */
export function chinaDay(unixSeconds: number): string {
  return new Date((unixSeconds + CHINA_OFFSET) * 1000).toISOString().slice(0, 10)
}

/** Unix time of the midnight (China) that starts the given China day. */
export function chinaMidnight(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000 - CHINA_OFFSET
}

type SigninRow = { sign_date: string; days_series: number }

function lastSignin(db: Database, memberId: number): SigninRow | undefined {
  return db.prepare('SELECT sign_date, days_series FROM member_signin WHERE member_id = ? ORDER BY sign_date DESC LIMIT 1').get(memberId) as SigninRow | undefined
}

/** The consecutive days the member has now: the last series if it reaches today or yesterday, else 0. */
export function currentSeries(db: Database, memberId: number, now = nowSeconds()): number {
  const last = lastSignin(db, memberId)
  if (!last) return 0
  return last.sign_date === chinaDay(now) || last.sign_date === chinaDay(now - DAY) ? last.days_series : 0
}

export function hasSignedToday(db: Database, memberId: number, now = nowSeconds()): boolean {
  return !!db.prepare('SELECT 1 FROM member_signin WHERE member_id = ? AND sign_date = ?').get(memberId, chinaDay(now))
}

/** The reward of the series' n-th day: the daily reward plus the rule of that day, if any. */
export function rewardFor(config: SigninConfig['value'], series: number): { point: number; growth: number } {
  const daily = config.reward.find((rule) => rule.day === 1)
  const bonus = series > 1 ? config.reward.find((rule) => rule.day === series) : undefined
  return { point: (daily?.point ?? 0) + (bonus?.point ?? 0), growth: (daily?.growth ?? 0) + (bonus?.growth ?? 0) }
}

/** Moves the member up to the highest enabled free level their growth reaches (never down). */
export function upgradeLevel(db: Database, memberId: number): void {
  const member = db
    .prepare('SELECT m.growth, COALESCE(l.growth, 0) AS level_growth FROM member m LEFT JOIN member_level l ON l.level_id = m.member_level WHERE m.member_id = ?')
    .get(memberId) as { growth: number; level_growth: number } | undefined
  if (!member) return
  const level = db
    .prepare('SELECT level_id, level_name, growth FROM member_level WHERE level_type = 0 AND status = 1 AND growth <= ? ORDER BY growth DESC LIMIT 1')
    .get(member.growth) as { level_id: number; level_name: string; growth: number } | undefined
  if (level && level.growth > member.level_growth) {
    db.prepare('UPDATE member SET member_level = ?, member_level_name = ? WHERE member_id = ?').run(level.level_id, level.level_name, memberId)
  }
}

/**
 * Signs the member in for today: the record, the points (ledger `signin`) and growth, in one
 * transaction. → the reward and the series reached, or null when already signed today.
 */
export function signIn(db: Database, memberId: number, config: SigninConfig['value']): { point: number; growth: number; days_series: number } | null {
  return db.transaction(() => {
    const now = nowSeconds()
    if (hasSignedToday(db, memberId, now)) return null
    const previous = currentSeries(db, memberId, now)
    const cycle = Math.max(1, Math.floor(config.cycle) || 1)
    const series = previous >= cycle ? 1 : previous + 1
    const reward = rewardFor(config, series)
    const id = insertRow(db, 'member_signin', { member_id: memberId, sign_date: chinaDay(now), days_series: series, point: reward.point, growth: reward.growth, create_time: now })
    db.prepare('UPDATE member SET point = point + ?, growth = growth + ? WHERE member_id = ?').run(reward.point, reward.growth, memberId)
    addPointLedger(db, { memberId, points: reward.point, fromType: 'signin', typeName: '签到', relatedId: Number(id), remark: `连续签到第${series}天` })
    upgradeLevel(db, memberId)
    return { ...reward, days_series: series }
  })()
}

/** This month's sign-ins and the 6 days before it (contract §6.4), oldest first. */
export function signRecords(
  db: Database,
  memberId: number,
  now = nowSeconds(),
): { id: number; sign_date: string; days_series: number; point: number; growth: number; create_time: number }[] {
  const from = chinaMidnight(`${chinaDay(now).slice(0, 7)}-01`) - 6 * DAY
  return db
    .prepare('SELECT id, sign_date, days_series, point, growth, create_time FROM member_signin WHERE member_id = ? AND create_time >= ? ORDER BY sign_date')
    .all(memberId, from) as { id: number; sign_date: string; days_series: number; point: number; growth: number; create_time: number }[]
}
