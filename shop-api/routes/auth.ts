import { maskMobile } from '../core/format.js'
import { hashPassword, verifyPassword } from '../core/password.js'
import { error, int, requireMember, str, success, type Context, type Envelope, type Router } from '../core/router.js'
import { SMS_BURNED_MESSAGE } from '../core/services.js'
import {
  createMember,
  findMemberByLogin,
  findMemberByMobile,
  freeUsername,
  giveRegisterReward,
  mobileExists,
  recordLogin,
  usernameExists,
  type RegisterReward,
} from '../models/member.js'
import { addRegistrationAddress, referrerId, registrationAddressProblem, registrationFullAddress } from '../models/register-extras.js'
import { claimRegistrationImages } from './qualification.js'

/**
 * Captcha, registration, login, find-password (catalog §2.15, §4). Messages and codes are the
 * real controllers' (Register.php, Login.php, Findpassword.php, Captcha.php of Niushop 5.5).
 */

interface RegisterConfig {
  login: string
  register: string
  pwd_len: number
  pwd_complexity: string
}

interface CaptchaConfig {
  shop_login: number
  shop_reception_login: number
  shop_reception_register: number
}

function registerConfig(ctx: Context): RegisterConfig {
  return ctx.services.config.get<RegisterConfig>('REGISTER_CONFIG')
}

function captchaConfig(ctx: Context): CaptchaConfig {
  return ctx.services.config.get<CaptchaConfig>('CAPTCHA_CONFIG')
}

/** Captcha::checkCaptcha → null when fine, else the error envelope (data ""). */
export function checkCaptcha(ctx: Context, consume: boolean): Envelope | null {
  const result = ctx.services.captchas.check(str(ctx, 'captcha_id'), str(ctx, 'captcha_code'), consume)
  return result.ok ? null : error(-1, result.message)
}

/** Password rules of the register config (pwd_len, pwd_complexity) → error message or null. */
export function passwordProblem(ctx: Context, password: string): string | null {
  const config = registerConfig(ctx)
  const minLength = Number(config.pwd_len) || 0
  if ([...password].length < Math.max(minLength, 1)) return `密码长度不能小于${Math.max(minLength, 1)}位`
  const rules: Record<string, [RegExp, string]> = {
    number: [/[0-9]/, '数字'],
    letter: [/[a-z]/, '小写字母'],
    upper_case: [/[A-Z]/, '大写字母'],
    symbol: [/[^0-9a-zA-Z]/, '符号'],
  }
  for (const rule of String(config.pwd_complexity ?? '')
    .split(',')
    .filter(Boolean)) {
    const entry = rules[rule]
    if (entry && !entry[0].test(password)) return `密码需包含${entry[1]}`
  }
  return null
}

/**
 * The SMS code check of every endpoint that takes one: null when `code` is right for `key` and
 * `mobile`, else the refusal: 手机动态码不正确, or SMS_BURNED_MESSAGE once the key took too many
 * wrong codes (see SmsGateway.verify).
 */
export function checkSmsCode(ctx: Context, key: string, mobile: string): Envelope | null {
  const result = ctx.services.sms.verify(key, mobile, str(ctx, 'code'))
  if (result.ok) return null
  return error(-1, result.burned ? SMS_BURNED_MESSAGE : '手机动态码不正确')
}

export function loginAnswer(ctx: Context, memberId: number): Envelope {
  recordLogin(ctx.db, memberId, ctx.appType)
  return success({ token: ctx.services.tokens.issue(memberId, { appType: ctx.appType }), can_receive_registergift: 0 })
}

export function registerAuthRoutes(router: Router): void {
  // ------------------------------------------------------------------------------- captcha
  // {id, img}: img is a data URI of an SVG, base64 in CRLF-terminated 76-char lines like the real PNG one.
  router.post('/api/captcha/captcha', (ctx) => success(ctx.services.captchas.create(str(ctx, 'captcha_id') || undefined)))

  // ------------------------------------------------------------------------------- register
  router.post('/api/register/config', (ctx) => success(ctx.services.config.record('REGISTER_CONFIG')))

  router.post('/api/register/aggrement', (ctx) => {
    const type = str(ctx, 'type', 'SERVICE') || 'SERVICE'
    const key = type === 'SERVICE' ? 'REGISTER_AGREEMENT' : type === 'PRIVACY' ? 'PRIVACY_AGREEMENT' : null
    if (!key) return error(-10001, '不支持的类型', null)
    const doc = ctx.db
      .prepare('SELECT site_id, app_module, document_key, title, content, create_time, modify_time FROM document WHERE app_module = ? AND document_key = ?')
      .get('shop', key)
    return success(doc ?? { site_id: 1, app_module: 'shop', document_key: key, title: '', content: '', create_time: 0, modify_time: 0 })
  })

  router.post('/api/register/labellist', (ctx) => success(ctx.db.prepare('SELECT label_id, label_name FROM member_label ORDER BY sort ASC, label_id ASC').all()))

  router.post('/api/register/getAptitude', (ctx) => success(ctx.db.prepare('SELECT id, name, is_must FROM aptitude ORDER BY sort ASC, id ASC').all()))

  router.post('/api/register/username', async (ctx) => {
    if (!registerConfig(ctx).register.includes('username')) return error(-1, 'REGISTER_REFUND')
    const username = str(ctx, 'username').replace(/ /g, '')
    if (username === '' || usernameExists(ctx.db, username)) return error(-1, '用户名已存在')
    if (Number(captchaConfig(ctx).shop_reception_register) === 1) {
      const captchaError = checkCaptcha(ctx, true)
      if (captchaError) return captchaError
    }
    const password = str(ctx, 'password')
    const problem = passwordProblem(ctx, password)
    if (problem) return error(-1, problem)
    const region = { province_id: int(ctx, 'province_id', 0), city_id: int(ctx, 'city_id', 0), district_id: int(ctx, 'district_id', 0), address: str(ctx, 'address') }
    const regionProblem = registrationAddressProblem(region)
    if (regionProblem) return error(-1, regionProblem)
    const fullAddress = registrationFullAddress(region)
    const qualifications = ctx.params.qualifications_images
    const memberId = createMember(ctx.db, {
      username,
      password_hash: await hashPassword(password),
      nickname: str(ctx, 'nickname') || username,
      mobile: '',
      realname: str(ctx, 'realname'),
      member_label: int(ctx, 'member_label', 0),
      ...region,
      full_address: fullAddress,
      qualifications_images: typeof qualifications === 'string' ? qualifications : qualifications == null ? '' : JSON.stringify(qualifications),
      parent_id: referrerId(ctx.db, int(ctx, 'parent_id', 0), str(ctx, 'inputfenxiao_name')),
      invitation_code: str(ctx, 'invitation_code'),
    })
    // The registered business address is the member's default delivery address (docs/member-centre.md "Registration").
    addRegistrationAddress(ctx.db, memberId, { name: str(ctx, 'realname') || username, mobile: '', ...region, full_address: fullAddress })
    // Qualification images uploaded before registration become pending submissions (docs/qualifications.md).
    claimRegistrationImages(ctx.db, memberId, qualifications)
    giveRegisterReward(ctx.db, memberId, ctx.services.config.record<RegisterReward['value']>('MEMBER_REGISTER_REWARD'))
    return success({ token: ctx.services.tokens.issue(memberId, { appType: ctx.appType }) })
  })

  // Captcha checked without consuming it (Cache::get) when register captcha is on.
  router.post('/api/register/mobileCode', (ctx) => {
    if (Number(captchaConfig(ctx).shop_reception_register) === 1) {
      const captchaError = checkCaptcha(ctx, false)
      if (captchaError) return captchaError
    }
    const mobile = str(ctx, 'mobile').trim()
    if (mobile === '') return error(-1, '手机号不可为空！', [])
    if (mobileExists(ctx.db, mobile)) return error(-1, '手机号已存在')
    return success({ key: ctx.services.sms.send(mobile, 'REGISTER_CODE', 'register_mobile_code_') })
  })

  router.post('/api/register/mobile', (ctx) => {
    if (!registerConfig(ctx).register.includes('mobile')) return error(-1, 'REGISTER_REFUND')
    const mobile = str(ctx, 'mobile').trim()
    if (mobileExists(ctx.db, mobile)) return error(-1, '手机号已存在')
    const key = str(ctx, 'key')
    const smsError = checkSmsCode(ctx, key, mobile)
    if (smsError) return smsError
    ctx.services.sms.consume(key)
    // This B2B flavour keeps the business type and contact name here too (upstream keeps neither).
    const memberId = createMember(ctx.db, {
      username: freeUsername(ctx.db),
      password_hash: '',
      nickname: maskMobile(mobile),
      mobile,
      realname: str(ctx, 'realname'),
      member_label: int(ctx, 'member_label', 0),
    })
    giveRegisterReward(ctx.db, memberId, ctx.services.config.record<RegisterReward['value']>('MEMBER_REGISTER_REWARD'))
    return success({ token: ctx.services.tokens.issue(memberId, { appType: ctx.appType }) })
  })

  // ------------------------------------------------------------------------------- login
  router.post('/api/login/login', async (ctx) => {
    if (!registerConfig(ctx).login.includes('username')) return error(-1, '用户名登录未开启！', [])
    // Upstream v5 has this check commented out; here it runs when the login-captcha switch is on.
    if (Number(captchaConfig(ctx).shop_reception_login) === 1) {
      const captchaError = checkCaptcha(ctx, true)
      if (captchaError) return captchaError
    }
    const password = str(ctx, 'password')
    if (password === '') return error(-1, '密码不可为空！', [])
    const member = findMemberByLogin(ctx.db, str(ctx, 'username').trim())
    // Same answer for an unknown user and a wrong password.
    if (!member || member.password_hash === '' || !(await verifyPassword(password, member.password_hash))) {
      return error(-10022, '用户名或密码错误')
    }
    if (member.status === 0) return error(-1, '您的账号已被锁定')
    return loginAnswer(ctx, member.member_id)
  })

  // Captcha checked without consuming it when the login-captcha switch is on.
  router.post('/api/login/mobileCode', (ctx) => {
    if (Number(captchaConfig(ctx).shop_reception_login) === 1) {
      const captchaError = checkCaptcha(ctx, false)
      if (captchaError) return captchaError
    }
    const mobile = str(ctx, 'mobile').trim()
    if (mobile === '') return error(-1, '手机号不可为空！', [])
    if (!mobileExists(ctx.db, mobile)) return error(-1, '该手机号未注册！', [])
    return success({ key: ctx.services.sms.send(mobile, 'LOGIN_CODE', 'login_mobile_code_') })
  })

  router.post('/api/login/mobile', (ctx) => {
    if (!registerConfig(ctx).login.includes('mobile')) return error(-1, '动态码登录未开启！', [])
    const mobile = str(ctx, 'mobile').trim()
    const key = str(ctx, 'key')
    const smsError = checkSmsCode(ctx, key, mobile)
    if (smsError) return smsError
    const member = findMemberByMobile(ctx.db, mobile)
    if (!member) return error(-1, '该手机号未注册')
    if (member.status === 0) return error(-1, '您的账号已被锁定')
    ctx.services.sms.consume(key)
    return loginAnswer(ctx, member.member_id)
  })

  // WeChat QR login (checklogin, getMobileCode, wechatLogin): routes/wechat.ts.

  router.post('/api/login/verifyToken', (ctx) => {
    requireMember(ctx)
    return success('')
  })

  // ------------------------------------------------------------------------------- find password
  // Inverted on purpose (catalog §4.6): a registered mobile answers -1.
  router.post('/api/member/checkmobile', (ctx) => {
    const mobile = str(ctx, 'mobile').trim()
    if (mobile === '') return error(-1, '缺少参数mobile')
    if (mobileExists(ctx.db, mobile)) return error(-1, '当前手机号已存在')
    return success('')
  })

  // Captcha always checked and consumed.
  router.post('/api/findpassword/mobilecode', (ctx) => {
    const captchaError = checkCaptcha(ctx, true)
    if (captchaError) return captchaError
    const mobile = str(ctx, 'mobile').trim()
    if (!mobileExists(ctx.db, mobile)) return error(-1, '手机号不存在')
    return success({ key: ctx.services.sms.send(mobile, 'FIND_PASSWORD', 'find_mobile_code_') })
  })

  router.post('/api/findpassword/mobile', async (ctx) => {
    const mobile = str(ctx, 'mobile').trim()
    if (!mobileExists(ctx.db, mobile)) return error(-1, '手机号不存在')
    const key = str(ctx, 'key')
    const smsError = checkSmsCode(ctx, key, mobile)
    if (smsError) return smsError
    const password = str(ctx, 'password')
    // Upstream's model does not check the length here; refusing a too-short password is our addition.
    const problem = passwordProblem(ctx, password)
    if (problem) return error(-1, problem)
    ctx.services.sms.consume(key)
    const hash = await hashPassword(password)
    const changed = ctx.db.prepare('UPDATE member SET password_hash = ? WHERE mobile = ? AND is_delete = 0').run(hash, mobile).changes
    return success(changed)
  })
}
