import { success, type Router } from '../core/router.js'
import { registerRewardCoupons, type RegisterReward } from '../models/member.js'
import { wechatConfigured } from './wechat.js'
import { siteInfoFields } from './site.js'

/** /api/config/*, /api/addon/addonisexit, /memberregister/api/Config/Config. */
export function registerConfigRoutes(router: Router): void {
  // Config::init, what the PC reads once at start: the keys this API has (the mobile shop's theme,
  // bottom nav, store and map settings are empty), and whether WeChat login is set up.
  router.post('/api/config/init', (ctx) => {
    const addons = ctx.db.prepare('SELECT name, status FROM addon ORDER BY name').all() as { name: string; status: number }[]
    const site = ctx.services.config.get<Record<string, unknown>>('SITE_INFO')
    return success({
      style_theme: {},
      diy_bottom_nav: {},
      addon_is_exist: Object.fromEntries(addons.map((addon) => [addon.name, addon.status ? 1 : 0])),
      default_img: ctx.services.config.get('DEFAULT_IMAGE'),
      copyright: ctx.services.config.get('COPYRIGHT'),
      site_info: siteInfoFields(site),
      servicer: ctx.services.config.get('SERVICER_CONFIG'),
      store_config: {},
      map_config: {},
      wechat_config_status: wechatConfigured(ctx) ? 1 : 0,
    })
  })

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

  // Registration reward (memberregister addon): the whole config record, value {point, balance, growth,
  // coupon, coupon_list} with the running coupon types of `coupon` (Register::getConfig).
  router.post('/memberregister/api/Config/Config', (ctx) => {
    const record = ctx.services.config.record<RegisterReward['value']>('MEMBER_REGISTER_REWARD')
    return success({ ...record, value: { ...record.value, coupon_list: registerRewardCoupons(ctx.db, record) } })
  })
}
