import type { Database } from 'better-sqlite3'
import { categoryColors } from './data/categories.js'
import {
  bundlings,
  couponTypeSeeds,
  discountActivity,
  discounts,
  evaluationSeeds,
  existingCouponScopes,
  floorSeeds,
  getFrees,
  groupbuys,
  manjians,
  PROMOTION_LENGTH,
  saleControlSeeds,
  seckills,
  seckillSlots,
  topics,
  wholesales,
} from './data/promotions.js'
import { SEED_TIME } from './data/site.js'
import { insertRow, registerImage } from './rows.js'
import { round2, seedGoods, type SeededGoods } from './seed-goods.js'

/**
 * Schema version 2's seed: the demo catalog (extra categories, brands, labels, ~190 goods with
 * their SKUs and packshots: seed-goods.ts), promotions of every kind, coupon scopes, sale-control
 * rules, evaluations and the home floors. Deterministic: a seeded PRNG, no clock.
 */

const DAY = 86400
const PROMO_START = SEED_TIME
const PROMO_END = SEED_TIME + PROMOTION_LENGTH

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function seedCatalog(db: Database): void {
  const rand = prng(20260101)
  const randInt = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1))
  const seeded = seedGoods(db, rand)

  const goodsOf = (name: string): SeededGoods => {
    const found = seeded.get(name)
    if (!found) throw new Error(`seed: unknown goods ${name}`)
    return found
  }
  const skuOf = (name: string, label?: string) => {
    const goods = goodsOf(name)
    const sku = label === undefined ? goods.skus[0] : goods.skus.find((s) => s.label === label)
    if (!sku) throw new Error(`seed: unknown sku ${name} ${label}`)
    return sku
  }

  // ------------------------------------------------------------------ promotions
  for (const slot of seckillSlots) insertRow(db, 'seckill_time', { id: slot.id, name: slot.name, seckill_start_time: slot.start, seckill_end_time: slot.end })
  let seckillGoodsId = 0
  seckills.forEach((s, index) => {
    const goods = goodsOf(s.goods)
    const seckillId = index + 1
    insertRow(db, 'seckill', {
      seckill_id: seckillId,
      seckill_name: s.name,
      status: 1,
      remark: s.remark ?? '',
      start_time: PROMO_START,
      end_time: PROMO_END,
      sort: seckills.length - index,
      create_time: SEED_TIME,
      goods_id: goods.goods_id,
      seckill_time_id: ',1,',
      goods_min: s.goods_min ?? 0,
      goods_limit: s.goods_limit ?? 0,
      num_multiple: s.num_multiple ?? 0,
      sale_num: randInt(10, 400),
    })
    for (const [label, price] of Object.entries(s.prices)) {
      const sku = skuOf(s.goods, label === '' ? undefined : label)
      seckillGoodsId += 1
      insertRow(db, 'seckill_goods', { id: seckillGoodsId, seckill_id: seckillId, goods_id: goods.goods_id, sku_id: sku.sku_id, seckill_price: price, stock: s.stock })
    }
  })

  insertRow(db, 'discount', { ...discountActivity, status: 1, start_time: PROMO_START, end_time: PROMO_END })
  let discountGoodsId = 0
  for (const d of discounts) {
    const goods = goodsOf(d.goods)
    for (const [label, price] of Object.entries(d.prices)) {
      const sku = skuOf(d.goods, label === '' ? undefined : label)
      discountGoodsId += 1
      insertRow(db, 'discount_goods', {
        id: discountGoodsId,
        discount_id: discountActivity.discount_id,
        goods_id: goods.goods_id,
        sku_id: sku.sku_id,
        discount_price: price,
        goods_min: d.goods_min ?? 0,
        goods_limit: d.goods_limit ?? 0,
        num_multiple: d.num_multiple ?? 0,
      })
      db.prepare('UPDATE goods_sku SET discount_price = ?, promotion_type = 1, start_time = ?, end_time = ? WHERE sku_id = ?').run(price, PROMO_START, PROMO_END, sku.sku_id)
    }
  }

  wholesales.forEach((w, index) => {
    const tiers = [...w.tiers].sort((a, b) => a.num - b.num).map((t) => ({ num: t.num, limit_num: t.limit_num ?? 0, price: t.price.toFixed(2) }))
    insertRow(db, 'wholesale_goods', {
      wholesale_goods_id: index + 1,
      goods_id: goodsOf(w.goods).goods_id,
      price_json: JSON.stringify(tiers),
      status: 1,
      start_time: PROMO_START,
      end_time: PROMO_END,
    })
  })

  getFrees.forEach((f, index) => {
    const offers = f.offers.map((o) => {
      const gift = goodsOf(o.gift)
      return {
        goods_id: gift.goods_id,
        sku_id: gift.skus[0]!.sku_id,
        count: o.count,
        num: o.num,
        price: o.price.toFixed(2),
        unit: gift.unit,
        limit: o.limit,
        goods_limit: o.goods_limit,
        ladder_json: (o.ladder ?? []).map((l) => ({ mainRang: l.mainRang, rang: l.rang, rangPrice: l.rangPrice.toFixed(2), unit: gift.unit })),
      }
    })
    insertRow(db, 'getfree', {
      getfree_id: index + 1,
      goods_id: goodsOf(f.goods).goods_id,
      is_ladder: f.is_ladder,
      offers: JSON.stringify(offers),
      status: 1,
      start_time: PROMO_START,
      end_time: PROMO_END,
    })
  })

  let bundlingGoodsId = 0
  for (const b of bundlings) {
    insertRow(db, 'bundling', { bl_id: b.bl_id, bl_name: b.bl_name, bl_price: b.bl_price, shipping_fee_type: b.shipping_fee_type, status: 1, create_time: SEED_TIME })
    const items = b.items.map((item) => ({ goods: goodsOf(item.goods), sku: skuOf(item.goods, item.sku) }))
    const total = items.reduce((sum, item) => sum + item.sku.price, 0)
    let allocated = 0
    items.forEach((item, i) => {
      // promotion_price: the combo price spread over the items by list price (last takes the rest)
      const share = i === items.length - 1 ? round2(b.bl_price - allocated) : round2((b.bl_price * item.sku.price) / total)
      allocated = round2(allocated + share)
      bundlingGoodsId += 1
      insertRow(db, 'bundling_goods', { id: bundlingGoodsId, bl_id: b.bl_id, goods_id: item.goods.goods_id, sku_id: item.sku.sku_id, promotion_price: share })
    })
  }

  for (const g of groupbuys) {
    const sku = skuOf(g.goods, g.sku)
    insertRow(db, 'groupbuy', {
      groupbuy_id: g.groupbuy_id,
      goods_id: goodsOf(g.goods).goods_id,
      sku_id: sku.sku_id,
      groupbuy_price: g.groupbuy_price,
      buy_num: g.buy_num,
      sell_num: g.sell_num,
      status: 2,
      rule: g.rule,
      start_time: PROMO_START,
      end_time: PROMO_END,
    })
  }

  let topicGoodsId = 0
  for (const t of topics) {
    const adv = registerImage(db, {
      path: `upload/topic/topic_${t.topic_id}.svg`,
      kind: 'banner',
      width: 1210,
      height: 300,
      background: t.bg_color,
      text: t.topic_name,
      subtext: t.remark,
    })
    insertRow(db, 'topic', {
      topic_id: t.topic_id,
      topic_name: t.topic_name,
      topic_adv: adv,
      status: 2,
      remark: t.remark,
      bg_color: t.bg_color,
      start_time: PROMO_START,
      end_time: PROMO_END,
    })
    for (const item of t.goods) {
      topicGoodsId += 1
      insertRow(db, 'topic_goods', {
        id: topicGoodsId,
        topic_id: t.topic_id,
        goods_id: goodsOf(item.goods).goods_id,
        sku_id: skuOf(item.goods, item.sku).sku_id,
        topic_price: item.topic_price,
      })
    }
  }

  for (const m of manjians) {
    const ids = (db.prepare('SELECT goods_id FROM goods WHERE category_id LIKE ? ORDER BY goods_id').all(`%,${m.goodsCategory},%`) as { goods_id: number }[]).map((r) => r.goods_id)
    const rules = m.rules.map((r) => ({
      limit: r.limit.toFixed(2),
      discount_money: r.discount_money.toFixed(2),
      free_shipping: r.free_shipping ?? 0,
      point: 0,
      coupon: 0,
      coupon_num: [],
      coupon_data: [],
    }))
    insertRow(db, 'manjian', {
      manjian_id: m.manjian_id,
      manjian_name: m.manjian_name,
      manjian_type: 2,
      type: m.type,
      goods_ids: `,${ids.join(',')},`,
      status: 1,
      rule_json: JSON.stringify(rules),
      start_time: PROMO_START,
      end_time: PROMO_END,
    })
  }

  // ------------------------------------------------------------------ coupons
  const goodsIdList = (names: string[] | undefined) => (names?.length ? `,${names.map((n) => goodsOf(n).goods_id).join(',')},` : ',,')
  const categoryList = (ids: number[] | undefined) => (ids?.length ? `,${ids.join(',')},` : '')
  for (const [id, scope] of Object.entries(existingCouponScopes)) {
    db.prepare(
      `UPDATE coupon_type SET lead_count = lead_count + ?, goods_type = COALESCE(?, goods_type), category_ids = ?, validity_type = ?, fixed_term = ?, max_fetch = 2
       WHERE coupon_type_id = ?`,
    ).run(scope.lead_count ?? 0, scope.goods_type ?? null, categoryList(scope.categories), scope.validity_type ?? 0, scope.fixed_term ?? 0, Number(id))
  }
  // member coupons of version 1 follow their type's new scope
  db.prepare('UPDATE member_coupon SET goods_type = (SELECT goods_type FROM coupon_type t WHERE t.coupon_type_id = member_coupon.coupon_type_id)').run()
  for (const c of couponTypeSeeds) {
    insertRow(db, 'coupon_type', {
      coupon_type_id: c.coupon_type_id,
      coupon_name: c.coupon_name,
      type: c.type,
      money: c.money,
      discount: c.discount,
      discount_limit: c.discount_limit,
      at_least: c.at_least,
      count: c.count,
      lead_count: c.lead_count,
      max_fetch: c.max_fetch,
      goods_type: c.goods_type,
      validity_type: c.validity_type,
      end_time: c.validity_type === 0 ? PROMO_END : 0,
      fixed_term: c.fixed_term,
      use_channel: 'all',
      use_store: 'all',
      status: 1,
      create_time: SEED_TIME,
      image: '',
      is_show: 1,
      goods_ids: goodsIdList(c.goods),
      category_ids: categoryList(c.categories),
    })
  }

  // ------------------------------------------------------------------ sale control
  const memberIdOf = (username: string) => (db.prepare('SELECT member_id FROM member WHERE username = ?').get(username) as { member_id: number }).member_id
  saleControlSeeds.forEach((rule, index) => {
    insertRow(db, 'sale_control', {
      id: index + 1,
      type: rule.goods ? 'goods' : 'category',
      goods_id: rule.goods ? goodsOf(rule.goods).goods_id : 0,
      category_id: rule.category ?? 0,
      member_id: rule.member ? memberIdOf(rule.member) : 0,
      member_label: rule.label ?? 0,
      is_member_by: rule.is_member_by,
      view_price: rule.view_price,
      not_buy_msg: rule.not_buy_msg,
      reason: rule.reason,
      create_time: SEED_TIME,
    })
  })

  // ------------------------------------------------------------------ evaluations
  const nicknames = new Map((db.prepare('SELECT member_id, nickname FROM member').all() as { member_id: number; nickname: string }[]).map((m) => [m.nickname, m.member_id]))
  evaluationSeeds.forEach((e, index) => {
    const evaluateId = index + 1
    const goods = goodsOf(e.goods)
    const sku = goods.skus[index % goods.skus.length]!
    const images = Array.from({ length: e.images ?? 0 }, (_, k) =>
      registerImage(db, {
        path: `upload/evaluate/evaluate_${evaluateId}_${k + 1}.svg`,
        kind: 'banner',
        width: 300,
        height: 300,
        background: categoryColors[goods.level1 - 1]!,
        text: '买家实拍',
        subtext: goods.name,
      }),
    )
    const createTime = SEED_TIME + (320 - e.days) * DAY
    insertRow(db, 'goods_evaluate', {
      evaluate_id: evaluateId,
      order_id: 0,
      order_no: `${createTime - 5 * DAY}${String(evaluateId).padStart(6, '0')}`,
      order_goods_id: 0,
      goods_id: goods.goods_id,
      sku_id: sku.sku_id,
      sku_name: sku.sku_name,
      sku_price: sku.price,
      sku_image: sku.sku_image,
      content: e.content,
      images: images.join(','),
      explain_first: e.reply ?? '',
      member_id: nicknames.get(e.member) ?? 0,
      member_name: e.member,
      member_headimg: 'upload/default/head.svg',
      is_anonymous: e.anonymous ?? 0,
      scores: e.explain_type === 1 ? 5 : e.explain_type === 2 ? 3 : 1,
      again_content: e.again ?? '',
      again_images: '',
      again_explain: '',
      explain_type: e.explain_type,
      is_show: 1,
      is_audit: 1,
      again_is_audit: e.again ? 1 : 0,
      create_time: createTime,
      again_time: e.again ? createTime + 10 * DAY : 0,
      shop_desccredit: e.explain_type === 3 ? 3 : 5,
      shop_servicecredit: 5,
      shop_deliverycredit: e.explain_type === 1 ? 5 : 4,
    })
  })
  db.prepare('UPDATE goods SET evaluate = (SELECT COUNT(*) FROM goods_evaluate e WHERE e.goods_id = goods.goods_id)').run()

  // ------------------------------------------------------------------ floors
  floorSeeds.forEach((floor, index) => {
    const floorId = index + 1
    const value: Record<string, unknown> = {}
    for (const [name, slot] of Object.entries(floor.slots)) {
      if (slot.type === 'text') value[name] = { type: 'text', value: { text: slot.text, color: slot.color, link: slot.link ? { title: slot.text, url: slot.link } : {} } }
      else if (slot.type === 'img') {
        const url = registerImage(db, {
          path: `upload/floor/floor_${floorId}_${name}.svg`,
          kind: 'banner',
          width: slot.width,
          height: slot.height,
          background: floor.color,
          text: slot.text,
          subtext: slot.subtext ?? '',
        })
        value[name] = { type: 'img', value: { url, link: { title: slot.text, url: slot.link } } }
      } else if (slot.type === 'goods') value[name] = { type: 'goods', value: { goods_ids: slot.goods.map((n) => goodsOf(n).goods_id).join(',') } }
      else value[name] = { type: 'category', value: { category_ids: slot.categories.join(',') } }
    }
    insertRow(db, 'pc_floor', {
      id: floorId,
      block_id: index + 1,
      title: floor.title,
      value: JSON.stringify(value),
      state: 1,
      sort: floorSeeds.length - index, // answered sort desc = the order above
      create_time: SEED_TIME,
      block_name: floor.block_name,
      block_title: floor.block_title,
    })
  })

  // ------------------------------------------------------------------ documents and config
  insertRow(db, 'document', {
    document_key: 'GOODS_AFTER_SALE',
    title: '售后保障',
    content:
      '<p>药品属于特殊商品，除质量问题外，一经售出不予退换。</p>' +
      '<p>收货时请当面核对品名、规格、批号与数量；外包装破损、短少或近效期（有效期不足6个月）的商品，请于签收后48小时内联系客服。</p>' +
      '<p>医疗器械与保健食品在未拆封、不影响二次销售的前提下，支持签收后7天内退换。</p>' +
      '<p>冷链商品请在签收时检查温度记录，异常情况请拒收并联系客服。</p>',
    create_time: SEED_TIME,
    modify_time: 0,
  })
  insertRow(db, 'config', {
    config_key: 'GOODS_EVALUATE_CONFIG',
    value: JSON.stringify({ evaluate_status: 1, evaluate_show: 1, evaluate_audit: 1 }),
    config_desc: '商品评价设置',
    is_use: 1,
    create_time: SEED_TIME,
    modify_time: 0,
  })
}
