import type { Database } from 'better-sqlite3'
import { money, nowSeconds } from '../core/format.js'
import { ApiReply, error } from '../core/router.js'
import { insertRow } from '../db/rows.js'

/**
 * Evaluations of an order's lines (contract UPSTREAM-commerce §4.3): the first review, the
 * follow-up (追评), and the order's `evaluate_status` (0 to evaluate, 1 evaluated, 2 evaluated
 * again). New rows feed `goodsevaluate/page`, `count` and the goods' `evaluate` counter.
 */

export const EVALUATE_STATUS_NAMES: Record<number, string> = { 0: '待评价', 1: '已评价', 2: '已追评' }
export const MAX_EVALUATE_IMAGES = 6
export const MAX_EVALUATE_CHARS = 500

interface EvaluateOrder {
  order_id: number
  order_no: string
  member_id: number
  order_status: number
  is_evaluate: number
  evaluate_status: number
}

export interface EvaluateLine {
  order_goods_id: number
  order_id: number
  member_id: number
  goods_id: number
  sku_id: number
  sku_name: string
  sku_image: string
  price: number
  num: number
  refund_status: number
}

function refuse(message: string): never {
  throw new ApiReply(error(-1, message))
}

/** 1 好评 (4–5 stars), 2 中评 (2–3), 3 差评 (1). */
export function explainType(scores: number): 1 | 2 | 3 {
  return scores >= 4 ? 1 : scores >= 2 ? 2 : 3
}

/** The member's order that may be evaluated now (received or completed, evaluation allowed). */
export function evaluableOrder(db: Database, memberId: number, orderId: number): EvaluateOrder {
  const order = db.prepare('SELECT order_id, order_no, member_id, order_status, is_evaluate, evaluate_status FROM orders WHERE order_id = ? AND is_delete = 0').get(orderId) as
    EvaluateOrder | undefined
  // As Niushop 5.5.2's Order::evluateinfo: one query for the member's finished, evaluable order, so
  // an order that is not finished is "not found" too.
  if (!order || order.member_id !== memberId || ![4, 10].includes(order.order_status) || order.is_evaluate !== 1) refuse('没有找到该订单')
  if (order.evaluate_status >= 2) refuse('该订单已评价')
  return order
}

/** Lines that may be evaluated: every line not fully refunded. */
export function evaluableLines(db: Database, orderId: number): EvaluateLine[] {
  return db
    .prepare(
      'SELECT order_goods_id, order_id, member_id, goods_id, sku_id, sku_name, sku_image, price, num, refund_status FROM order_goods WHERE order_id = ? AND refund_status != 3 ORDER BY order_goods_id',
    )
    .all(orderId) as EvaluateLine[]
}

export function evaluateInfo(db: Database, memberId: number, orderId: number): Record<string, unknown> {
  const order = evaluableOrder(db, memberId, orderId)
  const lines = evaluableLines(db, orderId)
  // The follow-up form shows what was said first.
  const first = db.prepare('SELECT order_goods_id, content, images, scores, is_anonymous FROM goods_evaluate WHERE order_id = ?').all(orderId) as {
    order_goods_id: number
    content: string
    images: string
    scores: number
    is_anonymous: number
  }[]
  const byLine = new Map(first.map((row) => [row.order_goods_id, row]))
  return {
    evaluate_status: order.evaluate_status,
    evaluate_status_name: EVALUATE_STATUS_NAMES[order.evaluate_status],
    list: lines.map((line) => {
      const done = byLine.get(line.order_goods_id)
      return {
        order_goods_id: line.order_goods_id,
        order_id: line.order_id,
        order_no: order.order_no,
        site_id: 1,
        member_id: line.member_id,
        goods_id: line.goods_id,
        sku_id: line.sku_id,
        sku_name: line.sku_name,
        sku_image: line.sku_image,
        price: money(line.price),
        num: line.num,
        ...(done ? { content: done.content, images: done.images, scores: done.scores, is_anonymous: done.is_anonymous } : {}),
      }
    }),
  }
}

export interface FirstReview {
  order_goods_id: number
  content: string
  images: string[]
  scores: number
}

export interface AgainReview {
  order_goods_id: number
  again_content: string
  again_images: string[]
}

/** Images: comma paths the member uploaded themself, at most 6. */
export function checkImages(db: Database, memberId: number, images: string[]): void {
  if (images.length > MAX_EVALUATE_IMAGES) refuse(`评价图片最多上传${MAX_EVALUATE_IMAGES}张`)
  const own = db.prepare('SELECT 1 FROM upload_file WHERE path = ? AND member_id = ?')
  if (images.some((path) => !own.get(path, memberId))) refuse('评价图片无效')
}

/** The first review of every evaluable line of the order, in one transaction. */
export function addEvaluation(
  db: Database,
  memberId: number,
  orderId: number,
  reviews: FirstReview[],
  who: { name: string; headimg: string; orderNo: string; anonymous: boolean },
  audit: boolean,
): void {
  db.transaction(() => {
    const order = evaluableOrder(db, memberId, orderId)
    if (order.evaluate_status !== 0) refuse('该订单已评价')
    const lines = evaluableLines(db, orderId)
    const byId = new Map(reviews.map((r) => [r.order_goods_id, r]))
    if (lines.length === 0 || byId.size !== reviews.length || reviews.some((r) => !lines.find((l) => l.order_goods_id === r.order_goods_id))) refuse('订单项不存在！')
    const now = nowSeconds()
    for (const line of lines) {
      const review = byId.get(line.order_goods_id)
      if (!review || review.content.trim() === '') refuse('商品的评价不能为空！')
      if (!Number.isInteger(review.scores) || review.scores < 1 || review.scores > 5) refuse('评分必须在1到5之间')
      if ([...review.content].length > MAX_EVALUATE_CHARS) refuse(`评价内容不能超过${MAX_EVALUATE_CHARS}个字`)
      checkImages(db, memberId, review.images)
      insertRow(db, 'goods_evaluate', {
        order_id: orderId,
        order_no: who.orderNo,
        order_goods_id: line.order_goods_id,
        goods_id: line.goods_id,
        sku_id: line.sku_id,
        sku_name: line.sku_name,
        sku_price: line.price,
        sku_image: line.sku_image,
        content: review.content.trim(),
        images: review.images.join(','),
        member_id: memberId,
        member_name: who.name,
        member_headimg: who.headimg,
        is_anonymous: who.anonymous ? 1 : 0,
        scores: review.scores,
        explain_type: explainType(review.scores),
        is_audit: audit ? 0 : 1,
        create_time: now,
      })
      db.prepare('UPDATE goods SET evaluate = evaluate + 1 WHERE goods_id = ?').run(line.goods_id)
    }
    const changed = db.prepare('UPDATE orders SET evaluate_status = 1 WHERE order_id = ? AND evaluate_status = 0').run(orderId)
    if (changed.changes !== 1) refuse('该订单已评价')
  })()
}

/** The follow-up review (追评): once, for lines with a first review; at least one line. */
export function addAgainEvaluation(db: Database, memberId: number, orderId: number, reviews: AgainReview[]): void {
  db.transaction(() => {
    const order = evaluableOrder(db, memberId, orderId)
    if (order.evaluate_status !== 1) refuse('请先评价该订单')
    if (reviews.length === 0) refuse('商品的评价不能为空！')
    const now = nowSeconds()
    for (const review of reviews) {
      if (review.again_content.trim() === '') refuse('商品的评价不能为空！')
      if ([...review.again_content].length > MAX_EVALUATE_CHARS) refuse(`评价内容不能超过${MAX_EVALUATE_CHARS}个字`)
      checkImages(db, memberId, review.again_images)
      const changed = db
        .prepare(
          "UPDATE goods_evaluate SET again_content = ?, again_images = ?, again_time = ?, again_is_audit = 1 WHERE order_id = ? AND order_goods_id = ? AND again_content = ''",
        )
        .run(review.again_content.trim(), review.again_images.join(','), now, orderId, review.order_goods_id)
      if (changed.changes !== 1) refuse('订单项不存在！')
    }
    db.prepare('UPDATE orders SET evaluate_status = 2 WHERE order_id = ? AND evaluate_status = 1').run(orderId)
  })()
}
