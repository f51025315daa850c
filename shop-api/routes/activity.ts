import { money } from '../core/format.js'
import { pageResult, paging, success, type Router } from '../core/router.js'
import { Catalog, manjianView } from '../models/catalog.js'

/**
 * The running activities the /activity landing page lists (issue 12 part A):
 * `/discount/api/discount/lists` (限时折扣 goods, contract §7.6), `/manjian/api/manjian/info`
 * (the spend-and-save activity of a goods, contract §7.7) and `/manjian/api/manjian/lists` (our
 * addition: every running spend-and-save activity; a stock Niushop has no such list).
 */
export function registerActivityRoutes(router: Router): void {
  router.post('/discount/api/discount/lists', (ctx) => {
    const catalog = Catalog.forRequest(ctx)
    const { page, pageSize } = paging(ctx)
    const rows = (
      ctx.db
        .prepare(
          `SELECT dg.discount_id, d.discount_name, dg.goods_id, dg.sku_id, dg.discount_price, dg.goods_min, dg.goods_limit, dg.num_multiple, d.start_time, d.end_time
           FROM discount_goods dg JOIN discount d ON d.discount_id = dg.discount_id
           WHERE d.status = 1 AND d.start_time <= ? AND (d.end_time = 0 OR d.end_time > ?) ORDER BY dg.id`,
        )
        .all(catalog.now, catalog.now) as {
        discount_id: number
        discount_name: string
        goods_id: number
        sku_id: number
        discount_price: number
        goods_min: number
        goods_limit: number
        num_multiple: number
        start_time: number
        end_time: number
      }[]
    ).flatMap((d) => {
      const sku = catalog.sku(d.sku_id)
      const goods = sku ? catalog.goods(sku.goods_id) : undefined
      if (!sku || !goods || goods.goods_state !== 1) return []
      return [
        {
          discount_id: d.discount_id,
          discount_name: d.discount_name,
          goods_id: goods.goods_id,
          sku_id: sku.sku_id,
          goods_name: goods.goods_name,
          sku_name: sku.sku_name,
          sku_image: sku.sku_image,
          goods_image: goods.goods_image,
          price: money(sku.price),
          discount_price: money(d.discount_price),
          goods_min: d.goods_min,
          goods_limit: d.goods_limit,
          num_multiple: d.num_multiple,
          stock: sku.stock,
          unit: goods.unit,
          start_time: d.start_time,
          end_time: d.end_time,
          sale_control: catalog.saleControl(goods),
        },
      ]
    })
    return success(pageResult(pageSize > 0 ? rows.slice((page - 1) * pageSize, page * pageSize) : rows, rows.length, pageSize))
  })

  // Every running activity (our addition), as `info` answers one.
  router.post('/manjian/api/manjian/lists', (ctx) => {
    const catalog = Catalog.forRequest(ctx)
    return success(catalog.promotions.manjians.map(manjianView))
  })
}
