import { money } from '../core/format.js'
import { error, int, isEmpty, paging, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { registerImage } from '../db/rows.js'
import { H5_URL } from '../db/data/site.js'
import { Catalog } from '../models/catalog.js'
import { CONTRACT_KEYS, pick, type GoodsRecord, type SkuRecord } from '../models/catalog-rows.js'
import { goodsCouponList } from '../models/coupon.js'
import { evaluateConfig, evaluateCount, evaluateRows } from './goods-evaluations.js'
import { filtersOf, goodsPage, searchGoods } from './goods-search.js'

/**
 * Goods endpoints: goodssku (list, detail, info, SKUs, QR code, recommend, suggestions), the
 * after-sale text and clicks. Shapes: the real samples + docs/catalog-contract.md. The search is
 * goods-search.ts; categories and brands, evaluations, footprints and follows have files of their own.
 */

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
}
