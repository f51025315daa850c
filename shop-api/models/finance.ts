import { randomInt } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'
import { insertRow } from '../db/rows.js'
import { addLedger, addPointLedger } from './ledger.js'
import { EXPIRY_JOBS, PAY_NOTIFY_HANDLERS, type PayRow } from './order.js'
import { orderTimes } from './order-flow.js'

/**
 * Member finance: withdrawals and recharges (contract §6.10, §6.11). Every change of money runs in
 * one transaction and each guarded UPDATE checks the state it leaves, so a replayed review or a
 * double payment changes nothing the second time.
 */

export const WITHDRAW_STATUS_NAMES: Record<number, string> = { 0: '待审核', 1: '待转账', 2: '已转账', 3: '转账中', [-1]: '已拒绝', [-2]: '转账失败' }
export const TRANSFER_TYPE_NAMES: Record<string, string> = { bank: '银行卡', alipay: '支付宝', wechatpay: '微信零钱' }
export const RECHARGE_PAY_EVENT = 'MemberRechargeOrderPayNotify'

export interface WithdrawConfig {
  is_use: number
  is_auto_audit: number
  rate: number
  transfer_type: string
  is_auto_transfer: number
  min: number
  max: number
}

export interface WithdrawRow {
  id: number
  withdraw_no: string
  member_id: number
  transfer_type: string
  apply_money: number
  status: number
}

const cents = (yuan: number) => Math.round(yuan * 100)

/** A serial like upstream's: date and time, the member, 4 random digits. */
export function newSerial(memberId: number): string {
  const d = new Date()
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${memberId}${String(randomInt(10000)).padStart(4, '0')}`
}

export interface WithdrawApplication {
  memberId: number
  applyCents: number
  transferType: string
  realname: string
  mobile: string
  bankName: string
  accountNumber: string
  config: WithdrawConfig
}

/**
 * Records a request and freezes its money (balance_money → balance_withdraw_apply), in one
 * transaction. Returns the new id, or null when the balance no longer covers it (a race).
 */
export function applyWithdrawal(db: Database, a: WithdrawApplication): number | null {
  return db.transaction(() => {
    const yuan = a.applyCents / 100
    const taken = db
      .prepare(
        'UPDATE member SET balance_money = ROUND(balance_money - ?, 2), balance_withdraw_apply = ROUND(balance_withdraw_apply + ?, 2) WHERE member_id = ? AND balance_money >= ?',
      )
      .run(yuan, yuan, a.memberId, yuan - 0.001)
    if (taken.changes !== 1) return null
    const serviceCents = Math.round((a.applyCents * a.config.rate) / 100)
    const status = a.config.is_auto_audit ? 1 : 0
    const now = nowSeconds()
    const id = insertRow(db, 'member_withdraw', {
      withdraw_no: newSerial(a.memberId),
      member_id: a.memberId,
      transfer_type: a.transferType,
      transfer_type_name: TRANSFER_TYPE_NAMES[a.transferType] ?? a.transferType,
      apply_money: yuan,
      rate: a.config.rate,
      service_money: serviceCents / 100,
      money: (a.applyCents - serviceCents) / 100,
      realname: a.realname,
      mobile: a.mobile,
      bank_name: a.bankName,
      account_number: a.accountNumber,
      status,
      status_name: WITHDRAW_STATUS_NAMES[status],
      apply_time: now,
      audit_time: status === 1 ? now : 0,
    })
    addLedger(db, { memberId: a.memberId, type: 'balance_money', cents: -a.applyCents, fromType: 'withdraw', typeName: '提现', relatedId: id, remark: '申请提现' })
    return id
  })()
}

export type WithdrawReview = { action: 'approve' } | { action: 'refuse'; reason: string } | { action: 'pay' } | { action: 'fail'; reason: string }

/**
 * The merchant's side of the state machine: approve (0 → 1), refuse (0 → -1, money back), pay
 * (1 → 2, money leaves for good), fail (1 → -2, money back). Returns false when the request is
 * not in the state the action starts from.
 */
export function reviewWithdrawal(db: Database, id: number, review: WithdrawReview): boolean {
  return db.transaction(() => {
    const row = db.prepare('SELECT id, withdraw_no, member_id, transfer_type, apply_money, status FROM member_withdraw WHERE id = ?').get(id) as WithdrawRow | undefined
    if (!row) return false
    const now = nowSeconds()
    const move = (from: number, to: number, extra: string, values: unknown[]) =>
      db.prepare(`UPDATE member_withdraw SET status = ?, status_name = ?${extra} WHERE id = ? AND status = ?`).run(to, WITHDRAW_STATUS_NAMES[to], ...values, id, from).changes === 1
    const giveBack = (typeName: string, remark: string) => {
      db.prepare('UPDATE member SET balance_money = ROUND(balance_money + ?, 2), balance_withdraw_apply = ROUND(balance_withdraw_apply - ?, 2) WHERE member_id = ?').run(
        row.apply_money,
        row.apply_money,
        row.member_id,
      )
      addLedger(db, { memberId: row.member_id, type: 'balance_money', cents: cents(row.apply_money), fromType: 'withdraw_back', typeName, relatedId: row.id, remark })
    }
    switch (review.action) {
      case 'approve':
        return move(0, 1, ', audit_time = ?', [now])
      case 'refuse':
        if (!move(0, -1, ', audit_time = ?, refuse_reason = ?', [now, review.reason])) return false
        giveBack('提现驳回', review.reason)
        return true
      case 'pay':
        if (!move(1, 2, ', payment_time = ?', [now])) return false
        db.prepare('UPDATE member SET balance_withdraw_apply = ROUND(balance_withdraw_apply - ?, 2), balance_withdraw = ROUND(balance_withdraw + ?, 2) WHERE member_id = ?').run(
          row.apply_money,
          row.apply_money,
          row.member_id,
        )
        return true
      case 'fail':
        if (!move(1, -2, ', fail_reason = ?', [review.reason])) return false
        giveBack('提现失败退回', review.reason)
        return true
    }
  })()
}

export interface RechargeOrderRow {
  order_id: number
  member_id: number
  face_value: number
  point: number
  growth: number
  status: number
}

/** Paying a recharge: the face value into the stored-value balance, plus the package's points and growth. */
function creditRecharge(db: Database, pay: PayRow, payType: string): void {
  const orderId = Number(pay.relate_id)
  const order = db.prepare('SELECT order_id, member_id, face_value, point, growth, status FROM member_recharge_order WHERE order_id = ?').get(orderId) as
    RechargeOrderRow | undefined
  if (!order) return
  const paid = db
    .prepare('UPDATE member_recharge_order SET status = 1, pay_time = ?, pay_type = ?, out_trade_no = ? WHERE order_id = ? AND status = 0')
    .run(nowSeconds(), payType, pay.out_trade_no, orderId)
  if (paid.changes !== 1) return
  db.prepare('UPDATE member SET balance = ROUND(balance + ?, 2), point = point + ?, growth = growth + ? WHERE member_id = ?').run(
    order.face_value,
    order.point,
    order.growth,
    order.member_id,
  )
  addLedger(db, {
    memberId: order.member_id,
    type: 'balance',
    cents: cents(order.face_value),
    fromType: 'memberrecharge',
    typeName: '会员充值',
    relatedId: orderId,
    remark: '充值到账',
  })
  addPointLedger(db, { memberId: order.member_id, points: order.point, fromType: 'memberrecharge', typeName: '充值赠送', relatedId: orderId, remark: '充值赠送积分' })
  db.prepare('UPDATE member_recharge SET sale_num = sale_num + 1 WHERE recharge_id = (SELECT recharge_id FROM member_recharge_order WHERE order_id = ?)').run(orderId)
}

PAY_NOTIFY_HANDLERS[RECHARGE_PAY_EVENT] = creditRecharge

/**
 * Unpaid recharge orders close as unpaid goods orders do: after the order config's `auto_close`
 * minutes (test clock), with their payment record (a closed serial cannot be paid).
 */
export function closeExpiredRecharges(db: Database): void {
  const deadline = nowSeconds() - orderTimes(db).auto_close * 60
  const rows = db.prepare('SELECT order_id FROM member_recharge_order WHERE status = 0 AND create_time <= ?').all(deadline) as { order_id: number }[]
  for (const row of rows) {
    db.transaction(() => {
      const closed = db.prepare('UPDATE member_recharge_order SET status = -1 WHERE order_id = ? AND status = 0').run(row.order_id)
      if (closed.changes !== 1) return
      db.prepare('UPDATE pay SET pay_status = -2 WHERE event = ? AND relate_id = ? AND pay_status IN (0, 1)').run(RECHARGE_PAY_EVENT, String(row.order_id))
    })()
  }
}

EXPIRY_JOBS.push(closeExpiredRecharges)
