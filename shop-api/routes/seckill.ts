import { money } from '../core/format.js'
import { error, isEmpty, param, type Router } from '../core/router.js'
import { takeSeckillStock } from '../models/promotion-stock.js'
import { findSeckillActivity, seckillLines } from '../models/promotion-order.js'
import { positiveInt, registerPromotionCheckout } from './promotion-checkout.js'

/** Seckill checkout: `/seckill/api/ordercreate/*` with `{seckill_id, sku_id, num}` (contract §7.2). */
export function registerSeckillRoutes(router: Router): void {
  registerPromotionCheckout(router, {
    type: 'seckill',
    prefix: '/seckill/api/ordercreate',
    readInput(ctx) {
      if (isEmpty(param(ctx, 'seckill_id'))) return error(-1, '缺少参数seckill_id')
      if (isEmpty(param(ctx, 'sku_id'))) return error(-1, '缺少参数sku_id')
      const seckillId = positiveInt(param(ctx, 'seckill_id'))
      const skuId = positiveInt(param(ctx, 'sku_id'))
      const num = positiveInt(param(ctx, 'num'))
      if (seckillId === null || skuId === null) return error(-1, '您要购买的商品已删除或已下架')
      if (num === null) return error(-1, '商品项的购买数量不能小于1')
      return { id: seckillId, lines: [{ sku_id: skuId, num }] }
    },
    price(ctx, catalog, memberId, input) {
      const line = input.lines[0]!
      return seckillLines(ctx.db, catalog, memberId, input.promotion.id, line.sku_id, line.num)
    },
    info(ctx, catalog, input) {
      const seckill = findSeckillActivity(ctx.db, input.promotion.id, catalog.now)
      const item = seckill?.skus.get(input.lines[0]!.sku_id)
      return {
        id: input.promotion.id,
        seckill_id: input.promotion.id,
        seckill_name: seckill?.seckill_name ?? '',
        seckill_price: money(item?.seckill_price ?? 0),
        max_buy: seckill?.goods_limit ?? 0,
        start_time: seckill?.start_time ?? 0,
        end_time: seckill?.end_time ?? 0,
      }
    },
    afterCreate(ctx, input) {
      for (const line of input.lines) takeSeckillStock(ctx.db, input.promotion.id, line.sku_id, line.num)
    },
  })
}
