import { error, isEmpty, param, requireMember, str, success, int, type Context, type Router } from '../core/router.js'
import { imageType, isUploadedFile, storeUpload } from '../core/upload.js'
import { addAgainEvaluation, addEvaluation, evaluateInfo, type AgainReview, type FirstReview } from '../models/evaluate.js'

/**
 * Evaluations (contract UPSTREAM-commerce §4.3): `/api/order/evluateinfo` (sic), `/api/goodsevaluate/add`,
 * `/api/goodsevaluate/again`, and the image uploads of after-sales (`/api/upload/evaluateimg`,
 * `/api/upload/refundimg`). Reading evaluations stays in routes/goods.ts.
 */

export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024

/**
 * The keys upstream reads from each line, in its order, without a default (GoodsEvaluate.php).
 * add reads them inside a try/catch, so a missing one is the model's failure: FAIL's code (-10001)
 * with PHP 8's message; again has no catch, so ThinkPHP answers `-1 系统异常：…` (no data).
 */
const FIRST_REVIEW_KEYS = ['order_goods_id', 'goods_id', 'sku_id', 'sku_name', 'sku_price', 'sku_image', 'content', 'images', 'scores', 'explain_type']
const AGAIN_REVIEW_KEYS = ['order_goods_id', 'goods_id', 'sku_id', 'again_content', 'again_images']
const MODEL_FAIL_CODE = -10001

/** The first key of `keys` a review line lacks, if any. */
function missingKey(item: Record<string, unknown>, keys: readonly string[]): string | undefined {
  return keys.find((key) => !Object.prototype.hasOwnProperty.call(item, key))
}

/** `goods_evaluate` arrives as a JSON string (the PC) or an already parsed array (JSON bodies). */
function reviewsOf(ctx: Context): Record<string, unknown>[] | null {
  const raw = param(ctx, 'goods_evaluate')
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      return null
    }
  }
  return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null) ? (value as Record<string, unknown>[]) : null
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
const whole = (value: unknown): number => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN)
const paths = (value: unknown): string[] =>
  text(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** One image upload endpoint: a real image (by its bytes) of at most 2 MB, stored under `upload/<folder>`. */
export function registerImageUpload(router: Router, path: string, folder: string): void {
  router.post(path, (ctx) => {
    const memberId = requireMember(ctx)
    const file = param(ctx, 'file')
    if (!isUploadedFile(file) || file.data.length === 0) return error(-1, '请上传图片文件')
    if (file.data.length > UPLOAD_MAX_BYTES) return error(-1, '图片大小不能超过2MB')
    const type = imageType(file.data)
    if (!type) return error(-1, '请上传图片文件')
    const picPath = storeUpload(ctx.db, folder, memberId, { ...type, data: file.data })
    return success({ pic_path: picPath, path: picPath })
  })
}

export function registerEvaluateRoutes(router: Router): void {
  router.post('/api/order/evluateinfo', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_id'))) return error(-1, '缺少参数order_id')
    return success(evaluateInfo(ctx.db, memberId, int(ctx, 'order_id')))
  })

  router.post('/api/goodsevaluate/add', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_id'))) return error(-1, '缺少参数order_id')
    const items = reviewsOf(ctx)
    if (!items || items.length === 0) return error(-1, '商品的评价不能为空！')
    for (const item of items) {
      if (isEmpty(item.content)) return error(MODEL_FAIL_CODE, '商品的评价不能为空！')
      const missing = missingKey(item, FIRST_REVIEW_KEYS)
      if (missing) return error(MODEL_FAIL_CODE, `Undefined array key "${missing}"`)
    }
    const reviews: FirstReview[] = items.map((item) => ({
      order_goods_id: whole(item.order_goods_id),
      content: text(item.content),
      images: paths(item.images),
      scores: whole(item.scores),
    }))
    // As upstream (Goodsevaluate.php add), the name, avatar and order number under the review are
    // what the client sends (the PC sends the member's nickname and avatar); none sent, none shown.
    const reviewer = { name: str(ctx, 'member_name'), headimg: str(ctx, 'member_headimg'), orderNo: str(ctx, 'order_no'), anonymous: str(ctx, 'is_anonymous') === '1' }
    addEvaluation(ctx.db, memberId, int(ctx, 'order_id'), reviews, reviewer, false)
    return success(1)
  })

  router.post('/api/goodsevaluate/again', (ctx) => {
    const memberId = requireMember(ctx)
    if (isEmpty(param(ctx, 'order_id'))) return error(-1, '缺少参数order_id')
    const items = reviewsOf(ctx)
    if (!items || items.length === 0) return error(-1, '商品的评价不能为空！')
    for (const item of items) {
      const missing = missingKey(item, AGAIN_REVIEW_KEYS)
      if (missing) throw new Error(`Undefined array key "${missing}"`)
    }
    const reviews: AgainReview[] = items.map((item) => ({
      order_goods_id: whole(item.order_goods_id),
      again_content: text(item.again_content),
      again_images: paths(item.again_images),
    }))
    addAgainEvaluation(ctx.db, memberId, int(ctx, 'order_id'), reviews)
    return success(1)
  })

  registerImageUpload(router, '/api/upload/evaluateimg', 'evaluate')
  registerImageUpload(router, '/api/upload/refundimg', 'refund')
}
