import { ok, bad, integer, type TestRoutes } from './params.js'

/** Test API: promotions (issue 12): seckill stock (the clock is in orders.ts). */
export const promotionTestRoutes: TestRoutes = {
  // A seckill SKU's activity stock: {seckill_id, sku_id?, stock} (every SKU of the activity without sku_id).
  'POST /__test/seckill/stock': ({ params, db }) => {
    const seckillId = integer(params, 'seckill_id')
    const stock = integer(params, 'stock')
    const skuId = integer(params, 'sku_id')
    if (seckillId === undefined || stock === undefined || stock < 0) return bad(400, 'body must be {seckill_id, sku_id?, stock >= 0}')
    const changed =
      skuId === undefined
        ? db.prepare('UPDATE seckill_goods SET stock = ? WHERE seckill_id = ?').run(stock, seckillId).changes
        : db.prepare('UPDATE seckill_goods SET stock = ? WHERE seckill_id = ? AND sku_id = ?').run(stock, seckillId, skuId).changes
    return changed ? ok({ seckill_id: seckillId, sku_id: skuId ?? null, stock }) : bad(404, 'no such seckill sku')
  },
}
