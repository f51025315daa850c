import { ok, bad, text, bool, integer, type TestRoutes } from './params.js'

/** Test API: the shop's switches (open or closed, captchas, the registration reward) and the endpoints answered as a stock Niushop lacks them. */
export const switchTestRoutes: TestRoutes = {
  'POST /__test/shop-status': ({ params, services }) => {
    const open = bool(params, 'open')
    if (open === undefined) return bad(400, 'body must be {"open": true|false}')
    services.config.update('SHOP_STATUS_CONFIG', { shop_pc_status: open ? 1 : 0 })
    return ok({ open })
  },

  'POST /__test/config': ({ params, services }) => {
    const loginCaptcha = bool(params, 'login_captcha')
    const registerCaptcha = bool(params, 'register_captcha')
    if (loginCaptcha === undefined && registerCaptcha === undefined) {
      return bad(400, 'body must be {"login_captcha"?: true|false, "register_captcha"?: true|false} with at least one')
    }
    services.config.update('CAPTCHA_CONFIG', {
      ...(loginCaptcha === undefined ? {} : { shop_reception_login: loginCaptcha ? 1 : 0 }),
      ...(registerCaptcha === undefined ? {} : { shop_reception_register: registerCaptcha ? 1 : 0 }),
    })
    return ok({ login_captcha: loginCaptcha, register_captcha: registerCaptcha })
  },

  // The registration reward (MEMBER_REGISTER_REWARD): {is_use: 0|1, point?, balance?, growth?, coupon?} (issue 29).
  'POST /__test/config/register-reward': ({ params, db, services }) => {
    const isUse = integer(params, 'is_use')
    if (isUse !== 0 && isUse !== 1) return bad(400, 'body must be {is_use: 0|1, point?, balance?, growth?, coupon?}')
    const patch: Record<string, unknown> = Object.fromEntries(
      ['point', 'balance', 'growth'].flatMap((name) => (integer(params, name) === undefined ? [] : [[name, integer(params, name)]])),
    )
    const coupon = text(params, 'coupon')
    if (coupon !== undefined) patch.coupon = coupon
    if (Object.keys(patch).length) services.config.update('MEMBER_REGISTER_REWARD', patch)
    db.prepare("UPDATE config SET is_use = ? WHERE app_module = 'shop' AND config_key = 'MEMBER_REGISTER_REWARD'").run(isUse)
    return ok(services.config.record('MEMBER_REGISTER_REWARD'))
  },

  // Endpoints answered like a route a stock Niushop lacks (HTML error page, HTTP 200).
  'GET /__test/endpoints': ({ endpoints }) => ok({ disabled: endpoints.list() }),

  // {"disabled": ["/path", "/prefix"…]} | {"disabled": "stock"} | {"disabled": "stock,/api/x"} | {"disabled": []}
  'POST /__test/endpoints': ({ params, endpoints }) => {
    const spec = params.disabled
    const usage = 'body must be {"disabled": [paths…] | "stock" | "<comma-separated paths>"} (paths like /api/cart/calculate; [] enables all)'
    if (!(typeof spec === 'string' || (Array.isArray(spec) && spec.every((p) => typeof p === 'string')))) return bad(400, usage)
    try {
      return ok({ disabled: endpoints.set(spec as string | string[]) })
    } catch (err) {
      return bad(400, `${err instanceof Error ? err.message : String(err)}; ${usage}`)
    }
  },
}
