import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { resolveDisabledEndpoints } from './core/endpoints.js'
import { createShopApi } from './server.js'

/**
 * CLI entry: `npm run shop-api`.
 *   PORT               port (default 4100)
 *   HOST               host (default 127.0.0.1)
 *   DATA_DIR           folder of shop-api.sqlite (default ./data)
 *   SHOP_API_TEST_MODE 1 = mount the /__test API
 *   SHOP_CLOSED        1 = start with the PC shop closed, 0 = open, unset = keep the stored switch
 *   SHOP_API_FRESH     1 = delete the database first (a fresh, reseeded shop; used by e2e)
 *   SHOP_API_LOG       0 = quiet (default 1: requests and simulated SMS codes are printed)
 *   SHOP_API_PUBLIC_URL      base URL the browser reaches this API at (payment simulator links); default the request's origin
 *   SHOP_API_RETURN_ORIGINS  comma-separated origins the payment simulator may redirect back to
 *                            (default http://localhost:3000,http://127.0.0.1:3000)
 *   SHOP_API_DISABLED  `stock` (= STOCK_NIUSHOP_MISSING) and/or comma-separated paths/prefixes answered
 *                      like a route a stock Niushop lacks (HTML error page, HTTP 200); default none
 */
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  SHOP_API_TEST_MODE: flag.optional(),
  SHOP_CLOSED: flag.optional(),
  SHOP_API_FRESH: flag.optional(),
  SHOP_API_LOG: flag.optional(),
  SHOP_API_PUBLIC_URL: z.string().url().optional(),
  SHOP_API_RETURN_ORIGINS: z.string().optional(),
  SHOP_API_DISABLED: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        resolveDisabledEndpoints(value)
      } catch (err) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: err instanceof Error ? err.message : String(err) })
      }
    }),
})

const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')))
if (!parsed.success) {
  console.error('[shop-api] invalid environment:')
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`)
  process.exit(1)
}
const env = parsed.data

const dbPath = resolve(join(env.DATA_DIR, 'shop-api.sqlite'))
if (env.SHOP_API_FRESH) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true })
}

const api = await createShopApi({
  dbPath,
  port: env.PORT,
  host: env.HOST,
  testApi: env.SHOP_API_TEST_MODE ?? false,
  closed: env.SHOP_CLOSED,
  log: env.SHOP_API_LOG ?? true,
  disabledEndpoints: env.SHOP_API_DISABLED ? [env.SHOP_API_DISABLED] : [],
  publicUrl: env.SHOP_API_PUBLIC_URL,
  returnOrigins: env.SHOP_API_RETURN_ORIGINS
    ? env.SHOP_API_RETURN_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter((o) => o !== '')
    : undefined,
})
const disabledNote = api.endpoints.list().length ? `, disabled: ${api.endpoints.list().join(' ')}` : ''
console.log(`[shop-api] listening on ${api.url} (db ${dbPath}${env.SHOP_API_TEST_MODE ? ', test API on' : ''}${env.SHOP_CLOSED ? ', PC shop closed' : ''}${disabledNote})`)

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`[shop-api] ${signal}: shutting down`)
  await api.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))
