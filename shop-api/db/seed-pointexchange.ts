import type { Database } from 'better-sqlite3'
import { SEED_TIME } from './data/site.js'
import { insertRow } from './rows.js'

/**
 * Seed step 16: the points mall (积分商城). Goods exchanges name a SKU by its goods name; coupon
 * exchanges get coupon types of their own that the coupon centre does not list (is_show 0).
 * Points and cash are per unit; stock is the exchange's own; limit is per member (0 = none).
 */
type GoodsExchange = { type: 1; goods: string; point: number; price: number; stock: number; limit: number; content: string }
type CouponExchange = { type: 2; coupon: { name: string; money: number; at_least: number; fixed_term: number }; point: number; stock: number; limit: number; content: string }

export const pointExchanges: (GoodsExchange | CouponExchange)[] = [
  { type: 1, goods: '一次性使用医用口罩 50只', point: 2000, price: 0, stock: 200, limit: 5, content: '三层防护，独立包装，门店与药房日常防护必备。纯积分兑换，运费按店铺规则。' },
  { type: 1, goods: '腕式电子血压计 YE8900A', point: 3000, price: 59, stock: 30, limit: 1, content: '3000 积分加 59 元换购鱼跃腕式电子血压计，每个账号限兑 1 台。' },
  { type: 1, goods: '医用棉签 200支', point: 300, price: 0, stock: 500, limit: 0, content: '医用脱脂棉签，10cm，200 支一包。' },
  { type: 1, goods: '维生素C泡腾片 20片', point: 1500, price: 0, stock: 0, limit: 2, content: '本期兑换已结束，敬请期待下期补货。' },
  {
    type: 2,
    coupon: { name: '积分兑换 满200减20', money: 20, at_least: 200, fixed_term: 30 },
    point: 500,
    stock: 1000,
    limit: 3,
    content: '全场商品满 200 元减 20 元，兑换后 30 天内有效。',
  },
  {
    type: 2,
    coupon: { name: '积分兑换 满500减60', money: 60, at_least: 500, fixed_term: 30 },
    point: 1200,
    stock: 100,
    limit: 1,
    content: '全场商品满 500 元减 60 元，兑换后 30 天内有效，每个账号限兑 1 张。',
  },
]

export function seedPointExchange(db: Database): void {
  pointExchanges.forEach((item, index) => {
    const id = index + 1
    const common = { id, point: item.point, stock: item.stock, limit_num: item.limit, state: 1, sort: index, content: item.content, create_time: SEED_TIME }
    if (item.type === 1) {
      const sku = db
        .prepare('SELECT s.sku_id, s.sku_image, s.price, g.goods_name FROM goods_sku s JOIN goods g ON g.goods_id = s.goods_id WHERE g.goods_name = ? ORDER BY s.sku_id LIMIT 1')
        .get(item.goods) as { sku_id: number; sku_image: string; price: number; goods_name: string } | undefined
      if (!sku) throw new Error(`seed: exchange goods ${item.goods}`)
      insertRow(db, 'point_exchange', {
        ...common,
        type: 1,
        type_id: sku.sku_id,
        name: sku.goods_name,
        image: sku.sku_image,
        price: item.price,
        market_price: sku.price,
        pay_type: item.price > 0 ? 1 : 0,
      })
      return
    }
    const couponTypeId = (db.prepare('SELECT COALESCE(MAX(coupon_type_id), 0) + 1 AS id FROM coupon_type').get() as { id: number }).id
    insertRow(db, 'coupon_type', {
      coupon_type_id: couponTypeId,
      coupon_name: item.coupon.name,
      type: 'reward',
      money: item.coupon.money,
      at_least: item.coupon.at_least,
      count: -1,
      max_fetch: 0,
      goods_type: 1,
      validity_type: 1,
      fixed_term: item.coupon.fixed_term,
      is_show: 0,
      create_time: SEED_TIME,
    })
    insertRow(db, 'point_exchange', { ...common, type: 2, type_id: couponTypeId, name: item.coupon.name, price: 0, market_price: item.coupon.money, pay_type: 0 })
  })
}
