import { replyAsServicer } from '../servicer-console.js'
import { ok, bad, text, bool, integer, memberOf, type TestRoutes } from './params.js'

/** Test API: the customer-service chat (issue 13). */
export const chatTestRoutes: TestRoutes = {
  /** Reply as the servicer: {member_id | username, content_type (0 text, 1 goods, 2 order, 3 image), message, goods_sku_id, order_id}. */
  'POST /__test/chat/reply': ({ params, db, services }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'no such member')
    const row = replyAsServicer(db, services, {
      member_id: memberId,
      content_type: integer(params, 'content_type') ?? 0,
      message: text(params, 'message'),
      goods_sku_id: integer(params, 'goods_sku_id'),
      order_id: integer(params, 'order_id'),
    })
    return row ? ok(row) : bad(400, 'unknown goods or order, or an empty message')
  },

  /** The demo servicer online or offline without a console: {online}. */
  'POST /__test/chat/servicer': ({ params, db }) => {
    const online = bool(params, 'online')
    if (online === undefined) return bad(400, 'body must be {"online": true|false}')
    db.prepare('UPDATE servicer SET online = ? WHERE servicer_id = 1').run(online ? 1 : 0)
    return ok({ online })
  },

  /** A member's messages, oldest first, and how many chat sockets are bound to them: ?member_id= or ?username=. */
  'GET /__test/chat/messages': ({ params, db, services }) => {
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'no such member')
    const list = db.prepare('SELECT * FROM servicer_dialogue WHERE member_id = ? ORDER BY id').all(memberId)
    return ok({ list, sockets: services.chat.connections(String(memberId)) })
  },

  /**
   * Drops chat sockets at once, as a restart of the chat server would: every one, or only those of
   * {member_id | username} (what a test that runs beside others may do: their sockets stay).
   */
  'POST /__test/chat/drop-sockets': ({ params, db, services }) => {
    if (params.member_id === undefined && params.username === undefined) return ok({ dropped: services.chat.dropAll() })
    const memberId = memberOf(db, params)
    if (memberId === undefined) return bad(404, 'no such member')
    return ok({ dropped: services.chat.dropUid(String(memberId)) })
  },

  'GET /__test/chat/console-key': ({ services }) => ok({ key: services.chat.consoleKey }),
}
