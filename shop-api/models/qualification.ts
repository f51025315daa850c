import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'

/**
 * Qualifications (资质, docs/qualifications.md): the types a business type hands in, the member's
 * submissions and their review, and whether a goods that needs one may be bought (ADR 024).
 */

export const QUALIFICATION_STATUS_NAMES: Record<number, string> = { 0: '待审核', 1: '已通过', [-1]: '已驳回' }

/** What the member has for one type: nothing, a submission waiting, refused, approved but out of date, valid. */
export type QualificationState = 'missing' | 'pending' | 'rejected' | 'expired' | 'approved'

export interface QualificationType {
  id: number
  name: string
  description: string
  is_must: number
  need_expire: number
  max_images: number
}

export interface QualificationRecord {
  id: number
  member_id: number
  aptitude_id: number
  images: string
  expire_date: string
  status: number
  reason: string
  create_time: number
  modify_time: number
  audit_time: number
}

/** Today in China (the shop's clock), "YYYY-MM-DD". */
export function shopToday(): string {
  return new Date((nowSeconds() + 8 * 3600) * 1000).toISOString().slice(0, 10)
}

/** The member's business type: the first label id, 0 for none. */
export function memberLabelOf(db: Database, memberId: number): { label_id: number; label_name: string } {
  const row = db.prepare('SELECT member_label, member_label_name FROM member WHERE member_id = ?').get(memberId) as { member_label: string; member_label_name: string } | undefined
  const id = Number((row?.member_label ?? '').split(',').find((part) => /^\d+$/.test(part)) ?? 0)
  return { label_id: id, label_name: id ? (row?.member_label_name ?? '') : '' }
}

/** The types a business type hands in (label 0 = members without one), in the shop's order. */
export function qualificationTypesFor(db: Database, labelId: number): QualificationType[] {
  return db
    .prepare(
      `SELECT a.id, a.name, a.description, c.is_must, a.need_expire, a.max_images
       FROM qualification_config c JOIN aptitude a ON a.id = c.aptitude_id WHERE c.label_id = ? ORDER BY c.sort, a.sort, a.id`,
    )
    .all(labelId) as QualificationType[]
}

export function aptitudeById(db: Database, id: number): QualificationType | undefined {
  return db.prepare('SELECT id, name, description, is_must, need_expire, max_images FROM aptitude WHERE id = ?').get(id) as QualificationType | undefined
}

/** The member's newest submission of a type. */
export function latestSubmission(db: Database, memberId: number, aptitudeId: number): QualificationRecord | undefined {
  return db.prepare('SELECT * FROM member_qualification WHERE member_id = ? AND aptitude_id = ? ORDER BY id DESC LIMIT 1').get(memberId, aptitudeId) as
    QualificationRecord | undefined
}

/** The member's newest approved submission of a type (expired or not). */
export function latestApproved(db: Database, memberId: number, aptitudeId: number): QualificationRecord | undefined {
  return db.prepare('SELECT * FROM member_qualification WHERE member_id = ? AND aptitude_id = ? AND status = 1 ORDER BY id DESC LIMIT 1').get(memberId, aptitudeId) as
    QualificationRecord | undefined
}

function isCurrent(record: QualificationRecord, today: string): boolean {
  return record.expire_date === '' || record.expire_date >= today
}

/** Where the member stands for a type: a valid approval wins over a newer submission under review. */
export function qualificationState(db: Database, memberId: number, aptitudeId: number, today = shopToday()): QualificationState {
  const approved = latestApproved(db, memberId, aptitudeId)
  if (approved && isCurrent(approved, today)) return 'approved'
  const latest = latestSubmission(db, memberId, aptitudeId)
  if (!latest) return 'missing'
  if (latest.status === 0) return 'pending'
  if (latest.status === -1) return 'rejected'
  return 'expired'
}

export interface QualificationBlock {
  qualification_id: number
  qualification_name: string
  qualification_status: Exclude<QualificationState, 'approved'>
}

/** The first qualification a goods needs from this member that they do not validly hold, or null. */
export function qualificationBlockFor(db: Database, member: { memberId: number; labels: number[] }, goods: { goods_id: number; category_id: string }): QualificationBlock | null {
  const rules = db.prepare('SELECT * FROM qualification_rule ORDER BY id').all() as {
    type: 'goods' | 'category'
    goods_id: number
    category_id: number
    member_label: number
    aptitude_id: number
  }[]
  const today = shopToday()
  for (const rule of rules) {
    if (rule.member_label !== 0 && !member.labels.includes(rule.member_label)) continue
    const applies = rule.type === 'goods' ? rule.goods_id === goods.goods_id : goods.category_id.includes(`,${rule.category_id},`)
    if (!applies) continue
    const state = qualificationState(db, member.memberId, rule.aptitude_id, today)
    if (state === 'approved') continue
    const name = aptitudeById(db, rule.aptitude_id)?.name ?? ''
    return { qualification_id: rule.aptitude_id, qualification_name: name, qualification_status: state }
  }
  return null
}

/** The refusal text of a goods blocked by a qualification (cart and checkout refusals quote it). */
export function qualificationMessage(block: QualificationBlock): string {
  const name = block.qualification_name
  switch (block.qualification_status) {
    case 'missing':
      return `请先上传资质：${name}`
    case 'pending':
      return `资质审核中：${name}，审核通过后可购买`
    case 'rejected':
      return `资质已驳回：${name}，请重新上传`
    case 'expired':
      return `资质已过期：${name}，请重新上传`
  }
}

/** A submission as the API answers it (images as a list). */
export function submissionView(record: QualificationRecord) {
  return {
    id: record.id,
    aptitude_id: record.aptitude_id,
    images: record.images ? record.images.split(',') : [],
    expire_date: record.expire_date,
    status: record.status,
    status_name: QUALIFICATION_STATUS_NAMES[record.status] ?? '',
    reason: record.reason,
    create_time: record.create_time,
    modify_time: record.modify_time,
    audit_time: record.audit_time,
  }
}

/** The merchant's review of a pending submission; false when it is not pending. */
export function reviewQualification(db: Database, id: number, review: { action: 'approve' } | { action: 'reject'; reason: string }): boolean {
  const status = review.action === 'approve' ? 1 : -1
  const reason = review.action === 'reject' ? review.reason : ''
  return db.prepare('UPDATE member_qualification SET status = ?, reason = ?, audit_time = ? WHERE id = ? AND status = 0').run(status, reason, nowSeconds(), id).changes === 1
}
