import { money, phpJson } from '../core/format.js'
import { str, success, type Router } from '../core/router.js'
import { Catalog } from '../models/catalog.js'

/** Ads and the PC-addon endpoints (/api/pc/*, /pc/api/pc/*). */
export function registerPcRoutes(router: Router): void {
  // keyword → {adv_position, adv_list}; unknown or disabled keyword → {adv_position: null, adv_list: []}.
  router.post('/api/adv/detail', (ctx) => {
    const keyword = str(ctx, 'keyword')
    const position = ctx.db
      .prepare(
        `SELECT ap_id, keyword, ap_name, ap_intro, ap_height, ap_width, default_content, ap_background_color, type, is_system, state
         FROM adv_position WHERE keyword = ? AND state = 1`,
      )
      .get(keyword) as { ap_id: number } | undefined
    if (!position) return success({ adv_position: null, adv_list: [] })
    const ads = ctx.db
      .prepare(
        `SELECT adv_id, adv_title, ap_id, adv_url, adv_image, slide_sort, price, background
         FROM adv WHERE ap_id = ? AND state = 1 ORDER BY slide_sort DESC, adv_id DESC`,
      )
      .all(position.ap_id) as { price: number }[]
    return success({ adv_position: position, adv_list: ads.map((ad) => ({ ...ad, price: money(ad.price) })) })
  })

  router.post('/api/pc/friendlyLink', (ctx) =>
    success(ctx.db.prepare('SELECT id, link_title, link_url, link_pic, link_sort, is_blank FROM pc_friendly_link WHERE is_show = 1 ORDER BY link_sort ASC, id DESC').all()),
  )

  router.post('/api/pc/navList', (ctx) =>
    success(
      ctx.db
        .prepare(
          `SELECT id, nav_title, nav_url, sort, is_blank, create_time, modify_time, nav_icon, is_show
           FROM pc_nav WHERE is_show = 1 ORDER BY sort ASC, create_time DESC`,
        )
        .all(),
    ),
  )

  // url is JSON text, number a string, as in the real answer.
  router.post('/api/pc/floatLayer', (ctx) => {
    const v = ctx.services.config.get<{ title: string; url: unknown; is_show: number; number: string | number; img_url: string }>('PC_INDEX_FLOAT_LAYER')
    return success({ title: v.title, url: phpJson(v.url), is_show: Number(v.is_show), number: String(v.number), img_url: v.img_url })
  })

  // Enabled floors (sort desc). goods slots: goods_ids expanded into value.list (goods rows, in the
  // configured order); category slots: category_ids into value.list; img/text slots as stored.
  router.post('/api/pc/floors', (ctx) => {
    const catalog = Catalog.forRequest(ctx)
    const floors = ctx.db
      .prepare('SELECT id, block_id, title, value, state, create_time, sort, block_name, block_title FROM pc_floor WHERE state = 1 ORDER BY sort DESC, create_time DESC, id ASC')
      .all() as { value: string }[]
    const categoryRow = ctx.db.prepare('SELECT category_id, category_name, short_name, level, image, image_adv FROM goods_category WHERE category_id = ? AND is_show = 0')
    return success(
      floors.map((floor) => {
        const slots = JSON.parse(floor.value) as Record<string, { type: string; value: Record<string, unknown> }>
        for (const slot of Object.values(slots)) {
          if (slot.type === 'goods') {
            const ids = String(slot.value.goods_ids ?? '')
              .split(',')
              .map(Number)
              .filter((n) => n > 0)
            slot.value.list = ids.flatMap((id) => {
              const goods = catalog.goods(id)
              return goods && goods.goods_state === 1 ? [catalog.pageRow(goods)] : []
            })
          } else if (slot.type === 'category') {
            const ids = String(slot.value.category_ids ?? '')
              .split(',')
              .map(Number)
              .filter((n) => n > 0)
            slot.value.list = ids.flatMap((id) => {
              const row = categoryRow.get(id)
              return row ? [row] : []
            })
          }
        }
        return { ...floor, value: slots }
      }),
    )
  })

  // Not in upstream Niushop (this B2B flavour's addition): footer certificate and platform lists.
  router.post('/pc/api/pc/footerList', (ctx) => {
    const rows = ctx.db.prepare('SELECT id, list, name, icon, link_url FROM pc_footer_item ORDER BY sort ASC, id ASC').all() as {
      id: number
      list: string
      name: string
      icon: string
      link_url: string
    }[]
    const pick = (list: string) => rows.filter((r) => r.list === list).map(({ id, name, icon, link_url }) => ({ id, name, icon, link_url }))
    return success({ cert_list: pick('cert'), platform_list: pick('platform') })
  })

  // Not in upstream Niushop: PC display switches. index.category 1 = keep the home category menu expanded.
  router.post('/pc/api/pc/moreConfig', (ctx) => success(ctx.services.config.get('PC_MORE_CONFIG')))
}
