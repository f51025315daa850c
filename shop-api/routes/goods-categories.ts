import { error, int, isEmpty, pageResult, paging, param, str, success, type Router } from '../core/router.js'

/** Category info and filterable attributes (goodscategory/*), brands (goodsbrand/*). */
export function registerGoodsCategoryRoutes(router: Router): void {
  const CATEGORY_COLUMNS = `category_id, site_id, category_name, short_name, pid, level, is_show, sort, image, keywords, description,
    category_id_1, category_id_2, category_id_3, image_adv, link_url, is_recommend, icon`

  router.post('/api/goodscategory/info', (ctx) => {
    if (isEmpty(param(ctx, 'category_id'))) return error(-1, '缺少参数category_id')
    const row = ctx.db.prepare(`SELECT ${CATEGORY_COLUMNS} FROM goods_category WHERE category_id = ? AND is_show = 0`).get(int(ctx, 'category_id', 0)) as
      (Record<string, unknown> & { category_id: number; pid: number; category_id_1: number; category_id_2: number; category_id_3: number }) | undefined
    if (!row) return success(null)
    const path = [row.category_id_1, row.category_id_2, row.category_id_3].filter((id) => id > 0)
    const names = path.map((id) => (ctx.db.prepare('SELECT category_name FROM goods_category WHERE category_id = ?').get(id) as { category_name: string }).category_name)
    const children = ctx.db.prepare(`SELECT ${CATEGORY_COLUMNS} FROM goods_category WHERE pid = ? AND is_show = 0 ORDER BY sort ASC, category_id ASC`).all(row.category_id)
    const childList =
      children.length > 0
        ? children
        : ctx.db.prepare(`SELECT ${CATEGORY_COLUMNS} FROM goods_category WHERE pid = ? AND is_show = 0 ORDER BY sort ASC, category_id ASC`).all(row.pid)
    return success({ ...row, category_full_name: names.join('$_SPLIT_$'), child_list: childList })
  })

  // Filterable attributes of the goods in a category, with the values those goods use.
  router.post('/api/goodscategory/getGoodsAttrs', (ctx) => {
    const categoryId = int(ctx, 'category_id', 0)
    const goods = ctx.db
      .prepare(`SELECT goods_attr_format FROM goods WHERE goods_state = 1 AND is_delete = 0 ${categoryId ? 'AND category_id LIKE ?' : ''}`)
      .all(...(categoryId ? [`%,${categoryId},%`] : [])) as { goods_attr_format: string }[]
    const used = new Set<number>()
    for (const g of goods) {
      for (const row of JSON.parse(g.goods_attr_format || '[]') as { attr_value_id: number }[]) if (row.attr_value_id > 0) used.add(row.attr_value_id)
    }
    const attrs = ctx.db.prepare('SELECT attr_id, attr_name FROM goods_attribute ORDER BY sort, attr_id').all() as { attr_id: number; attr_name: string }[]
    const values = ctx.db.prepare('SELECT attr_value_id, attr_id, attr_value_name FROM goods_attribute_value ORDER BY sort, attr_value_id').all() as {
      attr_value_id: number
      attr_id: number
      attr_value_name: string
    }[]
    return success(
      attrs
        .map((a) => ({
          attr_id: a.attr_id,
          attr_name: a.attr_name,
          attr_value_list: values
            .filter((v) => v.attr_id === a.attr_id && used.has(v.attr_value_id))
            .map(({ attr_value_id, attr_value_name }) => ({ attr_value_id, attr_value_name })),
        }))
        .filter((a) => a.attr_value_list.length > 0),
    )
  })

  // ------------------------------------------------------------------------------- brands
  router.post('/api/goodsbrand/page', (ctx) => {
    const { page, pageSize } = paging(ctx)
    const ids = str(ctx, 'brand_id_arr')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
    const where = ids.length ? `WHERE brand_id IN (${ids.map(() => '?').join(',')})` : ''
    const count = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM goods_brand ${where}`).get(...ids) as { n: number }).n
    const limit = pageSize > 0 ? ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}` : ''
    const rows = ctx.db
      .prepare(`SELECT brand_id, brand_name, brand_initial, image_url, banner, brand_desc FROM goods_brand ${where} ORDER BY sort DESC, create_time DESC, brand_id ASC${limit}`)
      .all(...ids)
    return success(pageResult(rows, count, pageSize))
  })

  router.post('/api/goodsbrand/centerPage', (ctx) => {
    const { page, pageSize } = paging(ctx)
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM goods_brand').get() as { n: number }).n
    const limit = pageSize > 0 ? ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}` : ''
    const rows = ctx.db
      .prepare(
        `SELECT b.brand_id, b.brand_name, b.brand_initial, b.image_url, b.banner, b.brand_desc,
                (SELECT COUNT(*) FROM goods g WHERE g.brand_id = b.brand_id AND g.goods_state = 1 AND g.is_delete = 0) AS goods_count
         FROM goods_brand b ORDER BY b.sort DESC, b.create_time DESC, b.brand_id ASC${limit}`,
      )
      .all()
    return success(pageResult(rows, count, pageSize))
  })
}
