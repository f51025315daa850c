import type { Database } from 'better-sqlite3'
import { money, nowSeconds } from '../core/format.js'
import { servicerUid, type ChatHub } from '../core/chat-hub.js'

/**
 * Chat messages (contract §7.3–7.4): rows of servicer_dialogue, the joined fields `dialogs`
 * answers, and the frames pushed to the other side.
 */
export const CONTENT_TYPES = { text: 0, goods: 1, order: 2, image: 3 } as const
/** Frame `type` per content_type (contract §7.2). */
export const FRAME_TYPES = ['string', 'goodssku', 'order', 'image'] as const

const SHOP_TIME_ZONE = 'Asia/Shanghai'
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

export interface NewMessage {
  member_id: number
  servicer_id: number
  content_type: number
  /** 0 = member → servicer, 1 = servicer → member. */
  type: 0 | 1
  say: string
  goods_sku_id?: number
  order_id?: number
}

/** The joined row `dialogs` answers (and the frames carry). */
const ROW_SQL = `
  SELECT d.id, d.member_id, d.servicer_id, d.shop_id, d.create_day, d.create_time, d.content_type, d.read,
         d.goods_sku_id, d.order_id, d.consumer_say, d.servicer_say, d.type,
         COALESCE(g.goods_name, '') AS goods_name, COALESCE(s.sku_name, '') AS sku_name, COALESCE(s.sku_image, '') AS sku_image,
         COALESCE(s.price, 0) AS price, COALESCE(o.order_no, '') AS order_no, COALESCE(o.goods_money, 0) AS goods_money,
         COALESCE(o.order_money, 0) AS order_money, COALESCE(o.order_status, 0) AS order_status,
         COALESCE(o.order_status_name, '') AS order_status_name, COALESCE(o.order_name, '') AS order_name,
         COALESCE(v.nickname, '') AS nickname, COALESCE(v.avatar, '') AS avatar
    FROM servicer_dialogue d
    LEFT JOIN goods_sku s ON s.sku_id = d.goods_sku_id AND d.goods_sku_id > 0
    LEFT JOIN goods g ON g.goods_id = s.goods_id
    LEFT JOIN orders o ON o.order_id = d.order_id AND d.order_id > 0
    LEFT JOIN servicer v ON v.servicer_id = d.servicer_id`

type RawRow = Record<string, unknown> & { price: number; goods_money: number; order_money: number }

function present(row: RawRow): Record<string, unknown> {
  return { ...row, price: money(row.price), goods_money: money(row.goods_money), order_money: money(row.order_money), is_platform: 1, shop_name: '', logo: '' }
}

export function messageById(db: Database, id: number): Record<string, unknown> | undefined {
  const row = db.prepare(`${ROW_SQL} WHERE d.id = ?`).get(id) as RawRow | undefined
  return row ? present(row) : undefined
}

export function insertMessage(db: Database, message: NewMessage): Record<string, unknown> {
  const now = new Date()
  const id = Number(
    db
      .prepare(
        `INSERT INTO servicer_dialogue (member_id, servicer_id, create_day, create_time, add_time, content_type, read, goods_sku_id, order_id, consumer_say, servicer_say, type)
         VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
      )
      .run(
        message.member_id,
        message.servicer_id,
        dayFormat.format(now),
        timeFormat.format(now),
        nowSeconds(),
        message.content_type,
        message.goods_sku_id ?? 0,
        message.order_id ?? 0,
        message.type === 0 ? message.say : '',
        message.type === 1 ? message.say : '',
        message.type,
      ).lastInsertRowid,
  )
  return messageById(db, id) as Record<string, unknown>
}

/** The member's history, newest page first, each page oldest-first (contract §7.3 `dialogs`). */
export function listDialogs(db: Database, memberId: number, page: number, limit: number): { page_count: number; count: number; list: Record<string, unknown>[] } {
  const count = (db.prepare('SELECT COUNT(*) AS n FROM servicer_dialogue WHERE member_id = ?').get(memberId) as { n: number }).n
  const rows = db.prepare(`${ROW_SQL} WHERE d.member_id = ? ORDER BY d.id DESC LIMIT ? OFFSET ?`).all(memberId, limit, (page - 1) * limit) as RawRow[]
  return { page_count: count === 0 ? 0 : Math.ceil(count / limit), count, list: rows.reverse().map(present) }
}

/** The servicer a member talks to: the paired one while online, else the first online one, else 0. */
export function onlineServicer(db: Database, memberId: number): { servicer_id: number; user_id: number } | undefined {
  const paired = db
    .prepare('SELECT s.servicer_id, s.user_id FROM servicer_member m JOIN servicer s ON s.servicer_id = m.servicer_id WHERE m.member_id = ? AND s.online = 1')
    .get(memberId) as { servicer_id: number; user_id: number } | undefined
  return (
    paired ?? (db.prepare('SELECT servicer_id, user_id FROM servicer WHERE online = 1 ORDER BY servicer_id LIMIT 1').get() as { servicer_id: number; user_id: number } | undefined)
  )
}

export function pairMember(db: Database, memberId: number, servicerId: number, clientId: string, online: boolean): void {
  db.prepare(
    `INSERT INTO servicer_member (member_id, servicer_id, online, client_id, modify_time) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(member_id) DO UPDATE SET servicer_id = excluded.servicer_id, online = excluded.online, client_id = excluded.client_id, modify_time = excluded.modify_time`,
  ).run(memberId, servicerId, online ? 1 : 0, clientId, nowSeconds())
}

/** Pushes a stored row to the member's sockets (servicer → member). */
export function pushToMember(hub: ChatHub, row: Record<string, unknown>): void {
  hub.sendToUid(String(row.member_id), { type: FRAME_TYPES[Number(row.content_type)] ?? 'string', data: row })
}

/** Pushes a stored row to every online servicer's console (member → servicer). */
export function pushToServicers(db: Database, hub: ChatHub, frame: { type: string; data: unknown }): void {
  const servicers = db.prepare('SELECT user_id FROM servicer WHERE online = 1').all() as { user_id: number }[]
  for (const servicer of servicers) hub.sendToUid(servicerUid(servicer.user_id), frame)
}

/** The keyword reply for `text` (the first keyword it contains), when keyword replies are on. */
export function keywordReply(config: { is_open?: number; keyword_list?: { keyword: string; reply?: string }[] }, text: string): string | null {
  if (Number(config.is_open) !== 1) return null
  const hit = (config.keyword_list ?? []).find((entry) => entry.keyword && entry.reply && text.includes(entry.keyword))
  return hit?.reply ?? null
}

/** Conversations for the servicer console: each member who wrote, newest first, with unread counts. */
export function listConversations(db: Database): Record<string, unknown>[] {
  return db
    .prepare(
      `SELECT d.member_id, m.username, m.nickname, COALESCE(sm.online, 0) AS online,
              SUM(CASE WHEN d.type = 0 AND d.read = 0 THEN 1 ELSE 0 END) AS unread, MAX(d.id) AS last_id
         FROM servicer_dialogue d
         JOIN member m ON m.member_id = d.member_id
         LEFT JOIN servicer_member sm ON sm.member_id = d.member_id
        GROUP BY d.member_id ORDER BY last_id DESC LIMIT 100`,
    )
    .all() as Record<string, unknown>[]
}
