import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/index.js'
import { Catalog } from '../models/catalog.js'
import {
  PROMOTION_COLORS,
  promotionKindsOf,
  type BundlingRow,
  type GetFreeRow,
  type GroupbuyRow,
  type Promotions,
  type SeckillInfo,
  type TopicGoodsRow,
  type WholesaleRow,
} from '../models/catalog-promotions.js'

/**
 * The display precedence of a goods' promotions: spec §4's getfree > seckill > discount >
 * wholesale, then the kinds the spec does not rank (docs/catalog-contract.md). Written out here
 * on purpose: reordering PROMOTION_ORDER (models/catalog-promotions.ts) must fail this test, as
 * it changes every answer that lists or picks a goods' promotions.
 */
const DISPLAY_ORDER = ['getfree', 'seckill', 'discount', 'wholesale', 'bundling', 'groupbuy', 'topic']

/** A goods in a running promotion of every kind (ids 1…7 in DISPLAY_ORDER), built in the reverse order. */
function everyPromotionOf(goodsId: number): Promotions {
  return {
    topicByGoods: new Map([[goodsId, { topic_id: 7 } as TopicGoodsRow]]),
    groupbuyByGoods: new Map([[goodsId, { groupbuy_id: 6 } as GroupbuyRow]]),
    bundlings: [{ bl_id: 5, items: [{ goods_id: goodsId, sku_id: 1, promotion_price: 1 }] } as BundlingRow],
    wholesaleByGoods: new Map([[goodsId, { wholesale_goods_id: 4 } as WholesaleRow]]),
    discountByGoods: new Map([[goodsId, 3]]),
    discountBySku: new Map(),
    seckillByGoods: new Map([[goodsId, { seckill_id: 2 } as SeckillInfo]]),
    getfreeByGoods: new Map([[goodsId, { getfree_id: 1 } as GetFreeRow]]),
    manjians: [],
  }
}

describe('the display order of a goods’ promotions', () => {
  it('is the spec’s precedence, whatever order the promotions were found in', () => {
    expect(promotionKindsOf(everyPromotionOf(7), 7)).toEqual(DISPLAY_ORDER.map((kind, index) => ({ kind, id: index + 1 })))
    expect(promotionKindsOf(everyPromotionOf(7), 8)).toEqual([])
  })

  it('orders what the seeded catalog answers: goods_promotion, promotion_addon and the colour of the first', () => {
    const db = openDatabase(':memory:')
    try {
      const catalog = new Catalog(db, null)
      const goodsIds = (db.prepare('SELECT goods_id FROM goods ORDER BY goods_id').all() as { goods_id: number }[]).map((row) => row.goods_id)
      let withSeveral = 0
      for (const goodsId of goodsIds) {
        const goods = catalog.goods(goodsId)!
        const kinds = catalog.promotionKinds(goods).map((k) => k.kind)
        if (kinds.length > 1) withSeveral += 1
        expect(kinds, `goods ${goodsId}`).toEqual(DISPLAY_ORDER.filter((kind) => (kinds as string[]).includes(kind)))
        const row = catalog.pageRow(goods)
        expect((row.goods_promotion as { promotion_type: string }[]).map((p) => p.promotion_type)).toEqual(kinds)
        expect(row.promotion_color).toBe(kinds[0] ? PROMOTION_COLORS[kinds[0]] : '')
        expect(row.promotion_addon ? Object.keys(JSON.parse(row.promotion_addon as string) as object) : []).toEqual(kinds)
      }
      // The demo data has goods in two promotions at once (seckill and a combo, get-free and a discount…).
      expect(withSeveral).toBeGreaterThan(2)
    } finally {
      db.close()
    }
  })
})
