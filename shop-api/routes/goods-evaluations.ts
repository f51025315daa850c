import { money } from '../core/format.js'
import { error, int, isEmpty, pageResult, paging, param, success, type Context, type Router } from '../core/router.js'

/** A goods' evaluations as shown to everyone (goodsevaluate/*), and the two the goods detail carries. */

export function evaluateConfig(ctx: Context) {
  return ctx.services.config.get<{ evaluate_status: number; evaluate_show: number; evaluate_audit: number }>('GOODS_EVALUATE_CONFIG')
}

const EVALUATE_COLUMNS = `evaluate_id, order_id, order_no, order_goods_id, goods_id, sku_id, sku_name, sku_price, sku_image, content, images,
  explain_first, member_name, member_headimg, member_id, is_anonymous, scores, again_content, again_images, again_explain,
  explain_type, is_show, create_time, again_time, shop_desccredit, shop_servicecredit, shop_deliverycredit, is_audit, again_is_audit`

export function evaluateRows(ctx: Context, goodsId: number, limit: number, offset = 0, explainType = 0): Record<string, unknown>[] {
  const rows = ctx.db
    .prepare(
      `SELECT ${EVALUATE_COLUMNS} FROM goods_evaluate WHERE goods_id = ? AND is_show = 1 AND is_audit = 1 ${explainType ? 'AND explain_type = ?' : ''}
       ORDER BY create_time DESC, evaluate_id DESC ${limit > 0 ? `LIMIT ${limit} OFFSET ${offset}` : ''}`,
    )
    .all(...(explainType ? [goodsId, explainType] : [goodsId])) as { sku_price: number }[]
  return rows.map((r) => ({ ...r, sku_price: money(r.sku_price) }))
}

export function evaluateCount(ctx: Context, goodsId: number, explainType = 0): number {
  return (
    ctx.db
      .prepare(`SELECT COUNT(*) AS n FROM goods_evaluate WHERE goods_id = ? AND is_show = 1 AND is_audit = 1 ${explainType ? 'AND explain_type = ?' : ''}`)
      .get(...(explainType ? [goodsId, explainType] : [goodsId])) as { n: number }
  ).n
}

export function registerGoodsEvaluationRoutes(router: Router): void {
  router.post('/api/goodsevaluate/page', (ctx) => {
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    const goodsId = int(ctx, 'goods_id', 0)
    const explainType = [1, 2, 3].includes(int(ctx, 'explain_type', 0)) ? int(ctx, 'explain_type', 0) : 0
    const { page, pageSize } = paging(ctx)
    const count = evaluateCount(ctx, goodsId, explainType)
    return success(pageResult(evaluateRows(ctx, goodsId, pageSize, (page - 1) * pageSize, explainType), count, pageSize))
  })

  router.post('/api/goodsevaluate/count', (ctx) => {
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    return success(evaluateCount(ctx, int(ctx, 'goods_id', 0)))
  })

  router.post('/api/goodsevaluate/firstinfo', (ctx) => {
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    return success(evaluateRows(ctx, int(ctx, 'goods_id', 0), 2))
  })

  router.post('/api/goodsevaluate/getgoodsevaluate', (ctx) => {
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    const goodsId = int(ctx, 'goods_id', 0)
    return success({
      total: evaluateCount(ctx, goodsId),
      haoping: evaluateCount(ctx, goodsId, 1),
      zhongping: evaluateCount(ctx, goodsId, 2),
      chaping: evaluateCount(ctx, goodsId, 3),
    })
  })

  router.post('/api/goodsevaluate/config', (ctx) => success(evaluateConfig(ctx)))
}
