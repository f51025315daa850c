import {
  ApiException,
  error,
  type Envelope,
  has,
  int,
  isEmpty,
  pageResult,
  paging,
  param,
  requireKeys,
  requireMember,
  str,
  success,
  type Context,
  type Router,
} from '../core/router.js'
import type { AddressRow } from '../models/checkout.js'
import { checkRegionPath, childRegions, findRegion } from '../models/regions.js'

/**
 * Delivery addresses (/api/memberaddress/*, token) and regions (/api/address/*, public), as in
 * contract §6.8 and the samples api_memberaddress_* / api_address_*.
 *
 * The real controller reads every field without a default (`$this->params['longitude']`…), so a
 * request that lacks one is PHP 8's `系统异常：Undefined array key "…"`, as here; it then saves
 * whatever it is sent, and the PC form checks the fields first. Here the server applies those
 * checks itself (with Chinese messages in the PC's style), so a client that skips them gets a
 * refusal, not a broken row: name, mobile or telephone, a region path that holds together, a
 * detailed address of bounded length. Rows are always the caller's own.
 */

/** The fields add reads, in the controller's order (edit reads `id` first). */
const ADD_KEYS = ['name', 'mobile', 'telephone', 'province_id', 'city_id', 'district_id', 'community_id', 'address', 'full_address', 'longitude', 'latitude', 'is_default']
const EDIT_KEYS = ['id', ...ADD_KEYS]

const NAME_MAX = 20
const ADDRESS_MAX = 100
const MOBILE = /^1[3-9]\d{9}$/
const TELEPHONE = /^[0-9-]{7,20}$/
const COLUMNS = 'id, member_id, name, mobile, telephone, province_id, district_id, city_id, community_id, address, full_address, longitude, latitude, is_default, type'
const PAGE_COLUMNS =
  'id, member_id, site_id, name, mobile, telephone, province_id, city_id, district_id, community_id, address, full_address, longitude, latitude, is_default, type'

/** What the upstream strips from a name: emoji blocks and any 4-byte (astral) character. */
export function stripEmoji(name: string): string {
  return name.replace(/[\u{1F600}-\u{1F64F}\u{1F300}-\u{1F5FF}\u{1F680}-\u{1F6FF}\u{2600}-\u{26FF}\u{2700}-\u{27BF}]/gu, '').replace(/[\u{10000}-\u{10FFFF}]/gu, '')
}

/** What add/edit write: a member_address row without its keys. */
type AddressInput = Omit<AddressRow, 'id' | 'member_id' | 'site_id'>

/** The checked fields of add/edit, or the refusal. */
function readAddress(ctx: Context): AddressInput | { refusal: string } {
  const name = stripEmoji(str(ctx, 'name')).trim()
  if (!name) return { refusal: '请输入收货人姓名' }
  if ([...name].length > NAME_MAX) return { refusal: `收货人姓名不能超过${NAME_MAX}个字符` }
  const mobile = str(ctx, 'mobile').trim()
  const telephone = str(ctx, 'telephone').trim()
  if (!mobile && !telephone) return { refusal: '请输入手机号码' }
  if (mobile && !MOBILE.test(mobile)) return { refusal: '请输入正确的手机号码' }
  if (telephone && !TELEPHONE.test(telephone)) return { refusal: '请输入正确的固定电话' }
  const path = checkRegionPath({ province: int(ctx, 'province_id'), city: int(ctx, 'city_id'), district: int(ctx, 'district_id'), street: int(ctx, 'community_id') })
  if (typeof path === 'string') return { refusal: path }
  const address = str(ctx, 'address').trim()
  if (!address) return { refusal: '请输入详细地址' }
  if ([...address].length > ADDRESS_MAX) return { refusal: `详细地址不能超过${ADDRESS_MAX}个字符` }
  const longitude = str(ctx, 'longitude').trim()
  const latitude = str(ctx, 'latitude').trim()
  // PHP's empty(): "", "0" and 0 are no coordinate (the PC's own address page sends 0 for a new address).
  const located = !isEmpty(longitude) && !isEmpty(latitude)
  return {
    name,
    mobile,
    telephone,
    province_id: path.province.id,
    city_id: path.city.id,
    district_id: path.district?.id ?? 0,
    community_id: path.street?.id ?? 0,
    address,
    // Built from the region names, whatever the client sent ("北京市-北京市-东城区").
    full_address: [path.province, path.city, path.district].flatMap((region) => (region ? [region.name] : [])).join('-'),
    longitude,
    latitude,
    is_default: int(ctx, 'is_default') === 1 ? 1 : 0,
    // Having both coordinates makes it a local-delivery address (type 2), as upstream.
    type: located ? 2 : 1,
  }
}

function ownAddress(ctx: Context, memberId: number, id: number): { id: number; type: number; is_default: number } | undefined {
  return ctx.db.prepare('SELECT id, type, is_default FROM member_address WHERE id = ? AND member_id = ?').get(id, memberId) as
    { id: number; type: number; is_default: number } | undefined
}

/** The caller's own address named by `id` (edit/delete/setdefault), or the refusal to answer. */
function ownAddressOf(ctx: Context, memberId: number): { id: number; type: number; is_default: number } | { refusal: Envelope } {
  const id = requestId(ctx)
  if (id === null) return { refusal: error(-1, '缺少参数id') }
  return ownAddress(ctx, memberId, id) ?? { refusal: error(-1, NOT_FOUND) }
}

/** `id` of info/edit/delete/setdefault: missing → the upstream's REQUEST_ID refusal. */
function requestId(ctx: Context): number | null {
  return isEmpty(param(ctx, 'id')) ? null : int(ctx, 'id')
}

const NOT_FOUND = '收货地址不存在'
const LOCATED_TO_PLAIN_CODE = -10001

export function registerAddressRoutes(router: Router): void {
  // Paged list, default first then newest (page_size 0 = all); `type` 1 or 2 filters.
  router.post('/api/memberaddress/page', (ctx) => {
    const memberId = requireMember(ctx)
    const { page, pageSize } = paging(ctx)
    const type = int(ctx, 'type')
    const where = type ? 'member_id = ? AND type = ?' : 'member_id = ?'
    const args = type ? [memberId, type] : [memberId]
    const count = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM member_address WHERE ${where}`).get(...args) as { n: number }).n
    const limit = pageSize === 0 ? '' : ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    const rows = ctx.db.prepare(`SELECT ${PAGE_COLUMNS} FROM member_address WHERE ${where} ORDER BY is_default DESC, id DESC${limit}`).all(...args)
    return success(pageResult(rows, count, pageSize))
  })

  // One own address; `default: 1` answers the default one instead (id still required, as upstream).
  router.post('/api/memberaddress/info', (ctx) => {
    const memberId = requireMember(ctx)
    const id = requestId(ctx)
    if (id === null) return error(-1, '缺少参数id')
    const row = isEmpty(param(ctx, 'default'))
      ? ctx.db.prepare(`SELECT ${COLUMNS} FROM member_address WHERE id = ? AND member_id = ?`).get(id, memberId)
      : ctx.db.prepare(`SELECT ${COLUMNS} FROM member_address WHERE member_id = ? AND is_default = 1 ORDER BY type, id DESC LIMIT 1`).get(memberId)
    return row ? success(row) : error(-1, NOT_FOUND, null)
  })

  // → the new id as a string (sample "1"). The first address becomes the default.
  router.post('/api/memberaddress/add', (ctx) => {
    const memberId = requireMember(ctx)
    requireKeys(ctx, ADD_KEYS)
    const input = readAddress(ctx)
    if ('refusal' in input) return error(-1, input.refusal)
    const id = ctx.db.transaction(() => {
      if (input.is_default) ctx.db.prepare('UPDATE member_address SET is_default = 0 WHERE member_id = ? AND type = ?').run(memberId, input.type)
      const result = ctx.db
        .prepare(
          `INSERT INTO member_address (member_id, name, mobile, telephone, province_id, city_id, district_id, community_id, address, full_address, longitude, latitude, is_default, type)
           VALUES (@member_id, @name, @mobile, @telephone, @province_id, @city_id, @district_id, @community_id, @address, @full_address, @longitude, @latitude, @is_default, @type)`,
        )
        .run({ member_id: memberId, ...input })
      const newId = Number(result.lastInsertRowid)
      const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM member_address WHERE member_id = ?').get(memberId) as { n: number }).n
      if (count === 1) ctx.db.prepare('UPDATE member_address SET is_default = 1 WHERE id = ?').run(newId)
      return newId
    })()
    return success(String(id))
  })

  // → 1 (rows changed). A located (type 2) address cannot become a plain one: upstream's model
  // answers `error([], '')`, i.e. -10001 (FAIL's place in its language list) with an empty message.
  router.post('/api/memberaddress/edit', (ctx) => {
    const memberId = requireMember(ctx)
    requireKeys(ctx, EDIT_KEYS)
    const own = ownAddressOf(ctx, memberId)
    if ('refusal' in own) return own.refusal
    const id = own.id
    const input = readAddress(ctx)
    if ('refusal' in input) return error(-1, input.refusal)
    if (own.type === 2 && input.type === 1) return error(LOCATED_TO_PLAIN_CODE, '', [])
    const changes = ctx.db.transaction(() => {
      if (input.is_default) ctx.db.prepare('UPDATE member_address SET is_default = 0 WHERE member_id = ? AND type = ?').run(memberId, input.type)
      // Unticking the box does not leave the member without a default: only another default clears it.
      const isDefault = input.is_default || own.is_default
      return ctx.db
        .prepare(
          `UPDATE member_address SET name = @name, mobile = @mobile, telephone = @telephone, province_id = @province_id, city_id = @city_id,
             district_id = @district_id, community_id = @community_id, address = @address, full_address = @full_address,
             longitude = @longitude, latitude = @latitude, is_default = @is_default, type = @type
           WHERE id = @id AND member_id = @member_id`,
        )
        .run({ ...input, is_default: isDefault, id, member_id: memberId }).changes
    })()
    return success(changes)
  })

  router.post('/api/memberaddress/setdefault', (ctx) => {
    const memberId = requireMember(ctx)
    const own = ownAddressOf(ctx, memberId)
    if ('refusal' in own) return own.refusal
    const id = own.id
    ctx.db.transaction(() => {
      ctx.db.prepare('UPDATE member_address SET is_default = 0 WHERE member_id = ? AND type = ?').run(memberId, own.type)
      ctx.db.prepare('UPDATE member_address SET is_default = 1 WHERE id = ?').run(id)
    })()
    return success(1)
  })

  // Deleting the default makes the newest remaining address of its type the default, so checkout
  // (which uses the default) never silently loses the member's address.
  router.post('/api/memberaddress/delete', (ctx) => {
    const memberId = requireMember(ctx)
    const own = ownAddressOf(ctx, memberId)
    if ('refusal' in own) return own.refusal
    const id = own.id
    ctx.db.transaction(() => {
      ctx.db.prepare('DELETE FROM member_address WHERE id = ? AND member_id = ?').run(id, memberId)
      if (own.is_default) {
        ctx.db
          .prepare('UPDATE member_address SET is_default = 1 WHERE id = (SELECT id FROM member_address WHERE member_id = ? AND type = ? ORDER BY id DESC LIMIT 1)')
          .run(memberId, own.type)
      }
    })()
    return success(1)
  })

  // Regions: public, the same for everyone.
  router.post('/api/address/lists', (ctx) => success(childRegions(int(ctx, 'pid', 0))))

  router.post('/api/address/info', (ctx) => {
    if (isEmpty(param(ctx, 'id'))) return error(-1, '缺少参数id')
    return success(findRegion(int(ctx, 'id')) ?? null)
  })

  // The real endpoint reads `id` without a default: a missing id is a PHP notice (sample api_address_tree_system_error).
  router.post('/api/address/tree', (ctx) => {
    if (!has(ctx, 'id')) throw new ApiException(-1, '系统异常：Undefined array key "id"')
    return success(childRegions(int(ctx, 'id', 0)))
  })
}
