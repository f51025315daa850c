import { error, int, param, requireMember, str, success, type Context, type Router } from '../core/router.js'
import { imageType, isUploadedFile, storeUpload } from '../core/upload.js'
import { servicerUid } from '../core/chat-hub.js'
import { CONTENT_TYPES, FRAME_TYPES, insertMessage, keywordReply, listDialogs, onlineServicer, pairMember, pushToMember, pushToServicers } from '../models/chat.js'

/**
 * The member side of the servicer addon (contract §7.3): /servicer/api/chat/* and the chat image
 * upload. Messages are sent over HTTP (`say`); replies reach the member's socket as frames.
 * Failures put their text in `data` with message 操作失败, as the addon does (surprise 14).
 */
const FAIL = (text: string) => error(-1, '操作失败', text)
/** The addon stores what it is given; a cap keeps one request from storing a book. */
const MAX_SAY_LENGTH = 2000
const CHAT_IMAGE_MAX_BYTES = 2 * 1024 * 1024

export const KEYWORD_CONFIG = 'SERVICER_KEYWORD_CONFIG'
type KeywordConfig = { is_open: number; keyword_list: { keyword: string; reply?: string }[] }

function memberRow(ctx: Context, memberId: number) {
  return ctx.db.prepare('SELECT member_id, username, nickname, headimg FROM member WHERE member_id = ?').get(memberId) as Record<string, unknown>
}

export function registerServicerRoutes(router: Router): void {
  router.post('/servicer/api/chat/bind', (ctx) => {
    const memberId = requireMember(ctx)
    const clientId = str(ctx, 'client_id')
    if (!clientId) return FAIL('缺少必要的参数')
    const hub = ctx.services.chat
    if (!hub.bind(clientId, String(memberId))) return FAIL('客服连接异常')
    const servicer = onlineServicer(ctx.db, memberId)
    pairMember(ctx.db, memberId, servicer?.servicer_id ?? 0, clientId, true)
    if (!servicer) return FAIL('客服不在线')
    hub.sendToUid(servicerUid(servicer.user_id), { type: 'connect', data: memberRow(ctx, memberId) })
    // The member learns its servicer too (the addon nests it in data.data, surprise 14).
    hub.sendToUid(String(memberId), { type: 'connect', data: { data: { servicer_id: servicer.servicer_id } } })
    return success({ servicer_id: servicer.servicer_id })
  })

  router.post('/servicer/api/chat/say', (ctx) => {
    const memberId = requireMember(ctx)
    const contentType = int(ctx, 'content_type', -1)
    if (!(Object.values(CONTENT_TYPES) as number[]).includes(contentType)) return FAIL('缺少必要的参数')
    const message = str(ctx, 'message').trim()
    let goodsSkuId = 0
    let orderId = 0
    if (contentType === CONTENT_TYPES.text || contentType === CONTENT_TYPES.image) {
      if (!message) return FAIL('发送内容不能为空')
      if (message.length > MAX_SAY_LENGTH) return FAIL('发送内容过长')
      if (contentType === CONTENT_TYPES.image && !ctx.db.prepare('SELECT 1 FROM upload_file WHERE path = ? AND member_id = ?').get(message, memberId)) {
        return FAIL('图片不存在')
      }
    } else if (contentType === CONTENT_TYPES.goods) {
      goodsSkuId = int(ctx, 'goods_id', 0) // carries the SKU id (contract §7.3)
      if (!ctx.db.prepare('SELECT 1 FROM goods_sku WHERE sku_id = ?').get(goodsSkuId)) return FAIL('商品不存在')
    } else {
      orderId = int(ctx, 'order_id', 0)
      if (!ctx.db.prepare('SELECT 1 FROM orders WHERE order_id = ? AND member_id = ?').get(orderId, memberId)) return FAIL('订单不存在')
    }
    const servicer = onlineServicer(ctx.db, memberId)
    const row = insertMessage(ctx.db, {
      member_id: memberId,
      servicer_id: servicer?.servicer_id ?? 0,
      content_type: contentType,
      type: 0,
      say: contentType === CONTENT_TYPES.text || contentType === CONTENT_TYPES.image ? message : '',
      goods_sku_id: goodsSkuId,
      order_id: orderId,
    })
    pushToServicers(ctx.db, ctx.services.chat, { type: FRAME_TYPES[contentType] ?? 'string', data: row })
    if (contentType === CONTENT_TYPES.text) {
      const reply = keywordReply(ctx.services.config.get<KeywordConfig>(KEYWORD_CONFIG), message)
      if (reply) {
        const answer = insertMessage(ctx.db, { member_id: memberId, servicer_id: servicer?.servicer_id ?? 0, content_type: 0, type: 1, say: reply })
        pushToMember(ctx.services.chat, answer)
        pushToServicers(ctx.db, ctx.services.chat, { type: 'string', data: answer })
      }
    }
    return success({ read: 0 })
  })

  router.post('/servicer/api/chat/dialogs', (ctx) => {
    const memberId = requireMember(ctx)
    const page = Math.max(1, int(ctx, 'page', 1))
    const limit = Math.min(100, Math.max(1, int(ctx, 'limit', 5)))
    return success(listDialogs(ctx.db, memberId, page, limit))
  })

  router.post('/servicer/api/chat/setRead', (ctx) => {
    const memberId = requireMember(ctx)
    if (int(ctx, 'site_id', 0) === 0) return FAIL('缺少必要的参数')
    ctx.db.prepare('UPDATE servicer_dialogue SET read = 1 WHERE member_id = ? AND type = 1').run(memberId)
    return success()
  })

  router.post('/servicer/api/chat/hasServicers', (ctx) => {
    requireMember(ctx)
    const { n } = ctx.db.prepare('SELECT COUNT(*) AS n FROM servicer WHERE online = 1').get() as { n: number }
    return success({ online_count: n })
  })

  router.post('/servicer/api/chat/bye', (ctx) => {
    const memberId = requireMember(ctx)
    if (param(ctx, 'servicer_id') === undefined || str(ctx, 'servicer_id') === '') return FAIL('缺少必要的参数')
    pushToServicers(ctx.db, ctx.services.chat, { type: 'disconnect', data: { member_id: memberId } })
    ctx.db.prepare('UPDATE servicer_member SET online = 0 WHERE member_id = ?').run(memberId)
    ctx.services.chat.closeUid(String(memberId), { type: 'close', data: { status: true } })
    return { code: 0, message: '会话已结束！', data: '' }
  })

  router.post('/servicer/api/chat/keyword', (ctx) => {
    requireMember(ctx)
    const config = ctx.services.config.get<KeywordConfig>(KEYWORD_CONFIG)
    return success({ is_open: Number(config.is_open), keyword_list: config.keyword_list.map(({ keyword }) => ({ keyword })) })
  })

  router.post('/api/upload/chatimg', (ctx) => {
    const memberId = requireMember(ctx)
    const file = param(ctx, 'file')
    if (!isUploadedFile(file) || file.data.length === 0) return error(-1, '请上传图片文件')
    if (file.data.length > CHAT_IMAGE_MAX_BYTES) return error(-1, '图片大小不能超过2MB')
    const type = imageType(file.data)
    if (!type) return error(-1, '请上传图片文件')
    return success({ pic_path: storeUpload(ctx.db, 'chat', memberId, { ...type, data: file.data }) })
  })
}
