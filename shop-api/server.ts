import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import type { Database } from 'better-sqlite3'
import { EndpointSwitch } from './core/endpoints.js'
import { nowSeconds } from './core/format.js'
import { renderImage } from './core/images.js'
import { findUpload, parseMultipart } from './core/upload.js'
import { ApiException, ApiReply, Router, normalisePath, type Context, type Envelope, type Params } from './core/router.js'
import { PhpSession } from './core/php-session.js'
import { createServices, type Services } from './core/services.js'
import { openDatabase } from './db/index.js'
import { registerAddressRoutes } from './routes/address.js'
import { registerAuthRoutes } from './routes/auth.js'
import { registerCartRoutes } from './routes/cart.js'
import { registerComplainRoutes } from './routes/complain.js'
import { registerCouponRoutes } from './routes/coupon.js'
import { registerConfigRoutes } from './routes/config.js'
import { registerEvaluateRoutes } from './routes/evaluate.js'
import { registerGoodsMetaRoutes } from './routes/goods-meta.js'
import { registerGoodsRoutes } from './routes/goods.js'
import { registerGoodsCategoryRoutes } from './routes/goods-categories.js'
import { registerGoodsEvaluationRoutes } from './routes/goods-evaluations.js'
import { registerGoodsFollowRoutes } from './routes/goods-follows.js'
import { registerHelpRoutes } from './routes/help.js'
import { registerMemberRoutes } from './routes/member.js'
import { registerNoticeRoutes } from './routes/notice.js'
import { registerMemberFinanceRoutes } from './routes/member-finance.js'
import { registerMemberSigninRoutes } from './routes/member-signin.js'
import { registerMemberProfileRoutes, registerMemberSecurityRoutes } from './routes/member-profile.js'
import { registerMemberAccountRoutes, registerStaffRoutes } from './routes/member-account.js'
import { registerOfflinePayRoutes } from './routes/offlinepay.js'
import { registerOrderRoutes } from './routes/order.js'
import { registerOrderCreateRoutes } from './routes/ordercreate.js'
import { registerPayRoutes } from './routes/pay.js'
import { registerPcRoutes } from './routes/pc.js'
import { registerPromotionRoutes } from './routes/promotion.js'
import { registerQualificationRoutes } from './routes/qualification.js'
import { registerRefundRoutes } from './routes/refund.js'
import { registerSeckillRoutes } from './routes/seckill.js'
import { registerBundlingRoutes } from './routes/bundling.js'
import { registerGroupbuyRoutes } from './routes/groupbuy.js'
import { registerPointExchangeRoutes } from './routes/pointexchange.js'
import { registerTopicRoutes } from './routes/topic.js'
import { registerActivityRoutes } from './routes/activity.js'
import { registerServicerRoutes } from './routes/servicer.js'
import { registerSiteRoutes } from './routes/site.js'
import { consoleRoutes } from './routes/servicer-console.js'
import { handleSimulator } from './routes/simulator.js'
import { registerVerifyRoutes } from './routes/verify.js'
import { registerWechatRoutes } from './routes/wechat.js'
import { testRoutes } from './routes/test-api.js'

/**
 * The reference shop API: a Niushop B2C 5.5-compatible HTTP API on SQLite.
 * See shop-api/README.md for the endpoints, the test API and what is simulated.
 *
 * Nothing here reads files next to the module (schema and seed are TS modules), so the server
 * works the same when bundled into the BFF by esbuild.
 */

export interface ShopApiOptions {
  /** SQLite file; created, migrated and seeded when new. ':memory:' works too. */
  dbPath: string
  /** Mount the /__test/* API (tests and e2e only). */
  testApi?: boolean
  /** true: close the PC channel at start; false: open it; undefined: keep the stored switch. */
  closed?: boolean
  /** Log requests and simulated SMS to stdout. */
  log?: boolean
  /** Port to listen on (createShopApi only); default 0 = any free port. */
  port?: number
  /** Host to listen on (createShopApi only); default 127.0.0.1. */
  host?: string
  /** Token lifetime in seconds; default: the API_CONFIG long_time (48 h). 0 = never expire. */
  tokenTtlSeconds?: number
  /**
   * Paths or prefixes answered like a route a real Niushop does not have (HTML error page, HTTP 200),
   * case-insensitive; `"stock"` stands for STOCK_NIUSHOP_MISSING (core/endpoints.ts). Default: none.
   * The test API can change the list at runtime (`POST /__test/endpoints`).
   */
  disabledEndpoints?: string[]
  /** Public base URL of this API for browser links (the payment simulator); default: the request's origin. */
  publicUrl?: string
  /** Origins the payment simulator may redirect back to; default DEFAULT_RETURN_ORIGINS (the BFF in development). */
  returnOrigins?: string[]
  /** Key of the servicer console (GET /servicer/console?key=…); default: random per start, logged. */
  servicerConsoleKey?: string
}

/** The BFF's default origins (PORT 3000). */
export const DEFAULT_RETURN_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000']

export interface ShopApiApp {
  /** Node request listener: mount it in http.createServer or an Express app. */
  handler: RequestListener
  db: Database
  services: Services
  router: Router
  /** The live endpoint switches (see `disabledEndpoints`). */
  endpoints: EndpointSwitch
  /** The HTTP server's `upgrade` handler: the chat socket (core/chat-hub.ts). */
  upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void
  close(): void
}

export interface ShopApi {
  url: string
  port: number
  db: Database
  /** The live endpoint switches (see `disabledEndpoints`). */
  endpoints: EndpointSwitch
  close(): Promise<void>
}

const MAX_BODY_BYTES = 10 * 1024 * 1024
/** An oversized body is still read (and dropped) up to this much, so the client gets the 413 instead of a reset. */
const MAX_DRAIN_BYTES = 32 * 1024 * 1024

class BodyTooLarge extends Error {}

/** ThinkPHP's default error page (non-debug) is HTML; the real server answers it with HTTP 200. */
const NOT_FOUND_HTML = `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="UTF-8"><title>系统发生错误</title>
<style>body{font-family:"Microsoft Yahei",sans-serif;padding:48px;color:#333}h1{font-size:28px;font-weight:normal}</style>
</head><body><h1>页面错误！请稍后再试～</h1><p>404 Not Found</p></body></html>`

export function buildRouter(): Router {
  const router = new Router()
  registerSiteRoutes(router)
  registerConfigRoutes(router)
  registerPcRoutes(router)
  registerGoodsMetaRoutes(router)
  registerHelpRoutes(router)
  registerNoticeRoutes(router)
  registerAuthRoutes(router)
  registerWechatRoutes(router)
  registerMemberRoutes(router)
  registerMemberFinanceRoutes(router)
  registerMemberSigninRoutes(router)
  registerMemberProfileRoutes(router)
  registerMemberSecurityRoutes(router)
  registerMemberAccountRoutes(router)
  registerStaffRoutes(router)
  registerQualificationRoutes(router)
  registerGoodsRoutes(router)
  registerGoodsCategoryRoutes(router)
  registerGoodsEvaluationRoutes(router)
  registerGoodsFollowRoutes(router)
  registerPromotionRoutes(router)
  registerSeckillRoutes(router)
  registerBundlingRoutes(router)
  registerGroupbuyRoutes(router)
  registerPointExchangeRoutes(router)
  registerTopicRoutes(router)
  registerActivityRoutes(router)
  registerCouponRoutes(router)
  registerCartRoutes(router)
  registerAddressRoutes(router)
  registerOrderCreateRoutes(router)
  registerPayRoutes(router)
  registerOfflinePayRoutes(router)
  registerOrderRoutes(router)
  registerVerifyRoutes(router)
  registerEvaluateRoutes(router)
  registerRefundRoutes(router)
  registerComplainRoutes(router)
  registerServicerRoutes(router)
  return router
}

/** Create the database, services and request handler without listening. */
export function createShopApiApp(options: ShopApiOptions): ShopApiApp {
  // First, so a bad list throws before the database is opened.
  const endpoints = new EndpointSwitch(options.disabledEndpoints)
  const db = openDatabase(options.dbPath)
  const log = options.log ?? false
  const storedTtl = (() => {
    const row = db.prepare("SELECT value FROM config WHERE app_module = 'shop' AND config_key = 'API_CONFIG'").get() as { value: string } | undefined
    const hours = row ? Number((JSON.parse(row.value) as { long_time?: number }).long_time ?? 48) : 48
    return Math.round(hours * 3600)
  })()
  const settings = {
    tokenTtlSeconds: options.tokenTtlSeconds ?? storedTtl,
    log,
    publicUrl: options.publicUrl?.replace(/\/+$/, '') ?? '',
    returnOrigins: options.returnOrigins ?? DEFAULT_RETURN_ORIGINS,
  }
  const services = createServices(db, settings)
  if (options.servicerConsoleKey) services.chat.consoleKey = options.servicerConsoleKey
  services.tokens.prune()
  if (options.closed !== undefined) services.config.update('SHOP_STATUS_CONFIG', { shop_pc_status: options.closed ? 0 : 1 })

  const router = buildRouter()

  /**
   * Upstream builds the controller (whose constructor checks the closed channel) before it looks
   * for the action: a missing action of a controller that exists answers -3 when closed, a missing
   * controller always the HTML page. A disabled path's controller "exists" when another path of
   * the same controller is still served.
   */
  const controllerServed = (path: string): boolean => {
    const controller = path.slice(0, path.lastIndexOf('/') + 1)
    return router.paths().some((p) => p.startsWith(controller) && !p.slice(controller.length).includes('/') && !endpoints.isDisabled(p))
  }

  const handler: RequestListener = (req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[shop-api] unhandled', err)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('internal error')
    })
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://shop-api.local')
    const path = normalisePath(decodeURIComponent(url.pathname))
    const method = (req.method ?? 'GET').toUpperCase()

    if (path === '/health') return send(res, 200, 'text/plain; charset=utf-8', 'ok')
    if (method === 'OPTIONS') return send(res, 200, 'text/plain; charset=utf-8', '')

    // Generated images: GET /upload/… (paths are stored without the leading slash, original case).
    if ((method === 'GET' || method === 'HEAD') && (path.startsWith('/upload/') || path.startsWith('/public/'))) {
      // Uploaded files first (vouchers), served as stored; generated images otherwise.
      const upload = findUpload(db, decodeURIComponent(url.pathname).replace(/^\/+/, ''))
      if (upload) {
        res.writeHead(200, { 'content-type': upload.mime, 'x-content-type-options': 'nosniff', 'cache-control': 'private, max-age=3600' })
        res.end(method === 'HEAD' ? undefined : upload.data)
        return
      }
      const image = await renderImage(db, decodeURIComponent(url.pathname).replace(/^\/+/, ''))
      if (!image) return send(res, 404, 'text/html; charset=utf-8', NOT_FOUND_HTML)
      res.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=3600' })
      res.end(method === 'HEAD' ? undefined : image)
      return
    }

    let bodyParams: Params
    try {
      bodyParams = await readBody(req)
    } catch (err) {
      if (!(err instanceof BodyTooLarge)) throw err
      // e.g. a voucher far above the upload limit: a JSON refusal, not a 500.
      return sendJson(res, 413, { code: -1, message: '上传文件过大', timestamp: nowSeconds() })
    }
    const params = { ...Object.fromEntries(url.searchParams), ...bodyParams } as Params

    if (path === '/simulator/pay' && (method === 'GET' || method === 'POST')) {
      const reply = handleSimulator(db, method, params, settings.returnOrigins)
      res.writeHead(reply.status, reply.headers)
      res.end(reply.body)
      return
    }

    const consoleReply = consoleRoutes(db, services, method, path, params)
    if (consoleReply) return send(res, consoleReply.status, consoleReply.type, consoleReply.body)

    if (options.testApi && path.startsWith('/__test/')) {
      const testHandler = testRoutes[`${method} ${path}`]
      if (!testHandler) return sendJson(res, 404, { error: `no test route ${method} ${path}` })
      const reply = await testHandler({ params, db, services, endpoints })
      return sendJson(res, reply.status, reply.body)
    }

    const appType = typeof params.app_type === 'string' && params.app_type !== '' ? params.app_type : 'h5'

    const disabled = endpoints.isDisabled(path)
    const routeHandler = disabled ? undefined : router.match(path)
    if (!routeHandler) {
      if (disabled && controllerServed(path)) {
        try {
          assertChannelOpen(services, appType)
        } catch (err) {
          if (!(err instanceof ApiException)) throw err
          if (log) console.log(`[shop-api] ${method} ${path} (${appType}) → ${err.code} (disabled endpoint, closed channel)`)
          return sendJson(res, 200, { code: err.code, message: err.message, timestamp: nowSeconds() })
        }
      }
      if (log) console.log(`[shop-api] ${method} ${path} → 404 page${disabled ? ' (disabled endpoint)' : ''}`)
      return send(res, 200, 'text/html; charset=utf-8', NOT_FOUND_HTML)
    }

    const host = req.headers.host ?? ''
    const forwardedProto = String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]!
      .trim()
    const origin = host ? `${forwardedProto === 'https' ? 'https' : 'http'}://${host}` : ''
    const session = new PhpSession(db, PhpSession.idFrom(req.headers.cookie))
    const ctx: Context = { db, params: { ...params, app_type: appType }, appType, services, settings, origin, session }
    // SessionInit sets the session cookie on every answer of an action.
    res.setHeader('set-cookie', session.cookie())

    let envelope: Envelope
    try {
      assertChannelOpen(services, appType)
      const answer = await routeHandler(ctx)
      if ('bare' in answer) {
        if (log) console.log(`[shop-api] ${method} ${path} (${appType}) → bare answer`)
        return sendJson(res, 200, { ...answer.bare, timestamp: nowSeconds(), ...(ctx.refreshToken ? { refreshtoken: ctx.refreshToken } : {}) })
      }
      envelope = answer
    } catch (err) {
      if (err instanceof ApiException) envelope = { code: err.code, message: err.message }
      else if (err instanceof ApiReply) envelope = err.reply
      else {
        if (log) console.error('[shop-api] exception', err)
        envelope = { code: -1, message: `系统异常：${err instanceof Error ? err.message : String(err)}` }
      }
    }

    // Key order as the real API: code, message, data (only when present), timestamp, refreshtoken.
    const body: Record<string, unknown> = { code: envelope.code, message: envelope.message }
    if ('data' in envelope) body.data = envelope.data
    body.timestamp = nowSeconds()
    if (ctx.refreshToken) body.refreshtoken = ctx.refreshToken
    if (log) console.log(`[shop-api] ${method} ${path} (${appType}) → ${envelope.code}`)
    sendJson(res, 200, body)
  }

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => services.chat.handleUpgrade(req, socket, head)
  const close = () => {
    services.chat.close()
    db.close()
  }
  return { handler, db, services, router, endpoints, upgrade, close }
}

/** Start the API on host:port (default 127.0.0.1:0). */
export async function createShopApi(options: ShopApiOptions): Promise<ShopApi> {
  const app = createShopApiApp(options)
  const server = createServer(app.handler)
  server.on('upgrade', app.upgrade)
  // Clients (the BFF's keep-alive pool, test helpers) may reuse an idle connection just as Node's
  // default 5 s timeout closes it and see a reset; keep idle connections longer than they do.
  server.keepAliveTimeout = 65_000
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host
  let closed = false
  if (options.log) console.log(`[shop-api] servicer console: http://${urlHost}:${port}/servicer/console?key=${app.services.chat.consoleKey}`)
  return {
    url: `http://${urlHost}:${port}`,
    port,
    db: app.db,
    endpoints: app.endpoints,
    close: async () => {
      if (closed) return
      closed = true
      app.services.chat.dropAll() // upgraded sockets would hold server.close open
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
        // Give in-flight requests a moment, then cut keep-alive stragglers.
        setTimeout(() => server.closeAllConnections(), 2000).unref()
      })
      app.close()
    },
  }
}

// ---------------------------------------------------------------------------------------------

/** BaseApi's check: the channel named by app_type must be open, else -3 (no data key). */
function assertChannelOpen(services: Services, appType: string): void {
  const status = services.config.get<{ shop_pc_status: number; shop_h5_status: number; shop_weapp_status: number }>('SHOP_STATUS_CONFIG')
  const open = appType === 'pc' ? status.shop_pc_status : appType === 'weapp' ? status.shop_weapp_status : appType === 'h5' || appType === 'wechat' ? status.shop_h5_status : 1
  if (!Number(open)) throw new ApiException(-3, '网站已关闭！')
}

/** The request body as params: JSON object, urlencoded form or multipart (files as UploadedFile); anything else is ignored. */
async function readBody(req: IncomingMessage): Promise<Params> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buf = chunk as Buffer
    size += buf.length
    if (size > MAX_DRAIN_BYTES) {
      req.destroy()
      throw new BodyTooLarge()
    }
    if (size > MAX_BODY_BYTES) continue // keep draining, answer 413 at the end
    chunks.push(buf)
  }
  if (size === 0) return {}
  if (size > MAX_BODY_BYTES) throw new BodyTooLarge()
  const raw = Buffer.concat(chunks).toString('utf8')
  const type = (req.headers['content-type'] ?? '').toLowerCase()
  if (type.includes('multipart/form-data')) {
    try {
      return await parseMultipart(Buffer.concat(chunks), type)
    } catch {
      return {} // a broken multipart body reads as no params: the route answers its missing-param error
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw))
  if (type.includes('json') || raw.trimStart().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(raw)
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Params) : {}
    } catch {
      return {}
    }
  }
  return {}
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'content-type': contentType })
  res.end(body)
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body))
}
