import { nowSeconds } from '../core/format.js'
import { error, isEmpty, param, requireMember, str, success, type Router } from '../core/router.js'
import { imageType, isUploadedFile, storeUpload } from '../core/upload.js'
import { ownPay } from './pay.js'

/**
 * The offline-transfer addon (/offlinepay/api/pay/*): bank details, voucher upload, voucher
 * submission for the merchant's review (done through the test API here). A stock Niushop 5.5.2
 * ships this addon (`addon/offlinepay`), so it is not among the stock switches.
 */

export const VOUCHER_MAX_BYTES = 2 * 1024 * 1024
const MAX_IMAGES = 5
const DESC_MAX = 200

/** Review states, numbered as Niushop 5.5.2's `addon/offlinepay/model/Pay.php` (3, closed, is never made here). */
export const OFFLINE_STATUS: Record<number, { name: string; const: string }> = {
  0: { name: '待审核', const: 'WAIT_AUDIT' },
  1: { name: '审核通过', const: 'AUDIT_PASS' },
  2: { name: '审核拒绝', const: 'AUDIT_REFUSE' },
}

interface OfflinePayRow {
  out_trade_no: string
  imgs: string
  desc: string
  status: number
  audit_remark: string
  create_time: number
}

export function registerOfflinePayRoutes(router: Router): void {
  router.post('/offlinepay/api/pay/config', (ctx) => success({ value: ctx.services.config.get('OFFLINE_PAY_CONFIG') }))

  router.post('/offlinepay/api/pay/uploadimg', (ctx) => {
    const memberId = requireMember(ctx)
    const file = param(ctx, 'file')
    if (!isUploadedFile(file) || file.data.length === 0) return error(-1, '请上传图片文件')
    if (file.data.length > VOUCHER_MAX_BYTES) return error(-1, '图片大小不能超过2MB')
    const type = imageType(file.data)
    if (!type) return error(-1, '请上传图片文件')
    return success({ pic_path: storeUpload(ctx.db, 'offlinepay', memberId, { ...type, data: file.data }) })
  })

  // imgs: comma-joined paths answered by uploadimg (the caller's own uploads only), 1 to 5.
  router.post('/offlinepay/api/pay/pay', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'out_trade_no'))) return error(-1, '缺少参数out_trade_no')
    const pay = ownPay(ctx, memberId)
    if (!pay) return error(-1, '未获取到支付信息')
    if (pay.pay_status === 2) return error(-1, '该支付单已支付')
    if (pay.pay_status < 0) return error(-1, '支付单已关闭')
    const imgs = str(ctx, 'imgs')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
    if (imgs.length === 0) return error(-1, '请上传支付凭证')
    if (imgs.length > MAX_IMAGES) return error(-1, `支付凭证最多上传${MAX_IMAGES}张`)
    const own = ctx.db.prepare('SELECT 1 FROM upload_file WHERE path = ? AND member_id = ?')
    if (imgs.some((path) => !own.get(path, memberId))) return error(-1, '支付凭证图片无效')
    const desc = str(ctx, 'desc')
    if ([...desc].length > DESC_MAX) return error(-1, `备注不能超过${DESC_MAX}个字符`)
    const current = ctx.db.prepare('SELECT status FROM offline_pay WHERE out_trade_no = ?').get(pay.out_trade_no) as { status: number } | undefined
    if (current?.status === 0) return error(-1, '支付凭证审核中')

    ctx.db.transaction(() => {
      ctx.db
        .prepare(
          `INSERT INTO offline_pay (out_trade_no, member_id, imgs, "desc", status, audit_remark, create_time) VALUES (?, ?, ?, ?, 0, '', ?)
           ON CONFLICT(out_trade_no) DO UPDATE SET imgs = excluded.imgs, "desc" = excluded."desc", status = 0, audit_remark = '', create_time = excluded.create_time`,
        )
        .run(pay.out_trade_no, memberId, imgs.join(','), desc, nowSeconds())
      ctx.db.prepare("UPDATE pay SET pay_type = 'offlinepay', pay_voucher = ? WHERE id = ?").run(imgs.join(','), pay.id)
      ctx.db.prepare("UPDATE orders SET pay_type = 'offlinepay', pay_type_name = '线下支付' WHERE out_trade_no = ? AND order_status = 0").run(pay.out_trade_no)
    })()
    return success(1)
  })

  router.post('/offlinepay/api/pay/info', (ctx) => {
    const memberId = requireMember(ctx)
    const pay = ownPay(ctx, memberId)
    if (!pay) return success([])
    const row = ctx.db.prepare('SELECT out_trade_no, imgs, "desc", status, audit_remark, create_time FROM offline_pay WHERE out_trade_no = ?').get(pay.out_trade_no) as
      OfflinePayRow | undefined
    if (!row) return success([])
    return success({ ...row, status_info: OFFLINE_STATUS[row.status] ?? OFFLINE_STATUS[0] })
  })
}
