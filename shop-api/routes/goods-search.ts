import { int, isEmpty, pageResult, param, str, type Context } from '../core/router.js'
import type { Catalog } from '../models/catalog.js'
import { GOODS_LIST_CONFIG } from '../models/catalog-rows.js'
import type { CouponTypeRecord } from '../models/coupon.js'

/**
 * The goods search of goodssku/page (and the suggestions): the filters a request names, the
 * SQL they make, and the paged goods list answer.
 */

export interface GoodsFilters {
  keyword: string
  categoryId: number
  brandId: number
  /** null = no bound; "" and absent mean no bound, any other value (even 0) is a bound, as PHP 8 upstream. */
  minPrice: number | null
  maxPrice: number | null
  order: string
  sort: string
  couponTypeId: number
  goodsIds: number[]
  freeShipping: boolean
}

function priceBound(ctx: Context, name: string): number | null {
  const value = param(ctx, name)
  if (value === undefined || value === null || value === '') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

export function filtersOf(ctx: Context): GoodsFilters {
  return {
    keyword: str(ctx, 'keyword').trim(),
    categoryId: int(ctx, 'category_id', 0),
    brandId: int(ctx, 'brand_id', 0),
    minPrice: priceBound(ctx, 'min_price'),
    maxPrice: priceBound(ctx, 'max_price'),
    order: str(ctx, 'order'),
    sort: str(ctx, 'sort').toLowerCase(),
    couponTypeId: int(ctx, 'coupon', 0),
    goodsIds: str(ctx, 'goods_id_arr')
      .split(',')
      .map((s) => Number.parseInt(s, 10))
      .filter((n) => Number.isInteger(n) && n > 0),
    freeShipping: !isEmpty(param(ctx, 'is_free_shipping')),
  }
}

function likeWord(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** WHERE clause + args of a goods search (goods g joined with its default SKU s). */
function whereOf(ctx: Context, f: GoodsFilters): { sql: string; args: unknown[] } {
  const parts = ['g.goods_state = 1', 'g.is_delete = 0']
  const args: unknown[] = []
  if (f.keyword) {
    const words = f.keyword.split(/\s+/).filter(Boolean)
    const ors = words.map(() => {
      return `(g.goods_name LIKE ? ESCAPE '\\' OR g.introduction LIKE ? ESCAPE '\\' OR g.keywords LIKE ? ESCAPE '\\'
               OR EXISTS (SELECT 1 FROM goods_sku x WHERE x.goods_id = g.goods_id AND (x.sku_name LIKE ? ESCAPE '\\' OR x.keywords LIKE ? ESCAPE '\\')))`
    })
    parts.push(`(${ors.join(' OR ')})`)
    for (const word of words) args.push(...Array(5).fill(likeWord(word)))
  }
  if (f.categoryId) {
    parts.push(`g.category_id LIKE ?`)
    args.push(`%,${f.categoryId},%`)
  }
  if (f.brandId) {
    parts.push('g.brand_id = ?')
    args.push(f.brandId)
  }
  if (f.minPrice !== null && f.maxPrice !== null) {
    parts.push('s.discount_price BETWEEN ? AND ?')
    args.push(f.minPrice, f.maxPrice)
  } else if (f.minPrice !== null) {
    parts.push('s.discount_price >= ?')
    args.push(f.minPrice)
  } else if (f.maxPrice !== null) {
    parts.push('s.discount_price <= ?')
    args.push(f.maxPrice)
  }
  if (f.freeShipping) parts.push('g.is_free_shipping = 1')
  if (f.goodsIds.length) {
    parts.push(`g.goods_id IN (${f.goodsIds.map(() => '?').join(',')})`)
    args.push(...f.goodsIds)
  }
  if (f.couponTypeId) {
    const type = ctx.db.prepare('SELECT * FROM coupon_type WHERE coupon_type_id = ?').get(f.couponTypeId) as CouponTypeRecord | undefined
    if (!type) parts.push('0')
    else if (type.goods_type === 2 || type.goods_type === 3) {
      const ids = type.goods_ids.split(',').filter(Boolean).map(Number)
      parts.push(`g.goods_id ${type.goods_type === 3 ? 'NOT ' : ''}IN (${ids.map(() => '?').join(',') || 'NULL'})`)
      args.push(...ids)
    } else if (type.goods_type === 4) {
      const ids = type.category_ids.split(',').filter(Boolean).map(Number)
      parts.push(`(${ids.map(() => 'g.category_id LIKE ?').join(' OR ') || '0'})`)
      args.push(...ids.map((id) => `%,${id},%`))
    }
  }
  return { sql: parts.join(' AND '), args }
}

const ORDER_COLUMNS: Record<string, string> = { sale_num: 'g.sale_num', discount_price: 's.discount_price', create_time: 'g.create_time' }

function orderOf(f: GoodsFilters): string {
  const column = ORDER_COLUMNS[f.order]
  const direction = f.sort === 'asc' || f.sort === 'desc' ? f.sort.toUpperCase() : ''
  // Default: goods sort ascending, then newest (as the default goods sort config).
  const tail = 'g.sort ASC, g.create_time DESC, g.goods_id ASC'
  return column ? `${column} ${direction || 'ASC'}, ${tail}` : tail
}

export function searchGoods(ctx: Context, f: GoodsFilters, page: number, pageSize: number): { count: number; goodsIds: number[] } {
  const where = whereOf(ctx, f)
  const from = 'FROM goods g JOIN goods_sku s ON s.sku_id = g.sku_id'
  const count = (ctx.db.prepare(`SELECT COUNT(*) AS n ${from} WHERE ${where.sql}`).get(...where.args) as { n: number }).n
  const limit = pageSize > 0 ? ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}` : ''
  const rows = ctx.db.prepare(`SELECT g.goods_id ${from} WHERE ${where.sql} ORDER BY ${orderOf(f)}${limit}`).all(...where.args) as { goods_id: number }[]
  return { count, goodsIds: rows.map((r) => r.goods_id) }
}

/** A paged goods list answer: `config` only when the list is non-empty (as upstream). */
export function goodsPage(catalog: Catalog, goodsIds: number[], count: number, pageSize: number): Record<string, unknown> {
  const list = goodsIds.flatMap((id) => {
    const goods = catalog.goods(id)
    return goods ? [catalog.pageRow(goods)] : []
  })
  const result: Record<string, unknown> = pageResult(list, count, pageSize)
  if (list.length > 0) result.config = GOODS_LIST_CONFIG
  return result
}
