import { randomBytes } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { aptitudeDetails, approvedQualifications, qualificationConfig, qualificationRules, shopCertificates } from './data/qualifications.js'
import { SEED_TIME } from './data/site.js'
import { insertRow, registerImage } from './rows.js'

/**
 * Seeded documents are named like uploads (storeUpload: 24 random hex), not by their order: a
 * licence's address must not be guessable from another's (issue 30).
 */
function unguessableUploadPath(folder: string): string {
  return `upload/${folder}/${randomBytes(12).toString('hex')}.svg`
}

/** Schema 17's seed: qualification types per business type, rules, demo approvals, shop certificates. */
export function seedQualifications(db: Database) {
  for (const detail of aptitudeDetails) {
    db.prepare('UPDATE aptitude SET description = ?, need_expire = ?, max_images = ? WHERE id = ?').run(detail.description, detail.need_expire, detail.max_images, detail.id)
  }
  for (const [label, entries] of Object.entries(qualificationConfig)) {
    entries.forEach(([aptitudeId, isMust], index) => insertRow(db, 'qualification_config', { label_id: Number(label), aptitude_id: aptitudeId, is_must: isMust, sort: index + 1 }))
  }
  for (const rule of qualificationRules) {
    const goods = db.prepare('SELECT goods_id FROM goods WHERE goods_name = ?').get(rule.goods) as { goods_id: number } | undefined
    if (!goods) throw new Error(`qualification rule: no goods ${rule.goods}`)
    insertRow(db, 'qualification_rule', { type: 'goods', goods_id: goods.goods_id, member_label: rule.member_label, aptitude_id: rule.aptitude_id })
  }
  approvedQualifications.forEach((entry) => {
    const member = db.prepare('SELECT member_id FROM member WHERE username = ?').get(entry.member) as { member_id: number }
    const aptitude = db.prepare('SELECT name FROM aptitude WHERE id = ?').get(entry.aptitude_id) as { name: string }
    const image = registerImage(db, {
      path: unguessableUploadPath('qualification'),
      kind: 'banner',
      width: 600,
      height: 420,
      background: '#F4F1E8',
      color: '#5A4A2E',
      text: aptitude.name,
      subtext: entry.member,
    })
    insertRow(db, 'member_qualification', {
      member_id: member.member_id,
      aptitude_id: entry.aptitude_id,
      images: image,
      expire_date: entry.expire_date,
      status: 1,
      create_time: SEED_TIME,
      modify_time: SEED_TIME,
      audit_time: SEED_TIME + 3600,
    })
  })
  shopCertificates.forEach((cert, index) => {
    const image = registerImage(db, {
      path: unguessableUploadPath('certificate'),
      kind: 'banner',
      width: 600,
      height: 420,
      background: cert.color,
      text: cert.name,
      subtext: cert.cert_no,
    })
    insertRow(db, 'shop_certificate', {
      name: cert.name,
      cert_no: cert.cert_no,
      issuer: cert.issuer,
      scope: cert.scope,
      start_date: cert.start_date,
      expire_date: cert.expire_date,
      images: image,
      sort: index + 1,
    })
  })
}
