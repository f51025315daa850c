import { error, int, isEmpty, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { hashPassword, verifyPassword } from '../core/password.js'
import { imageType, isUploadedFile, storeUpload } from '../core/upload.js'
import { SMS_BURNED_MESSAGE } from '../core/services.js'
import { passwordProblem } from './auth.js'
import { stripEmoji } from './address.js'

/**
 * Profile fields of the member (contract §6.1): nickname, real name, sex, birthday, avatar.
 * The real controller saves what it is sent; the same bounds as the PC form are applied here.
 */

const NICKNAME_MAX = 20
export const PAY_PASSWORD_ERROR_CODE = -10071
const REALNAME_MAX = 20
const HEADIMG_MAX_BYTES = 2 * 1024 * 1024

function setColumn(ctx: Context, memberId: number, column: 'nickname' | 'realname' | 'sex' | 'birthday' | 'headimg', value: string | number) {
  ctx.db.prepare(`UPDATE member SET ${column} = ? WHERE member_id = ?`).run(value, memberId)
  return success(1)
}

export function registerMemberProfileRoutes(router: Router): void {
  // 4-byte emoji stripped (contract §6.1).
  router.post('/api/member/modifynickname', (ctx) => {
    const memberId = requireMember(ctx)
    const nickname = stripEmoji(str(ctx, 'nickname')).trim()
    if (!nickname) return error(-1, '昵称不能为空')
    if ([...nickname].length > NICKNAME_MAX) return error(-1, `昵称不能超过${NICKNAME_MAX}个字符`)
    return setColumn(ctx, memberId, 'nickname', nickname)
  })

  router.post('/api/member/modifyrealname', (ctx) => {
    const memberId = requireMember(ctx)
    const realname = stripEmoji(str(ctx, 'realname')).trim()
    if ([...realname].length > REALNAME_MAX) return error(-1, `真实姓名不能超过${REALNAME_MAX}个字符`)
    return setColumn(ctx, memberId, 'realname', realname)
  })

  // 0 secret, 1 male, 2 female.
  router.post('/api/member/modifysex', (ctx) => {
    const memberId = requireMember(ctx)
    const sex = int(ctx, 'sex', -1)
    if (![0, 1, 2].includes(sex)) return error(-1, 'INVALID_PARAMETER')
    return setColumn(ctx, memberId, 'sex', sex)
  })

  // Unix seconds; 0 clears it. Not in the future, not before 1900.
  router.post('/api/member/modifybirthday', (ctx) => {
    const memberId = requireMember(ctx)
    const birthday = int(ctx, 'birthday', -1)
    if (birthday !== 0 && (birthday < -2_208_988_800 || birthday > Math.floor(Date.now() / 1000))) return error(-1, 'INVALID_PARAMETER')
    return setColumn(ctx, memberId, 'birthday', birthday)
  })

  // The path must be one the caller uploaded through /api/upload/headimg.
  router.post('/api/member/modifyheadimg', (ctx) => {
    const memberId = requireMember(ctx)
    const path = str(ctx, 'headimg').trim()
    const own = ctx.db.prepare("SELECT 1 FROM upload_file WHERE path = ? AND member_id = ? AND path LIKE 'upload/headimg/%'").get(path, memberId)
    if (!own) return error(-1, '头像不存在，请重新上传')
    return setColumn(ctx, memberId, 'headimg', path)
  })

  // Multipart `file` + `token` (v5 requires the token field).
  router.post('/api/upload/headimg', (ctx) => {
    const memberId = requireMember(ctx)
    const file = param(ctx, 'file')
    if (!isUploadedFile(file) || file.data.length === 0) return error(-1, '请上传图片文件')
    if (file.data.length > HEADIMG_MAX_BYTES) return error(-1, '图片大小不能超过2MB')
    const type = imageType(file.data)
    if (!type) return error(-1, '请上传图片文件')
    return success({ pic_path: storeUpload(ctx.db, 'headimg', memberId, { ...type, data: file.data }) })
  })
}

/** Security (contract §6.1): the login password (changed with the old one, or set a first time with an SMS code) and the pay password. */
export function registerMemberSecurityRoutes(router: Router): void {
  // As upstream (Member.php modifypassword): a member without a password (mobile registration)
  // proves themself with an SMS key and code instead, any live pair (5.5.2 checks neither member
  // nor mobile: the storefront passes only a key of a code sent to the member's own mobile), and
  // has no old password to give (upstream compares md5('') with ''; anything else is refused).
  router.post('/api/member/modifypassword', async (ctx) => {
    const memberId = requireMember(ctx)
    const row = ctx.db.prepare('SELECT password_hash FROM member WHERE member_id = ?').get(memberId) as { password_hash: string }
    const key = str(ctx, 'key')
    if (!row.password_hash) {
      if (!ctx.services.sms.verifyCode(key, str(ctx, 'code')).ok) return error(-1, '手机验证码不正确')
      if (str(ctx, 'old_password') !== '') return error(-1, '原密码不正确')
    } else if (!(await verifyPassword(str(ctx, 'old_password'), row.password_hash))) return error(-1, '原密码不正确')
    const password = str(ctx, 'new_password')
    const problem = passwordProblem(ctx, password)
    if (problem) return error(-1, problem)
    const hash = await hashPassword(password)
    ctx.db.transaction(() => {
      if (!row.password_hash) ctx.services.sms.consume(key)
      ctx.db.prepare('UPDATE member SET password_hash = ? WHERE member_id = ?').run(hash, memberId)
    })()
    return success(1)
  })

  // Pay password (contract §6.1): an SMS code to the bound mobile, then 6 digits.
  router.post('/api/member/issetpayaassword', (ctx) => {
    const memberId = requireMember(ctx)
    const row = ctx.db.prepare('SELECT pay_password FROM member WHERE member_id = ?').get(memberId) as { pay_password: string }
    return success(row.pay_password ? 1 : 0)
  })

  // What the PC checks before a balance order (member.php checkpaypassword): the trimmed password
  // against the member's. None typed (PHP empty(): "" or "0") → -1 支付密码不可为空; wrong, or the
  // member has none → PAY_PASSWORD_ERROR (-10071, its place in the model language list) 支付密码错误;
  // right → 1 (the matching row count).
  router.post('/api/member/checkpaypassword', async (ctx) => {
    const memberId = requireMember(ctx)
    const password = str(ctx, 'pay_password').trim()
    if (isEmpty(password)) return error(-1, '支付密码不可为空')
    const row = ctx.db.prepare('SELECT pay_password FROM member WHERE member_id = ?').get(memberId) as { pay_password: string }
    const matches = row.pay_password !== '' && (await verifyPassword(password, row.pay_password))
    return matches ? success(1) : error(PAY_PASSWORD_ERROR_CODE, '支付密码错误')
  })

  router.post('/api/member/paypwdcode', (ctx) => {
    const memberId = requireMember(ctx)
    const mobile = (ctx.db.prepare('SELECT mobile FROM member WHERE member_id = ?').get(memberId) as { mobile: string }).mobile
    if (!mobile) return error(-1, '请先绑定手机号')
    return success({ key: ctx.services.sms.send(mobile, 'MEMBER_PAY_PASSWORD', 'pay_password_code_') })
  })

  // As upstream (Member.php verifypaypwdcode): no token, any live key with its code, nothing burned
  // on success; `[]` and 验证码不正确. Whose code it was is the client's to know.
  router.post('/api/member/verifypaypwdcode', (ctx) => {
    const check = ctx.services.sms.verifyCode(str(ctx, 'key').trim(), str(ctx, 'code'))
    return check.ok ? success([]) : error(-1, check.burned ? SMS_BURNED_MESSAGE : '验证码不正确')
  })

  // As upstream (Member.php modifypaypassword), any live key with its code will do, whoever it was
  // sent to: the storefront passes only a key it gave this member for their mobile.
  router.post('/api/member/modifypaypassword', async (ctx) => {
    const memberId = requireMember(ctx)
    const password = str(ctx, 'password')
    if (!password) return error(-1, '支付密码不可为空')
    if (!/^\d{6}$/.test(password)) return error(-1, '支付密码须为6位数字')
    const key = str(ctx, 'key')
    if (!ctx.services.sms.verifyCode(key, str(ctx, 'code')).ok) return error(-1, '验证码不正确')
    ctx.services.sms.consume(key)
    ctx.db.prepare('UPDATE member SET pay_password = ? WHERE member_id = ?').run(await hashPassword(password), memberId)
    return success(1)
  })
}
