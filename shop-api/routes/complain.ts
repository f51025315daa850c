import { nowSeconds } from '../core/format.js'
import { error, isEmpty, int, param, requireMember, str, success, type Router } from '../core/router.js'
import { insertRow } from '../db/rows.js'
import { ownLine, REFUND_STATUS_NAMES } from '../models/refund.js'

/**
 * Complaints about a refund, `/api/ordercomplain/{detail,complain,cancel}`. Niushop's PC calls these
 * but no controller exists upstream (contract §5.3), so the shape is ours: docs/after-sales-api.md.
 * A complaint may be made on a line whose refund the seller refused (-1) or closed as done (3),
 * one open complaint at a time; the platform's decision is made through the test API.
 */

export const COMPLAIN_STATUS_NAMES: Record<number, string> = { 1: '平台处理中', 2: '平台已处理', [-1]: '已撤销' }
export const COMPLAIN_FROM = [-1, 3]
export const COMPLAIN_REASONS = ['商家拒绝退款理由不合理', '退款金额有误', '商家未按约定处理', '其他']
const REMARK_MAX = 200
const MAX_IMAGES = 5

interface ComplainRow {
  complain_id: number
  order_goods_id: number
  order_id: number
  member_id: number
  complain_reason: string
  complain_remark: string
  complain_images: string
  complain_status: number
  platform_remark: string
  create_time: number
  handle_time: number
  cancel_time: number
}

export function registerComplainRoutes(router: Router): void {
  // → {order_goods_id, refund_status, refund_status_name, can_complain, complain_reason_type[], complain: row | null}
  router.post('/api/ordercomplain/detail', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_goods_id'))) return error(-1, '缺少参数order_goods_id')
    const line = ownLine(ctx.db, memberId, int(ctx, 'order_goods_id'))
    const row = ctx.db.prepare('SELECT * FROM order_complain WHERE order_goods_id = ? ORDER BY complain_id DESC LIMIT 1').get(line.order_goods_id) as ComplainRow | undefined
    const open = row?.complain_status === 1
    return success({
      order_goods_id: line.order_goods_id,
      order_id: line.order_id,
      sku_name: line.sku_name,
      sku_image: line.sku_image,
      refund_status: line.refund_status,
      refund_status_name: REFUND_STATUS_NAMES[line.refund_status] ?? '',
      can_complain: COMPLAIN_FROM.includes(line.refund_status) && !open ? 1 : 0,
      complain_reason_type: COMPLAIN_REASONS,
      complain: row
        ? {
            ...row,
            complain_status_name: COMPLAIN_STATUS_NAMES[row.complain_status] ?? '',
            complain_action: open ? [{ event: 'complainCancel', title: '撤销投诉', color: '' }] : [],
          }
        : null,
    })
  })

  router.post('/api/ordercomplain/complain', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_goods_id'))) return error(-1, '缺少参数order_goods_id')
    const reason = str(ctx, 'complain_reason').trim()
    if (!COMPLAIN_REASONS.includes(reason)) return error(-1, '请选择投诉原因')
    const remark = str(ctx, 'complain_remark').trim()
    if ([...remark].length > REMARK_MAX) return error(-1, `投诉说明不能超过${REMARK_MAX}个字`)
    const images = str(ctx, 'complain_images')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    if (images.length > MAX_IMAGES) return error(-1, `投诉凭证最多上传${MAX_IMAGES}张`)
    const own = ctx.db.prepare('SELECT 1 FROM upload_file WHERE path = ? AND member_id = ?')
    if (images.some((path) => !own.get(path, memberId))) return error(-1, '投诉凭证图片无效')
    const line = ownLine(ctx.db, memberId, int(ctx, 'order_goods_id'))
    return ctx.db.transaction(() => {
      if (!COMPLAIN_FROM.includes(line.refund_status)) return error(-1, '当前状态不可投诉')
      if (ctx.db.prepare('SELECT 1 FROM order_complain WHERE order_goods_id = ? AND complain_status = 1').get(line.order_goods_id)) return error(-1, '投诉正在处理中')
      const id = insertRow(ctx.db, 'order_complain', {
        order_goods_id: line.order_goods_id,
        order_id: line.order_id,
        member_id: memberId,
        complain_reason: reason,
        complain_remark: remark,
        complain_images: images.join(','),
        complain_status: 1,
        create_time: nowSeconds(),
      })
      return success(id)
    })()
  })

  router.post('/api/ordercomplain/cancel', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_goods_id'))) return error(-1, '缺少参数order_goods_id')
    const line = ownLine(ctx.db, memberId, int(ctx, 'order_goods_id'))
    const changed = ctx.db
      .prepare('UPDATE order_complain SET complain_status = -1, cancel_time = ? WHERE order_goods_id = ? AND member_id = ? AND complain_status = 1')
      .run(nowSeconds(), line.order_goods_id, memberId)
    return changed.changes === 1 ? success(1) : error(-1, '当前状态不可操作')
  })
}
