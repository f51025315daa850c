import { money } from '../core/format.js'
import { error, int, isEmpty, pageResult, paging, param, success, type Router } from '../core/router.js'
import { Catalog } from '../models/catalog.js'
import { CONTRACT_KEYS, pick } from '../models/catalog-rows.js'
import { findTopic, findTopicGoods, takeTopicStock, topicLines, topicPurchased, topicState, topicStock, type TopicGoodsRecord, type TopicRecord } from '../models/topic.js'
import { detailView } from './goods.js'
import { positiveInt, registerPromotionCheckout } from './promotion-checkout.js'

/** What PHP 8 says when Niushop reads a missing topic's fields off null (Topicgoods::page). */
const NULL_OFFSET = 'Trying to access array offset on value of type null'

/**
 * 专题活动 (topic, contract §7.5): `topic/page` (running topics), `topicgoods/page` (a topic and its
 * goods), `topicgoods/detail` (one topic goods; its parameter `topic_id` is the topic goods id, sic)
 * and the topic checkout `{topic_goods_id, num}`.
 */
export function registerTopicRoutes(router: Router): void {
  router.post('/topic/api/topic/page', (ctx) => {
    const catalog = Catalog.forRequest(ctx)
    const { page, pageSize } = paging(ctx)
    const rows = (ctx.db.prepare('SELECT * FROM topic WHERE status IN (1, 2) ORDER BY start_time DESC, topic_id DESC').all() as TopicRecord[])
      .filter((t) => topicState(t, catalog.now) === 2)
      .map((t) => ({ ...t, status: 2 }))
    return success(pageResult(pageSize > 0 ? rows.slice((page - 1) * pageSize, page * pageSize) : rows, rows.length, pageSize))
  })

  // A topic (any state: the page shows it) and its goods on the shelf, as Niushop's Topicgoods::page:
  // each row carries the topic's name, banner, status and dates; beside the page only topic_name,
  // topic_adv and bg_color. An unknown topic fails as there (its null info read on PHP 8).
  router.post('/topic/api/topicgoods/page', (ctx) => {
    if (isEmpty(param(ctx, 'topic_id'))) return error(-1, '缺少参数topic_id')
    const catalog = Catalog.forRequest(ctx)
    const { page, pageSize } = paging(ctx)
    const topic = findTopic(ctx.db, int(ctx, 'topic_id', 0), catalog.now)
    if (!topic) throw new Error(NULL_OFFSET)
    const rows = (ctx.db.prepare('SELECT * FROM topic_goods WHERE topic_id = ? ORDER BY id').all(topic.topic_id) as TopicGoodsRecord[]).flatMap((item) => {
      const sku = catalog.sku(item.sku_id)
      const goods = sku ? catalog.goods(sku.goods_id) : undefined
      if (!sku || !goods || goods.goods_state !== 1) return []
      return [
        {
          id: item.id,
          topic_id: item.topic_id,
          topic_price: money(item.topic_price),
          sku_id: sku.sku_id,
          sku_name: sku.sku_name,
          goods_id: goods.goods_id,
          goods_name: goods.goods_name,
          price: money(sku.price),
          market_price: money(sku.market_price),
          discount_price: money(sku.discount_price),
          stock: topicStock(item, sku.stock),
          max_buy: item.max_buy,
          sale_num: item.sale_num,
          sku_image: sku.sku_image,
          goods_image: goods.goods_image,
          unit: goods.unit,
          sale_control: catalog.saleControl(goods),
          topic_name: topic.topic_name,
          topic_adv: topic.topic_adv,
          status: topic.state,
          start_time: topic.start_time,
          end_time: topic.end_time,
        },
      ]
    })
    return success({
      ...pageResult(pageSize > 0 ? rows.slice((page - 1) * pageSize, page * pageSize) : rows, rows.length, pageSize),
      topic_adv: topic.topic_adv,
      topic_name: topic.topic_name,
      bg_color: topic.bg_color,
    })
  })

  // {topic_id: the topic goods id} → {goods_sku_detail} with the topic's numbers and remark; unknown →
  // `-1 操作失败` (Niushop's bare error()). Unlike Niushop (running topics only), any state is detailed:
  // the storefront shows a topic goods before and after its topic (docs/promotions.md).
  router.post('/topic/api/topicgoods/detail', (ctx) => {
    if (isEmpty(param(ctx, 'topic_id'))) return error(-1, '缺少参数topic_id')
    const catalog = Catalog.forRequest(ctx)
    const item = findTopicGoods(ctx.db, int(ctx, 'topic_id', 0))
    const topic = item ? findTopic(ctx.db, item.topic_id, catalog.now) : undefined
    const sku = item ? catalog.sku(item.sku_id) : undefined
    const goods = sku ? catalog.goods(sku.goods_id) : undefined
    if (!item || !topic || !sku || !goods) return error(-1, '操作失败')
    const full = detailView(ctx, catalog, goods, sku)
    return success({
      goods_sku_detail: {
        ...pick(full, ['sku_id', 'goods_id', 'sku_name', 'goods_name', 'sku_image', 'goods_image', 'introduction', 'unit', 'goods_stock', 'market_price', ...CONTRACT_KEYS]),
        id: item.id,
        topic_id: topic.topic_id,
        topic_name: topic.topic_name,
        topic_price: money(item.topic_price),
        price: money(sku.price),
        stock: topicStock(item, sku.stock),
        max_buy: item.max_buy,
        ...(catalog.viewer ? { purchased_num: topicPurchased(ctx.db, catalog.viewer.memberId, item.id) } : {}),
        sale_num: item.sale_num,
        status: topic.state,
        start_time: topic.start_time,
        end_time: topic.end_time,
        remark: topic.remark,
        goods_state: goods.goods_state,
      },
    })
  })

  registerPromotionCheckout(router, {
    type: 'topic',
    prefix: '/topic/api/ordercreate',
    readInput(ctx) {
      if (isEmpty(param(ctx, 'topic_goods_id'))) return error(-1, '缺少参数topic_goods_id')
      const topicGoodsId = positiveInt(param(ctx, 'topic_goods_id'))
      const num = positiveInt(param(ctx, 'num'))
      if (topicGoodsId === null) return error(-1, '当前商品专题活动未开启！')
      if (num === null) return error(-1, '购买数量不能小于1')
      return { id: topicGoodsId, lines: [{ sku_id: findTopicGoods(ctx.db, topicGoodsId)?.sku_id ?? 0, num }] }
    },
    price(ctx, catalog, memberId, input) {
      return topicLines(ctx.db, catalog, memberId, input.promotion.id, input.lines[0]!.num)
    },
    info(ctx, catalog, input) {
      const item = findTopicGoods(ctx.db, input.promotion.id)
      const topic = item ? findTopic(ctx.db, item.topic_id, catalog.now) : undefined
      return item && topic
        ? {
            id: item.id,
            topic_id: topic.topic_id,
            topic_name: topic.topic_name,
            topic_price: money(item.topic_price),
            max_buy: item.max_buy,
            start_time: topic.start_time,
            end_time: topic.end_time,
          }
        : {}
    },
    afterCreate(ctx, input) {
      takeTopicStock(ctx.db, input.promotion.id, input.lines[0]!.num)
    },
  })
}
