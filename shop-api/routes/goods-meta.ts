import { int, success, type Router } from '../core/router.js'

interface CategoryRow {
  category_id: number
  category_name: string
  short_name: string
  pid: number
  level: number
  image: string
  category_id_1: number
  category_id_2: number
  category_id_3: number
  image_adv: string
  link_url: string
  is_recommend: number
  icon: string
  child_list?: CategoryRow[]
}

/** Goods metadata that needs no goods table: services, category tree, search words. */
export function registerGoodsMetaRoutes(router: Router): void {
  router.post('/api/goods/service', (ctx) => {
    const rows = ctx.db.prepare('SELECT service_name, "desc", icon FROM goods_service ORDER BY sort ASC, id ASC').all() as {
      service_name: string
      desc: string
      icon: string
    }[]
    // icon is stored as JSON text and answered decoded (unlike goods_service in goods detail).
    return success(rows.map((r) => ({ service_name: r.service_name, desc: r.desc, icon: JSON.parse(r.icon) as unknown })))
  })

  // level 1–3 (default 3); `template` is ignored as upstream does. child_list only on nodes with children.
  router.post('/api/goodscategory/tree', (ctx) => {
    const level = Math.min(3, Math.max(1, int(ctx, 'level', 3)))
    const rows = ctx.db
      .prepare(
        `SELECT category_id, category_name, short_name, pid, level, image, category_id_1, category_id_2, category_id_3,
                image_adv, link_url, is_recommend, icon
         FROM goods_category WHERE is_show = 0 AND level <= ? ORDER BY sort ASC, category_id DESC`,
      )
      .all(level) as CategoryRow[]
    const byParent = new Map<number, CategoryRow[]>()
    for (const row of rows) byParent.set(row.pid, [...(byParent.get(row.pid) ?? []), row])
    const attach = (node: CategoryRow): CategoryRow => {
      const children = byParent.get(node.category_id)
      return children && children.length > 0 ? { ...node, child_list: children.map(attach) } : node
    }
    return success((byParent.get(0) ?? []).map(attach))
  })

  router.post('/api/goods/hotSearchWords', (ctx) => success({ words: ctx.services.config.get<{ words: string }>('GOODS_HOT_SEARCH_WORDS').words }))

  router.post('/api/goods/defaultSearchWords', (ctx) => success({ words: ctx.services.config.get<{ words: string }>('GOODS_DEFAULT_SEARCH_WORDS').words }))
}
