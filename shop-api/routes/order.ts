import { error, int, isEmpty, pageResult, paging, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { closeOrder } from '../models/order.js'
import { takeDelivery } from '../models/delivery.js'
import { applyTimeRules, deleteOrder, orderTimes, packagesOf, STATUS, TYPE, type FlowOrder } from '../models/order-flow.js'
import { orderView } from '../models/order-view.js'
import { orderVerifyFields } from '../models/verify.js'

/**
 * The buyer's orders after checkout (contract UPSTREAM-commerce §4.3–§4.5; shapes as the samples
 * api_order_lists*.json, api_order_detail.json, api_order_num.json): lists by tab, detail,
 * counters, close, confirm receipt, confirm use (virtual), delete, packages and the purchase
 * agreement. Time rules (auto-close/receive/complete) are applied before every read or action.
 */

const NOT_OWN = '当前订单不是本账号的订单！'

/** The `order_status` tab keys of /api/order/lists → SQL condition on `orders o`. */
export const TAB_FILTERS: Record<string, string> = {
  all: "(o.order_scene = 'online' OR o.pay_status = 1)",
  waitpay: "o.order_status = 0 AND o.order_scene = 'online'",
  waitsend: 'o.order_status = 1',
  waitconfirm: 'o.order_status IN (2, 3) AND o.order_type != 4',
  wait_use: 'o.order_status IN (3, 11) AND o.order_type = 4',
  waitrate: 'o.order_status IN (4, 10) AND o.is_evaluate = 1 AND o.evaluate_status = 0',
}

/** pay_config as the samples carry it (WeChat settings; empty in this reference API). */
const PAY_CONFIG = {
  appid: '',
  mch_id: '',
  pay_signkey: '',
  apiclient_cert: '',
  apiclient_key: '',
  refund_status: 0,
  pay_status: 0,
  transfer_status: 0,
  transfer_type: 'v2',
  plateform_cert: '',
  plateform_certificate: '',
  plateform_certificate_serial: '',
  api_type: 'v2',
  v3_pay_signkey: '',
  transfer_v3_type: '1',
  member_withdraw_scene: '',
  store_withdraw_scene: '',
  fenxiao_withdraw_scene: '',
  member_withdraw_code: '',
  store_withdraw_code: '',
  fenxiao_withdraw_code: '',
  member_withdraw_info: [],
  fenxiao_withdraw_info: [],
  store_withdraw_info: [],
  member_withdraw_recv: '',
  store_withdraw_recv: '',
  fenxiao_withdraw_recv: '',
}

type OrderRow = Record<string, unknown> & FlowOrder

/** The caller's (not deleted) order named by `order_id`, after the time rules; undefined for anyone else's. */
function ownOrder(ctx: Context, memberId: number): OrderRow | undefined {
  applyTimeRules(ctx.db)
  const orderId = int(ctx, 'order_id', 0)
  return ctx.db.prepare('SELECT * FROM orders WHERE order_id = ? AND member_id = ? AND is_delete = 0').get(orderId, memberId) as OrderRow | undefined
}

function ownOrderByTradeNo(ctx: Context, memberId: number, outTradeNo: string): OrderRow | undefined {
  applyTimeRules(ctx.db)
  return ctx.db.prepare('SELECT * FROM orders WHERE out_trade_no = ? AND member_id = ? AND is_delete = 0').get(outTradeNo, memberId) as OrderRow | undefined
}

export function registerOrderRoutes(router: Router): void {
  router.post('/api/order/lists', (ctx) => {
    const memberId = requireMember(ctx)
    applyTimeRules(ctx.db)
    const { page, pageSize } = paging(ctx)
    const where = ['o.member_id = ?', 'o.is_delete = 0', TAB_FILTERS[str(ctx, 'order_status', 'all')] ?? TAB_FILTERS.all!]
    const args: unknown[] = [memberId]
    const search = str(ctx, 'searchText').trim()
    if (search !== '') {
      where.push("(o.order_name LIKE ? ESCAPE '\\' OR o.order_no LIKE ? ESCAPE '\\')")
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      args.push(like, like)
    }
    if (!isEmpty(param(ctx, 'order_id'))) {
      where.push('o.order_id = ?')
      args.push(int(ctx, 'order_id', 0))
    }
    const sql = `FROM orders o WHERE ${where.join(' AND ')}`
    const count = (ctx.db.prepare(`SELECT COUNT(*) AS n ${sql}`).get(...args) as { n: number }).n
    const limit = pageSize === 0 ? '' : ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    const rows = ctx.db.prepare(`SELECT o.* ${sql} ORDER BY o.create_time DESC, o.order_id DESC${limit}`).all(...args) as OrderRow[]
    return success({
      ...pageResult(
        rows.map((row) => orderView(ctx.db, row, false)),
        count,
        pageSize,
      ),
      auto_close: orderTimes(ctx.db).auto_close * 60,
      pay_config: PAY_CONFIG,
      is_trade_managed: false,
    })
  })

  router.post('/api/order/detail', (ctx) => {
    const memberId = requireMember(ctx)
    const tradeNo = str(ctx, 'merchant_trade_no').trim()
    if (isEmpty(param(ctx, 'order_id')) && tradeNo === '') return error(-1, '缺少参数order_id')
    const row = isEmpty(param(ctx, 'order_id')) ? ownOrderByTradeNo(ctx, memberId, tradeNo) : ownOrder(ctx, memberId)
    if (!row) return error(-1, NOT_OWN)
    // Pickup and verify-type virtual orders: their codes' state (models/verify.ts).
    return success({
      ...orderView(ctx.db, row, true),
      ...orderVerifyFields(ctx.db, row.order_id),
      auto_close: orderTimes(ctx.db).auto_close * 60,
      pay_config: PAY_CONFIG,
      is_trade_managed: false,
    })
  })

  // Counters with the same filters as the tabs (catalog §2.16), after the time rules.
  router.post('/api/order/num', (ctx) => {
    const memberId = requireMember(ctx)
    applyTimeRules(ctx.db)
    const count = (key: string): number =>
      (ctx.db.prepare(`SELECT COUNT(*) AS n FROM orders o WHERE o.member_id = ? AND o.is_delete = 0 AND ${TAB_FILTERS[key]!}`).get(memberId) as { n: number }).n
    const refunding = ctx.db
      .prepare(
        `SELECT COUNT(*) AS n FROM order_goods og JOIN orders o ON o.order_id = og.order_id
         WHERE og.member_id = ? AND o.is_delete = 0 AND og.refund_status NOT IN (0, 3, -1, -2, -3)`,
      )
      .get(memberId) as { n: number }
    return success({
      waitpay: count('waitpay'),
      waitsend: count('waitsend'),
      waitconfirm: count('waitconfirm'),
      wait_use: count('wait_use'),
      waitrate: count('waitrate'),
      refunding: refunding.n,
    })
  })

  // Upstream does not check ownership here (§9); the reference API does, with the detail's message.
  // Optional `close_cause` (ours; Niushop ignores it) is recorded as the reason.
  router.post('/api/order/close', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_id'))) return error(-1, '缺少参数order_id')
    const order = ownOrder(ctx, memberId)
    if (!order) return error(-1, NOT_OWN)
    if (order.order_status !== STATUS.WAIT_PAY) return error(-1, '订单不是待支付状态，不可关闭')
    if (ctx.db.prepare('SELECT 1 FROM offline_pay WHERE out_trade_no = ? AND status = 0').get(order.out_trade_no)) return error(-1, '线下支付审核中，不可关闭')
    const cause = str(ctx, 'close_cause').trim().slice(0, 100) || '买家关闭订单'
    return closeOrder(ctx.db, order.order_id, cause) ? success(1) : error(-1, '订单不是待支付状态，不可关闭')
  })

  router.post('/api/order/takedelivery', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_id'))) return error(-1, '缺少参数order_id')
    const order = ownOrder(ctx, memberId)
    if (!order) return error(-1, NOT_OWN)
    return takeDelivery(ctx.db, order.order_id) ? success(1) : error(-1, '不是已发货或待核销状态')
  })

  router.post('/api/order/membervirtualtakedelivery', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_id'))) return error(-1, '缺少参数order_id')
    const order = ownOrder(ctx, memberId)
    if (!order) return error(-1, NOT_OWN)
    if (order.order_type !== TYPE.VIRTUAL || order.order_status !== STATUS.SHIPPED) return error(-1, '不是待收货状态的虚拟订单')
    return takeDelivery(ctx.db, order.order_id) ? success(1) : error(-1, '不是待收货状态的虚拟订单')
  })

  router.post('/api/order/delete', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_id'))) return error(-1, '缺少参数order_id')
    const order = ownOrder(ctx, memberId)
    if (!order) return error(-1, NOT_OWN)
    return deleteOrder(ctx.db, order.order_id) ? success(1) : error(-1, '只有已经关闭的订单才能删除')
  })

  // Packages of an express order, trace newest first; none (not shipped, other kinds) → -1.
  router.post('/api/order/package', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_id'))) return error(-1, '缺少参数order_id')
    const order = ownOrder(ctx, memberId)
    if (!order) return error(-1, NOT_OWN)
    const packages = packagesOf(ctx.db, order.order_id)
    return packages.length ? success(packages) : error(-1, '操作失败')
  })

  router.post('/api/order/transactionagreement', (ctx) => {
    const doc = ctx.db
      .prepare(
        "SELECT site_id, app_module, document_key, title, content, create_time, modify_time FROM document WHERE app_module = 'shop' AND document_key = 'TRANSACTION_AGREEMENT'",
      )
      .get()
    return success(doc ?? { site_id: 1, app_module: 'shop', document_key: 'TRANSACTION_AGREEMENT', title: '', content: '', create_time: 0, modify_time: 0 })
  })
}
