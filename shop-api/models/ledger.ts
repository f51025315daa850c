import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'
import { ApiReply, error } from '../core/router.js'
import { insertRow } from '../db/rows.js'
import { POINT_SHORT_MESSAGE } from './checkout.js'

/**
 * The member's balance and points ledger (`member_account`): one signed row per change, and the
 * guarded takes of points and balance an order makes, in the caller's transaction.
 */

/** Cents → yuan, as the ledger and the member's money columns hold them. */
export const yuan = (cents: number): number => Math.round(cents) / 100

/** Abort the running transaction with an upstream-style refusal (code -1, data ""). */
export function refuse(message: string): never {
  throw new ApiReply(error(-1, message))
}

export type LedgerEntry = { memberId: number; fromType: string; typeName: string; relatedId: number; remark: string }

/** One `member_account` row; a zero change writes nothing. */
function insertLedgerRow(db: Database, accountType: string, accountData: number, row: LedgerEntry): void {
  if (accountData === 0) return
  insertRow(db, 'member_account', {
    member_id: row.memberId,
    account_type: accountType,
    account_data: accountData,
    from_type: row.fromType,
    type_name: row.typeName,
    type_tag: row.fromType,
    related_id: row.relatedId,
    create_time: nowSeconds(),
    remark: row.remark,
  })
}

/** A balance ledger row (account_data = signed yuan). */
export function addLedger(db: Database, row: LedgerEntry & { type: 'balance' | 'balance_money'; cents: number }): void {
  insertLedgerRow(db, row.type, yuan(row.cents), row)
}

/** A points ledger row (account_data = signed whole points). */
export function addPointLedger(db: Database, row: LedgerEntry & { points: number }): void {
  insertLedgerRow(db, 'point', row.points, row)
}

/** Take points from the member, with a ledger row; refuses (积分余额不足) when there are not enough. */
export function takePoints(db: Database, memberId: number, points: number, orderId: number, remark: string): void {
  const result = db.prepare('UPDATE member SET point = point - ? WHERE member_id = ? AND point >= ?').run(points, memberId, points)
  if (result.changes !== 1) refuse(POINT_SHORT_MESSAGE)
  addPointLedger(db, { memberId, points: -points, fromType: 'order', typeName: '积分抵扣', relatedId: orderId, remark })
}

/** Take balance from the member (stored value first, then cash), with ledger rows; refuses when there is not enough. */
export function takeBalance(db: Database, memberId: number, used: { balance: number; balanceMoney: number }, orderId: number, remark: string): void {
  const result = db
    .prepare('UPDATE member SET balance = ROUND(balance - ?, 2), balance_money = ROUND(balance_money - ?, 2) WHERE member_id = ? AND balance >= ? AND balance_money >= ?')
    .run(yuan(used.balance), yuan(used.balanceMoney), memberId, yuan(used.balance) - 0.001, yuan(used.balanceMoney) - 0.001)
  if (result.changes !== 1) refuse('余额不足')
  addLedger(db, { memberId, type: 'balance', cents: -used.balance, fromType: 'order', typeName: '消费', relatedId: orderId, remark })
  addLedger(db, { memberId, type: 'balance_money', cents: -used.balanceMoney, fromType: 'order', typeName: '消费', relatedId: orderId, remark })
}
