import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'

/**
 * Shape comparison of an API answer against a real sample (tests/fixtures/samples/*.json).
 *
 * Rules (kept simple on purpose):
 * 1. Objects: every key of the sample must be in the actual value; the actual may have extra
 *    keys. Exception at the root (the envelope): the key sets must be equal, so an answer
 *    that must have no `data` key (code -3, 系统异常) fails if it has one. Only `refreshtoken`
 *    may be extra at the root (the real API adds it near token expiry).
 * 2. Each value has the sample's JSON type: string, number, boolean, null, array or object.
 *    Integers must stay integers (`5` ≠ `5.5`), and a string that looks like money in the
 *    sample ("0.00") must look like money in the answer (2 decimals).
 * 3. Arrays: every actual element is checked against the sample's first element; keys the
 *    first element lacks but a later sample element has are checked against that element
 *    when the actual element has them (so optional `child_list` is checked too). An empty
 *    sample array only requires an array.
 * 4. A sample `null` or `""` is strict (null must be null, "" must be a string) unless its
 *    path is listed in `options.loose`, where any value passes. Use `loose` only where
 *    LIVE.md says the value varies (e.g. `data.adv_list[].adv_url` is "" in the sample
 *    and JSON text with us: still a string, so not even needed there).
 *
 * Paths look like `data.adv_list[].adv_url` (`[]` = any array element).
 */
export interface ShapeOptions {
  loose?: string[]
}

const MONEY = /^-?\d+\.\d{2}$/

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

export function shapeMismatches(actual: unknown, sample: unknown, options: ShapeOptions = {}): string[] {
  const loose = new Set(options.loose ?? [])
  const problems: string[] = []

  function check(a: unknown, s: unknown, path: string, root: boolean): void {
    if (loose.has(path)) return
    const ta = jsonType(a)
    const ts = jsonType(s)
    if (ta !== ts) {
      problems.push(`${path || '(root)'}: expected ${ts} like ${JSON.stringify(s)?.slice(0, 60)}, got ${ta} ${JSON.stringify(a)?.slice(0, 60)}`)
      return
    }
    if (ts === 'number') {
      if (Number.isInteger(s) && !Number.isInteger(a)) problems.push(`${path}: expected an integer, got ${String(a)}`)
      return
    }
    if (ts === 'string') {
      if (MONEY.test(s as string) && !MONEY.test(a as string)) problems.push(`${path}: expected money like "0.00", got ${JSON.stringify(a)}`)
      return
    }
    if (ts === 'array') {
      const sa = s as unknown[]
      const aa = a as unknown[]
      if (sa.length === 0) return
      aa.forEach((element) => {
        check(element, sa[0], `${path}[]`, false)
        if (jsonType(element) === 'object' && jsonType(sa[0]) === 'object') {
          const first = sa[0] as Record<string, unknown>
          for (const key of Object.keys(element as object)) {
            if (key in first) continue
            const donor = sa.find((x) => jsonType(x) === 'object' && key in (x as object)) as Record<string, unknown> | undefined
            if (donor) check((element as Record<string, unknown>)[key], donor[key], `${path}[].${key}`, false)
          }
        }
      })
      return
    }
    if (ts === 'object') {
      const so = s as Record<string, unknown>
      const ao = a as Record<string, unknown>
      for (const key of Object.keys(so)) {
        const childPath = path ? `${path}.${key}` : key
        if (!(key in ao)) {
          if (!loose.has(childPath)) problems.push(`${childPath}: missing`)
          continue
        }
        check(ao[key], so[key], childPath, false)
      }
      if (root) {
        for (const key of Object.keys(ao)) {
          if (!(key in so) && key !== 'refreshtoken') problems.push(`${key}: not in the sample's envelope`)
        }
      }
    }
  }

  check(actual, sample, '', true)
  return problems
}

/** Assert that `actual` has the shape of `sample` (see the rules above). */
export function expectSameShape(actual: unknown, sample: unknown, options: ShapeOptions = {}): void {
  expect(shapeMismatches(actual, sample, options)).toEqual([])
}

const SAMPLES_DIR = fileURLToPath(new URL('../fixtures/samples/', import.meta.url))

/** A real sample by file name without `.json`, e.g. `api_member_info_no_token`. */
export function loadSample(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`${SAMPLES_DIR}${name}.json`, 'utf8')) as Record<string, unknown>
}
