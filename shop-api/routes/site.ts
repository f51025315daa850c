import { H5_URL } from '../db/data/site.js'
import { success, type Router } from '../core/router.js'

/** /api/site/*, weapp qrcode: site identity and channel QR codes. */
/** The site's own fields, as /api/site/info and /api/config/init's site_info both answer them. */
export function siteInfoFields(site: Record<string, unknown>) {
  return {
    site_id: 1,
    site_domain: site.site_domain ?? '',
    site_name: site.site_name ?? '',
    logo: site.logo ?? '',
    seo_title: site.seo_title ?? '',
    seo_keywords: site.seo_keywords ?? '',
    seo_description: site.seo_description ?? '',
    site_tel: site.site_tel ?? '',
    logo_square: site.logo_square ?? '',
  }
}

export function registerSiteRoutes(router: Router): void {
  // shop_status is the PC channel switch (1 open, 0 closed); readable on h5 while PC is closed.
  router.post('/api/site/info', (ctx) => {
    const site = ctx.services.config.get<Record<string, unknown>>('SITE_INFO')
    const status = ctx.services.config.get<{ shop_pc_status: number }>('SHOP_STATUS_CONFIG')
    return success({
      ...siteInfoFields(site),
      shop_status: status.shop_pc_status ? 1 : 0,
    })
  })

  // Reaching the action at all means the channel is open (the closed check runs before).
  router.post('/api/site/status', () => success(''))

  router.post('/api/site/wapqrcode', () =>
    success({
      path: {
        h5: { status: 1, url: H5_URL, img: 'upload/qrcode/shop/shop_qrcode_1_h5.svg' },
        weapp: { status: 2, message: '未配置微信小程序' },
        wechat: { status: 2, message: '未配置微信公众号' },
      },
    }),
  )

  router.post('/weapp/api/weapp/qrcode', (ctx) => success(ctx.services.config.get<{ qrcode: string }>('WEAPP_QRCODE').qrcode))
}
