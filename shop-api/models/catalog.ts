import type { Database } from 'better-sqlite3'
import { money, nowSeconds, phpJson } from '../core/format.js'
import { str, type Context } from '../core/router.js'
import { qualificationBlockFor, qualificationMessage } from './qualification.js'

/**
 * The catalog as the API answers it: goods/SKU rows joined with brands, labels, promotions,
 * the caller's member price and sale control. One `Catalog` per request (it caches look-ups).
 *
 * Row shapes: `pageRow` has the real goodssku/page row keys plus the pharmacy fields of
 * docs/catalog-contract.md (CONTRACT_KEYS); `detail` the real goodssku/detail keys plus the same.
 */

export interface GoodsRecord {
  goods_id: number
  goods_name: string
  goods_class: number
  goods_image: string
  goods_state: number
  is_delete: number
  category_id: string
  leaf_category_id: number
  brand_id: number
  brand_name: string
  sku_id: number
  price: number
  market_price: number
  goods_stock: number
  sale_num: number
  click_num: number
  collect_num: number
  evaluate: number
  sort: number
  create_time: number
  introduction: string
  keywords: string
  unit: string
  goods_content: string
  goods_spec_format: string | null
  goods_attr_format: string
  goods_service_ids: string
  label_ids: string
  label_name: string
  is_free_shipping: number
  is_virtual: number
  min_buy: number
  max_buy: number
  is_limit: number
  limit_type: number
  is_consume_discount: number
  recommend_way: number
  video_url: string
  attr_country_code: string
  attr_specs: string
  attr_place: string
  attr_validity: string
  attr_goods_attr: string
  attr_production_date: string
  attr_factory: string
  goods_attr: string
  is_jc: number
  is_trace: number
  is_medicinal: number
  is_chinese_medicine: number
  goods_erp_spid: string
  tax_rate: number
}

export interface SkuRecord {
  sku_id: number
  goods_id: number
  sku_name: string
  sku_no: string
  sku_spec_format: string
  spec_label: string
  price: number
  market_price: number
  discount_price: number
  promotion_type: number
  start_time: number
  end_time: number
  stock: number
  sale_num: number
  click_num: number
  sku_image: string
  sku_images: string
  keywords: string
  attr_specs: string
  is_default: number
}

export interface Viewer {
  memberId: number
  memberLevel: number
  /** Level discount in percent (100 = none). */
  consumeDiscount: number
  labels: number[]
}

export interface SaleControlView {
  is_member_by: number
  view_price: number
  not_buy_msg: string
  /** Set when a missing qualification is the reason (docs/qualifications.md). */
  qualification_id?: number
  qualification_name?: string
  qualification_status?: string
}

export const PROMOTION_NAMES: Record<string, string> = {
  getfree: '换购',
  seckill: '限时秒杀',
  discount: '限时折扣',
  wholesale: '批发',
  bundling: '组合套餐',
  groupbuy: '团购',
  topic: '专题活动',
}

/** Display precedence (spec §4) extended with the kinds the spec does not rank. */
export const PROMOTION_ORDER = ['getfree', 'seckill', 'discount', 'wholesale', 'bundling', 'groupbuy', 'topic'] as const
export type PromotionKind = (typeof PROMOTION_ORDER)[number]

export const PROMOTION_COLORS: Record<PromotionKind, string> = {
  getfree: '#8E44AD',
  seckill: '#FF4544',
  discount: '#FF7A00',
  wholesale: '#1E6FD9',
  bundling: '#13A05E',
  groupbuy: '#E91E63',
  topic: '#00A5C8',
}

/** The pharmacy fields added to goods rows (docs/catalog-contract.md), in answer order. */
export const CONTRACT_KEYS = [
  'attr',
  'goods_attr',
  'is_jc',
  'is_trace',
  'goods_label',
  'promotion_color',
  'is_medicinal',
  'is_chinese_medicine',
  'stock_name',
  'validity_days',
  'goods_erp_spid',
  'tax_rate',
  'total_order_count',
  'total_order_money',
  'brand_id',
  'brand_name',
  'promotion_info',
  'sale_control',
  'goods_promotion',
] as const

/** goodssku/page row keys of the real answer, in its order. */
export const PAGE_ROW_KEYS = [
  'is_consume_discount',
  'discount_config',
  'discount_method',
  'member_price',
  'goods_id',
  'sort',
  'sku_id',
  'sku_name',
  'price',
  'market_price',
  'discount_price',
  'stock',
  'sale_num',
  'sale_sort',
  'sku_image',
  'goods_name',
  'site_id',
  'is_free_shipping',
  'introduction',
  'promotion_type',
  'goods_stock',
  'goods_image',
  'promotion_addon',
  'is_virtual',
  'goods_spec_format',
  'recommend_way',
  'max_buy',
  'min_buy',
  'unit',
  'is_limit',
  'limit_type',
  'label_name',
  'stock_show',
  'sale_show',
  'market_price_show',
  'barrage_show',
  'sale_channel',
  'sale_store',
] as const

/** Goods list display config answered next to non-empty goodssku/page lists (as the real one). */
export const GOODS_LIST_CONFIG = {
  fontWeight: false,
  padding: 10,
  cartEvent: 'detail',
  text: '购买',
  textColor: '#FFFFFF',
  theme: 'default',
  aroundRadius: 25,
  control: true,
  bgColor: '#FF6A00',
  style: 'button',
  nameLineMode: 'single',
  iconDiy: {
    iconType: 'icon',
    icon: '',
    'style=': { fontSize: '60', iconBgColor: [], iconBgColorDeg: 0, iconBgImg: '', bgRadius: 0, iconColor: ['#000000'], iconColorDeg: 0 },
  },
}

/** Money with 3 decimals, as the real API answers goods_stock ("210.000"). */
export function qty3(n: number): string {
  return (Number.isFinite(n) ? n : 0).toFixed(3)
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100
}

/** Keep `keys` of `source`, in that order (missing keys are left out). */
export function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of keys) if (key in source) out[key] = source[key]
  return out
}

/** A comma-wrapped id list (",1,2,") → ids. */
export function idList(text: string): number[] {
  return text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
}

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
// Promotions of a goods

export interface SeckillInfo {
  seckill_id: number
  seckill_name: string
  status: number
  remark: string
  start_time: number
  end_time: number
  sort: number
  create_time: number
  modify_time: number
  goods_id: number
  seckill_time_id: string
  goods_min: number
  goods_limit: number
  num_multiple: number
  sale_num: number
  skus: Map<number, { id: number; seckill_price: number; stock: number }>
}

interface DiscountSku {
  discount_id: number
  discount_name: string
  start_time: number
  end_time: number
  discount_price: number
  goods_min: number
  goods_limit: number
  num_multiple: number
}

interface WholesaleRow {
  wholesale_goods_id: number
  goods_id: number
  price_json: string
  start_time: number
  end_time: number
}

export interface GetFreeRow {
  getfree_id: number
  goods_id: number
  is_ladder: number
  offers: string
  start_time: number
  end_time: number
}

export interface BundlingRow {
  bl_id: number
  bl_name: string
  bl_price: number
  shipping_fee_type: number
  status: number
  items: { goods_id: number; sku_id: number; promotion_price: number }[]
}

interface GroupbuyRow {
  groupbuy_id: number
  goods_id: number
  sku_id: number
  groupbuy_price: number
  buy_num: number
  sell_num: number
  status: number
  rule: string
  start_time: number
  end_time: number
}

interface TopicGoodsRow {
  id: number
  topic_id: number
  topic_name: string
  goods_id: number
  sku_id: number
  topic_price: number
  start_time: number
  end_time: number
}

export interface ManjianRow {
  manjian_id: number
  manjian_name: string
  manjian_type: number
  type: number
  goods_ids: string
  status: number
  rule_json: string
  start_time: number
  end_time: number
}

interface Promotions {
  seckillByGoods: Map<number, SeckillInfo>
  discountBySku: Map<number, DiscountSku>
  discountByGoods: Map<number, number>
  wholesaleByGoods: Map<number, WholesaleRow>
  getfreeByGoods: Map<number, GetFreeRow>
  bundlings: BundlingRow[]
  groupbuyByGoods: Map<number, GroupbuyRow>
  topicByGoods: Map<number, TopicGoodsRow>
  manjians: ManjianRow[]
}

function running(row: { start_time: number; end_time: number }, now: number): boolean {
  return row.start_time <= now && (row.end_time === 0 || now < row.end_time)
}

/** Seconds since midnight in the shop's zone (+08:00), the unit of seckill slots. */
export function secondsOfDay(now: number): number {
  return (((now + 8 * 3600) % 86400) + 86400) % 86400
}

/** The seckill activities within their dates (status 1), with their SKUs, whatever the time of day. */
export function seckillActivities(db: Database, now: number): SeckillInfo[] {
  const seckills = db.prepare('SELECT * FROM seckill WHERE status = 1 ORDER BY sort DESC, seckill_id').all() as Omit<SeckillInfo, 'skus'>[]
  const seckillSkus = db.prepare('SELECT id, seckill_id, sku_id, seckill_price, stock FROM seckill_goods ORDER BY id').all() as {
    id: number
    seckill_id: number
    sku_id: number
    seckill_price: number
    stock: number
  }[]
  return seckills
    .filter((s) => running(s, now))
    .map((s) => ({
      ...s,
      skus: new Map(seckillSkus.filter((x) => x.seckill_id === s.seckill_id).map((x) => [x.sku_id, { id: x.id, seckill_price: x.seckill_price, stock: x.stock }])),
    }))
}

/** Whether the time of day lies in one of the activity's slots (seckill_time_id ",1,3,"). */
export function inSeckillSlot(db: Database, seckillTimeId: string, now: number): boolean {
  const ofDay = secondsOfDay(now)
  const slots = db.prepare(`SELECT seckill_start_time, seckill_end_time FROM seckill_time WHERE ? LIKE '%,' || id || ',%'`).all(seckillTimeId) as {
    seckill_start_time: number
    seckill_end_time: number
  }[]
  return slots.some((slot) => slot.seckill_start_time <= ofDay && ofDay <= slot.seckill_end_time)
}

function loadPromotions(db: Database, now: number): Promotions {
  // A seckill prices goods (badge, cart, buy now) only while one of its slots is on.
  const seckillByGoods = new Map<number, SeckillInfo>()
  for (const s of seckillActivities(db, now)) {
    if (seckillByGoods.has(s.goods_id) || !inSeckillSlot(db, s.seckill_time_id, now)) continue
    seckillByGoods.set(s.goods_id, s)
  }

  const discountBySku = new Map<number, DiscountSku>()
  const discountByGoods = new Map<number, number>()
  const discountRows = db
    .prepare(
      `SELECT dg.goods_id, dg.sku_id, dg.discount_price, dg.goods_min, dg.goods_limit, dg.num_multiple,
              d.discount_id, d.discount_name, d.start_time, d.end_time
       FROM discount_goods dg JOIN discount d ON d.discount_id = dg.discount_id WHERE d.status = 1 ORDER BY dg.id`,
    )
    .all() as (DiscountSku & { goods_id: number; sku_id: number })[]
  for (const d of discountRows) {
    if (!running(d, now)) continue
    discountBySku.set(d.sku_id, d)
    discountByGoods.set(d.goods_id, d.discount_id)
  }

  const byGoods = <T extends { goods_id: number; start_time: number; end_time: number }>(rows: T[]) => {
    const map = new Map<number, T>()
    for (const row of rows) if (running(row, now) && !map.has(row.goods_id)) map.set(row.goods_id, row)
    return map
  }

  const bundlingRows = db.prepare('SELECT bl_id, bl_name, bl_price, shipping_fee_type, status FROM bundling WHERE status = 1 ORDER BY bl_id').all() as Omit<BundlingRow, 'items'>[]
  const bundlingItems = db.prepare('SELECT bl_id, goods_id, sku_id, promotion_price FROM bundling_goods ORDER BY id').all() as {
    bl_id: number
    goods_id: number
    sku_id: number
    promotion_price: number
  }[]

  return {
    seckillByGoods,
    discountBySku,
    discountByGoods,
    wholesaleByGoods: byGoods(db.prepare('SELECT * FROM wholesale_goods WHERE status = 1 ORDER BY wholesale_goods_id').all() as WholesaleRow[]),
    getfreeByGoods: byGoods(db.prepare('SELECT * FROM getfree WHERE status = 1 ORDER BY getfree_id').all() as GetFreeRow[]),
    bundlings: bundlingRows.map((b) => ({
      ...b,
      items: bundlingItems.filter((i) => i.bl_id === b.bl_id).map(({ goods_id, sku_id, promotion_price }) => ({ goods_id, sku_id, promotion_price })),
    })),
    groupbuyByGoods: byGoods(db.prepare('SELECT * FROM groupbuy WHERE status = 2 ORDER BY groupbuy_id').all() as GroupbuyRow[]),
    topicByGoods: byGoods(
      db
        .prepare(
          `SELECT tg.id, tg.topic_id, t.topic_name, tg.goods_id, tg.sku_id, tg.topic_price, t.start_time, t.end_time
           FROM topic_goods tg JOIN topic t ON t.topic_id = tg.topic_id WHERE t.status = 2 ORDER BY tg.id`,
        )
        .all() as TopicGoodsRow[],
    ),
    manjians: (db.prepare('SELECT * FROM manjian WHERE status = 1 ORDER BY manjian_id').all() as ManjianRow[]).filter((m) => running(m, now)),
  }
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

  /** The kinds of promotion the goods takes part in, in display precedence order, with their ids. */
  promotionKinds(goods: GoodsRecord): { kind: PromotionKind; id: number }[] {
    const p = this.promotions
    const id = goods.goods_id
    const kinds: { kind: PromotionKind; id: number }[] = []
    const getfree = p.getfreeByGoods.get(id)
    if (getfree) kinds.push({ kind: 'getfree', id: getfree.getfree_id })
    const seckill = p.seckillByGoods.get(id)
    if (seckill) kinds.push({ kind: 'seckill', id: seckill.seckill_id })
    const discount = p.discountByGoods.get(id)
    if (discount) kinds.push({ kind: 'discount', id: discount })
    const wholesale = p.wholesaleByGoods.get(id)
    if (wholesale) kinds.push({ kind: 'wholesale', id: wholesale.wholesale_goods_id })
    const bundling = p.bundlings.find((b) => b.items.some((i) => i.goods_id === id))
    if (bundling) kinds.push({ kind: 'bundling', id: bundling.bl_id })
    const groupbuy = p.groupbuyByGoods.get(id)
    if (groupbuy) kinds.push({ kind: 'groupbuy', id: groupbuy.groupbuy_id })
    const topic = p.topicByGoods.get(id)
    if (topic) kinds.push({ kind: 'topic', id: topic.topic_id })
    return kinds
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
