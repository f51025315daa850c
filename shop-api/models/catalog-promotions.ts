import type { Database } from 'better-sqlite3'

/**
 * The promotions of the catalog: which running promotion (seckill, discount, wholesale, get-free,
 * combo, group buy, topic, full reduction) each goods takes part in, read once per request by
 * `loadPromotions`, and the display precedence of their kinds, `PROMOTION_ORDER`, which is the
 * one source of the order `promotionKindsOf` (and so `Catalog.promotionKinds`, the cart's pricing
 * promotion, `goods_promotion`, `promotion_color` and `promotion_addon`) answers them in.
 */

export const PROMOTION_NAMES: Record<PromotionKind, string> = {
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

export interface DiscountSku {
  discount_id: number
  discount_name: string
  start_time: number
  end_time: number
  discount_price: number
  goods_min: number
  goods_limit: number
  num_multiple: number
}

export interface WholesaleRow {
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

export interface GroupbuyRow {
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

export interface TopicGoodsRow {
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

export interface Promotions {
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

export function loadPromotions(db: Database, now: number): Promotions {
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

/** The id of the goods' running promotion of each kind; undefined when it takes no part in one. */
const PROMOTION_IDS: Record<PromotionKind, (p: Promotions, goodsId: number) => number | undefined> = {
  getfree: (p, goodsId) => p.getfreeByGoods.get(goodsId)?.getfree_id,
  seckill: (p, goodsId) => p.seckillByGoods.get(goodsId)?.seckill_id,
  discount: (p, goodsId) => p.discountByGoods.get(goodsId) || undefined,
  wholesale: (p, goodsId) => p.wholesaleByGoods.get(goodsId)?.wholesale_goods_id,
  bundling: (p, goodsId) => p.bundlings.find((b) => b.items.some((i) => i.goods_id === goodsId))?.bl_id,
  groupbuy: (p, goodsId) => p.groupbuyByGoods.get(goodsId)?.groupbuy_id,
  topic: (p, goodsId) => p.topicByGoods.get(goodsId)?.topic_id,
}

/** The kinds of promotion the goods takes part in, with their ids, in PROMOTION_ORDER. */
export function promotionKindsOf(p: Promotions, goodsId: number): { kind: PromotionKind; id: number }[] {
  return PROMOTION_ORDER.flatMap((kind) => {
    const id = PROMOTION_IDS[kind](p, goodsId)
    return id === undefined ? [] : [{ kind, id }]
  })
}
