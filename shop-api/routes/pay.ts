import { error, int, isEmpty, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { closeExpiredOrders, findPay, payInfoView, payRecordView, payWithBalance, resetPay, type PayRow } from '../models/order.js'

/**
 * The cashier /api/pay/* (docs/checkout-api.md). Pay types offered: balance, offline transfer
 * (/offlinepay/api/pay/*) and alipay/wechatpay, both answered by the payment simulator
 * (routes/simulator.ts) since this reference API has no real gateway.
 */

export const PAY_TYPES = 'alipay,wechatpay,offlinepay,balance'
const NOT_FOUND = '未获取到支付信息'

/** The caller's payment record, after closing what is overdue (so a stale deadline reads as closed). */
export function ownPay(ctx: Context, memberId: number): PayRow | undefined {
  closeExpiredOrders(ctx.db)
  const outTradeNo = str(ctx, 'out_trade_no').trim()
  if (outTradeNo === '') return undefined
  const pay = findPay(ctx.db, outTradeNo)
  return pay && pay.member_id === memberId && pay.is_delete === 0 ? pay : undefined
}

/** The gateway address the browser is sent to for an online pay type (the simulator page of this API). */
export function simulatorUrl(ctx: Context, outTradeNo: string, returnUrl: string): string {
  const base = ctx.settings.publicUrl || ctx.origin || ''
  const query = new URLSearchParams({ out_trade_no: outTradeNo, return_url: returnUrl })
  return `${base}/simulator/pay?${query.toString()}`
}

export function registerPayRoutes(router: Router): void {
  // Unknown or another member's serial → data [] (code 0), as api_pay_info_not_found.json.
  router.post('/api/pay/info', (ctx) => {
    const memberId = requireMember(ctx)
    const pay = ownPay(ctx, memberId)
    return success(pay ? payInfoView(ctx.db, pay) : [])
  })

  router.post('/api/pay/status', (ctx) => {
    const memberId = requireMember(ctx)
    const pay = ownPay(ctx, memberId)
    return pay ? success(payRecordView(pay)) : error(-1, NOT_FOUND)
  })

  // The sample answers this one with an empty message.
  router.post('/api/pay/type', () => ({ code: 0, message: '', data: { pay_type: PAY_TYPES } }))

  router.post('/api/pay/getBalanceConfig', (ctx) => success({ balance_show: Number(ctx.services.config.get<{ balance_show: number }>('BALANCE_CONFIG').balance_show) }))

  router.post('/api/pay/pay', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'out_trade_no'))) return error(-1, '缺少参数out_trade_no')
    const pay = ownPay(ctx, memberId)
    if (!pay) return error(-1, NOT_FOUND)
    if (pay.pay_status === 2) return success({ pay_success: 1 })
    if (pay.pay_status < 0) return error(-1, '支付单已关闭')
    // A transfer voucher under review would be paid twice if another way were taken meanwhile.
    if (ctx.db.prepare('SELECT 1 FROM offline_pay WHERE out_trade_no = ? AND status = 0').get(pay.out_trade_no)) return error(-1, '线下支付审核中')
    const payType = str(ctx, 'pay_type')

    // Balance (this API's own pay type) reads no pay password, like every upstream payment path:
    // the client checks it first with /api/member/checkpaypassword.
    if (payType === 'balance') {
      return ctx.db.transaction(() => {
        payWithBalance(ctx.db, pay)
        return success({ pay_success: 1 })
      })()
    }

    if (payType === 'alipay' || payType === 'wechatpay') {
      const returnUrl = str(ctx, 'return_url').slice(0, 1000)
      ctx.db.prepare('UPDATE pay SET pay_type = ?, return_url = ? WHERE id = ? AND pay_status = 0').run(payType, returnUrl, pay.id)
      return success({ type: 'url', data: simulatorUrl(ctx, pay.out_trade_no, returnUrl) })
    }
    return error(-1, '没有可用的支付方式')
  })

  // §3.4: the serial to pay an unpaid order of the member with: its current one when it is still
  // pending and took no balance, else a new one (the old one closes).
  router.post('/api/order/pay', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_ids'))) return error(-1, '缺少参数order_ids')
    closeExpiredOrders(ctx.db)
    const orderId = int(ctx, 'order_ids', 0)
    const order = ctx.db.prepare('SELECT out_trade_no, order_status FROM orders WHERE order_id = ? AND member_id = ? AND is_delete = 0').get(orderId, memberId) as
      { out_trade_no: string; order_status: number } | undefined
    const pay = order ? findPay(ctx.db, order.out_trade_no) : undefined
    if (!order || order.order_status !== 0 || !pay || pay.pay_status !== 0) return error(-1, '选中订单中包含已支付或已关闭数据！')
    if (pay.balance === 0 && pay.balance_money === 0) return success(pay.out_trade_no)
    if (ctx.db.prepare('SELECT 1 FROM offline_pay WHERE out_trade_no = ? AND status = 0').get(pay.out_trade_no)) return error(-1, '线下支付审核中')
    return success(resetPay(ctx.db, pay))
  })

  // → a new out_trade_no for the member's unpaid payment (the old one closes).
  router.post('/api/pay/resetpay', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'out_trade_no'))) return error(-1, '缺少参数out_trade_no')
    const pay = ownPay(ctx, memberId)
    if (!pay) return error(-1, NOT_FOUND)
    if (pay.pay_status !== 0) return error(-1, pay.pay_status === 2 ? '该支付单已支付' : '支付单已关闭')
    const waiting = ctx.db.prepare('SELECT 1 FROM offline_pay WHERE out_trade_no = ? AND status = 0').get(pay.out_trade_no)
    if (waiting) return error(-1, '线下支付审核中，不能重新支付')
    return success(resetPay(ctx.db, pay))
  })
}
