import { adjustClock } from '../core/format.js'
import { checkoutConfigRecords, POINT_CASH_CONFIG } from '../db/seed-checkout.js'
import { WITHDRAW_CONFIG } from '../db/seed-members.js'
import { SIGNIN_CONFIG } from '../models/signin.js'
import { WECHAT_CONFIG } from '../db/seed-wechat.js'
import { aftersalesTestRoutes } from './test-api/aftersales.js'
import { chatTestRoutes } from './test-api/chat.js'
import { checkoutTestRoutes } from './test-api/checkout.js'
import { memberCentreTestRoutes } from './test-api/member-centre.js'
import { memberTestRoutes } from './test-api/members.js'
import { orderTestRoutes } from './test-api/orders.js'
import { ok, type TestRoutes } from './test-api/params.js'
import { promotionTestRoutes } from './test-api/promotions.js'
import { switchTestRoutes } from './test-api/switches.js'
import { wechatTestRoutes } from './test-api/wechat.js'

/**
 * The test API (/__test/*), mounted only with `testApi: true`. Plain JSON with real HTTP
 * statuses (not the Niushop envelope): it is a tool for tests, not part of the contract.
 * Keys are "METHOD /path" (path lower-cased); each area is a file of `test-api/`.
 */
export const testRoutes: TestRoutes = merge(
  memberTestRoutes,
  switchTestRoutes,
  checkoutTestRoutes,
  orderTestRoutes,
  aftersalesTestRoutes,
  promotionTestRoutes,
  chatTestRoutes,
  memberCentreTestRoutes,
  wechatTestRoutes,
  {
    // The configs below as seeded, every endpoint enabled, the wall clock; a test's own data stays.
    'POST /__test/reset': ({ services, endpoints }) => {
      services.config.update('SHOP_STATUS_CONFIG', { shop_pc_status: 1, shop_h5_status: 1, shop_weapp_status: 1 })
      services.config.update('CAPTCHA_CONFIG', { shop_reception_login: 0, shop_reception_register: 1 })
      services.config.update('POINTCASH_CONFIG', POINT_CASH_CONFIG)
      services.config.update('DELIVERY_SORT_CONFIG', checkoutConfigRecords.find((record) => record.config_key === 'DELIVERY_SORT_CONFIG')!.value as Record<string, unknown>)
      services.config.update('WITHDRAW_CONFIG', WITHDRAW_CONFIG)
      services.config.update('SIGNIN_CONFIG', SIGNIN_CONFIG)
      services.config.update('WECHAT_CONFIG', WECHAT_CONFIG)
      services.config.update('REGISTER_CONFIG', { bind_mobile: 1 })
      endpoints.reset()
      adjustClock(null)
      return ok({ reset: true })
    },
  },
)

/** The areas' routes as one table; a route two areas define is a mistake, as the router's "registered twice". */
function merge(...areas: TestRoutes[]): TestRoutes {
  const all: TestRoutes = {}
  for (const area of areas) {
    for (const [key, handler] of Object.entries(area)) {
      if (key in all) throw new Error(`test route defined twice: ${key}`)
      all[key] = handler
    }
  }
  return all
}
