import { money } from '../core/format.js'
import { error, int, isEmpty, pageResult, paging, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { Catalog, saleRulesFor, viewerFor } from '../models/catalog.js'
import { seckillActivities, secondsOfDay, type SeckillInfo } from '../models/catalog-promotions.js'
import { CONTRACT_KEYS, pick, type SkuRecord } from '../models/catalog-rows.js'
import { seckillPurchased, seckillStock } from '../models/promotion-order.js'
import { detailView } from './goods.js'

/** Promotion addons: seckill (限时秒杀), manjian (满减) and sale control (控销). */

interface SlotRow {
  id: number
  name: string
  seckill_start_time: number
  seckill_end_time: number
}

function hms(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':')
}

function slotsOf(ctx: Context, seckillTimeId: string): SlotRow[] {
  return ctx.db.prepare(`SELECT * FROM seckill_time WHERE ? LIKE '%,' || id || ',%' ORDER BY seckill_start_time`).all(seckillTimeId) as SlotRow[]
}

const SECKILL_DETAIL_KEYS = [
  'id',
  'seckill_id',
  'goods_id',
  'sku_id',
  'seckill_price',
  'max_buy',
  'stock',
  'status',
  'start_time',
  'end_time',
  'sale_num',
  'remark',
  'site_id',
  'sku_name',
  'sku_spec_format',
  'price',
  'promotion_type',
  'click_num',
  'collect_num',
  'sku_image',
  'sku_images',
  'goods_content',
  'goods_state',
  'is_virtual',
  'is_free_shipping',
  'goods_spec_format',
  'goods_attr_format',
  'introduction',
  'unit',
  'video_url',
  'evaluate',
  'goods_service_ids',
  'support_trade_type',
  'goods_image',
  'goods_stock',
  'goods_name',
  'qr_id',
  'stock_show',
  'sale_show',
  'label_name',
  'category_id',
  'sale_store',
  'seckill_start_time',
  'seckill_end_time',
  'time_list',
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
  'purchased_num',
  'seckill_name',
  'goods_min',
  'num_multiple',
  'market_price',
  'member_price',
  'discount_price',
] as const

/** `info`'s keys: the seckill goods row (5.5.2's getSeckillGoodsInfo fields), the limit's and the slot's times. */
const SECKILL_INFO_KEYS = [...SECKILL_DETAIL_KEYS.slice(0, SECKILL_DETAIL_KEYS.indexOf('sale_store') + 1), 'purchased_num', 'seckill_start_time', 'seckill_end_time'] as const

/** The activity within its dates, whatever the slot: its pages show it before and after its hours. */
function findSeckill(ctx: Context, catalog: Catalog, seckillId: number): SeckillInfo | undefined {
  return seckillActivities(ctx.db, catalog.now).find((s) => s.seckill_id === seckillId)
}

export function registerPromotionRoutes(router: Router): void {
  // Slots not yet over today are "today"; the others are listed as "tomorrow".
  router.post('/seckill/api/seckill/lists', (ctx) => {
    const catalog = Catalog.forRequest(ctx)
    const nowOfDay = secondsOfDay(catalog.now)
    const slots = ctx.db.prepare('SELECT * FROM seckill_time ORDER BY seckill_start_time, id').all() as SlotRow[]
    const item = (s: SlotRow, type: string) => ({
      id: s.id,
      name: s.name,
      seckill_start_time: s.seckill_start_time,
      seckill_end_time: s.seckill_end_time,
      seckill_start_time_show: hms(s.seckill_start_time),
      seckill_end_time_show: hms(s.seckill_end_time),
      type,
    })
    return success({
      list: [
        ...slots.filter((s) => s.seckill_end_time >= nowOfDay).map((s) => item(s, 'today')),
        ...slots.filter((s) => s.seckill_end_time < nowOfDay).map((s) => item(s, 'tomorrow')),
      ],
    })
  })

  // Goods of a slot (needs seckill_time_id).
  const seckillRows = (ctx: Context, catalog: Catalog) => {
    const slotId = int(ctx, 'seckill_time_id', 0)
    const seen = new Set<number>()
    return seckillActivities(ctx.db, catalog.now)
      .filter((s) => s.seckill_time_id.includes(`,${slotId},`) && !seen.has(s.goods_id) && seen.add(s.goods_id))
      .sort((a, b) => b.sort - a.sort || a.seckill_id - b.seckill_id)
      .flatMap((s) => {
        const goods = catalog.goods(s.goods_id)
        if (!goods || goods.goods_state !== 1) return []
        const skus = catalog.skus(goods.goods_id).filter((k) => s.skus.has(k.sku_id))
        if (skus.length === 0) return []
        const first = skus[0]!
        const best = skus.reduce((a, b) => (s.skus.get(b.sku_id)!.seckill_price < s.skus.get(a.sku_id)!.seckill_price ? b : a))
        const price = s.skus.get(best.sku_id)!.seckill_price
        return [
          {
            id: s.seckill_id,
            site_id: 1,
            seckill_name: s.seckill_name,
            status: s.status,
            remark: s.remark,
            start_time: s.start_time,
            end_time: s.end_time,
            goods_stock: skus.reduce((sum, k) => sum + seckillStock(s.skus.get(k.sku_id)!, k.stock), 0),
            goods_id: goods.goods_id,
            seckill_time_id: s.seckill_time_id,
            seckill_price: money(price),
            sale_num: s.sale_num,
            goods_name: goods.goods_name,
            goods_image: goods.goods_image,
            price: money(best.price),
            discount_rate: Math.floor((price / best.price) * 100),
            sku_id: first.sku_id,
            sale_control: catalog.saleControl(goods),
          },
        ]
      })
  }

  router.post('/seckill/api/seckillgoods/page', (ctx) => {
    if (isEmpty(param(ctx, 'seckill_time_id'))) return error(-1, '缺少参数seckill_time_id')
    const catalog = Catalog.forRequest(ctx)
    const { page, pageSize } = paging(ctx)
    const rows = seckillRows(ctx, catalog)
    return success(pageResult(pageSize > 0 ? rows.slice((page - 1) * pageSize, page * pageSize) : rows, rows.length, pageSize))
  })

  router.post('/seckill/api/seckillgoods/lists', (ctx) => {
    if (isEmpty(param(ctx, 'seckill_time_id'))) return error(-1, '缺少参数seckill_time_id')
    const catalog = Catalog.forRequest(ctx)
    const num = int(ctx, 'num', 0)
    const rows = seckillRows(ctx, catalog)
    return success(num > 0 ? rows.slice(0, num) : rows)
  })

  /**
   * One SKU of a running seckill with the activity's numbers (stock = min(activity, real), the
   * per-member limit and what the caller bought of it today); undefined when there is none.
   */
  const seckillSku = (ctx: Context, catalog: Catalog, seckillId: number, choose: (skus: SkuRecord[]) => SkuRecord | undefined) => {
    const seckill = findSeckill(ctx, catalog, seckillId)
    const goods = seckill ? catalog.goods(seckill.goods_id) : undefined
    if (!seckill || !goods) return undefined
    const skus = catalog.skus(goods.goods_id).filter((k) => seckill.skus.has(k.sku_id))
    const sku = choose(skus)
    if (!sku) return undefined
    const item = seckill.skus.get(sku.sku_id)!
    const slots = slotsOf(ctx, seckill.seckill_time_id)
    const detail: Record<string, unknown> = {
      ...detailView(ctx, catalog, goods, sku),
      id: item.id,
      seckill_id: seckill.seckill_id,
      seckill_name: seckill.seckill_name,
      seckill_price: money(item.seckill_price),
      max_buy: seckill.goods_limit,
      goods_min: seckill.goods_min,
      num_multiple: seckill.num_multiple,
      stock: seckillStock(item, sku.stock),
      status: seckill.status,
      start_time: seckill.start_time,
      end_time: seckill.end_time,
      sale_num: seckill.sale_num,
      remark: seckill.remark,
      site_id: 1,
      goods_stock: skus.reduce((sum, k) => sum + seckillStock(seckill.skus.get(k.sku_id)!, k.stock), 0),
      seckill_start_time: slots[0]?.seckill_start_time ?? 0,
      seckill_end_time: slots[0]?.seckill_end_time ?? 0,
      time_list: slots.map((s) => ({ seckill_start_time: s.seckill_start_time, seckill_end_time: s.seckill_end_time })),
    }
    // What the member bought of this SKU in this seckill today (the limit counts it).
    if (catalog.viewer) detail.purchased_num = seckillPurchased(ctx.db, catalog.viewer.memberId, seckill.seckill_id, sku.sku_id, catalog.now)
    else delete detail.purchased_num
    return detail
  }

  // {seckill_id} → {goods_sku_detail} of the activity's first SKU: as 5.5.2, `sku_id` is not read
  // (another SKU is `info`'s); an unknown or ended activity → {goods_sku_detail: null}.
  router.post('/seckill/api/seckillgoods/detail', (ctx) => {
    if (isEmpty(param(ctx, 'seckill_id')) && isEmpty(param(ctx, 'id'))) return error(-1, '缺少参数seckill_id')
    const catalog = Catalog.forRequest(ctx)
    const detail = seckillSku(ctx, catalog, int(ctx, 'seckill_id', int(ctx, 'id', 0)), (skus) => skus[0])
    if (!detail) return success({ goods_sku_detail: null })
    return success({ goods_sku_detail: { ...pick(detail, SECKILL_DETAIL_KEYS), ...pick(detail, CONTRACT_KEYS) } })
  })

  // {seckill_id, sku_id} → {goods_sku_detail} of that SKU, the spec switch of the PC (5.5.2's
  // `info`, "【PC端在用】"): the seckill goods row's columns and the slot's times, no time_list and none
  // of the goods page's extras; a SKU not in the running activity → {type: 'again', sku_id: null}.
  router.post('/seckill/api/seckillgoods/info', (ctx) => {
    if (isEmpty(param(ctx, 'seckill_id'))) return error(-1, '缺少参数seckill_id')
    if (isEmpty(param(ctx, 'sku_id'))) return error(-1, '缺少参数sku_id')
    const catalog = Catalog.forRequest(ctx)
    const skuId = int(ctx, 'sku_id', 0)
    const detail = seckillSku(ctx, catalog, int(ctx, 'seckill_id', 0), (skus) => skus.find((k) => k.sku_id === skuId))
    if (!detail) return success({ type: 'again', sku_id: null })
    return success({ goods_sku_detail: pick(detail, SECKILL_INFO_KEYS) })
  })

  // The running 满减 activity of a goods, or null.
  router.post('/manjian/api/manjian/info', (ctx) => {
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    const catalog = Catalog.forRequest(ctx)
    const goods = catalog.goods(int(ctx, 'goods_id', 0))
    return success(goods ? catalog.manjianOf(goods) : null)
  })

  // The caller's sale-control rules, by goods or by category (not in upstream Niushop; this B2B flavour's addon).
  router.post('/salecontrol/api/salecontrol/saleControlList', (ctx) => {
    const memberId = requireMember(ctx)
    const type = str(ctx, 'type', 'goods') === 'category' ? 'category' : 'goods'
    const { page, pageSize } = paging(ctx)
    const rules = saleRulesFor(ctx.db, viewerFor(ctx.db, memberId)).filter((r) => r.type === type)
    const slice = pageSize > 0 ? rules.slice((page - 1) * pageSize, page * pageSize) : rules
    const list = slice.map((r) => {
      const common = { is_member_by: r.is_member_by, view_price: r.view_price, not_buy_msg: r.not_buy_msg, reason: r.reason }
      if (type === 'goods') {
        const goods = ctx.db.prepare('SELECT goods_id, sku_id, goods_name, goods_image FROM goods WHERE goods_id = ?').get(r.goods_id) as
          { goods_id: number; sku_id: number; goods_name: string; goods_image: string } | undefined
        return {
          id: r.id,
          type,
          goods_id: r.goods_id,
          sku_id: goods?.sku_id ?? 0,
          goods_name: goods?.goods_name ?? '',
          sku_image: goods?.goods_image.split(',')[0] ?? '',
          ...common,
        }
      }
      const category = ctx.db.prepare('SELECT category_name FROM goods_category WHERE category_id = ?').get(r.category_id) as { category_name: string } | undefined
      return { id: r.id, type, category_id: r.category_id, category_name: category?.category_name ?? '', ...common }
    })
    return success(pageResult(list, rules.length, pageSize))
  })
}
