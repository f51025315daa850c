import { money, nowSeconds } from '../core/format.js'
import { error, has, int, isEmpty, pageResult, paging, param, requireMember, str, success, type Router } from '../core/router.js'
import { Catalog } from '../models/catalog.js'
import { qty3 } from '../models/catalog-rows.js'

/** A member's footprints (goodsbrowse/*) and follows (goodscollect/*). */
export function registerGoodsFollowRoutes(router: Router): void {
  // One row per member and goods: adding again refreshes the SKU and the time. → the row id.
  router.post('/api/goodsbrowse/add', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    if (isEmpty(param(ctx, 'sku_id'))) return error(-1, '缺少参数sku_id')
    const goodsId = int(ctx, 'goods_id', 0)
    const skuId = int(ctx, 'sku_id', 0)
    const now = nowSeconds()
    ctx.db
      .prepare(
        `INSERT INTO goods_browse (member_id, goods_id, sku_id, browse_time) VALUES (?, ?, ?, ?)
         ON CONFLICT (member_id, goods_id) DO UPDATE SET sku_id = excluded.sku_id, browse_time = excluded.browse_time`,
      )
      .run(memberId, goodsId, skuId, now)
    const row = ctx.db.prepare('SELECT id FROM goods_browse WHERE member_id = ? AND goods_id = ?').get(memberId, goodsId) as { id: number }
    return success(row.id)
  })

  router.post('/api/goodsbrowse/delete', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'id'))) return error(-1, '缺少参数id')
    const ids = str(ctx, 'id')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
    if (ids.length === 0) return success(0)
    const result = ctx.db.prepare(`DELETE FROM goods_browse WHERE member_id = ? AND id IN (${ids.map(() => '?').join(',')})`).run(memberId, ...ids)
    return success(result.changes)
  })

  router.post('/api/goodsbrowse/page', (ctx) => {
    const memberId = requireMember(ctx)
    const catalog = Catalog.forRequest(ctx, memberId)
    const { page, pageSize } = paging(ctx)
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM goods_browse WHERE member_id = ?').get(memberId) as { n: number }).n
    const limit = pageSize > 0 ? ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}` : ''
    const rows = ctx.db
      .prepare(`SELECT id, member_id, browse_time, goods_id, sku_id FROM goods_browse WHERE member_id = ? ORDER BY browse_time DESC, id DESC${limit}`)
      .all(memberId) as {
      id: number
      member_id: number
      browse_time: number
      goods_id: number
      sku_id: number
    }[]
    const list = rows.flatMap((r) => {
      const goods = catalog.goods(r.goods_id)
      if (!goods) return []
      const sku = catalog.skus(goods.goods_id).find((s) => s.sku_id === r.sku_id) ?? catalog.defaultSku(goods)
      const memberPrice = catalog.memberPrice(goods, sku)
      return [
        {
          id: r.id,
          member_id: r.member_id,
          browse_time: r.browse_time,
          sku_id: sku.sku_id,
          sku_image: sku.sku_image,
          discount_price: money(sku.discount_price),
          sku_name: sku.sku_name,
          goods_id: goods.goods_id,
          goods_name: goods.goods_name,
          goods_image: goods.goods_image,
          sale_num: goods.sale_num,
          is_free_shipping: goods.is_free_shipping,
          promotion_type: sku.promotion_type,
          price: money(sku.price),
          market_price: money(sku.market_price),
          is_virtual: goods.is_virtual,
          sale_show: 1,
          market_price_show: 1,
          unit: goods.unit,
          ...(memberPrice ? { member_price: memberPrice } : {}),
          sale_control: catalog.saleControl(goods),
        },
      ]
    })
    return success(pageResult(list, count, pageSize))
  })

  // ------------------------------------------------------------------------------- follows
  router.post('/api/goodscollect/add', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    if (isEmpty(param(ctx, 'sku_id'))) return error(-1, '缺少参数sku_id')
    const catalog = Catalog.forRequest(ctx, memberId)
    const goods = catalog.goods(int(ctx, 'goods_id', 0))
    if (!goods) return error(-10001, '操作失败')
    if (catalog.isCollected(goods.goods_id)) return error(-10001, '操作失败')
    const sku = catalog.skus(goods.goods_id).find((s) => s.sku_id === int(ctx, 'sku_id', 0)) ?? catalog.defaultSku(goods)
    const result = ctx.db
      .prepare('INSERT INTO goods_collect (member_id, goods_id, sku_id, sku_name, sku_price, sku_image, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(
        memberId,
        goods.goods_id,
        sku.sku_id,
        has(ctx, 'sku_name') ? str(ctx, 'sku_name') : sku.sku_name,
        sku.discount_price,
        has(ctx, 'sku_image') ? str(ctx, 'sku_image') : sku.sku_image,
        nowSeconds(),
      )
    ctx.db.prepare('UPDATE goods SET collect_num = collect_num + 1 WHERE goods_id = ?').run(goods.goods_id)
    return success(Number(result.lastInsertRowid))
  })

  router.post('/api/goodscollect/delete', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    const goodsId = int(ctx, 'goods_id', 0)
    const result = ctx.db.prepare('DELETE FROM goods_collect WHERE member_id = ? AND goods_id = ?').run(memberId, goodsId)
    if (result.changes > 0) ctx.db.prepare('UPDATE goods SET collect_num = MAX(0, collect_num - 1) WHERE goods_id = ?').run(goodsId)
    return success(result.changes)
  })

  router.post('/api/goodscollect/iscollect', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    return success(ctx.db.prepare('SELECT 1 FROM goods_collect WHERE member_id = ? AND goods_id = ?').get(memberId, int(ctx, 'goods_id', 0)) ? 1 : 0)
  })

  router.post('/api/goodscollect/page', (ctx) => {
    const memberId = requireMember(ctx)
    const catalog = Catalog.forRequest(ctx, memberId)
    const { page, pageSize } = paging(ctx)
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM goods_collect WHERE member_id = ?').get(memberId) as { n: number }).n
    const limit = pageSize > 0 ? ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}` : ''
    const rows = ctx.db.prepare(`SELECT * FROM goods_collect WHERE member_id = ? ORDER BY create_time DESC, collect_id DESC${limit}`).all(memberId) as {
      collect_id: number
      member_id: number
      goods_id: number
      sku_id: number
      sku_name: string
      sku_price: number
      sku_image: string
      create_time: number
    }[]
    const list = rows.flatMap((r) => {
      const goods = catalog.goods(r.goods_id)
      if (!goods) return []
      const sku = catalog.skus(goods.goods_id).find((s) => s.sku_id === r.sku_id) ?? catalog.defaultSku(goods)
      return [
        {
          collect_id: r.collect_id,
          member_id: r.member_id,
          goods_id: goods.goods_id,
          sku_id: sku.sku_id,
          sku_name: r.sku_name,
          sku_price: money(r.sku_price),
          sku_image: r.sku_image,
          create_time: r.create_time,
          goods_name: goods.goods_name,
          is_free_shipping: goods.is_free_shipping,
          promotion_type: sku.promotion_type,
          member_price: catalog.memberPrice(goods, sku),
          discount_price: money(sku.discount_price),
          sale_num: goods.sale_num,
          price: money(sku.price),
          market_price: money(sku.market_price),
          is_virtual: goods.is_virtual,
          goods_image: goods.goods_image,
          goods_stock: qty3(goods.goods_stock),
          sale_control: catalog.saleControl(goods),
        },
      ]
    })
    return success(pageResult(list, count, pageSize))
  })
}
