import type { Database } from 'better-sqlite3'
import { checkRegionPath } from './regions.js'

/**
 * Registration extras (spec §3) beyond the member row: the region and detailed address become the
 * new member's default delivery address (a B2B pharmacy ships to the registered business address),
 * and a distributor typed by name (`inputfenxiao_name`) becomes the referrer when no `parent_id`
 * was sent. See docs/member-centre.md "Registration".
 */

/** Why the region/address of a registration cannot be taken (the upstream's wording), or null. */
export function registrationAddressProblem(input: { province_id: number; city_id: number; district_id: number; address: string }): string | null {
  if (!input.province_id && !input.city_id && !input.district_id && !input.address) return null
  const path = checkRegionPath({ province: input.province_id, city: input.city_id, district: input.district_id, street: 0 })
  if (typeof path === 'string') return path
  if (!input.address.trim()) return '请填写详细地址'
  if ([...input.address].length > 100) return '详细地址不能超过100个字符'
  return null
}

/** The full "省-市-区" of a valid path (the client's full_address is ignored, as for addresses). */
export function registrationFullAddress(input: { province_id: number; city_id: number; district_id: number }): string {
  const path = checkRegionPath({ province: input.province_id, city: input.city_id, district: input.district_id, street: 0 })
  if (typeof path === 'string') return ''
  return [path.province, path.city, path.district].flatMap((region) => (region ? [region.name] : [])).join('-')
}

/** Stores the registration address as the member's default delivery address (name: real name, else username). */
export function addRegistrationAddress(
  db: Database,
  memberId: number,
  input: { name: string; mobile: string; province_id: number; city_id: number; district_id: number; address: string; full_address: string },
): void {
  if (!input.province_id || !input.address.trim()) return
  db.prepare(
    `INSERT INTO member_address (member_id, name, mobile, telephone, province_id, city_id, district_id, community_id, address, full_address, longitude, latitude, is_default, type)
     VALUES (?, ?, ?, '', ?, ?, ?, 0, ?, ?, '', '', 1, 1)`,
  ).run(memberId, input.name.slice(0, 20), input.mobile, input.province_id, input.city_id, input.district_id, input.address.trim(), input.full_address)
}

/** The referrer: `parent_id` when it is a distributor, else the distributor named by `inputfenxiao_name` (username or nickname), else 0. */
export function referrerId(db: Database, parentId: number, name: string): number {
  if (parentId) {
    const row = db.prepare('SELECT member_id FROM member WHERE member_id = ? AND is_fenxiao = 1 AND is_delete = 0').get(parentId) as { member_id: number } | undefined
    if (row) return row.member_id
  }
  const typed = name.trim()
  if (!typed) return 0
  const row = db.prepare('SELECT member_id FROM member WHERE is_fenxiao = 1 AND is_delete = 0 AND (username = ? OR nickname = ?) ORDER BY member_id LIMIT 1').get(typed, typed) as
    { member_id: number } | undefined
  return row?.member_id ?? 0
}
