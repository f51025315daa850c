import { money } from '../core/format.js'
import { ApiReply, error, isEmpty, int, paging, pageResult, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { SITE_NAME } from '../db/data/site.js'
import {
  allowedTypes,
  applyRefund,
  cancelRefund,
  deliverReturn,
  findLine,
  orderOf,
  ownLine,
  refundableCents,
  refundActions,
  refundLineView,
  refundLogList,
  refundReasons,
  REFUND_STATUS_NAMES,
  type RefundLine,
} from '../models/refund.js'

/**
 * The buyer's side of refunds, `/api/orderrefund/*` (contract UPSTREAM-commerce §5.2,
 * docs/after-sales.md). The seller's side is the test API (routes/test-api.ts).
 */

const MAX_IMAGES = 5
const REMARK_MAX = 200
const WAYBILL_MAX = 50

function refundConfig(ctx: Context): { refund_reason?: string } {
  return ctx.services.config.get<{ refund_reason?: string }>('ORDER_REFUND_CONFIG')
}

function username(ctx: Context, memberId: number): string {
  const row = ctx.db.prepare('SELECT nickname, username FROM member WHERE member_id = ?').get(memberId) as { nickname: string; username: string }
  return row.nickname || row.username
}

function idList(raw: string): number[] | null {
  const parts = raw.split(',').map((s) => s.trim())
  const ids = parts.map(Number)
  return parts.length > 0 && ids.every((n) => Number.isInteger(n) && n > 0) ? [...new Set(ids)] : null
}

/** refunddata / refunddatabatch: what the application form needs. */
function refundData(ctx: Context, lines: RefundLine[], batch: boolean) {
  const order = orderOf(ctx.db, lines[0]!.order_id)
  const max = refundableCents(ctx.db, order, lines)
  const member = ctx.db.prepare('SELECT nickname FROM member WHERE member_id = ?').get(order.member_id) as { nickname: string }
  const info = lines.map((line) => ({
    ...refundLineView(line),
    order_no: order.order_no,
    order_status: order.order_status,
    pay_type: order.pay_type,
    pay_type_name: order.pay_type_name,
    coupon_info: [],
    nickname: member.nickname,
  }))
  // A batch offers return-and-refund only when every line allows it.
  const types = lines.map(allowedTypes).reduce((all, own) => all.filter((t) => own.includes(t)))
  return {
    order_goods_info: batch ? info : info[0],
    refund_money: money(max.total / 100),
    refund_type: types,
    refund_reason_type: refundReasons(refundConfig(ctx)),
    refund_delivery_money: money(max.delivery / 100),
  }
}

/** Any member's line (else 订单项不存在！): 5.5.2's refunddata, refunddatabatch and refund take no member. */
function anyLine(ctx: Context, orderGoodsId: number): RefundLine {
  const line = findLine(ctx.db, orderGoodsId)
  if (!line) throw new ApiReply(error(-1, '订单项不存在！'))
  return line
}

export function registerRefundRoutes(router: Router): void {
  // refunddata, refunddatabatch and refund read the line without the caller, as 5.5.2 does
  // (Orderrefund.php, OrderRefund::getRefundDetail/apply): the client checks ownership first
  // (docs/upstream-conformance.md D1). detail, cancel and delivery stay the caller's own.
  router.post('/api/orderrefund/refunddata', (ctx) => {
    requireMember(ctx)
    if (isEmpty(param(ctx, 'order_goods_id'))) return error(-1, '缺少参数order_goods_id')
    return success(refundData(ctx, [anyLine(ctx, int(ctx, 'order_goods_id'))], false))
  })

  router.post('/api/orderrefund/refunddatabatch', (ctx) => {
    requireMember(ctx)
    const ids = idList(str(ctx, 'order_goods_ids'))
    if (!ids) return error(-1, '缺少参数order_goods_ids')
    const lines = ids.map((id) => anyLine(ctx, id))
    if (new Set(lines.map((l) => l.order_id)).size !== 1) return error(-1, '订单项不存在！')
    return success(refundData(ctx, lines, true))
  })

  // No amount is read (5.5.2 records the refundable amount it computes): refund_apply_money is ignored.
  router.post('/api/orderrefund/refund', (ctx) => {
    const memberId = requireMember(ctx)
    const ids = idList(str(ctx, 'order_goods_ids') || str(ctx, 'order_goods_id'))
    if (!ids) return error(-1, '缺少参数order_goods_ids')
    const type = int(ctx, 'refund_type')
    if (type !== 1 && type !== 2) return error(-1, '退款方式不符合！')
    const reason = str(ctx, 'refund_reason').trim()
    if (!refundReasons(refundConfig(ctx)).includes(reason)) return error(-1, '请选择退款原因')
    const remark = str(ctx, 'refund_remark').trim()
    if ([...remark].length > REMARK_MAX) return error(-1, `退款说明不能超过${REMARK_MAX}个字`)
    const images = str(ctx, 'refund_images')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    if (images.length > MAX_IMAGES) return error(-1, `退款凭证最多上传${MAX_IMAGES}张`)
    const own = ctx.db.prepare('SELECT 1 FROM upload_file WHERE path = ? AND member_id = ?')
    if (images.some((path) => !own.get(path, memberId))) return error(-1, '退款凭证图片无效')
    const lines = ids.map((id) => anyLine(ctx, id))
    applyRefund(ctx.db, { memberId, username: username(ctx, memberId), lines, type, reason, remark, images })
    return success(1)
  })

  router.post('/api/orderrefund/cancel', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_goods_id'))) return error(-1, '缺少参数order_goods_id')
    const line = ownLine(ctx.db, memberId, int(ctx, 'order_goods_id'))
    cancelRefund(ctx.db, line, username(ctx, memberId))
    return success(1)
  })

  router.post('/api/orderrefund/delivery', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_goods_id'))) return error(-1, '缺少参数order_goods_id')
    const name = str(ctx, 'refund_delivery_name').trim()
    const no = str(ctx, 'refund_delivery_no').trim()
    const remark = str(ctx, 'refund_delivery_remark').trim()
    if (name === '') return error(-1, '请输入物流公司')
    if (no === '') return error(-1, '请输入物流单号')
    if ([...name].length > WAYBILL_MAX || [...no].length > WAYBILL_MAX || [...remark].length > REMARK_MAX) return error(-1, '物流信息过长')
    const line = ownLine(ctx.db, memberId, int(ctx, 'order_goods_id'))
    deliverReturn(ctx.db, line, username(ctx, memberId), { name, no, remark })
    return success(1)
  })

  router.post('/api/orderrefund/detail', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_goods_id'))) return error(-1, '缺少参数order_goods_id')
    const orderGoodsId = int(ctx, 'order_goods_id')
    const line = findLine(ctx.db, orderGoodsId)
    // As 5.5.2 (OrderRefund::getMemberRefundDetail): a line not the member's is no line, answered with
    // success and a log only (5.5.2 fills in that id's log, whoever's; the BFF shows none of it).
    if (!line || line.member_id !== memberId) return success({ refund_log_list: [] })
    const order = orderOf(ctx.db, line.order_id)
    return success({
      ...refundLineView(line),
      order_no: order.order_no,
      order_status: order.order_status,
      refund_action: refundActions(line.refund_status),
      refund_log_list: refundLogList(ctx.db, line.order_goods_id),
      shop_contacts: line.shop_contacts,
      shop_mobile: line.shop_mobile,
      shop_address: line.shop_address,
    })
  })

  router.post('/api/orderrefund/lists', (ctx) => {
    const memberId = requireMember(ctx)
    const { page, pageSize } = paging(ctx)
    const where = 'FROM order_goods g JOIN orders o ON o.order_id = g.order_id WHERE g.member_id = ? AND g.refund_action_time > 0'
    const count = (ctx.db.prepare(`SELECT COUNT(*) AS n ${where}`).get(memberId) as { n: number }).n
    const rows = ctx.db
      .prepare(
        `SELECT g.*, o.order_no ${where} ORDER BY g.refund_action_time DESC, g.order_goods_id DESC ${pageSize > 0 ? `LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}` : ''}`,
      )
      .all(memberId) as (RefundLine & { order_no: string })[]
    const nickname = username(ctx, memberId)
    return success(
      pageResult(
        rows.map((row) => ({
          ...refundLineView(row),
          order_no: row.order_no,
          site_name: SITE_NAME,
          nickname,
          refund_status_name: REFUND_STATUS_NAMES[row.refund_status] ?? '',
          refund_action: refundActions(row.refund_status),
        })),
        count,
        pageSize,
      ),
    )
  })
}
