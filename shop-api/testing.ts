import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
  close(): Promise<void>
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

  return {
    api,
    url: api.url,
    call,
    testApi,
    login,
    captcha,
    close: async () => {
      await api.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
