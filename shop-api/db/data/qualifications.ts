/**
 * Demo data of schema 17 (qualifications, docs/qualifications.md): the form details of the
 * aptitude rows, which types each business type hands in, the goods that need one, the
 * demo members' approved documents and the shop's own certificates.
 */

/** Form details of the aptitude rows (ids 1–5 of data/members.ts `aptitudes`). */
export const aptitudeDetails: { id: number; description: string; need_expire: number; max_images: number }[] = [
  { id: 1, description: '加盖公章的营业执照副本；长期有效的可不填有效期', need_expire: 0, max_images: 2 },
  { id: 2, description: '《药品经营许可证》正本或副本，经营范围须含所购品种', need_expire: 1, max_images: 3 },
  { id: 3, description: '药品经营质量管理规范（GSP）认证证书', need_expire: 1, max_images: 2 },
  { id: 4, description: '《医疗机构执业许可证》正本，诊疗科目须与所购品种相符', need_expire: 1, max_images: 3 },
  { id: 5, description: '加盖公章的采购委托书及被委托人身份证复印件', need_expire: 1, max_images: 3 },
]

/** label_id (data/members.ts `memberLabels`, 1-based; 0 = none) → [aptitude id, is_must]. */
export const qualificationConfig: Record<number, [number, 0 | 1][]> = {
  0: [[1, 1]],
  1: [[1, 1], [2, 1], [3, 0], [5, 0]],
  2: [[1, 1], [2, 1], [3, 1], [5, 0]],
  3: [[1, 1], [4, 1], [5, 0]],
  4: [[1, 1], [4, 1], [5, 0]],
  5: [[1, 1], [2, 1], [3, 1], [5, 1]],
}

/** Goods a business type buys only with an approved, unexpired qualification (by goods name). */
export const qualificationRules: { goods: string; member_label: number; aptitude_id: number }[] = [
  // Anticoagulant for medical institutions: clinics and hospitals need their licence.
  { goods: '华法林钠片 2.5mg*60片', member_label: 3, aptitude_id: 4 },
  { goods: '华法林钠片 2.5mg*60片', member_label: 4, aptitude_id: 4 },
  // Prescription drug for pharmacies: the drug trading licence.
  { goods: '盐酸曲美他嗪片 20mg*30片', member_label: 1, aptitude_id: 2 },
  { goods: '盐酸曲美他嗪片 20mg*30片', member_label: 2, aptitude_id: 2 },
]

/** The seeded members have their required documents approved (long-term), so their shopping is unchanged. */
export const approvedQualifications: { member: string; aptitude_id: number; expire_date: string }[] = [
  { member: 'demo', aptitude_id: 1, expire_date: '' },
  { member: 'demo', aptitude_id: 2, expire_date: '2030-12-31' },
  { member: 'demo', aptitude_id: 3, expire_date: '2029-06-30' },
  { member: 'demo_branch', aptitude_id: 1, expire_date: '' },
  { member: 'demo_branch', aptitude_id: 2, expire_date: '2030-12-31' },
  { member: 'demo_branch', aptitude_id: 3, expire_date: '2029-06-30' },
  { member: 'clinic', aptitude_id: 1, expire_date: '' },
  { member: 'clinic', aptitude_id: 4, expire_date: '2031-03-31' },
]

export const shopCertificates: { name: string; cert_no: string; issuer: string; scope: string; start_date: string; expire_date: string; color: string }[] = [
  {
    name: '药品经营许可证',
    cert_no: '浙AA5710001',
    issuer: '浙江省药品监督管理局',
    scope: '中药饮片、中成药、化学药制剂、抗生素制剂、生化药品、生物制品（除疫苗）',
    start_date: '2024-01-15',
    expire_date: '2029-01-14',
    color: '#0B7A5B',
  },
  {
    name: '营业执照',
    cert_no: '91330100MA2H000001',
    issuer: '杭州市市场监督管理局',
    scope: '药品批发；医疗器械经营；保健食品销售',
    start_date: '2019-05-20',
    expire_date: '',
    color: '#C0392B',
  },
  {
    name: 'GSP证书',
    cert_no: 'ZJ-GSP-2024-0188',
    issuer: '浙江省药品监督管理局',
    scope: '药品批发',
    start_date: '2024-03-01',
    expire_date: '2029-02-28',
    color: '#8E5B2E',
  },
  {
    name: '第二类医疗器械经营备案凭证',
    cert_no: '浙杭药监械经营备20240088号',
    issuer: '杭州市市场监督管理局',
    scope: '第二类医疗器械（不含体外诊断试剂）',
    start_date: '2024-04-10',
    expire_date: '',
    color: '#1F6FB2',
  },
  {
    name: '互联网药品信息服务资格证书',
    cert_no: '(浙)-经营性-2024-0066',
    issuer: '浙江省药品监督管理局',
    scope: '经营性互联网药品信息服务',
    start_date: '2024-06-01',
    expire_date: '2029-05-31',
    color: '#7D5BA6',
  },
]
