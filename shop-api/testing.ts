import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { insertRow } from './db/rows.js'
import { createShopApi, type ShopApi, type ShopApiOptions } from './server.js'

/**
 * Helpers for tests that run the shop API in-process: a fresh temp database, the test API on,
 * and small typed callers. Not used by the server itself.
 */
export interface TestShopApi {
  api: ShopApi
  url: string
  /** POST an API path with a JSON body (app_type "pc" unless given); returns the parsed JSON. */
  call(path: string, body?: Record<string, unknown>): Promise<ApiBody>
  /** Call the test API (/__test/…); GET when `body` is undefined. */
  testApi<T = Record<string, unknown>>(path: string, body?: Record<string, unknown>): Promise<{ status: number; body: T }>
  /** Log in with username/password (the login-captcha switch must be off) and return the token. */
  login(username: string, password: string): Promise<string>
  /** A fresh captcha and its answer. */
  captcha(): Promise<{ id: string; code: string }>
  /** A new member made by the test API, signed in; with a default address and money when asked. */
  newBuyer(options?: BuyerOptions): Promise<TestBuyer>
  close(): Promise<void>
}

export interface BuyerOptions {
  /** Give the member a default address in Beijing (王五, 王府井大街 1 号). */
  address?: boolean
  /** Set by `/__test/member/balance`: stored value, cash, points, pay password. */
  money?: { balance?: number; balance_money?: number; point?: number; pay_password?: string }
}

export interface TestBuyer {
  token: string
  member_id: number
  username: string
  password: string
  /** The default address's id when `address` was asked for. */
  addressId?: number
}

export interface ApiBody {
  code: number
  message: string
  data?: unknown
  timestamp: number
  refreshtoken?: string
  [key: string]: unknown
}

export async function startTestShopApi(options: Partial<ShopApiOptions> = {}): Promise<TestShopApi> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-api-test-'))
  const api = await createShopApi({ dbPath: join(dir, 'shop-api.sqlite'), testApi: true, ...options })

  const call: TestShopApi['call'] = async (path, body = {}) => {
    const res = await fetch(`${api.url}${path.startsWith('/') ? path : `/${path}`}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ app_type: 'pc', app_type_name: 'PC', ...body }),
    })
    return (await res.json()) as ApiBody
  }

  const testApi: TestShopApi['testApi'] = async (path, body) => {
    const res = await fetch(`${api.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as never }
  }

  const captcha: TestShopApi['captcha'] = async () => {
    const res = await call('/api/captcha/captcha')
    const id = (res.data as { id: string }).id
    const answer = await testApi<{ code: string }>(`/__test/captcha?id=${id}`)
    return { id, code: answer.body.code }
  }

  const login: TestShopApi['login'] = async (username, password) => {
    const res = await call('/api/login/login', { username, password })
    if (res.code !== 0) throw new Error(`login ${username} failed: ${res.code} ${res.message}`)
    return (res.data as { token: string }).token
  }

  const newBuyer: TestShopApi['newBuyer'] = async ({ address = false, money } = {}) => {
    const made = await testApi<{ member_id: number; username: string; password: string }>('/__test/member', {})
    const { member_id, username, password } = made.body
    const addressId = address
      ? insertRow(api.db, 'member_address', {
          member_id,
          name: '王五',
          mobile: '13700137000',
          province_id: 110000,
          city_id: 110100,
          district_id: 110101,
          address: '王府井大街 1 号',
          full_address: '北京市-北京市-东城区',
          is_default: 1,
        })
      : undefined
    if (money) await testApi('/__test/member/balance', { member_id, ...money })
    return { token: await login(username, password), member_id, username, password, addressId }
  }

  return {
    api,
    url: api.url,
    call,
    testApi,
    login,
    captcha,
    newBuyer,
    close: async () => {
      await api.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
