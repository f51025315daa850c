import { money, nowSeconds } from '../core/format.js'
import { error, has, int, isEmpty, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { bundleLine, bundleLineView, bundleStock, cartRows, goodsLine, goodsLineView, parseIds, type CartRow } from '../models/cart.js'
import { Catalog, saleRefusal } from '../models/catalog.js'
import { basePriceOf, centsToMoney, priceCartLine, toCents } from '../models/pricing.js'

/**
 * Cart (token): goods lines (/api/cart/*), bundle lines (/bundling/api/cart/*) and the pricing
 * check /api/Cart/calculate. Shapes: docs/catalog-contract.md "Cart"; pricing: docs/pricing.md,
 * implemented in models/pricing.ts. Both kinds of line live in table `cart` (models/cart.ts).
 */

/** A positive integer quantity, or null ("2", 2 → 2; "2.5", -1, "x" → null). */
function quantity(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (!/^\d+$/.test(text)) return null
  const n = Number(text)
  return n >= 1 && Number.isSafeInteger(n) ? n : null
}

const BAD_NUM = '商品数量必须是大于0的整数'

/** `num` of edit/add: missing or 0 → 缺少参数num (as upstream's empty() check), else a positive integer. */
function numParam(ctx: Context): number | { error: ReturnType<typeof error> } {
  if (isEmpty(param(ctx, 'num'))) return { error: error(-1, '缺少参数num') }
  const num = quantity(param(ctx, 'num'))
  return num === null ? { error: error(-1, BAD_NUM) } : num
}

function ownRow(ctx: Context, memberId: number, cartId: number, kind: 'goods' | 'bundle'): CartRow | undefined {
  return ctx.db
    .prepare(`SELECT cart_id, member_id, sku_id, bl_id, num, create_time FROM cart WHERE cart_id = ? AND member_id = ? AND ${kind === 'goods' ? 'bl_id = 0' : 'bl_id > 0'}`)
    .get(cartId, memberId) as CartRow | undefined
}

function deleteOwn(ctx: Context, memberId: number, ids: number[], kind: 'goods' | 'bundle' | 'all'): number {
  if (ids.length === 0) return 0
  const where = kind === 'goods' ? 'AND bl_id = 0' : kind === 'bundle' ? 'AND bl_id > 0' : ''
  return ctx.db.prepare(`DELETE FROM cart WHERE member_id = ? AND cart_id IN (${ids.map(() => '?').join(',')}) ${where}`).run(memberId, ...ids).changes
}

/** Edit the quantity of one own line of `kind`; → 1, or `-1 操作失败` for a foreign/unknown line. No stock/min/max check. */
function editLine(ctx: Context, kind: 'goods' | 'bundle') {
  const memberId = requireMember(ctx)
  if (isEmpty(param(ctx, 'cart_id'))) return error(-1, '缺少参数cart_id')
  const num = numParam(ctx)
  if (typeof num !== 'number') return num.error
  const row = ownRow(ctx, memberId, int(ctx, 'cart_id', 0), kind)
  if (!row) return error(-1, '操作失败')
  const formData = kind === 'goods' && has(ctx, 'form_data') ? str(ctx, 'form_data') : null
  const result = ctx.db.prepare('UPDATE cart SET num = ?, form_data = COALESCE(?, form_data) WHERE cart_id = ?').run(num, formData, row.cart_id)
  return success(result.changes)
}

export function registerCartRoutes(router: Router): void {
  // → the cart_id as a string: the new line's, or on a merge the existing line's (the real API
  // answers 1 there; both are strings here, like the sample's "1"). Quantities are capped at stock.
  // An unknown sku_id still answers success (a line that is never listed or counted), as upstream.
  router.post('/api/cart/add', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'sku_id'))) return error(-1, '缺少参数sku_id')
    const num = numParam(ctx)
    if (typeof num !== 'number') return num.error
    const skuId = int(ctx, 'sku_id', 0)
    const catalog = Catalog.forRequest(ctx, memberId)
    const sku = catalog.sku(skuId)
    const goods = sku ? catalog.goods(sku.goods_id) : undefined
    if (sku && goods) {
      const refusal = saleRefusal(catalog.saleControl(goods))
      if (refusal) return error(-1, refusal)
      if (sku.stock <= 0) return error(-1, '商品库存不足')
    }
    const cap = (n: number) => (sku ? Math.min(n, sku.stock) : n)
    return ctx.db.transaction(() => {
      const line = ctx.db.prepare('SELECT cart_id, num FROM cart WHERE member_id = ? AND sku_id = ? AND bl_id = 0 ORDER BY cart_id LIMIT 1').get(memberId, skuId) as
        { cart_id: number; num: number } | undefined
      if (line) {
        ctx.db.prepare('UPDATE cart SET num = ? WHERE cart_id = ?').run(cap(line.num + num), line.cart_id)
        return success(String(line.cart_id))
      }
      const result = ctx.db
        .prepare('INSERT INTO cart (member_id, sku_id, bl_id, num, create_time, form_data) VALUES (?, ?, 0, ?, ?, ?)')
        .run(memberId, skuId, cap(num), nowSeconds(), str(ctx, 'form_data'))
      return success(String(result.lastInsertRowid))
    })()
  })

  router.post('/api/cart/edit', (ctx) => editLine(ctx, 'goods'))

  // `cart_id` = "1,2,3": deletes the caller's rows among them (goods or bundle lines) → how many.
  router.post('/api/cart/delete', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'cart_id'))) return error(-1, '缺少参数cart_id')
    return success(deleteOwn(ctx, memberId, parseIds(param(ctx, 'cart_id')), 'all'))
  })

  router.post('/api/cart/clear', (ctx) => {
    const memberId = requireMember(ctx)
    return success(ctx.db.prepare('DELETE FROM cart WHERE member_id = ?').run(memberId).changes)
  })

  // Sum of quantities: goods lines whose goods exists and is on sale, plus bundle lines of running bundlings.
  router.post('/api/cart/count', (ctx) => {
    const memberId = requireMember(ctx)
    const goods = ctx.db
      .prepare(
        `SELECT COALESCE(SUM(c.num), 0) AS n FROM cart c
         JOIN goods_sku s ON s.sku_id = c.sku_id JOIN goods g ON g.goods_id = s.goods_id
         WHERE c.member_id = ? AND c.bl_id = 0 AND g.goods_state = 1 AND g.is_delete = 0`,
      )
      .get(memberId) as { n: number }
    const bundles = ctx.db
      .prepare('SELECT COALESCE(SUM(c.num), 0) AS n FROM cart c JOIN bundling b ON b.bl_id = c.bl_id WHERE c.member_id = ? AND c.bl_id > 0 AND b.status = 1')
      .get(memberId) as { n: number }
    return success(goods.n + bundles.n)
  })

  // Sum of quantities of one goods (all its SKUs) in the caller's cart.
  router.post('/api/cart/goodsnum', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'goods_id'))) return error(-1, '缺少参数goods_id')
    const row = ctx.db
      .prepare('SELECT COALESCE(SUM(c.num), 0) AS n FROM cart c JOIN goods_sku s ON s.sku_id = c.sku_id WHERE c.member_id = ? AND c.bl_id = 0 AND s.goods_id = ?')
      .get(memberId, int(ctx, 'goods_id', 0)) as { n: number }
    return success(row.n)
  })

  // The goods lines, newest first; off-shelf goods stay (goods_state 0), deleted SKUs/goods do not.
  router.post('/api/cart/goodslists', (ctx) => {
    const memberId = requireMember(ctx)
    const catalog = Catalog.forRequest(ctx, memberId)
    const rows = cartRows(ctx.db, memberId, 'goods').flatMap((row) => {
      const line = goodsLine(catalog, row)
      return line ? [goodsLineView(catalog, line)] : []
    })
    return success(rows)
  })

  // Light rows (the sample's keys): discount_price is the member price when lower; total_money is a float, as upstream.
  router.post('/api/cart/lists', (ctx) => {
    const memberId = requireMember(ctx)
    const catalog = Catalog.forRequest(ctx, memberId)
    const rows = cartRows(ctx.db, memberId, 'goods').flatMap((row) => {
      const line = goodsLine(catalog, row)
      if (!line) return []
      const { goods, sku, memberPrice } = line
      const discountPrice = memberPrice !== '' && Number(memberPrice) < sku.discount_price ? Number(memberPrice) : sku.discount_price
      return [
        {
          cart_id: row.cart_id,
          sku_id: sku.sku_id,
          goods_id: goods.goods_id,
          discount_price: money(discountPrice),
          num: row.num,
          is_consume_discount: goods.is_consume_discount,
          discount_method: '',
          discount_config: 0,
          price: money(sku.price),
          stock: sku.stock,
          max_buy: goods.max_buy,
          min_buy: goods.min_buy,
          goods_name: goods.goods_name,
          total_money: Number(money(discountPrice)) * row.num,
        },
      ]
    })
    return success(rows)
  })

  // The shop's pricing of the given lines (docs/pricing.md). Lines that are not the caller's, unknown,
  // off the shelf or out of stock are left out; bundles with no stock too.
  router.post('/api/cart/calculate', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'cart_ids'))) return error(-1, '缺少参数cart_ids')
    const ids = parseIds(param(ctx, 'cart_ids'))
    const catalog = Catalog.forRequest(ctx, memberId)
    const rows = ids.length
      ? (ctx.db
          .prepare(`SELECT cart_id, member_id, sku_id, bl_id, num, create_time FROM cart WHERE member_id = ? AND cart_id IN (${ids.map(() => '?').join(',')})`)
          .all(memberId, ...ids) as CartRow[])
      : []
    rows.sort((a, b) => ids.indexOf(a.cart_id) - ids.indexOf(b.cart_id))

    const goodsList: Record<string, unknown>[] = []
    const bundlingList: Record<string, unknown>[] = []
    let goodsNum = 0
    let goodsMoney = 0
    for (const row of rows) {
      if (row.bl_id > 0) {
        const line = bundleLine(catalog, row)
        if (!line || line.stock <= 0) continue
        bundlingList.push({ cart_id: row.cart_id, bl_id: row.bl_id, num: row.num, bl_price: money(line.bundling.bl_price), subtotal: centsToMoney(line.subtotal) })
        goodsNum += row.num
        goodsMoney += line.subtotal
        continue
      }
      const line = goodsLine(catalog, row)
      if (!line || !line.buyable) continue
      const memberPrice = line.memberPrice === '' ? null : toCents(line.memberPrice)
      const input = { num: row.num, price: toCents(money(line.sku.price)), memberPrice, memberDiscount: memberPrice !== null, rule: line.promotion.rule }
      const priced = priceCartLine(input)
      goodsList.push({
        cart_id: row.cart_id,
        sku_id: line.sku.sku_id,
        num: row.num,
        price: centsToMoney(basePriceOf(input)),
        promotion_label: line.promotion.label,
        promotion_num: priced.promoUnits,
        promotion_price: centsToMoney(priced.promoUnits > 0 ? priced.promoPrice : priced.base),
        subtotal: centsToMoney(priced.subtotal),
      })
      goodsNum += row.num
      goodsMoney += priced.subtotal
    }
    return success({
      goods_list: goodsList,
      bundling_list: bundlingList,
      goods_num: goodsNum,
      goods_money: centsToMoney(goodsMoney),
      order_money: centsToMoney(goodsMoney),
    })
  })

  // ------------------------------------------------------------------ bundles (组合套餐)

  router.post('/bundling/api/cart/lists', (ctx) => {
    const memberId = requireMember(ctx)
    const catalog = Catalog.forRequest(ctx, memberId)
    const rows = cartRows(ctx.db, memberId, 'bundle').flatMap((row) => {
      const line = bundleLine(catalog, row)
      return line ? [bundleLineView(catalog, line)] : []
    })
    return success(rows)
  })

  // → the cart_id as a string (new or merged line); quantities merge and are capped at the bundle's stock.
  router.post('/bundling/api/cart/add', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'bl_id'))) return error(-1, '缺少参数bl_id')
    const num = numParam(ctx)
    if (typeof num !== 'number') return num.error
    const catalog = Catalog.forRequest(ctx, memberId)
    const bundling = catalog.promotions.bundlings.find((b) => b.bl_id === int(ctx, 'bl_id', 0))
    if (!bundling) return error(-1, '组合套餐不存在')
    for (const item of bundling.items) {
      const goods = catalog.goods(item.goods_id)
      const refusal = saleRefusal(goods ? catalog.saleControl(goods) : null)
      if (refusal) return error(-1, refusal)
    }
    const stock = bundleStock(catalog, bundling)
    if (stock <= 0) return error(-1, '商品库存不足')
    return ctx.db.transaction(() => {
      const line = ctx.db.prepare('SELECT cart_id, num FROM cart WHERE member_id = ? AND bl_id = ? ORDER BY cart_id LIMIT 1').get(memberId, bundling.bl_id) as
        { cart_id: number; num: number } | undefined
      if (line) {
        ctx.db.prepare('UPDATE cart SET num = ? WHERE cart_id = ?').run(Math.min(line.num + num, stock), line.cart_id)
        return success(String(line.cart_id))
      }
      const result = ctx.db
        .prepare('INSERT INTO cart (member_id, sku_id, bl_id, num, create_time) VALUES (?, 0, ?, ?, ?)')
        .run(memberId, bundling.bl_id, Math.min(num, stock), nowSeconds())
      return success(String(result.lastInsertRowid))
    })()
  })

  router.post('/bundling/api/cart/edit', (ctx) => editLine(ctx, 'bundle'))

  router.post('/bundling/api/cart/delete', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'cart_id'))) return error(-1, '缺少参数cart_id')
    return success(deleteOwn(ctx, memberId, parseIds(param(ctx, 'cart_id')), 'bundle'))
  })
}
