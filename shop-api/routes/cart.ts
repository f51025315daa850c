import { nowSeconds } from '../core/format.js'
import { error, isEmpty, param, requireMember, str, success, int, type Router } from '../core/router.js'
import { SITE_NAME } from '../db/data/site.js'
import { Catalog, CONTRACT_KEYS, pick } from '../models/catalog.js'

/**
 * Cart (token): add, count, goodslists. The `cart` table is one row per member and SKU
 * (add merges); later cart endpoints (edit, delete, clear, lists…) build on the same rows.
 */

const CART_LINE_KEYS = [
  'cart_id', 'site_id', 'member_id', 'sku_id', 'num', 'sku_name', 'goods_id', 'sku_no', 'sku_spec_format', 'price',
  'market_price', 'goods_spec_format', 'discount_price', 'promotion_type', 'start_time', 'end_time', 'stock', 'sale_channel',
  'sku_image', 'sku_images', 'goods_state', 'goods_stock_alarm', 'is_virtual', 'goods_name', 'is_consume_discount',
  'discount_config', 'discount_method', 'virtual_indate', 'is_free_shipping', 'shipping_template', 'unit', 'introduction',
  'keywords', 'max_buy', 'min_buy', 'site_name', 'is_limit', 'limit_type', 'store_goods_status', 'member_price',
] as const

/** A positive integer quantity, or null ("2", 2 → 2; "2.5", -1, "x" → null). */
function quantity(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (!/^\d+$/.test(text)) return null
  const n = Number(text)
  return n >= 1 && Number.isSafeInteger(n) ? n : null
}

export function registerCartRoutes(router: Router): void {
  // → the new cart_id as a string; merged into an existing line → 1. Quantities are capped at stock.
  // An unknown sku_id still answers success (a line that is never counted), as upstream.
  router.post('/api/cart/add', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'sku_id'))) return error(-1, '缺少参数sku_id')
    if (isEmpty(param(ctx, 'num'))) return error(-1, '缺少参数num')
    const num = quantity(param(ctx, 'num'))
    if (num === null) return error(-1, '商品数量必须是大于0的整数')
    const skuId = int(ctx, 'sku_id', 0)
    const catalog = Catalog.forRequest(ctx, memberId)
    const sku = catalog.sku(skuId)
    const goods = sku ? catalog.goods(sku.goods_id) : undefined
    if (sku && goods) {
      const control = catalog.saleControl(goods)
      if (control && !control.is_member_by) return error(-1, control.not_buy_msg || '您没有该商品的购买权限')
      if (sku.stock <= 0) return error(-1, '商品库存不足')
    }
    const cap = (n: number) => (sku ? Math.min(n, sku.stock) : n)
    return ctx.db.transaction(() => {
      const line = ctx.db.prepare('SELECT cart_id, num FROM cart WHERE member_id = ? AND sku_id = ? ORDER BY cart_id LIMIT 1').get(memberId, skuId) as
        | { cart_id: number; num: number }
        | undefined
      if (line) {
        ctx.db.prepare('UPDATE cart SET num = ? WHERE cart_id = ?').run(cap(line.num + num), line.cart_id)
        return success(1)
      }
      const result = ctx.db
        .prepare('INSERT INTO cart (member_id, sku_id, num, create_time, form_data) VALUES (?, ?, ?, ?, ?)')
        .run(memberId, skuId, cap(num), nowSeconds(), str(ctx, 'form_data'))
      return success(String(result.lastInsertRowid))
    })()
  })

  // Sum of quantities of the lines whose goods exists and is on sale (not the number of lines).
  router.post('/api/cart/count', (ctx) => {
    const memberId = requireMember(ctx)
    const row = ctx.db
      .prepare(
        `SELECT COALESCE(SUM(c.num), 0) AS n FROM cart c
         JOIN goods_sku s ON s.sku_id = c.sku_id JOIN goods g ON g.goods_id = s.goods_id
         WHERE c.member_id = ? AND g.goods_state = 1 AND g.is_delete = 0`,
      )
      .get(memberId) as { n: number }
    return success(row.n)
  })

  // The member's lines, newest first, one per SKU; off-shelf goods stay (goods_state 0), deleted SKUs do not.
  router.post('/api/cart/goodslists', (ctx) => {
    const memberId = requireMember(ctx)
    const catalog = Catalog.forRequest(ctx, memberId)
    const lines = ctx.db.prepare('SELECT cart_id, member_id, sku_id, num FROM cart WHERE member_id = ? ORDER BY cart_id DESC').all(memberId) as {
      cart_id: number
      member_id: number
      sku_id: number
      num: number
    }[]
    const rows = lines.flatMap((line) => {
      const sku = catalog.sku(line.sku_id)
      const goods = sku ? catalog.goods(sku.goods_id) : undefined
      if (!sku || !goods) return []
      const row = catalog.pageRow(goods, sku)
      const memberPrice = row.member_price as string
      const all: Record<string, unknown> = {
        ...row,
        cart_id: line.cart_id,
        site_id: 1,
        member_id: line.member_id,
        num: line.num,
        sku_no: sku.sku_no,
        sku_spec_format: sku.sku_spec_format,
        goods_spec_format: goods.goods_spec_format,
        start_time: sku.start_time,
        end_time: sku.end_time,
        sku_images: sku.sku_images,
        goods_state: goods.goods_state,
        goods_stock_alarm: 0,
        virtual_indate: 1,
        shipping_template: 0,
        keywords: goods.keywords,
        site_name: SITE_NAME,
        store_goods_status: 1,
      }
      // member_price only when a member price applies (as upstream, which removes the key otherwise).
      if (!memberPrice) delete all.member_price
      return [{ ...pick(all, CART_LINE_KEYS), ...pick(all, CONTRACT_KEYS) }]
    })
    return success(rows)
  })
}
