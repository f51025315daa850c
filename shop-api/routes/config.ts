import { success, type Router } from '../core/router.js'

/** /api/config/*, /api/addon/addonisexit, /memberregister/api/Config/Config. */
export function registerConfigRoutes(router: Router): void {
  router.post('/api/config/copyright', (ctx) => success({ ...ctx.services.config.get<Record<string, unknown>>('COPYRIGHT'), auth: true }))

  router.post('/api/config/defaultimg', (ctx) => success(ctx.services.config.get('DEFAULT_IMAGE')))

  router.post('/api/config/servicer', (ctx) => success(ctx.services.config.get('SERVICER_CONFIG')))

  router.post('/api/config/categoryconfig', (ctx) => success(ctx.services.config.get('GOODS_CATEGORY_CONFIG')))

  router.post('/api/config/getCaptchaConfig', (ctx) => {
    const value = ctx.services.config.get<Record<string, number>>('CAPTCHA_CONFIG')
    return success({
      shop_login: Number(value.shop_login ?? 0),
      shop_reception_login: Number(value.shop_reception_login ?? 0),
      shop_reception_register: Number(value.shop_reception_register ?? 0),
    })
  })

  router.post('/api/addon/addonisexit', (ctx) => {
    const rows = ctx.db.prepare('SELECT name, status FROM addon ORDER BY name').all() as { name: string; status: number }[]
    return success(Object.fromEntries(rows.map((r) => [r.name, r.status ? 1 : 0])))
  })

  // Registration reward (memberregister addon): the whole config record, value {point, balance, growth, coupon_list}.
  router.post('/memberregister/api/Config/Config', (ctx) => success(ctx.services.config.record('MEMBER_REGISTER_REWARD')))
}
