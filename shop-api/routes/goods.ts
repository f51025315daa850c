import { money, nowSeconds } from '../core/format.js'
import { error, has, int, isEmpty, pageResult, paging, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { registerImage } from '../db/rows.js'
import { H5_URL } from '../db/data/site.js'
import { Catalog } from '../models/catalog.js'
import { CONTRACT_KEYS, GOODS_LIST_CONFIG, pick, qty3, type GoodsRecord, type SkuRecord } from '../models/catalog-rows.js'
import { goodsCouponList, type CouponTypeRecord } from '../models/coupon.js'

/**
 * Goods endpoints: goodssku (list, detail, info, SKUs, QR code, recommend, suggestions), category
 * info and attributes, brands, evaluations, after-sale text, clicks, footprints and follows.
 * Shapes: the real samples + docs/catalog-contract.md.
 */

// ---------------------------------------------------------------------------------------------
// goodssku/page filtering

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

// ---------------------------------------------------------------------------------------------
// detail

const DETAIL_KEYS = [
  'goods_id',
  'sku_id',
  'qr_id',
  'goods_name',
  'sku_name',
  'is_consume_discount',
  'discount_config',
  'discount_method',
  'sku_spec_format',
  'price',
  'market_price',
  'member_price',
  'discount_price',
  'promotion_type',
  'start_time',
  'end_time',
  'stock',
  'click_num',
  'sale_num',
  'collect_num',
  'sku_image',
  'sku_images',
  'goods_content',
  'goods_state',
  'is_free_shipping',
  'goods_spec_format',
  'goods_attr_format',
  'introduction',
  'unit',
  'video_url',
  'is_virtual',
  'goods_service_ids',
  'max_buy',
  'min_buy',
  'is_limit',
  'limit_type',
  'support_trade_type',
  'goods_image',
  'keywords',
  'stock_show',
  'sale_show',
  'market_price_show',
  'promotion_addon',
  'barrage_show',
  'evaluate',
  'goods_class',
  'sale_store',
  'sale_channel',
  'label_name',
  'category_id',
  'is_fenxiao',
  'fenxiao_type',
  'fenxiao_price',
  'purchased_num',
  'member_price_config',
  'fenxiao_detail',
  'goods_promotion',
  'coupon_list',
  'bundling_list',
  'manjian',
  'sku_images_list',
  'sku_image_list',
  'goods_image_list',
  'goods_service',
  'config',
  'express_type',
  'is_collect',
  'evaluate_list',
  'evaluate_count',
  'evaluate_config',
] as const

export const DETAIL_CONFIG = { nav_bar_switch: 0, introduction_color: '#303133' }
export const EXPRESS_TYPE = {
  express: { name: '快递发货', icon: 'iconwuliu', desc: '支持快递发货的商品在购买后将会通过快递的方式进行配送，可在订单中查看物流信息' },
}

export function evaluateConfig(ctx: Context) {
  return ctx.services.config.get<{ evaluate_status: number; evaluate_show: number; evaluate_audit: number }>('GOODS_EVALUATE_CONFIG')
}

const EVALUATE_COLUMNS = `evaluate_id, order_id, order_no, order_goods_id, goods_id, sku_id, sku_name, sku_price, sku_image, content, images,
  explain_first, member_name, member_headimg, member_id, is_anonymous, scores, again_content, again_images, again_explain,
  explain_type, is_show, create_time, again_time, shop_desccredit, shop_servicecredit, shop_deliverycredit, is_audit, again_is_audit`

function evaluateRows(ctx: Context, goodsId: number, limit: number, offset = 0, explainType = 0): Record<string, unknown>[] {
  const rows = ctx.db
    .prepare(
      `SELECT ${EVALUATE_COLUMNS} FROM goods_evaluate WHERE goods_id = ? AND is_show = 1 AND is_audit = 1 ${explainType ? 'AND explain_type = ?' : ''}
       ORDER BY create_time DESC, evaluate_id DESC ${limit > 0 ? `LIMIT ${limit} OFFSET ${offset}` : ''}`,
    )
    .all(...(explainType ? [goodsId, explainType] : [goodsId])) as { sku_price: number }[]
  return rows.map((r) => ({ ...r, sku_price: money(r.sku_price) }))
}

function evaluateCount(ctx: Context, goodsId: number, explainType = 0): number {
  return (
    ctx.db
      .prepare(`SELECT COUNT(*) AS n FROM goods_evaluate WHERE goods_id = ? AND is_show = 1 AND is_audit = 1 ${explainType ? 'AND explain_type = ?' : ''}`)
      .get(...(explainType ? [goodsId, explainType] : [goodsId])) as { n: number }
  ).n
}

/** The whole goods_sku_detail object: the real keys, then the pharmacy fields. */
export function detailView(ctx: Context, catalog: Catalog, goods: GoodsRecord, sku: SkuRecord): Record<string, unknown> {
  const viewer = catalog.viewer
  const row = catalog.pageRow(goods, sku)
  const all: Record<string, unknown> = {
    ...row,
    qr_id: 0,
    sku_spec_format: sku.sku_spec_format,
    start_time: sku.start_time,
    end_time: sku.end_time,
    click_num: sku.click_num,
    sale_num: goods.sale_num,
    collect_num: goods.collect_num,
    sku_images: sku.sku_images,
    goods_content: catalog.content(goods),
    goods_state: goods.goods_state,
    goods_spec_format: catalog.specFormatFor(goods, sku),
    goods_attr_format: goods.goods_attr_format,
    video_url: goods.video_url,
    goods_service_ids: goods.goods_service_ids,
    support_trade_type: 'express',
    keywords: goods.keywords,
    evaluate: goods.evaluate,
    goods_class: goods.goods_class,
    category_id: goods.category_id,
    is_fenxiao: 0,
    fenxiao_type: 1,
    fenxiao_price: '0.00',
    purchased_num: catalog.purchasedNum(goods.goods_id),
    coupon_list: goodsCouponList(ctx.db, goods, viewer?.memberId ?? 0),
    bundling_list: catalog.bundlingsOf(goods),
    manjian: catalog.manjianOf(goods),
    sku_images_list: [],
    sku_image_list: [],
    goods_image_list: [],
    goods_service: catalog.services(goods),
    config: DETAIL_CONFIG,
    express_type: EXPRESS_TYPE,
    is_collect: catalog.isCollected(goods.goods_id),
    evaluate_list: evaluateRows(ctx, goods.goods_id, 2),
    evaluate_count: evaluateCount(ctx, goods.goods_id),
    evaluate_config: evaluateConfig(ctx),
  }
  if (viewer) {
    // Keys the real answer adds for a member.
    all.member_price_config = null
    all.fenxiao_detail = { words_account: '佣金', commission_money: 0, is_commission_money: 0 }
  }
  return { ...pick(all, DETAIL_KEYS), ...pick(all, CONTRACT_KEYS) }
}

export function memberInfo(ctx: Context, memberId: number): Record<string, unknown> {
  const m = ctx.db.prepare('SELECT member_id, is_fenxiao, member_level, member_level_type FROM member WHERE member_id = ?').get(memberId) as Record<string, unknown>
  return { member_id: m.member_id, is_fenxiao: m.is_fenxiao, fenxiao_id: 0, member_level: m.member_level, member_level_type: m.member_level_type }
}

/** The SKU a request names: sku_id, else the default SKU of goods_id. Only goods that are not deleted. */
function requestedSku(ctx: Context, catalog: Catalog): { goods: GoodsRecord; sku: SkuRecord } | null {
  const skuId = int(ctx, 'sku_id', 0)
  if (skuId > 0) {
    const sku = catalog.sku(skuId)
    const goods = sku ? catalog.goods(sku.goods_id) : undefined
    return sku && goods ? { goods, sku } : null
  }
  const goods = catalog.goods(int(ctx, 'goods_id', 0))
  return goods ? { goods, sku: catalog.defaultSku(goods) } : null
}

const INFO_KEYS = [
  'goods_id',
  'sku_id',
  'goods_image',
  'goods_name',
  'keywords',
  'sku_name',
  'sku_spec_format',
  'price',
  'market_price',
  'discount_price',
  'promotion_type',
  'start_time',
  'end_time',
  'stock',
  'sku_image',
  'sku_images',
  'goods_spec_format',
  'unit',
  'max_buy',
  'min_buy',
  'is_limit',
  'limit_type',
  'member_price',
] as const

const SKU_LIST_KEYS = [
  'sku_id',
  'goods_id',
  'goods_image',
  'is_consume_discount',
  'discount_config',
  'discount_method',
  'sku_name',
  'sku_spec_format',
  'price',
  'discount_price',
  'promotion_type',
  'end_time',
  'stock',
  'sku_image',
  'sku_images',
  'goods_spec_format',
  'max_buy',
  'min_buy',
  'is_limit',
  'limit_type',
  'support_trade_type',
  'market_price',
  'goods_state',
  'member_price',
  'is_fenxiao',
  'fenxiao_type',
  'fenxiao_price',
  'promotion_addon',
  'goods_promotion',
] as const

/**
 * goods_promotion of goodssku/info: the promotion rows themselves (the real answer has the
 * seckill row with its time slot), each with promotion_type/promotion_name.
 */
function promotionRows(catalog: Catalog, goods: GoodsRecord, sku: SkuRecord): Record<string, unknown>[] {
  const p = catalog.promotions
  return catalog.promotionKinds(goods).map(({ kind, id }) => {
    const base = { promotion_type: kind, promotion_name: catalog.goodsPromotion(goods).find((x) => x.promotion_type === kind)!.promotion_name }
    if (kind === 'seckill') {
      const s = p.seckillByGoods.get(goods.goods_id)!
      const item = s.skus.get(sku.sku_id) ?? [...s.skus.values()][0]!
      const slots = catalog.db
        .prepare(`SELECT seckill_start_time, seckill_end_time FROM seckill_time WHERE ? LIKE '%,' || id || ',%' ORDER BY seckill_start_time`)
        .all(s.seckill_time_id) as { seckill_start_time: number; seckill_end_time: number }[]
      return {
        id: s.seckill_id,
        site_id: 1,
        seckill_name: s.seckill_name,
        status: s.status,
        remark: s.remark,
        start_time: s.start_time,
        sort: s.sort,
        end_time: s.end_time,
        create_time: s.create_time,
        modify_time: s.modify_time,
        goods_id: goods.goods_id,
        goods_name: sku.sku_name,
        goods_image: sku.sku_image,
        seckill_price: money(item.seckill_price),
        seckill_time_id: s.seckill_time_id,
        goods_stock: Math.min(item.stock, sku.stock),
        sale_num: s.sale_num,
        seckill_start_time: slots[0]?.seckill_start_time ?? 0,
        seckill_end_time: slots[0]?.seckill_end_time ?? 0,
        time_list: slots,
        ...base,
      }
    }
    if (kind === 'discount') {
      const d = p.discountBySku.get(sku.sku_id)
      return {
        id,
        site_id: 1,
        discount_name: d?.discount_name ?? '',
        discount_price: money(d?.discount_price ?? sku.discount_price),
        start_time: d?.start_time ?? 0,
        end_time: d?.end_time ?? 0,
        goods_id: goods.goods_id,
        ...base,
      }
    }
    if (kind === 'groupbuy') {
      const g = p.groupbuyByGoods.get(goods.goods_id)!
      return {
        id,
        groupbuy_id: id,
        groupbuy_price: money(g.groupbuy_price),
        buy_num: g.buy_num,
        sku_id: g.sku_id,
        start_time: g.start_time,
        end_time: g.end_time,
        goods_id: goods.goods_id,
        ...base,
      }
    }
    if (kind === 'topic') {
      const t = p.topicByGoods.get(goods.goods_id)!
      return {
        id: t.id,
        topic_id: t.topic_id,
        topic_name: t.topic_name,
        topic_price: money(t.topic_price),
        sku_id: t.sku_id,
        start_time: t.start_time,
        end_time: t.end_time,
        goods_id: goods.goods_id,
        ...base,
      }
    }
    return { id, goods_id: goods.goods_id, ...base }
  })
}

// ---------------------------------------------------------------------------------------------

export function registerGoodsRoutes(router: Router): void {
  router.post('/api/goodssku/page', (ctx) => {
    const catalog = Catalog.forRequest(ctx)
    const { page, pageSize } = paging(ctx)
    const { count, goodsIds } = searchGoods(ctx, filtersOf(ctx), page, pageSize)
    return success(goodsPage(catalog, goodsIds, count, pageSize))
  })

  // sku_id or goods_id; a missing goods is {goods_sku_detail: null} (code 0), as upstream.
  router.post('/api/goodssku/detail', (ctx) => {
    if (isEmpty(param(ctx, 'sku_id')) && isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数id')
    const catalog = Catalog.forRequest(ctx)
    const memberId = catalog.viewer?.memberId ?? 0
    const found = requestedSku(ctx, catalog)
    const data: Record<string, unknown> = { goods_sku_detail: found ? detailView(ctx, catalog, found.goods, found.sku) : null }
    if (memberId) data.member_info = memberInfo(ctx, memberId)
    return success(data)
  })

  router.post('/api/goodssku/info', (ctx) => {
    if (isEmpty(param(ctx, 'sku_id'))) return error(-1, '缺少参数sku_id')
    const catalog = Catalog.forRequest(ctx)
    const sku = catalog.sku(int(ctx, 'sku_id', 0))
    const goods = sku ? catalog.goods(sku.goods_id) : undefined
    if (!sku || !goods) return error(-1, '商品不存在')
    const full = detailView(ctx, catalog, goods, sku)
    return success({
      ...pick(full, INFO_KEYS),
      goods_promotion: promotionRows(catalog, goods, sku),
      ...pick(
        full,
        CONTRACT_KEYS.filter((k) => k !== 'goods_promotion'),
      ),
    })
  })

  // All SKUs of a goods (spec switching).
  router.post('/api/goodssku/goodssku', (ctx) => {
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    const catalog = Catalog.forRequest(ctx)
    const goods = catalog.goods(int(ctx, 'goods_id', 0))
    if (!goods) return success([])
    return success(
      catalog.skus(goods.goods_id).map((sku) => {
        const full = detailView(ctx, catalog, goods, sku)
        return { ...pick(full, SKU_LIST_KEYS), ...pick(full, CONTRACT_KEYS) }
      }),
    )
  })

  // QR code of the goods' H5 page, drawn on demand (GET /upload/qrcode/goods/…).
  router.post('/api/goodssku/goodsqrcode', (ctx) => {
    if (isEmpty(param(ctx, 'sku_id'))) return error(-1, '缺少参数sku_id')
    const catalog = Catalog.forRequest(ctx)
    const sku = catalog.sku(int(ctx, 'sku_id', 0))
    if (!sku || !catalog.goods(sku.goods_id)) return error(-1, '商品不存在')
    const url = `${H5_URL}/pages/goods/detail?goods_id=${sku.goods_id}`
    const img = registerImage(ctx.db, { path: `upload/qrcode/goods/goods_qrcode_${sku.goods_id}_h5.svg`, kind: 'qrcode', width: 200, height: 200, color: '#000000', text: url })
    return success({ path: { h5: { status: 1, url, img } } })
  })

  // "Guess you like": on-sale goods, in stock first, best sellers first.
  router.post('/api/goodssku/recommend', (ctx) => {
    const catalog = Catalog.forRequest(ctx)
    const { page, pageSize } = paging(ctx)
    const from = 'FROM goods g JOIN goods_sku s ON s.sku_id = g.sku_id WHERE g.goods_state = 1 AND g.is_delete = 0'
    const count = (ctx.db.prepare(`SELECT COUNT(*) AS n ${from}`).get() as { n: number }).n
    const limit = pageSize > 0 ? ` LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}` : ''
    const ids = (ctx.db.prepare(`SELECT g.goods_id ${from} ORDER BY (s.stock > 0) DESC, g.sale_num DESC, g.goods_id ASC${limit}`).all() as { goods_id: number }[]).map(
      (r) => r.goods_id,
    )
    return success(goodsPage(catalog, ids, count, pageSize))
  })

  // Detail page layout: the order of its blocks.
  router.post('/api/goodssku/pagecomponents', () =>
    success({ goods_detail: { sort: ['goods_info', 'goods_promotion', 'goods_bundling', 'goods_attr', 'goods_content', 'goods_evaluate', 'goods_aftersale', 'goods_recommend'] } }),
  )

  // Search suggestions: up to 10 goods matching the keyword, best sellers first.
  router.post('/api/goodssku/searchGoodsByKeyWord', (ctx) => {
    const keyword = str(ctx, 'keyword').trim()
    if (!keyword) return success([])
    const { goodsIds } = searchGoods(ctx, { ...filtersOf(ctx), keyword, order: 'sale_num', sort: 'desc' }, 1, 10)
    return success(
      goodsIds.map((id) => {
        const g = ctx.db.prepare('SELECT goods_id, sku_id, goods_name FROM goods WHERE goods_id = ?').get(id) as { goods_id: number; sku_id: number; goods_name: string }
        return { goods_id: g.goods_id, sku_id: g.sku_id, goods_name: g.goods_name }
      }),
    )
  })

  // ------------------------------------------------------------------------------- categories
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

  // ------------------------------------------------------------------------------- evaluations
  router.post('/api/goodsevaluate/page', (ctx) => {
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    const goodsId = int(ctx, 'goods_id', 0)
    const explainType = [1, 2, 3].includes(int(ctx, 'explain_type', 0)) ? int(ctx, 'explain_type', 0) : 0
    const { page, pageSize } = paging(ctx)
    const count = evaluateCount(ctx, goodsId, explainType)
    return success(pageResult(evaluateRows(ctx, goodsId, pageSize, (page - 1) * pageSize, explainType), count, pageSize))
  })

  router.post('/api/goodsevaluate/count', (ctx) => {
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    return success(evaluateCount(ctx, int(ctx, 'goods_id', 0)))
  })

  router.post('/api/goodsevaluate/firstinfo', (ctx) => {
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    return success(evaluateRows(ctx, int(ctx, 'goods_id', 0), 2))
  })

  router.post('/api/goodsevaluate/getgoodsevaluate', (ctx) => {
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    const goodsId = int(ctx, 'goods_id', 0)
    return success({
      total: evaluateCount(ctx, goodsId),
      haoping: evaluateCount(ctx, goodsId, 1),
      zhongping: evaluateCount(ctx, goodsId, 2),
      chaping: evaluateCount(ctx, goodsId, 3),
    })
  })

  router.post('/api/goodsevaluate/config', (ctx) => success(evaluateConfig(ctx)))

  // ------------------------------------------------------------------------------- misc goods
  router.post('/api/goods/aftersale', (ctx) => {
    const doc = ctx.db.prepare("SELECT site_id, app_module, document_key, title, content, create_time, modify_time FROM document WHERE document_key = 'GOODS_AFTER_SALE'").get() as
      Record<string, unknown> | undefined
    return success(doc ? { ...doc, is_display: 1 } : null)
  })

  // Click counter +1 (members only, as upstream).
  router.post('/api/goods/modifyclicks', (ctx) => {
    requireMember(ctx)
    if (isEmpty(param(ctx, 'sku_id'))) return error(-1, '缺少参数sku_id')
    const skuId = int(ctx, 'sku_id', 0)
    const sku = ctx.db.prepare('SELECT goods_id FROM goods_sku WHERE sku_id = ?').get(skuId) as { goods_id: number } | undefined
    if (sku) {
      ctx.db.prepare('UPDATE goods_sku SET click_num = click_num + 1 WHERE sku_id = ?').run(skuId)
      ctx.db.prepare('UPDATE goods SET click_num = click_num + 1 WHERE goods_id = ?').run(sku.goods_id)
    }
    return success('')
  })

  // ------------------------------------------------------------------------------- footprints
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
