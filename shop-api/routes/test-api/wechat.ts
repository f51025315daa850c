import { randomBytes } from 'node:crypto'
import { nowSeconds } from '../../core/format.js'
import { WECHAT_CONFIG } from '../../db/seed-wechat.js'
import { ok, bad, text, bool, memberOf, type TestRoutes } from './params.js'

/** Test API: WeChat login (routes/wechat.ts). */
export const wechatTestRoutes: TestRoutes = {
  // WeChat login (routes/wechat.ts). The phone that scans a login QR code, found by the ticket in
  // the picture's URL: {ticket, username? | member_id?, nickname?}. With a member, the scan is
  // that member's WeChat (bound: an openid is given to the member if it has none); without, a
  // WeChat user no member has bound yet. What WeChat's event push stores upstream.
  'POST /__test/wechat/scan': ({ params, db }) => {
    const ticket = text(params, 'ticket') ?? ''
    const code = db.prepare('SELECT login_key FROM wechat_login_code WHERE ticket = ?').get(ticket) as { login_key: string } | undefined
    if (!code) return bad(404, `no login QR code with ticket ${ticket}`)
    const bound = params.username !== undefined || params.member_id !== undefined
    const memberId = bound ? memberOf(db, params) : undefined
    if (bound && memberId === undefined) return bad(404, 'unknown member (send username or member_id)')
    let openid = `oTest${randomBytes(12).toString('base64url')}`
    if (memberId !== undefined) {
      const current = (db.prepare('SELECT wx_openid FROM member WHERE member_id = ?').get(memberId) as { wx_openid: string }).wx_openid
      if (current) openid = current
      else db.prepare('UPDATE member SET wx_openid = ? WHERE member_id = ?').run(openid, memberId)
    }
    const nickname = text(params, 'nickname') ?? '微信买家'
    db.prepare('UPDATE wechat_login_code SET openid = ?, nickname = ?, headimgurl = ?, unionid = ? WHERE login_key = ?').run(openid, nickname, '', '', code.login_key)
    return ok({ openid, bound })
  },

  // A login QR code past its 600 s: {ticket}.
  'POST /__test/wechat/expire': ({ params, db }) => {
    const changed = db.prepare('UPDATE wechat_login_code SET expire_time = ? WHERE ticket = ?').run(nowSeconds() - 1, text(params, 'ticket') ?? '').changes
    return changed ? ok({ expired: true }) : bad(404, 'no login QR code with that ticket')
  },

  // WeChat login on or off (the official account configured or not) and whether a first WeChat
  // sign-in must bind a mobile: {on?: bool, bind_mobile?: bool}.
  'POST /__test/wechat/config': ({ params, services }) => {
    const on = bool(params, 'on')
    const bindMobile = bool(params, 'bind_mobile')
    if (on === undefined && bindMobile === undefined) return bad(400, 'body must be {"on"?: true|false, "bind_mobile"?: true|false} with at least one')
    if (on !== undefined) services.config.update('WECHAT_CONFIG', on ? WECHAT_CONFIG : { appid: '', appsecret: '' })
    if (bindMobile !== undefined) services.config.update('REGISTER_CONFIG', { bind_mobile: bindMobile ? 1 : 0 })
    return ok({ on, bind_mobile: bindMobile })
  },
}
