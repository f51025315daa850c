import { randomBytes, randomInt } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import type { EndpointSwitch } from '../core/endpoints.js'
import { adjustClock, nowSeconds, wallSeconds } from '../core/format.js'
import { hashPassword } from '../core/password.js'
import type { Params } from '../core/router.js'
import type { Services } from '../core/services.js'
import { createMember, findMemberById, mobileExists, usernameExists } from '../models/member.js'
import { closeExpiredOrders, closeOrder, markPaid, newOutTradeNo } from '../models/order.js'
import { createTestOrder, deliverLocalOrder, shipOrder } from '../models/order-flow.js'
import { setVerifier } from '../models/verify.js'
import { insertRow } from '../db/rows.js'
import { checkoutConfigRecords, POINT_CASH_CONFIG } from '../db/seed-checkout.js'
import { REFUND_ADDRESS } from '../db/seed-aftersales.js'
import { findLine, sellerAgree, sellerReceive, sellerRefuse, sellerTransfer } from '../models/refund.js'
import { replyAsServicer } from './servicer-console.js'
import { WITHDRAW_CONFIG } from '../db/seed.js'
import { reviewWithdrawal, type WithdrawReview } from '../models/finance.js'
import { EmailCodes } from '../core/email-codes.js'
import { chinaDay, SIGNIN_CONFIG } from '../models/signin.js'
import { reviewQualification } from '../models/qualification.js'
import { WECHAT_CONFIG } from '../db/seed-wechat.js'

/**
 * The test API (/__test/*), mounted only with `testApi: true`. Plain JSON with real HTTP
 * statuses (not the Niushop envelope): it is a tool for tests, not part of the contract.
 */
export interface TestReply {
  status: number
  body: unknown
}

type TestHandler = (input: { params: Params; db: Database; services: Services; endpoints: EndpointSwitch }) => TestReply | Promise<TestReply>

const ok = (body: unknown): TestReply => ({ status: 200, body })
const bad = (status: number, message: string): TestReply => ({ status, body: { error: message } })

const text = (params: Params, name: string): string | undefined => {
  const v = params[name]
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined
}
const bool = (params: Params, name: string): boolean | undefined => {
  const v = params[name]
  if (typeof v === 'boolean') return v
  if (v === 1 || v === '1' || v === 'true') return true
  if (v === 0 || v === '0' || v === 'false') return false
  return undefined
}
const integer = (params: Params, name: string): number | undefined => {
  const v = params[name]
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  return Number.isInteger(n) ? n : undefined
}

let memberCounter = 0

/** The member named by `username` or `member_id` (undefined when there is none). */
function memberOf(db: Database, params: Params): number | undefined {
  const username = text(params, 'username')
  const memberId =
    integer(params, 'member_id') ??
    (username ? (db.prepare('SELECT member_id FROM member WHERE username = ?').get(username) as { member_id: number } | undefined)?.member_id : undefined)
  return memberId !== undefined && findMemberById(db, memberId) ? memberId : undefined
}

/** Keys are "METHOD /path" (path lower-cased). */
export const testRoutes: Record<string, TestHandler> = {
  'GET /__test/sms': ({ params, services }) => {
    const mobile = text(params, 'mobile') ?? ''
    const sms = services.sms.latest(mobile)
    return sms ? ok(sms) : bad(404, `no SMS sent to ${mobile}`)
  },

  'GET /__test/captcha': ({ params, services }) => {
    const id = text(params, 'id') ?? ''
    const code = services.captchas.answer(id)
    return code === null ? bad(404, `no live captcha ${id}`) : ok({ id, code })
  },

  'POST /__test/shop-status': ({ params, services }) => {
    const open = bool(params, 'open')
    if (open === undefined) return bad(400, 'body must be {"open": true|false}')
    services.config.update('SHOP_STATUS_CONFIG', { shop_pc_status: open ? 1 : 0 })
    return ok({ open })
  },

  'POST /__test/config': ({ params, services }) => {
    const loginCaptcha = bool(params, 'login_captcha')
    const registerCaptcha = bool(params, 'register_captcha')
    if (loginCaptcha === undefined && registerCaptcha === undefined) {
      return bad(400, 'body must be {"login_captcha"?: true|false, "register_captcha"?: true|false} with at least one')
    }
    services.config.update('CAPTCHA_CONFIG', {
      ...(loginCaptcha === undefined ? {} : { shop_reception_login: loginCaptcha ? 1 : 0 }),
      ...(registerCaptcha === undefined ? {} : { shop_reception_register: registerCaptcha ? 1 : 0 }),
    })
    return ok({ login_captcha: loginCaptcha, register_captcha: registerCaptcha })
  },

  // The registration reward (MEMBER_REGISTER_REWARD): {is_use: 0|1, point?, balance?, growth?, coupon?} (issue 29).
  'POST /__test/config/register-reward': ({ params, db, services }) => {
    const isUse = integer(params, 'is_use')
    if (isUse !== 0 && isUse !== 1) return bad(400, 'body must be {is_use: 0|1, point?, balance?, growth?, coupon?}')
    const patch: Record<string, unknown> = Object.fromEntries(
      ['point', 'balance', 'growth'].flatMap((name) => (integer(params, name) === undefined ? [] : [[name, integer(params, name)]])),
    )
    const coupon = text(params, 'coupon')
    if (coupon !== undefined) patch.coupon = coupon
    if (Object.keys(patch).length) services.config.update('MEMBER_REGISTER_REWARD', patch)
    db.prepare("UPDATE config SET is_use = ? WHERE app_module = 'shop' AND config_key = 'MEMBER_REGISTER_REWARD'").run(isUse)
    return ok(services.config.record('MEMBER_REGISTER_REWARD'))
  },

  // Fresh member with unique defaults. Optional `group_with: <member_id>` puts it in that member's account group.
  'POST /__test/member': async ({ params, db }) => {
    memberCounter += 1
    const tag = `${Date.now().toString(36)}${memberCounter}${randomBytes(2).toString('hex')}`
    const username = text(params, 'username') ?? `test_${tag}`
    const password = text(params, 'password') ?? 'test123456'
    let mobile = text(params, 'mobile')
    if (mobile === undefined) {
      do mobile = `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
      while (mobileExists(db, mobile))
    }
    if (usernameExists(db, username)) return bad(409, `username ${username} exists`)
    if (mobile !== '' && mobileExists(db, mobile)) return bad(409, `mobile ${mobile} exists`)

    let groupId = 0
    const groupWith = integer(params, 'group_with')
    if (groupWith !== undefined) {
      const other = findMemberById(db, groupWith)
      if (!other) return bad(404, `no member ${groupWith}`)
      groupId = other.account_group_id
      if (!groupId) {
        groupId = Number(db.prepare('INSERT INTO account_group (name, create_time) VALUES (?, ?)').run(`group of ${groupWith}`, nowSeconds()).lastInsertRowid)
        db.prepare('UPDATE member SET account_group_id = ? WHERE member_id = ?').run(groupId, groupWith)
      }
    }
    const memberId = createMember(db, {
      username,
      password_hash: await hashPassword(password),
      nickname: text(params, 'nickname') ?? `测试会员${memberCounter}`,
      mobile,
      account_group_id: groupId,
    })
    return ok({ member_id: memberId, username, password, mobile })
  },

  // A token expiring in ttl_seconds (0 or less = already expired).
  'POST /__test/token': ({ params, db, services }) => {
    const memberId = integer(params, 'member_id')
    if (memberId === undefined || !findMemberById(db, memberId)) return bad(404, 'unknown member_id')
    const ttl = integer(params, 'ttl_seconds') ?? 3600
    return ok({ token: services.tokens.issue(memberId, { expireTime: wallSeconds() + ttl }) })
  },

  // Forget what a member did to the catalog: cart lines, follows, footprints and the coupons it
  // received (seeded coupons, codes KY…, stay). Stock and counters of coupon types are given back.
  'POST /__test/member-state/reset': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const counts = db.transaction(() => {
      const received = db
        .prepare("SELECT coupon_type_id, COUNT(*) AS n FROM member_coupon WHERE member_id = ? AND coupon_code NOT LIKE 'KY%' GROUP BY coupon_type_id")
        .all(memberId) as { coupon_type_id: number; n: number }[]
      for (const r of received) db.prepare('UPDATE coupon_type SET lead_count = MAX(0, lead_count - ?) WHERE coupon_type_id = ?').run(r.n, r.coupon_type_id)
      const collected = db.prepare('SELECT goods_id FROM goods_collect WHERE member_id = ?').all(memberId) as { goods_id: number }[]
      for (const c of collected) db.prepare('UPDATE goods SET collect_num = MAX(0, collect_num - 1) WHERE goods_id = ?').run(c.goods_id)
      return {
        cart: db.prepare('DELETE FROM cart WHERE member_id = ?').run(memberId).changes,
        collect: db.prepare('DELETE FROM goods_collect WHERE member_id = ?').run(memberId).changes,
        browse: db.prepare('DELETE FROM goods_browse WHERE member_id = ?').run(memberId).changes,
        coupons: db.prepare("DELETE FROM member_coupon WHERE member_id = ? AND coupon_code NOT LIKE 'KY%'").run(memberId).changes,
      }
    })()
    return ok({ member_id: memberId, deleted: counts })
  },

  // Replace a member's cart: `lines` [{sku_id, num}] and `bundles` [{bl_id, num}], inserted in that
  // order (goods lines first), so the last one is the newest. No stock, shelf or sale-control
  // checks: any SKU (off the shelf, out of stock, num above stock) can be put in a cart this way.
  'POST /__test/cart': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const entries = (name: string, key: 'sku_id' | 'bl_id') => {
      const list = params[name] ?? []
      if (!Array.isArray(list)) return null
      const out: { id: number; num: number }[] = []
      for (const item of list as Params[]) {
        const id = item && typeof item === 'object' ? integer(item, key) : undefined
        const num = item && typeof item === 'object' ? integer(item, 'num') : undefined
        if (id === undefined || num === undefined || num < 1) return null
        out.push({ id, num })
      }
      return out
    }
    const lines = entries('lines', 'sku_id')
    const bundles = entries('bundles', 'bl_id')
    if (!lines || !bundles) return bad(400, 'body must be {username, lines: [{sku_id, num}], bundles: [{bl_id, num}]} with integer ids and num >= 1')
    for (const line of lines) if (!db.prepare('SELECT 1 FROM goods_sku WHERE sku_id = ?').get(line.id)) return bad(404, `no sku ${line.id}`)
    for (const bundle of bundles) if (!db.prepare('SELECT 1 FROM bundling WHERE bl_id = ?').get(bundle.id)) return bad(404, `no bundling ${bundle.id}`)
    return ok(
      db.transaction(() => {
        db.prepare('DELETE FROM cart WHERE member_id = ?').run(memberId)
        const now = nowSeconds()
        const insert = db.prepare('INSERT INTO cart (member_id, sku_id, bl_id, num, create_time) VALUES (?, ?, ?, ?, ?)')
        return {
          member_id: memberId,
          lines: lines.map((l) => ({ cart_id: Number(insert.run(memberId, l.id, 0, l.num, now).lastInsertRowid), sku_id: l.id, num: l.num })),
          bundles: bundles.map((b) => ({ cart_id: Number(insert.run(memberId, 0, b.id, b.num, now).lastInsertRowid), bl_id: b.id, num: b.num })),
        }
      })(),
    )
  },

  // The member's live (unexpired) tokens, newest first.
  'GET /__test/tokens': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const rows = db
      .prepare('SELECT token FROM member_token WHERE member_id = ? AND (expire_time = 0 OR expire_time > ?) ORDER BY create_time DESC, rowid DESC')
      .all(memberId, wallSeconds()) as { token: string }[]
    return ok({ member_id: memberId, tokens: rows.map((r) => r.token) })
  },

  // Expire every live token of the member (its next call answers -10010 token已过期). Optional:
  // `seconds` sets the expiry that far ahead instead (under 300 s the next call hands out a
  // refreshtoken), `keep_latest` spares the newest token (a refreshed one).
  'POST /__test/expire-tokens': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const now = wallSeconds()
    const at = now + (integer(params, 'seconds') ?? -1)
    const spared = bool(params, 'keep_latest')
      ? ((db.prepare('SELECT rowid FROM member_token WHERE member_id = ? ORDER BY create_time DESC, rowid DESC LIMIT 1').get(memberId) as { rowid: number } | undefined)?.rowid ??
        -1)
      : -1
    const expired = db
      .prepare('UPDATE member_token SET expire_time = ? WHERE member_id = ? AND (expire_time = 0 OR expire_time > ?) AND rowid != ?')
      .run(at, memberId, now, spared).changes
    return ok({ member_id: memberId, expired })
  },

  // Endpoints answered like a route a stock Niushop lacks (HTML error page, HTTP 200).
  'GET /__test/endpoints': ({ endpoints }) => ok({ disabled: endpoints.list() }),

  // {"disabled": ["/path", "/prefix"…]} | {"disabled": "stock"} | {"disabled": "stock,/api/x"} | {"disabled": []}
  'POST /__test/endpoints': ({ params, endpoints }) => {
    const spec = params.disabled
    const usage = 'body must be {"disabled": [paths…] | "stock" | "<comma-separated paths>"} (paths like /api/cart/calculate; [] enables all)'
    if (!(typeof spec === 'string' || (Array.isArray(spec) && spec.every((p) => typeof p === 'string')))) return bad(400, usage)
    try {
      return ok({ disabled: endpoints.set(spec as string | string[]) })
    } catch (err) {
      return bad(400, `${err instanceof Error ? err.message : String(err)}; ${usage}`)
    }
  },

  // ------------------------------------------------------------------ checkout and cashier (docs/checkout-api.md)

  // The key answers 订单已过期 from now on.
  'POST /__test/order-key/expire': ({ params, db }) => {
    const key = text(params, 'order_key') ?? ''
    const changed = db.prepare('UPDATE order_key SET expire_time = ? WHERE order_key = ?').run(nowSeconds() - 1, key).changes
    return changed ? ok({ order_key: key, expired: true }) : bad(404, `no order_key ${key}`)
  },

  // {username | member_id, balance?, balance_money?, point?, growth?, pay_password?} ("" removes the pay password).
  'POST /__test/member/balance': async ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const amount = (name: string) => {
      const v = params[name]
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined
      return n !== undefined && Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : undefined
    }
    const balance = amount('balance')
    const balanceMoney = amount('balance_money')
    if (balance !== undefined) db.prepare('UPDATE member SET balance = ? WHERE member_id = ?').run(balance, memberId)
    if (balanceMoney !== undefined) db.prepare('UPDATE member SET balance_money = ? WHERE member_id = ?').run(balanceMoney, memberId)
    const point = integer(params, 'point')
    if (point !== undefined && point >= 0) db.prepare('UPDATE member SET point = ? WHERE member_id = ?').run(point, memberId)
    const growth = integer(params, 'growth')
    if (growth !== undefined && growth >= 0) db.prepare('UPDATE member SET growth = ? WHERE member_id = ?').run(growth, memberId)
    const payPassword = text(params, 'pay_password')
    if (payPassword !== undefined) db.prepare('UPDATE member SET pay_password = ? WHERE member_id = ?').run(payPassword === '' ? '' : await hashPassword(payPassword), memberId)
    const row = db.prepare("SELECT member_id, balance, balance_money, point, pay_password != '' AS is_pay_password FROM member WHERE member_id = ?").get(memberId)
    return ok(row)
  },

  // The member's orders, newest first, with their lines and payment records.
  'GET /__test/orders': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    closeExpiredOrders(db)
    const orders = db.prepare('SELECT * FROM orders WHERE member_id = ? ORDER BY order_id DESC').all(memberId) as { order_id: number; out_trade_no: string }[]
    return ok(
      orders.map((order) => ({
        ...order,
        order_goods: db.prepare('SELECT * FROM order_goods WHERE order_id = ? ORDER BY order_goods_id').all(order.order_id),
        pay: db.prepare("SELECT * FROM pay WHERE (',' || relate_id || ',') LIKE ? ORDER BY id").all(`%,${order.order_id},%`),
        offline_pay: db.prepare('SELECT * FROM offline_pay WHERE out_trade_no = ?').get(order.out_trade_no) ?? null,
      })),
    )
  },

  // Balance and points ledger rows of the member, newest first.
  'GET /__test/member-account': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const member = db.prepare('SELECT balance, balance_money, point FROM member WHERE member_id = ?').get(memberId)
    return ok({ member, rows: db.prepare('SELECT * FROM member_account WHERE member_id = ? ORDER BY id DESC').all(memberId) })
  },

  // The points-cash addon's settings (POINTCASH_CONFIG), merged: {is_enable?, cash_rate?, is_limit?, limit?, is_limit_use?, type?, max_use?}.
  // {reset: true} puts the seeded settings back.
  'POST /__test/config/pointcash': ({ params, services }) => {
    if (bool(params, 'reset')) services.config.update('POINTCASH_CONFIG', POINT_CASH_CONFIG)
    const patch: Record<string, number> = {}
    for (const name of ['is_enable', 'cash_rate', 'is_limit', 'limit', 'is_limit_use', 'type', 'max_use']) {
      const v = params[name]
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined
      if (n === undefined) continue
      if (!Number.isFinite(n) || n < 0) return bad(400, `${name} must be a number ≥ 0`)
      patch[name] = n
    }
    if (Object.keys(patch).length) services.config.update('POINTCASH_CONFIG', patch)
    return ok(services.config.get('POINTCASH_CONFIG'))
  },

  'POST /__test/order/close': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    if (orderId === undefined) return bad(400, 'body must be {order_id}')
    return closeOrder(db, orderId, '测试关闭') ? ok({ order_id: orderId, closed: true }) : bad(409, `order ${orderId} is not waiting for payment`)
  },

  // Move an unpaid order's deadline into the past: the next read closes it (auto-close).
  'POST /__test/order/expire': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    if (orderId === undefined) return bad(400, 'body must be {order_id}')
    const changed = db.prepare('UPDATE orders SET auto_close_time = ? WHERE order_id = ? AND order_status = 0').run(nowSeconds() - 1, orderId).changes
    return changed ? ok({ order_id: orderId, expired: true }) : bad(409, `order ${orderId} is not waiting for payment`)
  },

  // The delivery types the shop offers, in order (DELIVERY_SORT_CONFIG.deliver_type): {deliver_type: "local"}
  // or any comma list of express, store, local; {reset: true} puts the seeded "express,store,local" back.
  'POST /__test/config/delivery': ({ params, services }) => {
    const seeded = checkoutConfigRecords.find((record) => record.config_key === 'DELIVERY_SORT_CONFIG')!.value as { deliver_type: string }
    const types = bool(params, 'reset') ? seeded.deliver_type : text(params, 'deliver_type')
    if (types === undefined || !/^(express|store|local)(,(express|store|local))*$/.test(types))
      return bad(400, 'body must be {deliver_type: "express,store,local" (any of them, in order)} or {reset: true}')
    services.config.update('DELIVERY_SORT_CONFIG', { deliver_type: types })
    return ok(services.config.get('DELIVERY_SORT_CONFIG'))
  },

  // A goods becomes virtual goods or a real one again: {goods_id, is_virtual: true|false}. The demo
  // catalogue has no virtual goods; a virtual goods' checkout offers no delivery and takes a mobile.
  'POST /__test/goods/virtual': ({ params, db }) => {
    const goodsId = integer(params, 'goods_id')
    const virtual = bool(params, 'is_virtual')
    if (goodsId === undefined || virtual === undefined) return bad(400, 'body must be {goods_id, is_virtual: true|false}')
    const changed = db.prepare('UPDATE goods SET is_virtual = ? WHERE goods_id = ?').run(virtual ? 1 : 0, goodsId).changes
    return changed ? ok({ goods_id: goodsId, is_virtual: virtual ? 1 : 0 }) : bad(404, `no goods ${goodsId}`)
  },

  // The merchant's review of an offline voucher: status 1 passes it (the payment is paid), -1 refuses it.
  'POST /__test/offlinepay/audit': ({ params, db }) => {
    const outTradeNo = text(params, 'out_trade_no') ?? ''
    const status = integer(params, 'status')
    if (status !== 1 && status !== 2) return bad(400, 'body must be {out_trade_no, status: 1 | 2, audit_remark?} (1 passed, 2 refused)')
    return db.transaction(() => {
      const changed = db
        .prepare('UPDATE offline_pay SET status = ?, audit_remark = ?, audit_time = ? WHERE out_trade_no = ? AND status = 0')
        .run(status, text(params, 'audit_remark') ?? '', nowSeconds(), outTradeNo).changes
      if (!changed) return bad(409, `no voucher waiting for review on ${outTradeNo}`)
      if (status === 1) markPaid(db, outTradeNo, 'offlinepay')
      return ok({ out_trade_no: outTradeNo, status })
    })()
  },

  // ------------------------------------------------------------------ orders after payment (docs/orders.md)

  // The test clock (orders' time rules, promotion windows): {advance_seconds: n} moves it n seconds
  // further (cumulative), {offset: n} sets it n seconds from the wall clock, {at: unix seconds}
  // moves "now" there, {reset: true} puts it back. Tokens keep the wall clock. The whole API sees
  // it: journeys that move it run alone (the e2e "switches" project). Answers {offset_seconds, now}.
  'POST /__test/clock': ({ params }) => {
    const advance = integer(params, 'advance_seconds')
    const offset = integer(params, 'offset')
    const at = integer(params, 'at')
    if (bool(params, 'reset')) adjustClock(null)
    else if (advance !== undefined) adjustClock(advance)
    else if (offset !== undefined) adjustClock(offset - (nowSeconds() - wallSeconds()))
    else if (at !== undefined) adjustClock(at - nowSeconds())
    else return bad(400, 'body must be {"advance_seconds": n}, {"offset": n}, {"at": unix seconds} or {"reset": true}')
    const now = nowSeconds()
    return ok({ offset_seconds: now - wallSeconds(), offset: now - wallSeconds(), now })
  },

  // The seller ships lines of a paid express order as one package (simulated carrier, waybill and
  // trace): {order_id, order_goods_ids?: [ids] | "1,2"}; no ids = every unshipped line.
  'POST /__test/order/ship': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    if (orderId === undefined) return bad(400, 'body must be {order_id, order_goods_ids?}')
    const raw = params.order_goods_ids
    const ids = (Array.isArray(raw) ? raw : typeof raw === 'string' && raw.trim() !== '' ? raw.split(',') : []).map((v) => Number(v))
    if (ids.some((n) => !Number.isInteger(n))) return bad(400, 'order_goods_ids must be integers')
    const shipped = shipOrder(db, orderId, ids)
    if (!shipped.ok) return bad(409, shipped.reason)
    return ok({ order_id: orderId, package_id: shipped.packageId, delivery_no: shipped.deliveryNo, order_status: shipped.orderStatus })
  },

  // A paid local-delivery order leaves the store with a deliverer (1 → 3).
  'POST /__test/order/deliver': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    if (orderId === undefined) return bad(400, 'body must be {order_id, deliverer?, deliverer_mobile?}')
    const done = deliverLocalOrder(db, orderId, text(params, 'deliverer') ?? undefined, text(params, 'deliverer_mobile') ?? undefined)
    return done ? ok({ order_id: orderId, order_status: 3 }) : bad(409, `order ${orderId} is not a local-delivery order waiting for delivery`)
  },

  // An order of any kind without checkout (virtual goods have no checkout in the demo catalog):
  // {username | member_id, kind: express|store|local|virtual, lines?: [{sku_id, num}], paid?}.
  // Stock is taken; a payment record is made (paid with alipay when `paid`).
  'POST /__test/order/create': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const kind = text(params, 'kind') ?? 'express'
    const orderType = ({ express: 1, store: 2, local: 3, virtual: 4 } as Record<string, number>)[kind]
    if (!orderType) return bad(400, 'kind must be express, store, local or virtual')
    const rawLines = Array.isArray(params.lines) ? (params.lines as Params[]) : [{ sku_id: 4, num: 1 }]
    const lines: { sku_id: number; num: number }[] = []
    for (const l of rawLines) {
      const skuId = l && typeof l === 'object' ? integer(l, 'sku_id') : undefined
      const num = l && typeof l === 'object' ? integer(l, 'num') : undefined
      if (skuId === undefined || num === undefined || num < 1) return bad(400, 'lines must be [{sku_id, num >= 1}]')
      lines.push({ sku_id: skuId, num })
    }
    try {
      const created = createTestOrder(db, memberId, orderType, lines)
      if (bool(params, 'paid')) markPaid(db, created.outTradeNo, 'alipay')
      return ok({ order_id: created.orderId, out_trade_no: created.outTradeNo })
    } catch (err) {
      return bad(409, err instanceof Error ? err.message : String(err))
    }
  },

  // Stock of a SKU and its goods (to see a closed order give it back).
  'GET /__test/sku': ({ params, db }) => {
    const skuId = integer(params, 'sku_id')
    const row =
      skuId === undefined ? undefined : db.prepare('SELECT s.sku_id, s.stock, g.goods_stock FROM goods_sku s JOIN goods g ON g.goods_id = s.goods_id WHERE s.sku_id = ?').get(skuId)
    return row ? ok(row) : bad(404, `no sku ${String(params.sku_id)}`)
  },
  // ------------------------------------------------------------------ verification (docs/verification.md)

  // {username | member_id, on?: true|false (default true), name?}: the member is a verifier (or no longer one).
  'POST /__test/verifier': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const on = bool(params, 'on') ?? true
    return ok({ member_id: memberId, verifier: setVerifier(db, memberId, on, text(params, 'name')) ?? null })
  },

  // The demo catalogue has no virtual goods: a paid virtual order of {username | member_id} for
  // `sku_id` (default 1) × `num` whose line is verify-type, each code usable `total_verify_num`
  // times (default 1) until `expire_time` (default 0 = never). Paid through markPaid, which makes the codes.
  'POST /__test/verify/virtual-order': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const skuId = integer(params, 'sku_id') ?? 1
    const num = integer(params, 'num') ?? 1
    const total = integer(params, 'total_verify_num') ?? 1
    const expireTime = integer(params, 'expire_time') ?? 0
    if (num < 1 || total < 1 || expireTime < 0) return bad(400, 'num and total_verify_num must be ≥ 1, expire_time ≥ 0')
    const sku = db
      .prepare('SELECT s.sku_id, s.goods_id, s.sku_name, s.sku_image, s.price, g.goods_name FROM goods_sku s JOIN goods g ON g.goods_id = s.goods_id WHERE s.sku_id = ?')
      .get(skuId) as { sku_id: number; goods_id: number; sku_name: string; sku_image: string; price: number; goods_name: string } | undefined
    if (!sku) return bad(404, `no sku ${skuId}`)
    const made = db.transaction(() => {
      const now = nowSeconds()
      const outTradeNo = newOutTradeNo(memberId)
      const goodsMoney = Math.round(sku.price * num * 100) / 100
      const member = db.prepare('SELECT nickname, mobile FROM member WHERE member_id = ?').get(memberId) as { nickname: string; mobile: string }
      const orderId = insertRow(db, 'orders', {
        order_no: `${now}${memberId}${randomInt(100, 1000)}`,
        out_trade_no: outTradeNo,
        member_id: memberId,
        order_type: 4,
        order_type_name: '虚拟订单',
        order_name: sku.sku_name,
        order_status_name: '待支付',
        goods_num: num,
        goods_money: goodsMoney,
        order_money: goodsMoney,
        pay_money: goodsMoney,
        delivery_type_name: '无需配送',
        name: member.nickname,
        mobile: member.mobile,
        create_time: now,
      })
      insertRow(db, 'order_goods', {
        order_id: orderId,
        member_id: memberId,
        sku_id: sku.sku_id,
        goods_id: sku.goods_id,
        sku_name: sku.sku_name,
        goods_name: sku.goods_name,
        sku_image: sku.sku_image,
        price: sku.price,
        num,
        goods_money: goodsMoney,
        real_goods_money: goodsMoney,
        is_virtual: 1,
        goods_class: 2,
        goods_class_name: '虚拟商品',
        verify_total_count: total,
        verify_expire_time: expireTime,
      })
      insertRow(db, 'pay', {
        out_trade_no: outTradeNo,
        pay_body: sku.sku_name,
        pay_detail: sku.sku_name,
        pay_money: goodsMoney,
        create_time: now,
        member_id: memberId,
        relate_id: String(orderId),
      })
      markPaid(db, outTradeNo, 'ONLINE_PAY')
      return orderId
    })()
    const order = db.prepare('SELECT order_id, order_no, out_trade_no, order_status, virtual_code FROM orders WHERE order_id = ?').get(made)
    return ok({
      ...(order as object),
      codes: (db.prepare('SELECT verify_code FROM verify WHERE order_id = ? ORDER BY id').all(made) as { verify_code: string }[]).map((r) => r.verify_code),
    })
  },

  // {verify_code}: the code's expire_time moves into the past (it reads as expired from now on).
  'POST /__test/verify/expire': ({ params, db }) => {
    const code = text(params, 'verify_code') ?? ''
    const changed = db.prepare('UPDATE verify SET expire_time = ? WHERE verify_code = ?').run(nowSeconds() - 1, code).changes
    return changed ? ok({ verify_code: code, expired: true }) : bad(404, `no verify code ${code}`)
  },

  // {order_id}: the order's codes and the verify state of each, as stored.
  'GET /__test/verify/codes': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    if (orderId === undefined) return bad(400, 'query must be ?order_id=')
    return ok(db.prepare('SELECT * FROM verify WHERE order_id = ? ORDER BY id').all(orderId))
  },

  // ------------------------------------------------------------------ after-sales (evaluations, refunds, complaints)
  // Put a paid order where after-sales needs it, without the order pages' own flow:
  // {order_id, status: "shipped" | "received"}: lines shipped (delivery_status 1) / order received (4).
  'POST /__test/aftersales/order-state': ({ params, db }) => {
    const orderId = integer(params, 'order_id')
    const state = text(params, 'status')
    if (orderId === undefined || (state !== 'shipped' && state !== 'received')) return bad(400, 'body must be {order_id, status: "shipped" | "received"}')
    const now = nowSeconds()
    const [status, name, lineStatus, lineName] = state === 'shipped' ? [3, '已发货', 1, '已发货'] : [4, '已收货', 2, '已收货']
    const changed = db
      .prepare(
        'UPDATE orders SET order_status = ?, order_status_name = ?, delivery_status = ?, delivery_status_name = ?, delivery_time = MAX(delivery_time, ?), sign_time = ? WHERE order_id = ? AND order_status IN (1, 3)',
      )
      .run(status, name, lineStatus, lineName, now, state === 'received' ? now : 0, orderId).changes
    if (!changed) return bad(409, `order ${orderId} is not paid and waiting for delivery`)
    db.prepare('UPDATE order_goods SET delivery_status = ?, delivery_status_name = ? WHERE order_id = ?').run(lineStatus, lineName, orderId)
    return ok({ order_id: orderId, order_status: status })
  },

  // The seller on a line's refund: {order_goods_id, action: "agree" | "refuse" | "receive" | "transfer", reason?, shop_contacts?, shop_mobile?, shop_address?}.
  // agree: refund-only lines → 2, return lines → 4 with the return address (the configured one unless given).
  'POST /__test/refund/seller': ({ params, db }) => {
    const orderGoodsId = integer(params, 'order_goods_id')
    const action = text(params, 'action')
    const line = orderGoodsId === undefined ? undefined : findLine(db, orderGoodsId)
    if (!line) return bad(404, 'unknown order_goods_id')
    try {
      switch (action) {
        case 'agree': {
          const address = {
            shop_contacts: text(params, 'shop_contacts') ?? REFUND_ADDRESS.shop_contacts,
            shop_mobile: text(params, 'shop_mobile') ?? REFUND_ADDRESS.shop_mobile,
            shop_address: text(params, 'shop_address') ?? REFUND_ADDRESS.shop_address,
          }
          return ok({ refund_status: sellerAgree(db, line, address) })
        }
        case 'refuse': {
          const reason = text(params, 'reason') ?? ''
          if (reason.trim() === '') return bad(400, 'refuse needs a reason')
          sellerRefuse(db, line, reason.trim())
          return ok({ refund_status: -1 })
        }
        case 'receive':
          sellerReceive(db, line)
          return ok({ refund_status: 6 })
        case 'transfer':
          return ok({ refund_status: 3, ...sellerTransfer(db, line) })
        default:
          return bad(400, 'action must be agree | refuse | receive | transfer')
      }
    } catch (error) {
      // The model refuses a step the status does not allow (an ApiReply): a conflict here.
      return bad(409, error instanceof Error ? error.message : String(error))
    }
  },

  // The platform's decision on a complaint: {complain_id, platform_remark}.
  'POST /__test/complain/handle': ({ params, db }) => {
    const complainId = integer(params, 'complain_id')
    if (complainId === undefined) return bad(400, 'body must be {complain_id, platform_remark}')
    const changed = db
      .prepare('UPDATE order_complain SET complain_status = 2, platform_remark = ?, handle_time = ? WHERE complain_id = ? AND complain_status = 1')
      .run(text(params, 'platform_remark') ?? '', nowSeconds(), complainId).changes
    return changed ? ok({ complain_id: complainId, complain_status: 2 }) : bad(409, `complaint ${complainId} is not open`)
  },

  // A line's refund columns and its log, for assertions.
  'GET /__test/refund': ({ params, db }) => {
    const orderGoodsId = integer(params, 'order_goods_id')
    const line = orderGoodsId === undefined ? undefined : findLine(db, orderGoodsId)
    if (!line) return bad(404, 'unknown order_goods_id')
    return ok({ line, log: db.prepare('SELECT * FROM order_refund_log WHERE order_goods_id = ? ORDER BY id').all(line.order_goods_id) })
  },
  // ------------------------------------------------------------------ end of after-sales
  // ---- promotions (issue 12): seckill stock (the clock is above) -------------------------------
  // A seckill SKU's activity stock: {seckill_id, sku_id?, stock} (every SKU of the activity without sku_id).
  'POST /__test/seckill/stock': ({ params, db }) => {
    const seckillId = integer(params, 'seckill_id')
    const stock = integer(params, 'stock')
    const skuId = integer(params, 'sku_id')
    if (seckillId === undefined || stock === undefined || stock < 0) return bad(400, 'body must be {seckill_id, sku_id?, stock >= 0}')
    const changed =
      skuId === undefined
        ? db.prepare('UPDATE seckill_goods SET stock = ? WHERE seckill_id = ?').run(stock, seckillId).changes
        : db.prepare('UPDATE seckill_goods SET stock = ? WHERE seckill_id = ? AND sku_id = ?').run(stock, seckillId, skuId).changes
    return changed ? ok({ seckill_id: seckillId, sku_id: skuId ?? null, stock }) : bad(404, 'no such seckill sku')
  },
  // ---- end promotions -------------------------------------------------------------------------
  // ---- customer-service chat (issue 13) ------------------------------------------------------

  /** Reply as the servicer: {member_id | username, content_type (0 text, 1 goods, 2 order, 3 image), message, goods_sku_id, order_id}. */
  'POST /__test/chat/reply': ({ params, db, services }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'no such member')
    const row = replyAsServicer(db, services, {
      member_id: memberId,
      content_type: integer(params, 'content_type') ?? 0,
      message: text(params, 'message'),
      goods_sku_id: integer(params, 'goods_sku_id'),
      order_id: integer(params, 'order_id'),
    })
    return row ? ok(row) : bad(400, 'unknown goods or order, or an empty message')
  },

  /** The demo servicer online or offline without a console: {online}. */
  'POST /__test/chat/servicer': ({ params, db }) => {
    const online = bool(params, 'online')
    if (online === undefined) return bad(400, 'body must be {"online": true|false}')
    db.prepare('UPDATE servicer SET online = ? WHERE servicer_id = 1').run(online ? 1 : 0)
    return ok({ online })
  },

  /** A member's messages, oldest first, and how many chat sockets are bound to them: ?member_id= or ?username=. */
  'GET /__test/chat/messages': ({ params, db, services }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'no such member')
    const list = db.prepare('SELECT * FROM servicer_dialogue WHERE member_id = ? ORDER BY id').all(memberId)
    return ok({ list, sockets: services.chat.connections(String(memberId)) })
  },

  /** Drops every chat socket at once, as a restart of the chat server would. */
  'POST /__test/chat/drop-sockets': ({ services }) => ok({ dropped: services.chat.dropAll() }),

  'GET /__test/chat/console-key': ({ services }) => ok({ key: services.chat.consoleKey }),

  // ---- end of customer-service chat ----------------------------------------------------------
  // ---- member finance (issue 11, docs/member-centre.md) ------------------------------------
  // The merchant's review of a withdrawal: {id, action: approve | refuse | pay | fail, reason?}.
  'POST /__test/withdraw/review': ({ params, db }) => {
    const id = integer(params, 'id')
    const action = text(params, 'action')
    if (id === undefined || !['approve', 'refuse', 'pay', 'fail'].includes(action ?? '')) return bad(400, 'body must be {id, action: approve | refuse | pay | fail, reason?}')
    const reason = text(params, 'reason') ?? ''
    const review: WithdrawReview = action === 'refuse' || action === 'fail' ? { action, reason } : { action: action as 'approve' | 'pay' }
    if (!reviewWithdrawal(db, id, review)) return bad(409, `withdrawal ${id} cannot be ${action}d from its state`)
    return ok(db.prepare('SELECT * FROM member_withdraw WHERE id = ?').get(id))
  },

  // The member's withdrawals (newest first) and frozen money.
  'GET /__test/withdraw': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    return ok({
      member: db.prepare('SELECT balance, balance_money, balance_withdraw_apply, balance_withdraw FROM member WHERE member_id = ?').get(memberId),
      rows: db.prepare('SELECT * FROM member_withdraw WHERE member_id = ? ORDER BY id DESC').all(memberId),
    })
  },

  // WITHDRAW_CONFIG, merged: {is_use?, is_auto_audit?, rate?, transfer_type?, min?, max?}; {reset: true} puts the seeded one back.
  'POST /__test/config/withdraw': ({ params, services }) => {
    if (bool(params, 'reset')) services.config.update('WITHDRAW_CONFIG', WITHDRAW_CONFIG)
    const patch: Record<string, number | string> = {}
    for (const name of ['is_use', 'is_auto_audit', 'rate', 'min', 'max']) {
      const n = integer(params, name) ?? (typeof params[name] === 'number' ? (params[name] as number) : undefined)
      if (n === undefined) continue
      if (!Number.isFinite(n) || n < 0) return bad(400, `${name} must be a number ≥ 0`)
      patch[name] = n
    }
    const types = text(params, 'transfer_type')
    if (types !== undefined) patch.transfer_type = types
    if (Object.keys(patch).length) services.config.update('WITHDRAW_CONFIG', patch)
    return ok(services.config.get('WITHDRAW_CONFIG'))
  },

  // The member's recharge orders (any status), newest first.
  'GET /__test/recharge-orders': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    return ok(db.prepare('SELECT * FROM member_recharge_order WHERE member_id = ? ORDER BY order_id DESC').all(memberId))
  },
  // ---- end member finance ----------------------------------------------------------------

  // ---- member account: mobile/email binding, staff (issue 11, docs/member-centre.md) --------
  // The latest code "mailed" to an address (simulated mail, email binding).
  'GET /__test/email': ({ params, db }) => {
    const email = text(params, 'email') ?? ''
    const sent = new EmailCodes(db).latest(email)
    return sent ? ok(sent) : bad(404, `no email sent to ${email}`)
  },

  // Makes a member a salesman (status 1, or 0 to disable) whose team is `team` (member ids).
  'POST /__test/salesman': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const team = Array.isArray(params.team) ? params.team.map(Number).filter((id) => Number.isInteger(id) && id > 0) : []
    db.prepare('INSERT OR REPLACE INTO salesman (member_id, salesman_name, status, create_time) VALUES (?, ?, ?, ?)').run(
      memberId,
      text(params, 'name') ?? '测试业务员',
      integer(params, 'status') ?? 1,
      nowSeconds(),
    )
    for (const id of team) db.prepare('UPDATE member SET salesman_id = ? WHERE member_id = ?').run(memberId, id)
    return ok({ member_id: memberId, team })
  },
  // ---- end member account ------------------------------------------------------------------
  // ---- member assets (docs/member-centre.md: follows, footprint, coupons, sign-in) ----------
  // A coupon of a seeded type straight into the member's hands: {username | member_id,
  // coupon_type_id, state?: 1 | 2 | 3 | 4, end_time? (unix seconds, 0 = no end)} → {coupon_id}.
  'POST /__test/member-coupon': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const type = db.prepare('SELECT * FROM coupon_type WHERE coupon_type_id = ?').get(integer(params, 'coupon_type_id') ?? 0) as Record<string, unknown> | undefined
    if (!type) return bad(404, 'unknown coupon_type_id')
    const state = integer(params, 'state') ?? 1
    if (![1, 2, 3, 4].includes(state)) return bad(400, 'state must be 1, 2, 3 or 4')
    const now = nowSeconds()
    const couponId = insertRow(db, 'member_coupon', {
      coupon_type_id: type.coupon_type_id,
      coupon_code: `T${randomBytes(6).toString('hex').toUpperCase()}`,
      member_id: memberId,
      coupon_name: type.coupon_name,
      type: type.type,
      money: type.money,
      discount: type.discount,
      discount_limit: type.discount_limit,
      at_least: type.at_least,
      state,
      get_type: 2,
      fetch_time: now,
      use_time: state === 2 ? now : 0,
      start_time: now,
      end_time: integer(params, 'end_time') ?? (type.end_time as number),
      goods_type: type.goods_type,
      use_channel: type.use_channel,
      use_store: type.use_store,
    })
    return ok({ coupon_id: couponId })
  },

  // A footprint at a given time: {username | member_id, goods_id, browse_time (unix seconds)} → {id}.
  'POST /__test/footprint': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const goodsId = integer(params, 'goods_id')
    const browseTime = integer(params, 'browse_time')
    if (goodsId === undefined || browseTime === undefined) return bad(400, 'body must be {goods_id, browse_time}')
    const sku = db.prepare('SELECT sku_id FROM goods_sku WHERE goods_id = ? ORDER BY sku_id LIMIT 1').get(goodsId) as { sku_id: number } | undefined
    if (!sku) return bad(404, 'unknown goods_id')
    db.prepare(
      `INSERT INTO goods_browse (member_id, goods_id, sku_id, browse_time) VALUES (?, ?, ?, ?)
       ON CONFLICT (member_id, goods_id) DO UPDATE SET browse_time = excluded.browse_time`,
    ).run(memberId, goodsId, sku.sku_id, browseTime)
    return ok(db.prepare('SELECT id FROM goods_browse WHERE member_id = ? AND goods_id = ?').get(memberId, goodsId))
  },

  // Sign-ins on the `days` days before today (series 1..days), as if the member had signed in then
  // (no reward given): {username | member_id, days} → {days}.
  'POST /__test/signin-history': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const days = integer(params, 'days')
    if (days === undefined || days < 1 || days > 60) return bad(400, 'days must be 1–60')
    const now = nowSeconds()
    for (let back = days; back >= 1; back -= 1) {
      const at = now - back * 86_400
      db.prepare('INSERT OR IGNORE INTO member_signin (member_id, sign_date, days_series, create_time) VALUES (?, ?, ?, ?)').run(memberId, chinaDay(at), days - back + 1, at)
    }
    return ok({ days })
  },

  // The sign-in switch: {is_use: 0 | 1} or {reset: true} (the seeded config) → the config.
  'POST /__test/config/signin': ({ params, services }) => {
    if (bool(params, 'reset')) services.config.update('SIGNIN_CONFIG', SIGNIN_CONFIG)
    const isUse = integer(params, 'is_use')
    if (isUse !== undefined) {
      if (isUse !== 0 && isUse !== 1) return bad(400, 'is_use must be 0 or 1')
      services.config.update('SIGNIN_CONFIG', { is_use: isUse })
    }
    return ok(services.config.get('SIGNIN_CONFIG'))
  },
  // ---- end member assets --------------------------------------------------------------------
  // ---- qualifications (issue 11, docs/qualifications.md) -----------------------------------
  // The merchant's review of a pending submission: {id, action: approve | reject, reason?}.
  'POST /__test/qualification/review': ({ params, db }) => {
    const id = integer(params, 'id')
    const action = text(params, 'action')
    if (id === undefined || (action !== 'approve' && action !== 'reject')) return bad(400, 'body must be {id, action: approve | reject, reason?}')
    const reason = text(params, 'reason') ?? ''
    if (action === 'reject' && !reason.trim()) return bad(400, 'a rejection needs a reason')
    if (!reviewQualification(db, id, action === 'approve' ? { action } : { action, reason })) return bad(409, `submission ${id} is not pending`)
    return ok(db.prepare('SELECT * FROM member_qualification WHERE id = ?').get(id))
  },

  // The member's submissions, newest first: {username | member_id}.
  'GET /__test/qualification': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    return ok(db.prepare('SELECT * FROM member_qualification WHERE member_id = ? ORDER BY id DESC').all(memberId))
  },

  // Sets the member's business type: {username | member_id, label} (label 0 = none).
  'POST /__test/qualification/label': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const label = integer(params, 'label') ?? 0
    const row = label
      ? (db.prepare('SELECT label_id, label_name FROM member_label WHERE label_id = ?').get(label) as { label_id: number; label_name: string } | undefined)
      : undefined
    if (label && !row) return bad(404, `no member label ${label}`)
    db.prepare('UPDATE member SET member_label = ?, member_label_name = ? WHERE member_id = ?').run(row ? `,${row.label_id},` : ',', row?.label_name ?? '', memberId)
    return ok({ member_id: memberId, member_label: row?.label_id ?? 0 })
  },
  // The goods that need a qualification: [{goods_id, sku_id, goods_name, member_label, aptitude_id}].
  'GET /__test/qualification/goods': ({ db }) =>
    ok(
      db
        .prepare(
          `SELECT r.goods_id, g.sku_id, g.goods_name, r.member_label, r.aptitude_id FROM qualification_rule r JOIN goods g ON g.goods_id = r.goods_id
           WHERE r.type = 'goods' ORDER BY r.id`,
        )
        .all(),
    ),
  // ---- end qualifications ------------------------------------------------------------------
  // A sale-control rule of one goods for one member (issue 29): {username | member_id, goods_id,
  // is_member_by, view_price, not_buy_msg?}; it replaces the member's earlier rule of that goods.
  'POST /__test/sale-control': ({ params, db }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    const goodsId = integer(params, 'goods_id')
    const isMemberBy = integer(params, 'is_member_by')
    const viewPrice = integer(params, 'view_price')
    const flags = [isMemberBy, viewPrice]
    if (goodsId === undefined || flags.some((flag) => flag !== 0 && flag !== 1))
      return bad(400, 'body must be {username, goods_id, is_member_by: 0|1, view_price: 0|1, not_buy_msg?}')
    db.prepare("DELETE FROM sale_control WHERE type = 'goods' AND goods_id = ? AND member_id = ?").run(goodsId, memberId)
    db.prepare("INSERT INTO sale_control (type, goods_id, member_id, is_member_by, view_price, not_buy_msg, reason) VALUES ('goods', ?, ?, ?, ?, ?, '')").run(
      goodsId,
      memberId,
      isMemberBy,
      viewPrice,
      text(params, 'not_buy_msg') ?? '',
    )
    return ok({ member_id: memberId, goods_id: goodsId })
  },

  // WeChat login (routes/wechat.ts). The phone that scans a login QR code, found by the ticket in
  // the picture's URL: {ticket, username? | member_id?, nickname?}. With a member, the scan is
  // that member's WeChat (bound: an openid is given to the member if it has none); without, a
  // WeChat user no member has bound yet. What WeChat's event push stores upstream.
  'POST /__test/wechat/scan': ({ params, db }) => {
    const ticket = text(params, 'ticket') ?? ''
    const code = db.prepare('SELECT login_key FROM wechat_login_code WHERE ticket = ?').get(ticket) as { login_key: string } | undefined
    if (!code) return bad(404, `no login QR code with ticket ${ticket}`)
    const bound = params.username !== undefined || params.member_id !== undefined
    const memberId = bound ? memberOf(db, params) : undefined
    if (bound && memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    let openid = `oTest${randomBytes(12).toString('base64url')}`
    if (memberId !== undefined) {
      const current = (db.prepare('SELECT wx_openid FROM member WHERE member_id = ?').get(memberId) as { wx_openid: string }).wx_openid
      if (current) openid = current
      else db.prepare('UPDATE member SET wx_openid = ? WHERE member_id = ?').run(openid, memberId)
    }
    const nickname = text(params, 'nickname') ?? '微信买家'
    db.prepare('UPDATE wechat_login_code SET openid = ?, nickname = ?, headimgurl = ?, unionid = ? WHERE login_key = ?').run(openid, nickname, '', '', code.login_key)
    return ok({ openid, bound })
  },

  // A login QR code past its 600 s: {ticket}.
  'POST /__test/wechat/expire': ({ params, db }) => {
    const changed = db.prepare('UPDATE wechat_login_code SET expire_time = ? WHERE ticket = ?').run(nowSeconds() - 1, text(params, 'ticket') ?? '').changes
    return changed ? ok({ expired: true }) : bad(404, 'no login QR code with that ticket')
  },

  // WeChat login on or off (the official account configured or not) and whether a first WeChat
  // sign-in must bind a mobile: {on?: bool, bind_mobile?: bool}.
  'POST /__test/wechat/config': ({ params, services }) => {
    const on = bool(params, 'on')
    const bindMobile = bool(params, 'bind_mobile')
    if (on === undefined && bindMobile === undefined) return bad(400, 'body must be {"on"?: true|false, "bind_mobile"?: true|false} with at least one')
    if (on !== undefined) services.config.update('WECHAT_CONFIG', on ? WECHAT_CONFIG : { appid: '', appsecret: '' })
    if (bindMobile !== undefined) services.config.update('REGISTER_CONFIG', { bind_mobile: bindMobile ? 1 : 0 })
    return ok({ on, bind_mobile: bindMobile })
  },

  'POST /__test/reset': ({ services, endpoints }) => {
    services.config.update('SHOP_STATUS_CONFIG', { shop_pc_status: 1, shop_h5_status: 1, shop_weapp_status: 1 })
    services.config.update('CAPTCHA_CONFIG', { shop_reception_login: 0, shop_reception_register: 1 })
    services.config.update('POINTCASH_CONFIG', POINT_CASH_CONFIG)
    services.config.update('DELIVERY_SORT_CONFIG', checkoutConfigRecords.find((record) => record.config_key === 'DELIVERY_SORT_CONFIG')!.value as Record<string, unknown>)
    services.config.update('WITHDRAW_CONFIG', WITHDRAW_CONFIG)
    services.config.update('SIGNIN_CONFIG', SIGNIN_CONFIG)
    services.config.update('WECHAT_CONFIG', WECHAT_CONFIG)
    services.config.update('REGISTER_CONFIG', { bind_mobile: 1 })
    endpoints.reset()
    adjustClock(null)
    return ok({ reset: true })
  },
}
