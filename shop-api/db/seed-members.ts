import type { Database } from 'better-sqlite3'
import { insertRow } from './rows.js'
import { deterministicSalt, hashPasswordSync } from '../core/password.js'
import { accountGroups, aptitudes, couponTypes, memberCoupons, memberLabels, memberLevels, members, orders } from './data/members.js'
import { SEED_TIME } from './data/site.js'

/**
 * Deterministic demo members (schema versions 1, 5, 12 and 22's steps of seed.ts): levels, labels,
 * business types, account groups, the members with their coupons and orders, the demo's
 * addresses, the finance settings and recharge packages, and the opening ledger rows.
 */

const DAY = 86400

export function seedMembers(db: Database) {
  for (const level of memberLevels) insertRow(db, 'member_level', level)
  memberLabels.forEach((name, index) => insertRow(db, 'member_label', { label_id: index + 1, label_name: name, sort: index + 1, create_time: SEED_TIME }))
  aptitudes.forEach((apt, index) => insertRow(db, 'aptitude', { id: index + 1, ...apt, sort: index + 1 }))
  for (const group of accountGroups) insertRow(db, 'account_group', { ...group, create_time: SEED_TIME })

  const memberIds = new Map<string, number>()
  members.forEach((m, index) => {
    const level = memberLevels.find((l) => l.level_id === m.member_level)!
    const id = insertRow(db, 'member', {
      username: m.username,
      nickname: m.nickname,
      mobile: m.mobile,
      password_hash: hashPasswordSync(m.password, deterministicSalt(m.username)),
      member_level: m.member_level,
      member_level_name: level.level_name,
      member_label: `,${m.label},`,
      member_label_name: memberLabels[m.label - 1] ?? '',
      realname: m.realname,
      point: m.point,
      balance: m.balance,
      balance_money: 0,
      growth: m.growth,
      address: m.address,
      full_address: m.address,
      account_group_id: m.group,
      reg_time: SEED_TIME + index * 3600,
    })
    memberIds.set(m.username, id)
  })

  orders.forEach((order, index) => {
    const memberId = memberIds.get(order.member)!
    const createTime = SEED_TIME + order.offsetDays * DAY
    const orderNo = `${createTime}${String(index + 1).padStart(6, '0')}`
    const orderId = insertRow(db, 'orders', {
      order_no: orderNo,
      out_trade_no: `${orderNo}1`,
      member_id: memberId,
      order_type: 1,
      order_name: order.order_name,
      order_status: order.order_status,
      pay_status: order.pay ? 1 : 0,
      goods_money: order.money,
      order_money: order.money,
      pay_money: order.money,
      create_time: createTime,
      pay_time: order.pay ? createTime + 600 : 0,
    })
    insertRow(db, 'order_goods', {
      order_id: orderId,
      member_id: memberId,
      sku_name: order.order_name,
      price: order.money,
      num: 1,
      goods_money: order.money,
      refund_status: order.refund_status ?? 0,
    })
  })

  for (const type of couponTypes) {
    insertRow(db, 'coupon_type', { ...type, max_fetch: 1, end_time: SEED_TIME + 5 * 365 * DAY, create_time: SEED_TIME })
  }
  memberCoupons.forEach((coupon, index) => {
    const type = couponTypes.find((t) => t.coupon_type_id === coupon.coupon_type_id)!
    insertRow(db, 'member_coupon', {
      coupon_type_id: type.coupon_type_id,
      coupon_code: `KY${String(index + 1).padStart(6, '0')}`,
      member_id: memberIds.get(coupon.member)!,
      coupon_name: type.coupon_name,
      type: type.type,
      money: type.money,
      discount: type.discount,
      at_least: type.at_least,
      state: coupon.state,
      fetch_time: SEED_TIME + DAY,
      use_time: coupon.state === 2 ? SEED_TIME + 2 * DAY : 0,
      start_time: SEED_TIME,
      end_time: SEED_TIME + 5 * 365 * DAY,
    })
  })
}

/** The demo member's delivery addresses: a default one in Beijing and a second in Shanghai. */
export function seedAddresses(db: Database) {
  const demo = db.prepare("SELECT member_id FROM member WHERE username = 'demo'").get() as { member_id: number } | undefined
  if (!demo) return
  const rows = [
    {
      name: '张三',
      mobile: '13800138000',
      province_id: 110000,
      city_id: 110100,
      district_id: 110101,
      address: '东华门街道 1 号',
      full_address: '北京市-北京市-东城区',
      is_default: 1,
    },
    {
      name: '李四',
      mobile: '13900139000',
      province_id: 310000,
      city_id: 310100,
      district_id: 310104,
      address: '漕河泾开发区 88 号',
      full_address: '上海市-上海市-徐汇区',
      is_default: 0,
    },
  ]
  for (const row of rows) insertRow(db, 'member_address', { member_id: demo.member_id, ...row })
}

/** Withdrawal and recharge settings, and the recharge packages (member finance, docs/member-centre.md). */
export const WITHDRAW_CONFIG = { is_use: 1, is_auto_audit: 0, rate: 1, transfer_type: 'bank,alipay', is_auto_transfer: 0, min: 10, max: 50000 }
export const RECHARGE_CONFIG = { is_use: 1 }

export function seedFinance(db: Database) {
  insertRow(db, 'config', { config_key: 'WITHDRAW_CONFIG', value: JSON.stringify(WITHDRAW_CONFIG), config_desc: '会员提现设置' })
  insertRow(db, 'config', { config_key: 'RECHARGE_CONFIG', value: JSON.stringify(RECHARGE_CONFIG), config_desc: '会员充值设置' })
  const packages = [
    { recharge_id: 1, recharge_name: '充 500 送 20', face_value: 520, buy_price: 500, point: 50, growth: 50 },
    { recharge_id: 2, recharge_name: '充 1000 送 60', face_value: 1060, buy_price: 1000, point: 100, growth: 100 },
    { recharge_id: 3, recharge_name: '充 5000 送 400', face_value: 5400, buy_price: 5000, point: 500, growth: 500 },
  ]
  for (const row of packages) insertRow(db, 'member_recharge', row)
}

/**
 * Every seeded balance and points total explained by its ledger (issue 29, "every ledger row of the
 * demo works"): what the rows so far do not account for becomes one opening row (调整, 期初…),
 * dated when the demo data begins, so a member's history adds up to what the member holds.
 */
export function seedOpeningBalances(db: Database) {
  const kinds = [
    { type: 'point', what: '积分' },
    { type: 'balance', what: '储值余额' },
    { type: 'balance_money', what: '现金余额' },
  ] as const
  const memberRows = db.prepare('SELECT member_id, point, balance, balance_money FROM member ORDER BY member_id').all() as Array<
    { member_id: number } & Record<(typeof kinds)[number]['type'], number>
  >
  const booked = db.prepare('SELECT COALESCE(SUM(account_data), 0) AS total FROM member_account WHERE member_id = ? AND account_type = ?')
  const insert = db.prepare(
    `INSERT INTO member_account (member_id, account_type, account_data, from_type, type_name, type_tag, related_id, create_time, remark)
     VALUES (?, ?, ?, 'adjust', '调整', ?, 0, ?, ?)`,
  )
  for (const row of memberRows) {
    for (const { type, what } of kinds) {
      const missing = Math.round((row[type] - (booked.get(row.member_id, type) as { total: number }).total) * 100) / 100
      if (missing !== 0) insert.run(row.member_id, type, missing, `期初${what}`, SEED_TIME, `演示数据期初${what}`)
    }
  }
}
