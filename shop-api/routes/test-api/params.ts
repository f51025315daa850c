import type { Database } from 'better-sqlite3'
import type { EndpointSwitch } from '../../core/endpoints.js'
import type { Params } from '../../core/router.js'
import type { Services } from '../../core/services.js'
import { findMemberById } from '../../models/member.js'

/** What the parts of the test API share: the reply type, the parameter readers, the member a call names. */

export interface TestReply {
  status: number
  body: unknown
}

export type TestHandler = (input: { params: Params; db: Database; services: Services; endpoints: EndpointSwitch }) => TestReply | Promise<TestReply>

export const ok = (body: unknown): TestReply => ({ status: 200, body })
export const bad = (status: number, message: string): TestReply => ({ status, body: { error: message } })

export const text = (params: Params, name: string): string | undefined => {
  const v = params[name]
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined
}
export const bool = (params: Params, name: string): boolean | undefined => {
  const v = params[name]
  if (typeof v === 'boolean') return v
  if (v === 1 || v === '1' || v === 'true') return true
  if (v === 0 || v === '0' || v === 'false') return false
  return undefined
}
export const integer = (params: Params, name: string): number | undefined => {
  const v = params[name]
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  return Number.isInteger(n) ? n : undefined
}

/** The member named by `username` or `member_id` (undefined when there is none). */
export function memberOf(db: Database, params: Params): number | undefined {
  const username = text(params, 'username')
  const memberId =
    integer(params, 'member_id') ??
    (username ? (db.prepare('SELECT member_id FROM member WHERE username = ?').get(username) as { member_id: number } | undefined)?.member_id : undefined)
  return memberId !== undefined && findMemberById(db, memberId) ? memberId : undefined
}

/** Test routes by "METHOD /path" (path lower-cased). */
export type TestRoutes = Record<string, TestHandler>
