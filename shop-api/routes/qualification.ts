import type { Database } from 'better-sqlite3'
import { nowSeconds } from '../core/format.js'
import { error, int, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { imageType, isUploadedFile, storeUpload } from '../core/upload.js'
import { optionalMemberId } from '../models/catalog.js'
import {
  aptitudeById,
  latestApproved,
  latestSubmission,
  memberLabelOf,
  qualificationState,
  qualificationTypesFor,
  shopToday,
  submissionView,
  type QualificationRecord,
} from '../models/qualification.js'

/**
 * Qualifications (资质) and the shop's certificates: `/api/qualification/*` exist only in the spec;
 * their shapes are defined in docs/qualifications.md. Uploads are stored like the avatar
 * (upload_file, type by content, size-limited) and served by GET /upload/….
 */

export const QUALIFICATION_IMAGE_MAX_BYTES = 2 * 1024 * 1024
const DATE = /^\d{4}-\d{2}-\d{2}$/

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false
  const time = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value
}

/** The image of a multipart `file` field, or the refusal. */
function uploadedImage(ctx: Context): { mime: string; ext: string; data: Buffer } | { refusal: string } {
  const file = param(ctx, 'file')
  if (!isUploadedFile(file) || file.data.length === 0) return { refusal: '请上传图片文件' }
  if (file.data.length > QUALIFICATION_IMAGE_MAX_BYTES) return { refusal: '图片大小不能超过2MB' }
  const type = imageType(file.data)
  if (!type) return { refusal: '请上传图片文件' }
  return { ...type, data: file.data }
}

/** The validity date of an upload: required (a real day, not past) when the type asks for one; '' = long-term otherwise. */
function expireDateProblem(value: string, needExpire: number): string | null {
  if (value === '') return needExpire ? '请填写资质有效期' : null
  if (!isRealDate(value)) return '有效期格式不正确'
  if (value < shopToday()) return '资质已过有效期'
  return null
}

function addImage(db: Database, record: QualificationRecord, path: string, expireDate: string) {
  const images = record.images ? `${record.images},${path}` : path
  db.prepare('UPDATE member_qualification SET images = ?, expire_date = ?, modify_time = ? WHERE id = ?').run(images, expireDate, nowSeconds(), record.id)
}

/**
 * Registration: `qualifications_images` as JSON `{"<aptitude id>": "path,path"}` (or that object);
 * each path must be an unclaimed upload of /api/upload/qualification. Creates one pending
 * submission per type of the new member's configuration; other types and foreign paths are ignored.
 */
export function claimRegistrationImages(db: Database, memberId: number, raw: unknown) {
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = raw.trim() ? JSON.parse(raw) : {}
    } catch {
      return
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return
  const { label_id } = memberLabelOf(db, memberId)
  const types = new Map(qualificationTypesFor(db, label_id).map((type) => [type.id, type]))
  const now = nowSeconds()
  for (const [key, paths] of Object.entries(value as Record<string, unknown>)) {
    const type = types.get(Number(key))
    if (!type || typeof paths !== 'string') continue
    const owned = paths
      .split(',')
      .map((path) => path.trim())
      .filter(
        (path) => db.prepare("UPDATE upload_file SET member_id = ? WHERE path = ? AND member_id = 0 AND path LIKE 'upload/qualification/%'").run(memberId, path).changes === 1,
      )
      .slice(0, type.max_images)
    if (owned.length === 0) continue
    db.prepare('INSERT INTO member_qualification (member_id, aptitude_id, images, expire_date, status, create_time, modify_time) VALUES (?, ?, ?, ?, 0, ?, ?)').run(
      memberId,
      type.id,
      owned.join(','),
      '',
      now,
      now,
    )
  }
}

export function registerQualificationRoutes(router: Router): void {
  // {member_label?}: the types a business type hands in; without it, the caller's (a visitor: none).
  router.post('/api/qualification/getQualificationConfig', (ctx) => {
    const memberId = optionalMemberId(ctx)
    let label = { label_id: 0, label_name: '' }
    if (str(ctx, 'member_label') !== '') {
      const id = int(ctx, 'member_label', -1)
      const row = ctx.db.prepare('SELECT label_id, label_name FROM member_label WHERE label_id = ?').get(id) as typeof label | undefined
      if (!row) return error(-1, '会员类型不存在')
      label = row
    } else if (memberId) label = memberLabelOf(ctx.db, memberId)
    return success({ member_label: label.label_id, member_label_name: label.label_name, list: qualificationTypesFor(ctx.db, label.label_id) })
  })

  // The caller's types with where they stand: the newest submission and the newest approval.
  router.post('/api/qualification/getMemberQualification', (ctx) => {
    const memberId = requireMember(ctx)
    const label = memberLabelOf(ctx.db, memberId)
    const today = shopToday()
    const list = qualificationTypesFor(ctx.db, label.label_id).map((type) => {
      const current = latestSubmission(ctx.db, memberId, type.id)
      const approved = latestApproved(ctx.db, memberId, type.id)
      return {
        ...type,
        state: qualificationState(ctx.db, memberId, type.id, today),
        current: current ? submissionView(current) : null,
        approved: approved ? submissionView(approved) : null,
      }
    })
    return success({ member_label: label.label_id, member_label_name: label.label_name, today, list })
  })

  // Multipart {aptitude_id, expire_date, file, id?}: one image per call. Added to the pending
  // submission of the type (id, when sent, must be that one), else a new submission.
  router.post('/api/qualification/qualificationUpload', (ctx) => {
    const memberId = requireMember(ctx)
    const aptitudeId = int(ctx, 'aptitude_id', 0)
    const allowed = qualificationTypesFor(ctx.db, memberLabelOf(ctx.db, memberId).label_id).some((type) => type.id === aptitudeId)
    const type = allowed ? aptitudeById(ctx.db, aptitudeId) : undefined
    if (!type) return error(-1, '资质类型不存在')
    const expireDate = str(ctx, 'expire_date').trim()
    const dateProblem = expireDateProblem(expireDate, type.need_expire)
    if (dateProblem) return error(-1, dateProblem)
    const latest = latestSubmission(ctx.db, memberId, aptitudeId)
    const pending = latest?.status === 0 ? latest : undefined
    const id = int(ctx, 'id', 0)
    if (id && id !== pending?.id) return error(-1, '资质记录不存在')
    if (pending && pending.images.split(',').filter(Boolean).length >= type.max_images) return error(-1, `每项资质最多上传${type.max_images}张图片`)
    const image = uploadedImage(ctx)
    if ('refusal' in image) return error(-1, image.refusal)
    const path = storeUpload(ctx.db, 'qualification', memberId, image)
    if (pending) {
      addImage(ctx.db, pending, path, expireDate)
      return success({ id: pending.id, pic_path: path })
    }
    const now = nowSeconds()
    const result = ctx.db
      .prepare('INSERT INTO member_qualification (member_id, aptitude_id, images, expire_date, status, create_time, modify_time) VALUES (?, ?, ?, ?, 0, ?, ?)')
      .run(memberId, aptitudeId, path, expireDate, now, now)
    return success({ id: Number(result.lastInsertRowid), pic_path: path })
  })

  // {id, image}: takes an image out of the caller's pending submission (the last one removes it).
  router.post('/api/qualification/deleteImage', (ctx) => {
    const memberId = requireMember(ctx)
    const record = ctx.db.prepare('SELECT * FROM member_qualification WHERE id = ? AND member_id = ?').get(int(ctx, 'id', 0), memberId) as QualificationRecord | undefined
    if (!record) return error(-1, '资质记录不存在')
    if (record.status !== 0) return error(-1, '只能修改待审核的资质')
    const images = record.images.split(',').filter(Boolean)
    const image = str(ctx, 'image')
    if (!images.includes(image)) return error(-1, '图片不存在')
    const rest = images.filter((path) => path !== image)
    if (rest.length === 0) ctx.db.prepare('DELETE FROM member_qualification WHERE id = ?').run(record.id)
    else ctx.db.prepare('UPDATE member_qualification SET images = ?, modify_time = ? WHERE id = ?').run(rest.join(','), nowSeconds(), record.id)
    return success(1)
  })

  // Registration (no token): one image per call, claimed by /api/register/username's qualifications_images.
  router.post('/api/upload/qualification', (ctx) => {
    const image = uploadedImage(ctx)
    if ('refusal' in image) return error(-1, image.refusal)
    return success({ pic_path: storeUpload(ctx.db, 'qualification', optionalMemberId(ctx), image) })
  })

  // The shop's own licences (shown to buyers), in the shop's order.
  router.post('/api/qualification/shopCertiys', (ctx) => {
    const rows = ctx.db.prepare('SELECT id, name, cert_no, issuer, scope, images, start_date, expire_date FROM shop_certificate WHERE status = 1 ORDER BY sort, id').all() as {
      images: string
    }[]
    return success(rows.map((row) => ({ ...row, images: row.images ? row.images.split(',') : [] })))
  })
}
