import type { Database } from 'better-sqlite3'
import { money } from '../core/format.js'
import { SITE_NAME } from '../db/data/site.js'
import type { Catalog } from './catalog.js'
import type { BundlingRow } from './catalog-promotions.js'
import { CONTRACT_KEYS, pick, type GoodsRecord, type SkuRecord } from './catalog-rows.js'
import { priceCartLine, toCents, type PriceRule } from './pricing.js'

/**
 * The cart as the API answers it (docs/catalog-contract.md "Cart").
 *
 * One table `cart` holds both kinds of line, so goods lines and bundle lines share one numbering
 * of `cart_id` (and /api/Cart/calculate takes both in `cart_ids`):
 * - goods line: `sku_id` > 0, `bl_id` 0 (one per member and SKU; add merges);
 * - bundle line (组合套餐): `bl_id` > 0, `sku_id` 0 (one per member and bundle).
 */

export interface CartRow {
  cart_id: number
  member_id: number
  sku_id: number
  bl_id: number
  num: number
  create_time: number
}

export type PromotionLabel = '' | 'getfree' | 'seckill' | 'discount' | 'wholesale'

/** The promotion that prices a goods line, chosen by display precedence getfree > seckill > discount > wholesale. */
export interface CartPromotion {
  label: PromotionLabel
  /** `promotion_info` of the line: seckill/discount `{goods_min, goods_limit, num_multiple, price}`, wholesale `{price_json}`, else null. */
  info: Record<string, unknown> | null
  goodsMin: number
  goodsLimit: number
  rule: PriceRule
  /** `get_free_goods` of the line (get-free goods only). */
  getFree: { is_ladder: number; getFreeGoods: Record<string, unknown>[] } | null
}

/** The sample's line keys (api_cart_goodslists.json), in its order. */
export const CART_SAMPLE_KEYS = [
  'cart_id',
  'site_id',
  'member_id',
  'sku_id',
  'num',
  'sku_name',
  'goods_id',
  'sku_no',
  'sku_spec_format',
  'price',
  'market_price',
  'goods_spec_format',
  'discount_price',
  'promotion_type',
  'start_time',
  'end_time',
  'stock',
  'sale_channel',
  'sku_image',
  'sku_images',
  'goods_state',
  'goods_stock_alarm',
  'is_virtual',
  'goods_name',
  'is_consume_discount',
  'discount_config',
  'discount_method',
  'virtual_indate',
  'is_free_shipping',
  'shipping_template',
  'unit',
  'introduction',
  'keywords',
  'max_buy',
  'min_buy',
  'site_name',
  'is_limit',
  'limit_type',
  'store_goods_status',
] as const

/** The spec §3 cart fields added to each line (docs/catalog-contract.md "Cart"). */
export const CART_FIELD_KEYS = [
  'goods_min',
  'goods_limit',
  'promotion_label',
  'is_member_discount',
  'member_price',
  'is_discount',
  'is_getfree',
  'join_coupon',
  'join_manjian',
  'wholesale_goods_id',
  'promotion_info',
  'sale_control',
  'get_free_goods',
] as const

/** "1,2, 3" / [1, 2] / 4 → distinct positive ids in order. */
export function parseIds(value: unknown): number[] {
  const parts = Array.isArray(value) ? value : typeof value === 'number' ? [value] : typeof value === 'string' ? value.split(',') : []
  const ids: number[] = []
  for (const part of parts) {
    const text = String(part).trim()
    if (!/^\d+$/.test(text)) continue
    const id = Number(text)
    if (id > 0 && Number.isSafeInteger(id) && !ids.includes(id)) ids.push(id)
  }
  return ids
}

/** The member's rows, newest first (`kind`: goods lines, bundle lines or both). */
export function cartRows(db: Database, memberId: number, kind: 'goods' | 'bundle' | 'all' = 'all'): CartRow[] {
  const where = kind === 'goods' ? 'AND bl_id = 0' : kind === 'bundle' ? 'AND bl_id > 0' : ''
  return db.prepare(`SELECT cart_id, member_id, sku_id, bl_id, num, create_time FROM cart WHERE member_id = ? ${where} ORDER BY cart_id DESC`).all(memberId) as CartRow[]
}

/** Seckill and discount lines carry the same numbers: a special price with minimum, limit and multiples. */
function specialPriceLine(
  label: 'seckill' | 'discount',
  numbers: { goods_min: number; goods_limit: number; num_multiple: number },
  price: string,
  promotionId: Record<string, number>,
) {
  const { goods_min, goods_limit, num_multiple } = numbers
  return {
    label,
    info: { goods_min, goods_limit, num_multiple, price, ...promotionId },
    goodsMin: goods_min,
    goodsLimit: goods_limit,
    rule: { kind: 'special' as const, price: toCents(price), goodsMin: goods_min, goodsLimit: goods_limit, numMultiple: num_multiple },
  }
}

export function cartPromotion(catalog: Catalog, goods: GoodsRecord, sku: SkuRecord): CartPromotion {
  const p = catalog.promotions
  const none: CartPromotion = { label: '', info: null, goodsMin: 0, goodsLimit: 0, rule: { kind: 'none' }, getFree: null }
  for (const { kind } of catalog.promotionKinds(goods)) {
    if (kind === 'getfree') {
      const row = p.getfreeByGoods.get(goods.goods_id)!
      return { ...none, label: 'getfree', getFree: { is_ladder: row.is_ladder, getFreeGoods: catalog.getFreeGoods(row) } }
    }
    if (kind === 'seckill') {
      const s = p.seckillByGoods.get(goods.goods_id)!
      const item = s.skus.get(sku.sku_id)
      if (!item) continue // the seckill does not cover this SKU: the next kind decides
      return { ...none, ...specialPriceLine('seckill', s, money(item.seckill_price), { seckill_id: s.seckill_id }) }
    }
    if (kind === 'discount') {
      const d = p.discountBySku.get(sku.sku_id)
      if (!d) continue
      return { ...none, ...specialPriceLine('discount', d, money(d.discount_price), { discount_id: d.discount_id }) }
    }
    if (kind === 'wholesale') {
      const w = p.wholesaleByGoods.get(goods.goods_id)!
      const tiers = (JSON.parse(w.price_json) as { num: number; limit_num: number; price: string }[])
        .map((t) => ({ num: Number(t.num), limit_num: Number(t.limit_num) || 0, price: money(t.price) }))
        .sort((a, b) => a.num - b.num)
      return {
        ...none,
        label: 'wholesale',
        info: { price_json: tiers },
        rule: { kind: 'wholesale', tiers: tiers.map((t) => ({ num: t.num, limitNum: t.limit_num, price: toCents(t.price) })) },
      }
    }
    break // bundling, group buy, topic: no cart pricing (and they rank below the kinds above)
  }
  return none
}

/** A goods line with everything the cart needs, or null when its SKU or goods no longer exists. */
export interface PricedGoodsLine {
  row: CartRow
  goods: GoodsRecord
  sku: SkuRecord
  promotion: CartPromotion
  memberPrice: string
  /** On the shelf and in stock: calculate prices it. */
  buyable: boolean
  subtotal: number
}

export function goodsLine(catalog: Catalog, row: CartRow): PricedGoodsLine | null {
  const sku = catalog.sku(row.sku_id)
  const goods = sku ? catalog.goods(sku.goods_id) : undefined
  if (!sku || !goods) return null
  const promotion = cartPromotion(catalog, goods, sku)
  const memberPrice = catalog.memberPrice(goods, sku)
  const priced = priceCartLine({
    num: row.num,
    price: toCents(money(sku.price)),
    memberPrice: memberPrice === '' ? null : toCents(memberPrice),
    memberDiscount: memberPrice !== '',
    rule: promotion.rule,
  })
  return { row, goods, sku, promotion, memberPrice, buyable: goods.goods_state === 1 && sku.stock > 0, subtotal: priced.subtotal }
}

/** One /api/cart/goodslists line: the sample's keys, the spec §3 cart fields, then the pharmacy fields. */
export function goodsLineView(catalog: Catalog, line: PricedGoodsLine): Record<string, unknown> {
  const { row, goods, sku, promotion, memberPrice } = line
  const p = catalog.promotions
  const all: Record<string, unknown> = {
    ...catalog.pageRow(goods, sku),
    cart_id: row.cart_id,
    site_id: 1,
    member_id: row.member_id,
    num: row.num,
    sku_no: sku.sku_no,
    sku_spec_format: sku.sku_spec_format,
    goods_spec_format: catalog.specFormatFor(goods, sku),
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
    goods_min: promotion.goodsMin,
    goods_limit: promotion.goodsLimit,
    promotion_label: promotion.label,
    is_member_discount: memberPrice === '' ? 0 : 1,
    member_price: memberPrice,
    is_discount: p.discountBySku.has(sku.sku_id) ? 1 : 0,
    is_getfree: p.getfreeByGoods.has(goods.goods_id) ? 1 : 0,
    // Seckill prices take no coupons (as Niushop's seckill orders); every other line may use one.
    join_coupon: promotion.label === 'seckill' ? 0 : 1,
    join_manjian: catalog.manjianOf(goods) ? 1 : 0,
    wholesale_goods_id: p.wholesaleByGoods.get(goods.goods_id)?.wholesale_goods_id ?? 0,
    promotion_info: promotion.info,
    sale_control: catalog.saleControl(goods),
    get_free_goods: promotion.getFree,
  }
  return { ...pick(all, CART_SAMPLE_KEYS), ...pick(all, CART_FIELD_KEYS), ...pick(all, CONTRACT_KEYS) }
}

/** A bundle line with its bundling, or null when the bundling is gone or closed. */
export interface PricedBundleLine {
  row: CartRow
  bundling: BundlingRow
  /** The lowest stock of its goods (an off-shelf goods counts as 0). */
  stock: number
  subtotal: number
}

export function bundleStock(catalog: Catalog, bundling: BundlingRow): number {
  if (bundling.items.length === 0) return 0
  let stock = Number.POSITIVE_INFINITY
  for (const item of bundling.items) {
    const goods = catalog.goods(item.goods_id)
    const sku = goods ? catalog.skus(goods.goods_id).find((s) => s.sku_id === item.sku_id) : undefined
    stock = Math.min(stock, goods && sku && goods.goods_state === 1 ? sku.stock : 0)
  }
  return stock
}

export function bundleLine(catalog: Catalog, row: CartRow): PricedBundleLine | null {
  const bundling = catalog.promotions.bundlings.find((b) => b.bl_id === row.bl_id)
  if (!bundling) return null
  return { row, bundling, stock: bundleStock(catalog, bundling), subtotal: toCents(money(bundling.bl_price)) * row.num }
}

/** One /bundling/api/cart/lists line. */
export function bundleLineView(catalog: Catalog, line: PricedBundleLine): Record<string, unknown> {
  const { row, bundling } = line
  const bundlingGoods = bundling.items.flatMap((item) => {
    const goods = catalog.goods(item.goods_id)
    const sku = goods ? catalog.skus(goods.goods_id).find((s) => s.sku_id === item.sku_id) : undefined
    if (!goods || !sku) return []
    return [
      {
        sku_id: sku.sku_id,
        goods_id: goods.goods_id,
        sku_name: sku.sku_name,
        goods_name: goods.goods_name,
        sku_image: sku.sku_image,
        price: money(sku.discount_price),
        promotion_price: money(item.promotion_price),
        num: 1,
        stock: sku.stock,
        unit: goods.unit,
        goods_state: goods.goods_state,
      },
    ]
  })
  return {
    cart_id: row.cart_id,
    site_id: 1,
    site_name: SITE_NAME,
    member_id: row.member_id,
    bl_id: bundling.bl_id,
    bl_name: bundling.bl_name,
    bl_price: money(bundling.bl_price),
    shipping_fee_type: bundling.shipping_fee_type,
    num: row.num,
    stock: line.stock,
    bundlingGoods,
  }
}
