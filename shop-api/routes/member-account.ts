import { EmailCodes } from '../core/email-codes.js'
import { error, int, paging, pageResult, requireMember, str, success, type Context, type Envelope, type Router } from '../core/router.js'
import { SMS_BURNED_MESSAGE } from '../core/services.js'
import { findMemberByMobile } from '../models/member.js'

/**
 * Binding the mobile and the email (contract §6.1: bindmobliecode, modifymobile, pwdmobliecode,
 * checkemail, bingemailcode, modifyemail) and the staff addon's salesman endpoints
 * (/staff/api/salesman/myTeamList, /staff/api/salesman/stockoutLog). Shapes the contract leaves
 * open are defined in docs/member-centre.md ("Mobile and email", "Staff").
 */

const MOBILE = /^1[3-9]\d{9}$/
const EMAIL = /^[^\s@]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/
const EMAIL_MAX = 100

/** Captcha::checkCaptcha; `consume` burns the id (modifymobile), the SMS requests only read it. */
function captchaRefusal(ctx: Context, consume: boolean): Envelope | null {
  const result = ctx.services.captchas.check(str(ctx, 'captcha_id'), str(ctx, 'captcha_code'), consume)
  return result.ok ? null : error(-1, result.message)
}

function memberRow(ctx: Context, memberId: number) {
  return ctx.db.prepare('SELECT mobile, email FROM member WHERE member_id = ?').get(memberId) as { mobile: string; email: string }
}

function takenByOther(ctx: Context, memberId: number, mobile: string): boolean {
  const owner = findMemberByMobile(ctx.db, mobile) as { member_id: number } | undefined
  return owner !== undefined && owner.member_id !== memberId
}

function emailTakenByOther(ctx: Context, memberId: number, email: string): boolean {
  return ctx.db.prepare('SELECT 1 FROM member WHERE lower(email) = lower(?) AND member_id != ?').get(email, memberId) !== undefined
}

export function registerMemberAccountRoutes(router: Router): void {
  // SMS (4 digits, 10 min) to the new mobile. The captcha is read, not burned: modifymobile burns it.
  router.post('/api/member/bindmobliecode', (ctx) => {
    const memberId = requireMember(ctx)
    const captcha = captchaRefusal(ctx, false)
    if (captcha) return captcha
    const mobile = str(ctx, 'mobile').trim()
    if (!MOBILE.test(mobile)) return error(-1, '手机号格式不正确')
    if (takenByOther(ctx, memberId, mobile)) return error(-1, '当前手机号已存在')
    if (memberRow(ctx, memberId).mobile === mobile) return error(-1, '与当前绑定的手机号相同')
    return success({ key: ctx.services.sms.send(mobile, 'MEMBER_BIND', 'bind_mobile_code_') })
  })

  // SMS to the bound mobile (upstream: for setting a first password; the storefront also proves the
  // old mobile with it before a change, checking the code with verifypaypwdcode).
  router.post('/api/member/pwdmobliecode', (ctx) => {
    const memberId = requireMember(ctx)
    const captcha = captchaRefusal(ctx, false)
    if (captcha) return captcha
    const { mobile } = memberRow(ctx, memberId)
    if (!mobile) return error(-1, '请先绑定手机号')
    return success({ key: ctx.services.sms.send(mobile, 'MEMBER_VERIFY_MOBILE', 'password_mobile_code_') })
  })

  // Binds (or changes) the mobile with the new number's code, as Niushop 5.5.2 does: nothing here
  // proves the old number (old_key/old_code are not read), so the storefront checks that itself.
  router.post('/api/member/modifymobile', (ctx) => {
    const memberId = requireMember(ctx)
    const captcha = captchaRefusal(ctx, true)
    if (captcha) return captcha
    const mobile = str(ctx, 'mobile').trim()
    if (!MOBILE.test(mobile)) return error(-1, '手机号格式不正确')
    if (takenByOther(ctx, memberId, mobile)) return error(-1, '手机号已存在')
    const current = memberRow(ctx, memberId).mobile
    if (current === mobile) return error(-1, '与当前绑定的手机号相同')
    const key = str(ctx, 'key')
    const check = ctx.services.sms.verify(key, mobile, str(ctx, 'code'))
    if (!check.ok) return error(-1, check.burned ? SMS_BURNED_MESSAGE : '动态码不正确')
    ctx.db.transaction(() => {
      ctx.services.sms.consume(key)
      ctx.db.prepare('UPDATE member SET mobile = ? WHERE member_id = ?').run(mobile, memberId)
    })()
    return success(1)
  })

  router.post('/api/member/checkemail', (ctx) => {
    const memberId = requireMember(ctx)
    const email = str(ctx, 'email').trim()
    if (!EMAIL.test(email) || email.length > EMAIL_MAX) return error(-1, '邮箱格式不正确')
    return emailTakenByOther(ctx, memberId, email) ? error(-1, '当前邮箱已存在') : success(1)
  })

  // A 6-digit code to the address (simulated mail). The captcha is read, not burned.
  router.post('/api/member/bingemailcode', (ctx) => {
    const memberId = requireMember(ctx)
    const captcha = captchaRefusal(ctx, false)
    if (captcha) return captcha
    const email = str(ctx, 'email').trim()
    if (!EMAIL.test(email) || email.length > EMAIL_MAX) return error(-1, '邮箱格式不正确')
    if (emailTakenByOther(ctx, memberId, email)) return error(-1, '当前邮箱已存在')
    if (memberRow(ctx, memberId).email.toLowerCase() === email.toLowerCase()) return error(-1, '与当前绑定的邮箱相同')
    return success({ key: new EmailCodes(ctx.db).send(memberId, email) })
  })

  router.post('/api/member/modifyemail', (ctx) => {
    const memberId = requireMember(ctx)
    const email = str(ctx, 'email').trim()
    if (!EMAIL.test(email) || email.length > EMAIL_MAX) return error(-1, '邮箱格式不正确')
    if (emailTakenByOther(ctx, memberId, email)) return error(-1, '当前邮箱已存在')
    const codes = new EmailCodes(ctx.db)
    const key = str(ctx, 'key')
    const check = codes.verify(key, memberId, email, str(ctx, 'code'))
    if (!check.ok) return error(-1, check.burned ? SMS_BURNED_MESSAGE : '邮箱动态码不正确')
    ctx.db.transaction(() => {
      codes.consume(key)
      ctx.db.prepare('UPDATE member SET email = ? WHERE member_id = ?').run(email, memberId)
    })()
    return success(1)
  })
}

/** Staff addon: the salesman's team and the shop's stock-out log. */
export function registerStaffRoutes(router: Router): void {
  // The caller's team when they are an active salesman, else null (the feature is hidden). Page 0
  // is page 1; page_size 0 = all (the PC asks page 0, size 99999: spec §9).
  router.post('/staff/api/salesman/myTeamList', (ctx) => {
    const memberId = requireMember(ctx)
    const salesman = ctx.db.prepare('SELECT member_id FROM salesman WHERE member_id = ? AND status = 1').get(memberId)
    if (!salesman) return success(null)
    const page = Math.max(1, int(ctx, 'page', 1))
    const pageSize = Math.max(0, int(ctx, 'page_size', 10))
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM member WHERE salesman_id = ?').get(memberId) as { n: number }).n
    const limit = pageSize === 0 ? '' : ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    const rows = ctx.db
      .prepare(
        `SELECT m.member_id, m.username, m.nickname, m.realname, m.mobile, m.headimg, m.member_label_name, m.reg_time, m.last_login_time,
           (SELECT COUNT(*) FROM orders o WHERE o.member_id = m.member_id AND o.pay_status = 1) AS order_num,
           (SELECT printf('%.2f', COALESCE(SUM(o.pay_money), 0)) FROM orders o WHERE o.member_id = m.member_id AND o.pay_status = 1) AS order_money
         FROM member m WHERE m.salesman_id = ? ORDER BY m.member_id${limit}`,
      )
      .all(memberId)
    return success(pageResult(rows, count, pageSize))
  })

  // Public (no token needed): newest stock-out first.
  router.post('/staff/api/salesman/stockoutLog', (ctx) => {
    const { page, pageSize } = paging(ctx)
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM stockout_log').get() as { n: number }).n
    const limit = pageSize === 0 ? '' : ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    const rows = ctx.db
      .prepare(`SELECT id, goods_id, sku_id, sku_name, sku_image, stockout_time, restock_time, status, remark FROM stockout_log ORDER BY stockout_time DESC, id DESC${limit}`)
      .all()
    return success(pageResult(rows, count, pageSize))
  })
}
