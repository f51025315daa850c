import { money, nowSeconds } from '../core/format.js'
import { bare, error, int, isEmpty, pageResult, paging, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { insertRow } from '../db/rows.js'
import { applyWithdrawal, closeExpiredRecharges, newSerial, RECHARGE_PAY_EVENT, TRANSFER_TYPE_NAMES, type WithdrawConfig } from '../models/finance.js'
import { newOutTradeNo } from '../models/order.js'

/**
 * Member finance (contract §6.2, §6.3, §6.9–§6.11): balance and points ledger, levels, withdrawal
 * accounts, withdrawals and recharges. Rows are always the caller's own: another member's id
 * reads as absent. Shapes the contract leaves open are in docs/member-centre.md.
 */

const ACCOUNT_TYPES: Record<string, string[]> = { 'balance,balance_money': ['balance', 'balance_money'], balance: ['balance'], balance_money: ['balance_money'], point: ['point'] }

/**
 * Ledger sources by account kind (memberaccount/fromtype), `{type_name, type_url}` as Niushop's
 * MemberAccount model lists them: its own sources (adjust, order, refund, withdraw…) plus those its
 * addons add (memberrecharge, membersignin), and this API's (order_close, withdraw_back). `register`
 * is the registration reward's (MemberAccount::getFromType lists it for balance, point and growth).
 */
export const FROM_TYPES: Record<string, Record<string, { type_name: string; type_url: string }>> = {
  balance: {
    order: { type_name: '消费', type_url: '' },
    order_close: { type_name: '订单关闭退还', type_url: '' },
    refund: { type_name: '退还', type_url: '' },
    memberrecharge: { type_name: '会员充值', type_url: '' },
    register: { type_name: '注册', type_url: '' },
    adjust: { type_name: '调整', type_url: '' },
  },
  balance_money: {
    order: { type_name: '消费', type_url: '' },
    order_close: { type_name: '订单关闭退还', type_url: '' },
    refund: { type_name: '退还', type_url: '' },
    withdraw: { type_name: '提现', type_url: '' },
    withdraw_back: { type_name: '提现退回', type_url: '' },
    adjust: { type_name: '调整', type_url: '' },
  },
  point: {
    order: { type_name: '积分抵扣', type_url: '' },
    order_close: { type_name: '订单关闭退还', type_url: '' },
    memberrecharge: { type_name: '充值赠送', type_url: '' },
    signin: { type_name: '签到', type_url: '' },
    register: { type_name: '注册', type_url: '' },
    adjust: { type_name: '调整', type_url: '' },
  },
  growth: {
    signin: { type_name: '签到', type_url: '' },
    register: { type_name: '注册', type_url: '' },
    adjust: { type_name: '调整', type_url: '' },
  },
}

const MOBILE = /^1[3-9]\d{9}$/
const BANK_ACCOUNT = /^\d{12,30}$/
const ALIPAY_ACCOUNT = /^(1[3-9]\d{9}|[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,20})$/

function withdrawConfig(ctx: Context): WithdrawConfig {
  return ctx.services.config.get<WithdrawConfig>('WITHDRAW_CONFIG')
}

/** The transfer types the config allows (wechat needs an openid, which no PC member has here). */
function allowedTransferTypes(ctx: Context, memberId: number): Record<string, string> {
  const openid = (ctx.db.prepare('SELECT wx_openid FROM member WHERE member_id = ?').get(memberId) as { wx_openid: string } | undefined)?.wx_openid ?? ''
  const out: Record<string, string> = {}
  for (const type of withdrawConfig(ctx).transfer_type.split(',')) {
    if (!TRANSFER_TYPE_NAMES[type] || (type === 'wechatpay' && !openid)) continue
    out[type] = TRANSFER_TYPE_NAMES[type]
  }
  return out
}

/** A money param in yuan as whole cents, or null when it is not a positive amount with at most 2 decimals. */
function cents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null
  const n = Math.round(Number(text) * 100)
  return n > 0 ? n : null
}

const BANK_COLUMNS = 'id, member_id, realname, mobile, withdraw_type, branch_bank_name, bank_account, is_default, create_time, modify_time'

function bankView(row: Record<string, unknown>): Record<string, unknown> {
  return { ...row, withdraw_type_name: TRANSFER_TYPE_NAMES[row.withdraw_type as string] ?? '' }
}

function ownBankAccount(ctx: Context, memberId: number, id: number): Record<string, unknown> | undefined {
  return ctx.db.prepare(`SELECT ${BANK_COLUMNS} FROM member_bank_account WHERE id = ? AND member_id = ?`).get(id, memberId) as Record<string, unknown> | undefined
}

/** The checked fields of add/edit, or the refusal (the PC's own checks, applied here too). */
function readBankAccount(ctx: Context, memberId: number): { realname: string; mobile: string; withdraw_type: string; branch_bank_name: string; bank_account: string } | string {
  const realname = str(ctx, 'realname').trim()
  const mobile = str(ctx, 'mobile').trim()
  const withdrawType = str(ctx, 'withdraw_type').trim()
  const branch = str(ctx, 'branch_bank_name').trim()
  const account = str(ctx, 'bank_account').replace(/\s+/g, '')
  if (!realname) return '请输入真实姓名'
  if ([...realname].length > 20) return '真实姓名不能超过20个字符'
  if (!MOBILE.test(mobile)) return '请输入正确的手机号码'
  if (!allowedTransferTypes(ctx, memberId)[withdrawType]) return '不支持的提现方式'
  if (withdrawType === 'bank') {
    if (!branch) return '请输入银行名称'
    if ([...branch].length > 50) return '银行名称不能超过50个字符'
    if (!BANK_ACCOUNT.test(account)) return '请输入正确的银行账号'
  }
  if (withdrawType === 'alipay' && !ALIPAY_ACCOUNT.test(account)) return '请输入正确的支付宝账号'
  return { realname, mobile, withdraw_type: withdrawType, branch_bank_name: withdrawType === 'bank' ? branch : '', bank_account: account }
}

const RECHARGE_COLUMNS = 'recharge_id, recharge_name, cover_img, face_value, buy_price, point, growth, coupon_id, sale_num, status'
const RECHARGE_ORDER_COLUMNS =
  'order_id, order_no, out_trade_no, recharge_id, recharge_name, cover_img, buy_price, face_value, point, growth, coupon_id, status, pay_type, create_time, pay_time'

function moneyFields<T extends Record<string, unknown>>(row: T, keys: string[]): T {
  const out: Record<string, unknown> = { ...row }
  for (const key of keys) out[key] = money(out[key] as number)
  return out as T
}

const WITHDRAW_MONEY = ['apply_money', 'service_money', 'money', 'rate']

export function registerMemberFinanceRoutes(router: Router): void {
  // ------------------------------------------------------------------ balance and points ledger
  router.post('/api/memberaccount/info', (ctx) => {
    const memberId = requireMember(ctx)
    const kinds = ACCOUNT_TYPES[str(ctx, 'account_type', 'balance,balance_money')]
    if (!kinds) return error(-1, 'INVALID_PARAMETER')
    const row = ctx.db.prepare(`SELECT ${kinds.join(', ')}, balance_withdraw_apply, balance_withdraw FROM member WHERE member_id = ?`).get(memberId) as Record<string, number>
    const out: Record<string, unknown> = {}
    for (const kind of kinds) out[kind] = kind === 'point' ? row[kind] : money(row[kind])
    if (kinds.includes('balance_money')) Object.assign(out, { balance_withdraw_apply: money(row.balance_withdraw_apply), balance_withdraw: money(row.balance_withdraw) })
    return success(out)
  })

  // PC gets every month (contract §6.2); `from_type` narrows to one source.
  router.post('/api/memberaccount/page', (ctx) => {
    const memberId = requireMember(ctx)
    const kinds = ACCOUNT_TYPES[str(ctx, 'account_type', 'balance,balance_money')]
    if (!kinds) return error(-1, 'INVALID_PARAMETER')
    const { page, pageSize } = paging(ctx)
    const fromType = str(ctx, 'from_type').trim()
    const where = `member_id = ? AND account_type IN (${kinds.map(() => '?').join(', ')})${fromType ? ' AND from_type = ?' : ''}`
    const args: unknown[] = [memberId, ...kinds, ...(fromType ? [fromType] : [])]
    const count = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM member_account WHERE ${where}`).get(...args) as { n: number }).n
    const limit = pageSize === 0 ? '' : ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    const rows = ctx.db
      .prepare(`SELECT id, account_type, account_data, from_type, type_name, type_tag, related_id, create_time, remark FROM member_account WHERE ${where} ORDER BY id DESC${limit}`)
      .all(...args) as Record<string, unknown>[]
    return success(
      pageResult(
        rows.map((row) => (row.account_type === 'point' ? row : moneyFields(row, ['account_data']))),
        count,
        pageSize,
      ),
    )
  })

  // Unenveloped, as upstream: the controller hands the model's array to response() (no success()).
  router.post('/api/memberaccount/fromtype', () => bare(FROM_TYPES))

  // ------------------------------------------------------------------------------------ levels
  router.post('/api/memberlevel/lists', (ctx) => {
    const rows = ctx.db
      .prepare(
        `SELECT level_id, level_name, growth, remark, consume_discount, is_free_shipping, point_feedback, send_point, send_balance, send_coupon,
                charge_rule, charge_type, bg_color, is_default, level_text_color, level_picture
         FROM member_level WHERE level_type = 0 AND status = 1 ORDER BY growth`,
      )
      .all() as Record<string, unknown>[]
    return success(rows.map((row) => moneyFields(row, ['growth', 'consume_discount', 'point_feedback', 'send_balance'])))
  })

  // --------------------------------------------------------------------------- withdrawal accounts
  router.post('/api/memberbankaccount/page', (ctx) => {
    const memberId = requireMember(ctx)
    const { page, pageSize } = paging(ctx)
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM member_bank_account WHERE member_id = ?').get(memberId) as { n: number }).n
    const limit = pageSize === 0 ? '' : ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    const rows = ctx.db.prepare(`SELECT ${BANK_COLUMNS} FROM member_bank_account WHERE member_id = ? ORDER BY is_default DESC, id DESC${limit}`).all(memberId) as Record<
      string,
      unknown
    >[]
    return success(pageResult(rows.map(bankView), count, pageSize))
  })

  router.post('/api/memberbankaccount/info', (ctx) => {
    const memberId = requireMember(ctx)
    const row = ownBankAccount(ctx, memberId, int(ctx, 'id'))
    return success(row ? bankView(row) : null)
  })

  router.post('/api/memberbankaccount/defaultinfo', (ctx) => {
    const memberId = requireMember(ctx)
    const row = ctx.db.prepare(`SELECT ${BANK_COLUMNS} FROM member_bank_account WHERE member_id = ? AND is_default = 1`).get(memberId) as Record<string, unknown> | undefined
    return success(row ? bankView(row) : null)
  })

  router.post('/api/memberbankaccount/add', (ctx) => {
    const memberId = requireMember(ctx)
    const input = readBankAccount(ctx, memberId)
    if (typeof input === 'string') return error(-1, input)
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM member_bank_account WHERE member_id = ?').get(memberId) as { n: number }).n
    if (count >= 20) return error(-1, '提现账户最多添加20个')
    // The new account becomes the default (contract §6.9).
    const id = ctx.db.transaction(() => {
      ctx.db.prepare('UPDATE member_bank_account SET is_default = 0 WHERE member_id = ?').run(memberId)
      return insertRow(ctx.db, 'member_bank_account', { member_id: memberId, ...input, is_default: 1, create_time: nowSeconds() })
    })()
    return success(id)
  })

  router.post('/api/memberbankaccount/edit', (ctx) => {
    const memberId = requireMember(ctx)
    const id = int(ctx, 'id')
    if (!ownBankAccount(ctx, memberId, id)) return error(-1, '未找到该提现账户')
    const input = readBankAccount(ctx, memberId)
    if (typeof input === 'string') return error(-1, input)
    ctx.db
      .prepare('UPDATE member_bank_account SET realname = ?, mobile = ?, withdraw_type = ?, branch_bank_name = ?, bank_account = ?, modify_time = ? WHERE id = ? AND member_id = ?')
      .run(input.realname, input.mobile, input.withdraw_type, input.branch_bank_name, input.bank_account, nowSeconds(), id, memberId)
    return success(1)
  })

  router.post('/api/memberbankaccount/setdefault', (ctx) => {
    const memberId = requireMember(ctx)
    const id = int(ctx, 'id')
    if (!ownBankAccount(ctx, memberId, id)) return error(-1, '未找到该提现账户')
    ctx.db.transaction(() => {
      ctx.db.prepare('UPDATE member_bank_account SET is_default = 0 WHERE member_id = ?').run(memberId)
      ctx.db.prepare('UPDATE member_bank_account SET is_default = 1 WHERE id = ? AND member_id = ?').run(id, memberId)
    })()
    return success(1)
  })

  router.post('/api/memberbankaccount/delete', (ctx) => {
    const memberId = requireMember(ctx)
    const id = int(ctx, 'id')
    const row = ownBankAccount(ctx, memberId, id)
    if (!row) return error(-1, '未找到该提现账户')
    ctx.db.transaction(() => {
      ctx.db.prepare('DELETE FROM member_bank_account WHERE id = ? AND member_id = ?').run(id, memberId)
      // The newest remaining account takes over as default.
      if (row.is_default === 1)
        ctx.db.prepare('UPDATE member_bank_account SET is_default = 1 WHERE id = (SELECT MAX(id) FROM member_bank_account WHERE member_id = ?)').run(memberId)
    })()
    return success(1)
  })

  // --------------------------------------------------------------------------------- withdrawal
  router.post('/api/memberwithdraw/info', (ctx) => {
    const memberId = requireMember(ctx)
    const row = ctx.db.prepare('SELECT balance_money, balance_withdraw_apply, balance_withdraw FROM member WHERE member_id = ?').get(memberId) as Record<string, number>
    const config = withdrawConfig(ctx)
    return success({
      member_info: { balance_money: money(row.balance_money), balance_withdraw_apply: money(row.balance_withdraw_apply), balance_withdraw: money(row.balance_withdraw) },
      config: { ...config, rate: money(config.rate), min: money(config.min), max: money(config.max) },
    })
  })

  router.post('/api/memberwithdraw/config', (ctx) => success(withdrawConfig(ctx)))

  router.post('/api/memberwithdraw/transfertype', (ctx) => {
    const memberId = requireMember(ctx)
    return success(allowedTransferTypes(ctx, memberId))
  })

  // Rules of contract §6.10, in upstream's order; the money is frozen at once.
  router.post('/api/memberwithdraw/apply', (ctx) => {
    const memberId = requireMember(ctx)
    const config = withdrawConfig(ctx)
    if (!config.is_use) return error(-1, '提现未开启')
    const applyCents = cents(param(ctx, 'apply_money'))
    if (applyCents === null) return error(-1, '请输入正确的提现金额')
    if (applyCents < Math.round(config.min * 100)) return error(-1, `申请提现金额不能小于最低提现额度${money(config.min)}`)
    if (applyCents > Math.round(config.max * 100)) return error(-1, `申请提现金额不能大于最高提现额度${money(config.max)}`)
    const balance = (ctx.db.prepare('SELECT balance_money FROM member WHERE member_id = ?').get(memberId) as { balance_money: number }).balance_money
    if (applyCents > Math.round(balance * 100)) return error(-1, '申请提现金额不能大于会员可提现金额')
    const transferType = str(ctx, 'transfer_type')
    if (!allowedTransferTypes(ctx, memberId)[transferType]) return error(-1, '不支持的提现方式')
    const realname = str(ctx, 'realname').trim()
    const mobile = str(ctx, 'mobile').trim()
    const bankName = str(ctx, 'bank_name').trim()
    const accountNumber = str(ctx, 'account_number').trim()
    if (!realname || !accountNumber || (transferType === 'bank' && !bankName)) return error(-1, '请先添加提现方式')
    const id = applyWithdrawal(ctx.db, { memberId, applyCents, transferType, realname, mobile, bankName, accountNumber, config })
    // Upstream's model answers success() without the new id: data "" (the client lists the records).
    return id === null ? error(-1, '申请提现金额不能大于会员可提现金额') : success('')
  })

  router.post('/api/memberwithdraw/page', (ctx) => {
    const memberId = requireMember(ctx)
    const { page, pageSize } = paging(ctx)
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM member_withdraw WHERE member_id = ?').get(memberId) as { n: number }).n
    const limit = pageSize === 0 ? '' : ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    const rows = ctx.db
      .prepare(
        `SELECT id, withdraw_no, apply_money, service_money, money, apply_time, status, status_name, transfer_type, transfer_type_name, fail_reason, refuse_reason
         FROM member_withdraw WHERE member_id = ? ORDER BY id DESC${limit}`,
      )
      .all(memberId) as Record<string, unknown>[]
    return success(
      pageResult(
        rows.map((row) => moneyFields(row, ['apply_money', 'service_money', 'money'])),
        count,
        pageSize,
      ),
    )
  })

  // Another member's id reads as absent (data null), as an unknown one.
  router.post('/api/memberwithdraw/detail', (ctx) => {
    const memberId = requireMember(ctx)
    const row = ctx.db.prepare('SELECT * FROM member_withdraw WHERE id = ? AND member_id = ?').get(int(ctx, 'id'), memberId) as Record<string, unknown> | undefined
    return success(row ? moneyFields(row, WITHDRAW_MONEY) : null)
  })

  // ----------------------------------------------------------------------------------- recharge
  router.post('/memberrecharge/api/memberrecharge/config', (ctx) => success(ctx.services.config.get('RECHARGE_CONFIG')))

  router.post('/memberrecharge/api/memberrecharge/page', (ctx) => {
    const { page, pageSize } = paging(ctx)
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM member_recharge WHERE status = 1').get() as { n: number }).n
    const limit = pageSize === 0 ? '' : ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    const rows = ctx.db.prepare(`SELECT ${RECHARGE_COLUMNS} FROM member_recharge WHERE status = 1 ORDER BY buy_price${limit}`).all() as Record<string, unknown>[]
    return success(
      pageResult(
        rows.map((row) => moneyFields(row, ['face_value', 'buy_price'])),
        count,
        pageSize,
      ),
    )
  })

  router.post('/memberrecharge/api/memberrecharge/info', (ctx) => {
    const row = ctx.db.prepare(`SELECT ${RECHARGE_COLUMNS} FROM member_recharge WHERE recharge_id = ?`).get(int(ctx, 'recharge_id')) as Record<string, unknown> | undefined
    return success(row ? moneyFields(row, ['face_value', 'buy_price']) : null)
  })

  // A package (`recharge_id`) or any amount (`face_value`, paid as is) → the serial to pay at the cashier.
  router.post('/memberrecharge/api/ordercreate/create', (ctx) => {
    const memberId = requireMember(ctx)
    const config = ctx.services.config.get<{ is_use: number }>('RECHARGE_CONFIG')
    if (!config.is_use) return error(-1, '充值未开启')
    const rechargeId = int(ctx, 'recharge_id')
    let order: { recharge_id: number; recharge_name: string; cover_img: string; face_value: number; buy_price: number; point: number; growth: number; coupon_id: string }
    if (rechargeId > 0) {
      const row = ctx.db
        .prepare('SELECT recharge_id, recharge_name, cover_img, face_value, buy_price, point, growth, coupon_id FROM member_recharge WHERE recharge_id = ? AND status = 1')
        .get(rechargeId) as typeof order | undefined
      if (!row) return error(-1, '无效的充值套餐')
      order = row
    } else {
      if (isEmpty(param(ctx, 'face_value'))) return error(-1, '缺少必填参数数据')
      const amount = cents(param(ctx, 'face_value'))
      if (amount === null || amount > 100_000_00) return error(-1, '充值金额须在0.01至100000元之间')
      order = { recharge_id: 0, recharge_name: '自定义充值', cover_img: '', face_value: amount / 100, buy_price: amount / 100, point: 0, growth: 0, coupon_id: '' }
    }
    const outTradeNo = newOutTradeNo(memberId)
    ctx.db.transaction(() => {
      const orderId = insertRow(ctx.db, 'member_recharge_order', {
        order_no: newSerial(memberId),
        out_trade_no: outTradeNo,
        member_id: memberId,
        ...order,
        create_time: nowSeconds(),
      })
      insertRow(ctx.db, 'pay', {
        out_trade_no: outTradeNo,
        pay_body: `会员充值：${order.recharge_name}`,
        pay_detail: order.recharge_name,
        pay_money: order.buy_price,
        create_time: nowSeconds(),
        member_id: memberId,
        relate_id: String(orderId),
        event: RECHARGE_PAY_EVENT,
      })
    })()
    return success(outTradeNo)
  })

  // Paid recharge orders only (contract §6.11).
  router.post('/memberrecharge/api/order/page', (ctx) => {
    const memberId = requireMember(ctx)
    const { page, pageSize } = paging(ctx)
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM member_recharge_order WHERE member_id = ? AND status = 1').get(memberId) as { n: number }).n
    const limit = pageSize === 0 ? '' : ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    const rows = ctx.db
      .prepare(`SELECT ${RECHARGE_ORDER_COLUMNS} FROM member_recharge_order WHERE member_id = ? AND status = 1 ORDER BY order_id DESC${limit}`)
      .all(memberId) as Record<string, unknown>[]
    return success(
      pageResult(
        rows.map((row) => moneyFields(row, ['buy_price', 'face_value'])),
        count,
        pageSize,
      ),
    )
  })

  // One recharge order of the caller (any status); another member's reads as absent.
  router.post('/memberrecharge/api/order/detail', (ctx) => {
    const memberId = requireMember(ctx)
    closeExpiredRecharges(ctx.db) // an overdue unpaid order reads as closed (-1)
    const row = ctx.db.prepare(`SELECT ${RECHARGE_ORDER_COLUMNS} FROM member_recharge_order WHERE order_id = ? AND member_id = ?`).get(int(ctx, 'order_id'), memberId) as
      Record<string, unknown> | undefined
    return success(row ? moneyFields(row, ['buy_price', 'face_value']) : null)
  })
}
