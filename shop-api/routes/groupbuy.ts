import { money } from '../core/format.js'
import { error, int, isEmpty, pageResult, paging, param, success, type Router } from '../core/router.js'
import { Catalog } from '../models/catalog.js'
import { CONTRACT_KEYS, pick } from '../models/catalog-rows.js'
import { findGroupbuy, groupbuyLines, type GroupbuyRecord } from '../models/promotion-order.js'
import { detailView } from './goods.js'
import { positiveInt, registerPromotionCheckout } from './promotion-checkout.js'

/** Group buy (团购, contract §7.3): `goods/page`, `goods/detail` and the group-buy checkout `{groupbuy_id, sku_id, num}`. */
export function registerGroupbuyRoutes(router: Router): void {
  // Running group buys (status 2, within their dates) of goods on the shelf.
  router.post('/groupbuy/api/goods/page', (ctx) => {
    const catalog = Catalog.forRequest(ctx)
    const { page, pageSize } = paging(ctx)
    const rows = (
      ctx.db.prepare('SELECT * FROM groupbuy WHERE status = 2 AND start_time <= ? AND end_time > ? ORDER BY groupbuy_id').all(catalog.now, catalog.now) as GroupbuyRecord[]
    ).flatMap((g) => {
      const sku = catalog.sku(g.sku_id)
      const goods = sku ? catalog.goods(sku.goods_id) : undefined
      if (!sku || !goods || goods.goods_state !== 1) return []
      return [
        {
          groupbuy_id: g.groupbuy_id,
          goods_id: goods.goods_id,
          sku_id: sku.sku_id,
          goods_name: goods.goods_name,
          sku_name: sku.sku_name,
          goods_image: goods.goods_image,
          price: money(sku.price),
          groupbuy_price: money(g.groupbuy_price),
          buy_num: g.buy_num,
          sell_num: g.sell_num,
          stock: sku.stock,
          unit: goods.unit,
          start_time: g.start_time,
          end_time: g.end_time,
          status: 2,
          sale_control: catalog.saleControl(goods),
        },
      ]
    })
    return success(pageResult(pageSize > 0 ? rows.slice((page - 1) * pageSize, page * pageSize) : rows, rows.length, pageSize))
  })

  // {groupbuy_id} → {goods_sku_detail} with the group buy's numbers (any status: the page shows it); unknown → null.
  router.post('/groupbuy/api/goods/detail', (ctx) => {
    if (isEmpty(param(ctx, 'groupbuy_id'))) return error(-1, '缺少参数groupbuy_id')
    const catalog = Catalog.forRequest(ctx)
    const groupbuy = findGroupbuy(ctx.db, int(ctx, 'groupbuy_id', 0), catalog.now)
    const sku = groupbuy ? catalog.sku(groupbuy.sku_id) : undefined
    const goods = sku ? catalog.goods(sku.goods_id) : undefined
    if (!groupbuy || !sku || !goods) return success({ goods_sku_detail: null })
    const full = detailView(ctx, catalog, goods, sku)
    return success({
      goods_sku_detail: {
        ...pick(full, ['sku_id', 'goods_id', 'sku_name', 'goods_name', 'sku_image', 'goods_image', 'introduction', 'unit', 'stock', 'goods_stock', ...CONTRACT_KEYS]),
        groupbuy_id: groupbuy.groupbuy_id,
        groupbuy_price: money(groupbuy.groupbuy_price),
        price: money(sku.price),
        buy_num: groupbuy.buy_num,
        sell_num: groupbuy.sell_num,
        rule: groupbuy.rule,
        status: groupbuy.state,
        start_time: groupbuy.start_time,
        end_time: groupbuy.end_time,
      },
    })
  })

  registerPromotionCheckout(router, {
    type: 'groupbuy',
    prefix: '/groupbuy/api/ordercreate',
    readInput(ctx) {
      if (isEmpty(param(ctx, 'groupbuy_id'))) return error(-1, '缺少参数groupbuy_id')
      const groupbuyId = positiveInt(param(ctx, 'groupbuy_id'))
      const num = positiveInt(param(ctx, 'num'))
      if (groupbuyId === null) return error(-1, '当前商品团购活动未开启或已过期！')
      if (num === null) return error(-1, '商品项的购买数量不能小于1')
      return { id: groupbuyId, lines: [{ sku_id: 0, num }] }
    },
    price(ctx, catalog, _memberId, input) {
      return groupbuyLines(ctx.db, catalog, input.promotion.id, input.lines[0]!.num)
    },
    info(ctx, catalog, input) {
      const groupbuy = findGroupbuy(ctx.db, input.promotion.id, catalog.now)
      return groupbuy
        ? {
            groupbuy_id: groupbuy.groupbuy_id,
            groupbuy_price: money(groupbuy.groupbuy_price),
            buy_num: groupbuy.buy_num,
            start_time: groupbuy.start_time,
            end_time: groupbuy.end_time,
          }
        : {}
    },
    afterCreate(ctx, input) {
      ctx.db.prepare('UPDATE groupbuy SET sell_num = sell_num + ? WHERE groupbuy_id = ?').run(input.lines[0]!.num, input.promotion.id)
    },
  })
}
