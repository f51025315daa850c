import { timingSafeEqual } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import type { Params } from '../core/router.js'
import type { Services } from '../core/services.js'
import { servicerUid } from '../core/chat-hub.js'
import { CONTENT_TYPES, insertMessage, listConversations, listDialogs, pushToMember } from '../models/chat.js'

/**
 * A small servicer console served by the reference shop API (GET /servicer/console?key=…), so a
 * person can answer a shopper during a demo: the conversations, one member's history, replies
 * (text, goods card, order card). It stands in for Niushop's admin-side servicer pages, which are
 * not part of the storefront contract. Access needs the console key (printed at start, or from
 * the test API); the demo servicer is servicer 1.
 */
export interface ConsoleReply {
  status: number
  type: string
  body: string
}

const DEMO_SERVICER = { servicer_id: 1, user_id: 1 }

const json = (status: number, body: unknown): ConsoleReply => ({ status, type: 'application/json; charset=utf-8', body: JSON.stringify(body) })

function keyMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected))
}

const text = (params: Params, name: string): string => {
  const value = params[name]
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
}
const positive = (params: Params, name: string): number => {
  const n = Number(text(params, name))
  return Number.isSafeInteger(n) && n > 0 ? n : 0
}

/** Stores a servicer → member message and pushes it to the member's sockets; null when the target is unknown. */
export function replyAsServicer(
  db: Database,
  services: Services,
  input: { member_id: number; content_type: number; message?: string; goods_sku_id?: number; order_id?: number },
): Record<string, unknown> | null {
  if (!db.prepare('SELECT 1 FROM member WHERE member_id = ?').get(input.member_id)) return null
  if (input.content_type === CONTENT_TYPES.goods && !db.prepare('SELECT 1 FROM goods_sku WHERE sku_id = ?').get(input.goods_sku_id ?? 0)) return null
  if (input.content_type === CONTENT_TYPES.order && !db.prepare('SELECT 1 FROM orders WHERE order_id = ? AND member_id = ?').get(input.order_id ?? 0, input.member_id)) return null
  if ((input.content_type === CONTENT_TYPES.text || input.content_type === CONTENT_TYPES.image) && !input.message) return null
  const row = insertMessage(db, {
    member_id: input.member_id,
    servicer_id: DEMO_SERVICER.servicer_id,
    content_type: input.content_type,
    type: 1,
    say: input.message ?? '',
    goods_sku_id: input.goods_sku_id,
    order_id: input.order_id,
  })
  pushToMember(services.chat, row)
  return row
}

export function consoleRoutes(db: Database, services: Services, method: string, path: string, params: Params): ConsoleReply | null {
  if (path !== '/servicer/console' && !path.startsWith('/servicer/console/')) return null
  if (!keyMatches(services.chat.consoleKey, params.key)) return { status: 403, type: 'text/plain; charset=utf-8', body: 'console key required' }
  if (method === 'GET' && path === '/servicer/console') return { status: 200, type: 'text/html; charset=utf-8', body: CONSOLE_HTML }
  if (method !== 'POST') return json(405, { error: 'POST only' })
  switch (path) {
    case '/servicer/console/api/bind': {
      if (!services.chat.bind(text(params, 'client_id'), servicerUid(DEMO_SERVICER.user_id))) return json(409, { error: 'unknown client_id' })
      db.prepare('UPDATE servicer SET online = 1 WHERE servicer_id = ?').run(DEMO_SERVICER.servicer_id)
      return json(200, { servicer_id: DEMO_SERVICER.servicer_id })
    }
    case '/servicer/console/api/conversations':
      return json(200, { list: listConversations(db) })
    case '/servicer/console/api/history': {
      const memberId = positive(params, 'member_id')
      db.prepare('UPDATE servicer_dialogue SET read = 1 WHERE member_id = ? AND type = 0').run(memberId)
      return json(200, listDialogs(db, memberId, 1, 50))
    }
    case '/servicer/console/api/reply': {
      const contentType = positive(params, 'content_type')
      const row = replyAsServicer(db, services, {
        member_id: positive(params, 'member_id'),
        content_type: contentType,
        message: text(params, 'message'),
        goods_sku_id: positive(params, 'goods_sku_id'),
        order_id: positive(params, 'order_id'),
      })
      return row ? json(200, row) : json(400, { error: 'unknown member, goods or order, or an empty message' })
    }
    default:
      return json(404, { error: 'no such console call' })
  }
}

const CONSOLE_HTML = `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="UTF-8"><title>客服工作台</title>
<style>
body{font-family:system-ui,"Microsoft Yahei",sans-serif;margin:0;display:grid;grid-template-columns:260px 1fr;height:100vh}
aside{border-right:1px solid #ddd;overflow:auto}aside button{display:block;width:100%;text-align:left;padding:10px;border:0;border-bottom:1px solid #eee;background:#fff;cursor:pointer}
aside button[aria-current=true]{background:#e6f4ef}main{display:flex;flex-direction:column}#log{flex:1;overflow:auto;padding:12px;list-style:none;margin:0}
#log li{margin:6px 0}#log li.mine{text-align:right}#log span{display:inline-block;padding:6px 10px;border-radius:6px;background:#f1f1f1;max-width:70%}
form{display:flex;gap:6px;padding:10px;border-top:1px solid #ddd}#status{padding:6px 12px;background:#0b7a5b;color:#fff}
</style></head><body>
<aside><div id="status">连接中…</div><nav id="members" aria-label="会话"></nav></aside>
<main><ul id="log" aria-live="polite"></ul>
<form id="reply"><select name="content_type" aria-label="类型"><option value="0">文字</option><option value="1">商品卡片（SKU ID）</option><option value="2">订单卡片（订单 ID）</option></select>
<input name="message" aria-label="内容" style="flex:1" autocomplete="off"><button>发送</button></form></main>
<script>
const key = new URLSearchParams(location.search).get('key');
let current = 0;
const api = (path, body) => fetch('/servicer/console/api/' + path + '?key=' + encodeURIComponent(key), {method:'POST', headers:{'content-type':'application/json'}, body: JSON.stringify(body || {})}).then(r => r.json());
const describe = (row) => row.content_type == 1 ? '[商品] ' + row.sku_name : row.content_type == 2 ? '[订单] ' + row.order_no + ' ' + row.order_status_name : row.content_type == 3 ? '[图片] ' + (row.consumer_say || row.servicer_say) : (row.consumer_say || row.servicer_say);
async function members() {
  const data = await api('conversations');
  const nav = document.getElementById('members'); nav.textContent = '';
  for (const m of data.list) { const b = document.createElement('button'); b.textContent = (m.nickname || m.username) + (m.online ? ' ●' : '') + (m.unread ? ' (' + m.unread + ')' : ''); b.setAttribute('aria-current', String(m.member_id === current)); b.onclick = () => { current = m.member_id; history(); members(); }; nav.append(b); }
}
async function history() {
  if (!current) return;
  const data = await api('history', {member_id: current});
  const log = document.getElementById('log'); log.textContent = '';
  for (const row of data.list) { const li = document.createElement('li'); li.className = row.type == 1 ? 'mine' : ''; const s = document.createElement('span'); s.textContent = row.create_time + ' ' + describe(row); li.append(s); log.append(li); }
  log.scrollTop = log.scrollHeight;
}
document.getElementById('reply').onsubmit = async (e) => {
  e.preventDefault(); if (!current) return;
  const f = new FormData(e.target); const type = Number(f.get('content_type')); const value = String(f.get('message')).trim();
  await api('reply', {member_id: current, content_type: type, message: value, goods_sku_id: value, order_id: value});
  e.target.message.value = ''; history();
};
function connect() {
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/wss');
  let timer;
  ws.onmessage = async (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === 'init') { await api('bind', {client_id: frame.data.client_id}); document.getElementById('status').textContent = '客服在线'; timer = setInterval(() => ws.send('ping'), 1500); members(); }
    else { members(); history(); }
  };
  ws.onclose = () => { clearInterval(timer); document.getElementById('status').textContent = '已断开，重连中…'; setTimeout(connect, 2000); };
}
connect();
</script></body></html>`
