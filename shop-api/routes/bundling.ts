import { error, int, isEmpty, param, success, type Router } from '../core/router.js'
import { Catalog } from '../models/catalog.js'
import { comboLines } from '../models/promotion-order.js'
import { positiveInt, registerPromotionCheckout } from './promotion-checkout.js'

/** Combos (组合套餐, contract §7.4): `bundling/detail`, `bundling/lists`, and the combo checkout `{bl_id, num}`. */
export function registerBundlingRoutes(router: Router): void {
  // {bl_id} → one open combo, or null when there is none.
  router.post('/bundling/api/bundling/detail', (ctx) => {
    if (isEmpty(param(ctx, 'bl_id'))) return error(-1, '缺少参数bl_id')
    const catalog = Catalog.forRequest(ctx)
    const bundling = catalog.promotions.bundlings.find((b) => b.bl_id === int(ctx, 'bl_id', 0))
    return success(bundling ? catalog.bundlingView(bundling) : null)
  })

  // {sku_id} → the open combos with this SKU's goods.
  router.post('/bundling/api/bundling/lists', (ctx) => {
    if (isEmpty(param(ctx, 'sku_id'))) return error(-1, '缺少参数sku_id')
    const catalog = Catalog.forRequest(ctx)
    const sku = catalog.sku(int(ctx, 'sku_id', 0))
    const goods = sku ? catalog.goods(sku.goods_id) : undefined
    return success(goods ? catalog.bundlingsOf(goods) : [])
  })

  registerPromotionCheckout(router, {
    type: 'bundling',
    prefix: '/bundling/api/ordercreate',
    infoKey: 'bunding_info',
    readInput(ctx) {
      if (isEmpty(param(ctx, 'bl_id'))) return error(-1, '缺少参数bl_id')
      const blId = positiveInt(param(ctx, 'bl_id'))
      const num = positiveInt(param(ctx, 'num'))
      if (blId === null) return error(-1, '组合套餐不存在')
      if (num === null) return error(-1, '购买数量不能小于1')
      return { id: blId, lines: [{ sku_id: 0, num }] }
    },
    price(_ctx, catalog, _memberId, input) {
      return comboLines(catalog, input.promotion.id, input.lines[0]!.num)
    },
    info(_ctx, catalog, input) {
      const bundling = catalog.promotions.bundlings.find((b) => b.bl_id === input.promotion.id)
      return bundling ? catalog.bundlingView(bundling) : {}
    },
  })
}
