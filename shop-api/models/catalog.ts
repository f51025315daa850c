import type { Database } from 'better-sqlite3'
import { money, nowSeconds, phpJson } from '../core/format.js'
import { str, type Context } from '../core/router.js'
import { idList, PAGE_ROW_KEYS, pick, qty3, round2, type GoodsRecord, type SaleControlView, type SkuRecord, type Viewer } from './catalog-rows.js'
import {
  loadPromotions,
  PROMOTION_COLORS,
  PROMOTION_NAMES,
  promotionKindsOf,
  type BundlingRow,
  type GetFreeRow,
  type ManjianRow,
  type PromotionKind,
  type Promotions,
} from './catalog-promotions.js'
import { qualificationBlockFor, qualificationMessage } from './qualification.js'

/**
 * The catalog as the API answers it: goods/SKU rows joined with brands, labels, promotions,
 * the caller's member price and sale control. One `Catalog` per request (it caches look-ups).
 *
 * Row shapes: `pageRow` has the real goodssku/page row keys plus the pharmacy fields of
 * docs/catalog-contract.md (CONTRACT_KEYS); `detail` the real goodssku/detail keys plus the same.
 */

// ---------------------------------------------------------------------------------------------
// Who is asking

/** The member of `token` if it is valid; public goods endpoints ignore a bad token (visitor). */
export function optionalMemberId(ctx: Context): number {
  const token = str(ctx, 'token')
  if (!token) return 0
  const result = ctx.services.tokens.check(token)
  if (!result.ok) return 0
  if (result.refreshToken) ctx.refreshToken = result.refreshToken
  return result.memberId
}

export function viewerFor(db: Database, memberId: number): Viewer | null {
  if (!memberId) return null
  const row = db
    .prepare(
      `SELECT m.member_id, m.member_level, m.member_label, COALESCE(l.consume_discount, 100) AS consume_discount
       FROM member m LEFT JOIN member_level l ON l.level_id = m.member_level WHERE m.member_id = ?`,
    )
    .get(memberId) as { member_id: number; member_level: number; member_label: string; consume_discount: number } | undefined
  if (!row) return null
  return { memberId: row.member_id, memberLevel: row.member_level, consumeDiscount: row.consume_discount, labels: idList(row.member_label) }
}

// ---------------------------------------------------------------------------------------------

interface SaleRule {
  id: number
  type: 'goods' | 'category'
  goods_id: number
  category_id: number
  is_member_by: number
  view_price: number
  not_buy_msg: string
  reason: string
}

/** Rules of the sale_control table that apply to this member (member id and label scopes). */
export function saleRulesFor(db: Database, viewer: Viewer | null): SaleRule[] {
  if (!viewer) return []
  const rows = db.prepare('SELECT * FROM sale_control ORDER BY id').all() as (SaleRule & { member_id: number; member_label: number })[]
  return rows.filter((r) => (r.member_id === 0 || r.member_id === viewer.memberId) && (r.member_label === 0 || viewer.labels.includes(r.member_label)))
}

/**
 * Sale control's refusal to order a goods, upstream's wording: a member orders only goods they
 * may buy (`is_member_by`) and see the price of (`view_price`); null when both hold.
 */
export function saleRefusal(control: Pick<SaleControlView, 'is_member_by' | 'view_price' | 'not_buy_msg'> | null): string | null {
  if (!control || (control.is_member_by && control.view_price)) return null
  return control.not_buy_msg || '您没有该商品的购买权限'
}

export interface ServiceRow {
  id: number
  service_name: string
  desc: string
  icon: string
}

export class Catalog {
  readonly now = nowSeconds()
  private promotionsCache?: Promotions
  private saleRulesCache?: SaleRule[]
  private orderStatsCache?: Map<number, { count: number; money: number; num: number }>
  private readonly goodsCache = new Map<number, GoodsRecord | undefined>()
  private readonly skusCache = new Map<number, SkuRecord[]>()
  private labelsCache?: Map<number, { label_id: number; label_name: string; label_color: string; font_color: string }>

  constructor(
    readonly db: Database,
    readonly viewer: Viewer | null,
    /** Public origin of this API (http://host:port), for absolute URLs inside HTML. */
    readonly origin = '',
  ) {}

  static forRequest(ctx: Context, memberId = optionalMemberId(ctx)): Catalog {
    return new Catalog(ctx.db, viewerFor(ctx.db, memberId), ctx.origin ?? '')
  }

  get promotions(): Promotions {
    return (this.promotionsCache ??= loadPromotions(this.db, this.now))
  }

  goods(goodsId: number): GoodsRecord | undefined {
    if (!this.goodsCache.has(goodsId)) {
      this.goodsCache.set(goodsId, this.db.prepare('SELECT * FROM goods WHERE goods_id = ? AND is_delete = 0').get(goodsId) as GoodsRecord | undefined)
    }
    return this.goodsCache.get(goodsId)
  }

  skus(goodsId: number): SkuRecord[] {
    let rows = this.skusCache.get(goodsId)
    if (!rows) {
      rows = this.db.prepare('SELECT * FROM goods_sku WHERE goods_id = ? ORDER BY sku_id').all(goodsId) as SkuRecord[]
      this.skusCache.set(goodsId, rows)
    }
    return rows
  }

  sku(skuId: number): SkuRecord | undefined {
    const row = this.db.prepare('SELECT goods_id FROM goods_sku WHERE sku_id = ?').get(skuId) as { goods_id: number } | undefined
    return row ? this.skus(row.goods_id).find((s) => s.sku_id === skuId) : undefined
  }

  defaultSku(goods: GoodsRecord): SkuRecord {
    const skus = this.skus(goods.goods_id)
    return skus.find((s) => s.sku_id === goods.sku_id) ?? skus[0]!
  }

  private get labels() {
    if (!this.labelsCache) {
      const rows = this.db.prepare('SELECT label_id, label_name, label_color, font_color FROM goods_label ORDER BY sort, label_id').all() as {
        label_id: number
        label_name: string
        label_color: string
        font_color: string
      }[]
      this.labelsCache = new Map(rows.map((r) => [r.label_id, r]))
    }
    return this.labelsCache
  }

  private get orderStats() {
    if (!this.orderStatsCache) {
      this.orderStatsCache = new Map()
      if (this.viewer) {
        const rows = this.db
          .prepare(
            `SELECT og.goods_id, COUNT(DISTINCT og.order_id) AS count, SUM(og.goods_money) AS money, SUM(og.num) AS num
             FROM order_goods og JOIN orders o ON o.order_id = og.order_id
             WHERE og.member_id = ? AND o.is_delete = 0 AND o.order_status != -1 AND og.goods_id > 0 GROUP BY og.goods_id`,
          )
          .all(this.viewer.memberId) as { goods_id: number; count: number; money: number; num: number }[]
        for (const r of rows) this.orderStatsCache.set(r.goods_id, { count: r.count, money: r.money, num: r.num })
      }
    }
    return this.orderStatsCache
  }

  /** The caller's bought quantity of a goods (its orders that are not closed). */
  purchasedNum(goodsId: number): number {
    return this.orderStats.get(goodsId)?.num ?? 0
  }

  /** The member's view of the goods: `{is_member_by, view_price, not_buy_msg}`; null for visitors and uncontrolled goods. */
  saleControl(goods: GoodsRecord): SaleControlView | null {
    if (!this.viewer) return null
    const rules = (this.saleRulesCache ??= saleRulesFor(this.db, this.viewer))
    const rule =
      rules.find((r) => r.type === 'goods' && r.goods_id === goods.goods_id) ?? rules.find((r) => r.type === 'category' && goods.category_id.includes(`,${r.category_id},`))
    if (rule) return { is_member_by: rule.is_member_by, view_price: rule.view_price, not_buy_msg: rule.not_buy_msg }
    // A goods that needs a qualification the member lacks (or has expired/refused): visible, not buyable (ADR 024).
    const block = qualificationBlockFor(this.db, this.viewer, goods)
    return block ? { is_member_by: 0, view_price: 1, not_buy_msg: qualificationMessage(block), ...block } : null
  }

  /** Member level price of a SKU ("" for visitors and goods without one). */
  memberPrice(goods: GoodsRecord, sku: SkuRecord): string {
    if (!this.viewer || !goods.is_consume_discount || this.viewer.consumeDiscount >= 100) return ''
    return money(round2((sku.price * this.viewer.consumeDiscount) / 100))
  }

  /** The kinds of promotion the goods takes part in, in display precedence order (PROMOTION_ORDER), with their ids. */
  promotionKinds(goods: GoodsRecord): { kind: PromotionKind; id: number }[] {
    return promotionKindsOf(this.promotions, goods.goods_id)
  }

  /** `goods_promotion` of rows and detail: `[{promotion_type, promotion_name, id: "1"}]`. */
  goodsPromotion(goods: GoodsRecord): { promotion_type: string; promotion_name: string; id: string }[] {
    return this.promotionKinds(goods).map(({ kind, id }) => ({ promotion_type: kind, promotion_name: PROMOTION_NAMES[kind]!, id: String(id) }))
  }

  /** `promotion_info` of the display-winning promotion that has numbers (getfree, seckill, discount, wholesale), else null. */
  promotionInfo(goods: GoodsRecord, sku: SkuRecord): Record<string, unknown> | null {
    const p = this.promotions
    for (const { kind } of this.promotionKinds(goods)) {
      if (kind === 'getfree') {
        const row = p.getfreeByGoods.get(goods.goods_id)!
        return { is_ladder: row.is_ladder, getFreeGoods: this.getFreeGoods(row), start_time: row.start_time, end_time: row.end_time }
      }
      if (kind === 'seckill') {
        const s = p.seckillByGoods.get(goods.goods_id)!
        const item = s.skus.get(sku.sku_id)
        if (!item) continue
        return {
          goods_min: s.goods_min,
          goods_limit: s.goods_limit,
          num_multiple: s.num_multiple,
          price: money(item.seckill_price),
          seckill_id: s.seckill_id,
          stock: Math.min(item.stock, sku.stock),
          start_time: s.start_time,
          end_time: s.end_time,
        }
      }
      if (kind === 'discount') {
        const d = p.discountBySku.get(sku.sku_id)
        if (!d) continue
        return {
          goods_min: d.goods_min,
          goods_limit: d.goods_limit,
          num_multiple: d.num_multiple,
          price: money(d.discount_price),
          discount_id: d.discount_id,
          start_time: d.start_time,
          end_time: d.end_time,
        }
      }
      if (kind === 'wholesale') {
        const w = p.wholesaleByGoods.get(goods.goods_id)!
        return { price_json: JSON.parse(w.price_json) as unknown, start_time: w.start_time, end_time: w.end_time }
      }
    }
    return null
  }

  getFreeGoods(row: GetFreeRow): Record<string, unknown>[] {
    const offers = JSON.parse(row.offers) as (Record<string, unknown> & { goods_id: number; sku_id: number })[]
    return offers.map((offer) => {
      const gift = this.goods(offer.goods_id)
      const giftSku = gift ? (this.skus(gift.goods_id).find((s) => s.sku_id === offer.sku_id) ?? this.defaultSku(gift)) : undefined
      return {
        ...offer,
        goods:
          gift && giftSku
            ? {
                goods_id: gift.goods_id,
                goods_name: gift.goods_name,
                goods_image: gift.goods_image,
                sku_id: giftSku.sku_id,
                sku_name: giftSku.sku_name,
                price: money(giftSku.price),
                unit: gift.unit,
              }
            : null,
      }
    })
  }

  promotionColor(goods: GoodsRecord): string {
    const first = this.promotionKinds(goods)[0]
    return first ? PROMOTION_COLORS[first.kind] : ''
  }

  promotionAddon(goods: GoodsRecord): string {
    const kinds = this.promotionKinds(goods)
    if (kinds.length === 0) return ''
    return phpJson(Object.fromEntries(kinds.map(({ kind, id }) => [kind, String(id)])))
  }

  labelsOf(goods: GoodsRecord) {
    return idList(goods.label_ids).flatMap((id) => {
      const label = this.labels.get(id)
      return label ? [{ ...label }] : []
    })
  }

  /** Days until the expiry date (attr_validity), 0 when past or unknown. */
  validityDays(goods: GoodsRecord): number {
    const end = Date.parse(`${goods.attr_validity}T23:59:59+08:00`)
    if (!Number.isFinite(end)) return 0
    return Math.max(0, Math.floor((end / 1000 - this.now) / 86400))
  }

  /** The pharmacy fields of docs/catalog-contract.md for one SKU. */
  contractFields(goods: GoodsRecord, sku: SkuRecord): Record<string, unknown> {
    const stats = this.orderStats.get(goods.goods_id)
    return {
      attr: {
        attr_country_code: goods.attr_country_code,
        attr_specs: sku.attr_specs || goods.attr_specs,
        attr_place: goods.attr_place,
        attr_validity: goods.attr_validity,
        attr_goods_attr: goods.attr_goods_attr,
        attr_production_date: goods.attr_production_date,
        attr_factory: goods.attr_factory,
      },
      goods_attr: goods.goods_attr,
      is_jc: goods.is_jc,
      is_trace: goods.is_trace,
      goods_label: this.labelsOf(goods),
      promotion_color: this.promotionColor(goods),
      is_medicinal: goods.is_medicinal,
      is_chinese_medicine: goods.is_chinese_medicine,
      stock_name: sku.stock <= 0 ? '缺货' : sku.stock < 100 ? '紧张' : '充足',
      validity_days: this.validityDays(goods),
      goods_erp_spid: goods.goods_erp_spid,
      tax_rate: money(goods.tax_rate),
      total_order_count: stats?.count ?? 0,
      total_order_money: money(stats?.money ?? 0),
      brand_id: goods.brand_id,
      brand_name: goods.brand_name,
      promotion_info: this.promotionInfo(goods, sku),
      sale_control: this.saleControl(goods),
      goods_promotion: this.goodsPromotion(goods),
    }
  }

  /** A goodssku/page row (also recommend, floors, brand goods): the real keys + CONTRACT_KEYS. */
  pageRow(goods: GoodsRecord, sku: SkuRecord = this.defaultSku(goods)): Record<string, unknown> {
    const base: Record<string, unknown> = {
      is_consume_discount: goods.is_consume_discount,
      discount_config: 0,
      discount_method: '',
      member_price: this.memberPrice(goods, sku),
      goods_id: goods.goods_id,
      sort: goods.sort,
      sku_id: sku.sku_id,
      sku_name: sku.sku_name,
      price: money(sku.price),
      market_price: money(sku.market_price),
      discount_price: money(sku.discount_price),
      stock: sku.stock,
      sale_num: goods.sale_num,
      sale_sort: qty3(goods.sale_num),
      sku_image: sku.sku_image,
      goods_name: goods.goods_name,
      site_id: 1,
      is_free_shipping: goods.is_free_shipping,
      introduction: goods.introduction,
      promotion_type: sku.promotion_type,
      goods_stock: qty3(goods.goods_stock),
      goods_image: goods.goods_image,
      promotion_addon: this.promotionAddon(goods),
      is_virtual: goods.is_virtual,
      goods_spec_format: goods.goods_spec_format ?? '',
      recommend_way: goods.recommend_way,
      max_buy: goods.max_buy,
      min_buy: goods.min_buy,
      unit: goods.unit,
      is_limit: goods.is_limit,
      limit_type: goods.limit_type,
      label_name: goods.label_name,
      stock_show: 1,
      sale_show: 1,
      market_price_show: 1,
      barrage_show: 0,
      sale_channel: 'all',
      sale_store: 'all',
    }
    return { ...pick(base, PAGE_ROW_KEYS), ...this.contractFields(goods, sku) }
  }

  /** goods_spec_format of a SKU: each value carries the sku_id it leads to (0 + disabled when none). */
  specFormatFor(goods: GoodsRecord, sku: SkuRecord): string | null {
    if (!goods.goods_spec_format) return null
    const specs = JSON.parse(goods.goods_spec_format) as { spec_id: number; spec_name: string; value: { spec_value_name: string }[] }[]
    const skus = this.skus(goods.goods_id)
    const valuesOf = (s: SkuRecord) => (s.sku_spec_format ? (JSON.parse(s.sku_spec_format) as { spec_value_name: string }[]).map((v) => v.spec_value_name) : [])
    const current = valuesOf(sku)
    const out = specs.map((spec, i) => ({
      ...spec,
      value: spec.value.map((value) => {
        const wanted = current.map((v, j) => (j === i ? value.spec_value_name : v))
        const target = skus.find((s) => valuesOf(s).join('\u0001') === wanted.join('\u0001'))
        return { ...value, selected: current[i] === value.spec_value_name, sku_id: target?.sku_id ?? 0, disabled: !target }
      }),
    }))
    return phpJson(out)
  }

  /** goods_content with relative image paths made absolute (as an editor's uploads are). */
  content(goods: GoodsRecord): string {
    if (!this.origin) return goods.goods_content
    return goods.goods_content.replace(/(<img[^>]*?\ssrc=")(upload\/)/g, `$1${this.origin}/$2`)
  }

  services(goods: GoodsRecord): { service_name: string; desc: string; icon: string }[] {
    const ids = idList(goods.goods_service_ids)
    if (ids.length === 0) return []
    const rows = this.db
      .prepare(`SELECT id, service_name, "desc", icon FROM goods_service WHERE id IN (${ids.map(() => '?').join(',')}) ORDER BY sort, id`)
      .all(...ids) as ServiceRow[]
    // In the detail the icon stays JSON text (the /api/goods/service list decodes it).
    return rows.map((r) => ({ service_name: r.service_name, desc: r.desc, icon: r.icon }))
  }

  isCollected(goodsId: number): number {
    if (!this.viewer) return 0
    return this.db.prepare('SELECT 1 FROM goods_collect WHERE member_id = ? AND goods_id = ?').get(this.viewer.memberId, goodsId) ? 1 : 0
  }

  bundlingsOf(goods: GoodsRecord): Record<string, unknown>[] {
    return this.promotions.bundlings.filter((b) => b.items.some((i) => i.goods_id === goods.goods_id)).map((b) => this.bundlingView(b))
  }

  bundlingView(b: BundlingRow): Record<string, unknown> {
    const items = b.items.flatMap((item) => {
      const g = this.goods(item.goods_id)
      const s = g ? this.skus(g.goods_id).find((x) => x.sku_id === item.sku_id) : undefined
      if (!g || !s) return []
      return [
        {
          id: item.sku_id,
          bl_id: b.bl_id,
          sku_id: s.sku_id,
          goods_id: g.goods_id,
          sku_name: s.sku_name,
          goods_name: g.goods_name,
          sku_image: s.sku_image,
          price: money(s.discount_price),
          promotion_price: money(item.promotion_price),
          stock: s.stock,
          unit: g.unit,
          goods_state: g.goods_state,
          sale_store: 'all',
        },
      ]
    })
    const goodsMoney = items.reduce((sum, i) => sum + Number(i.price), 0)
    return {
      bl_id: b.bl_id,
      site_id: 1,
      bl_name: b.bl_name,
      bl_price: money(b.bl_price),
      goods_money: money(goodsMoney),
      shipping_fee_type: b.shipping_fee_type,
      status: b.status,
      bundling_goods: items,
      bundling_goods_count: items.length,
    }
  }

  manjianOf(goods: GoodsRecord): Record<string, unknown> | null {
    const m = this.promotions.manjians.find((x) => x.manjian_type === 1 || x.goods_ids.includes(`,${goods.goods_id},`))
    return m ? manjianView(m) : null
  }
}

export function manjianView(m: ManjianRow): Record<string, unknown> {
  const rules = (JSON.parse(m.rule_json) as Record<string, unknown>[]).map((r) => ({ ...r, [m.type === 0 ? 'money' : 'num']: r.limit }))
  return {
    manjian_id: m.manjian_id,
    site_id: 1,
    manjian_name: m.manjian_name,
    manjian_type: m.manjian_type,
    type: m.type,
    goods_ids: m.goods_ids,
    status: m.status,
    rule_json: rules,
    start_time: m.start_time,
    end_time: m.end_time,
  }
}
