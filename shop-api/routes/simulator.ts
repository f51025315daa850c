import type { Database } from 'better-sqlite3'
import { money } from '../core/format.js'
import type { Params } from '../core/router.js'
import { closeExpiredOrders, findPay, markPaid } from '../models/order.js'

/**
 * The payment SIMULATOR: an HTML page of this API standing in for the Alipay / WeChat Pay
 * gateway (there is no real gateway in the reference API). `/api/pay/pay` with an online pay
 * type sends the browser here; "支付成功" marks the payment paid, "支付失败" leaves it pending;
 * both then go back to `return_url` when its origin is allowed (settings.returnOrigins).
 * Plain forms, no JavaScript.
 */

export interface HtmlReply {
  status: number
  headers: Record<string, string>
  body: string
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** `return_url` when it is an absolute http(s) URL on an allowed origin, else null (no open redirect). */
export function allowedReturnUrl(returnUrl: string, origins: readonly string[]): string | null {
  let url: URL
  try {
    url = new URL(returnUrl)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  return origins.includes(url.origin) ? url.toString() : null
}

function page(title: string, body: string, status = 200): HtmlReply {
  const html = `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>body{font-family:"PingFang SC","Microsoft YaHei",sans-serif;max-width:560px;margin:40px auto;padding:0 16px;color:#333}
.banner{background:#fff3cd;border:1px solid #e0c36a;padding:12px;border-radius:6px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px}button{font-size:16px;padding:10px 20px;margin-right:12px;cursor:pointer}
.ok{background:#1a7f37;color:#fff;border:0}.fail{background:#b42318;color:#fff;border:0}</style>
</head><body>${body}</body></html>`
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' }, body: html }
}

const text = (params: Params, name: string): string => (typeof params[name] === 'string' ? (params[name] as string) : '')

/** GET: the simulator page for a payment. POST: the buyer's choice (result=success|fail). */
export function handleSimulator(db: Database, method: string, params: Params, returnOrigins: readonly string[]): HtmlReply {
  closeExpiredOrders(db)
  const outTradeNo = text(params, 'out_trade_no')
  const returnUrl = allowedReturnUrl(text(params, 'return_url'), returnOrigins)
  const pay = outTradeNo ? findPay(db, outTradeNo) : undefined
  const heading =
    '<h1>支付模拟器 Payment simulator</h1><p class="banner">这是参考 API 的<strong>支付模拟器</strong>，代替微信支付 / 支付宝，不会产生真实扣款。<br>This is a payment SIMULATOR of the reference shop API standing in for WeChat Pay / Alipay. No real money moves.</p>'
  if (!pay) return page('支付模拟器 - 未获取到支付信息', `${heading}<p>未获取到支付信息 (unknown payment).</p>`, 404)

  const back = returnUrl ? `<p><a href="${esc(returnUrl)}">返回商户 Back to the shop</a></p>` : '<p>返回地址不在允许列表中 (return address not allowed).</p>'
  if (method === 'POST') {
    const result = text(params, 'result')
    if (result === 'success' && pay.pay_status === 0) markPaid(db, pay.out_trade_no, pay.pay_type === 'wechatpay' ? 'wechatpay' : 'alipay')
    if (returnUrl) return { status: 303, headers: { location: returnUrl, 'cache-control': 'no-store' }, body: '' }
    const current = findPay(db, pay.out_trade_no)!
    return page('支付模拟器 - 结果', `${heading}<p>${current.pay_status === 2 ? '支付成功 (paid)' : '支付未完成 (not paid)'}</p>${back}`)
  }

  const state = pay.pay_status === 2 ? '已支付 (paid)' : pay.pay_status < 0 ? '已关闭 (closed)' : '待支付 (pending)'
  const form =
    pay.pay_status === 0
      ? `<form method="post" action="/simulator/pay">
<input type="hidden" name="out_trade_no" value="${esc(pay.out_trade_no)}"><input type="hidden" name="return_url" value="${esc(text(params, 'return_url'))}">
<button class="ok" type="submit" name="result" value="success">支付成功 Pay succeeds</button><button class="fail" type="submit" name="result" value="fail">支付失败 Pay fails</button>
</form>`
      : back
  const details = `<dl><dt>支付单号</dt><dd>${esc(pay.out_trade_no)}</dd><dt>商品</dt><dd>${esc(pay.pay_body)}</dd><dt>金额</dt><dd>¥${money(pay.pay_money)}</dd><dt>状态</dt><dd>${state}</dd></dl>`
  return page('支付模拟器 Payment simulator', `${heading}${details}${form}`)
}
