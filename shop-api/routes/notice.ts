import { error, int, paging, pageResult, str, success, type Router } from '../core/router.js'

const LIST_COLUMNS = 'id, title, content, create_time, is_top, receiving_type, receiving_name, sort'
// Contract §6: only notices meant for "mobile" are listed, for the PC too (surprise 6).
const LISTED = "receiving_type LIKE '%mobile%'"
const ORDER = 'ORDER BY is_top DESC, sort DESC, create_time DESC, id DESC'

/** "1,2,3" → [1, 2, 3]; junk entries are dropped (upstream passes the string to an IN clause). */
function idList(raw: string): number[] {
  return raw
    .split(',')
    .map((part) => Number.parseInt(part, 10))
    .filter((id) => Number.isSafeInteger(id) && id > 0)
}

/** Notices: /api/notice/page, /api/notice/info, /api/notice/lists (contract §6). */
export function registerNoticeRoutes(router: Router): void {
  router.post('/api/notice/page', (ctx) => {
    const { page, pageSize } = paging(ctx)
    const ids = idList(str(ctx, 'id_arr'))
    const where = ids.length > 0 ? `${LISTED} AND id IN (${ids.join(',')})` : LISTED
    const count = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM notice WHERE ${where}`).get() as { n: number }).n
    const rows = ctx.db
      .prepare(`SELECT ${LIST_COLUMNS} FROM notice WHERE ${where} ${ORDER} LIMIT ? OFFSET ?`)
      .all(pageSize === 0 ? -1 : pageSize, pageSize === 0 ? 0 : (page - 1) * pageSize)
    return success(pageResult(rows, count, pageSize))
  })

  // Missing id → -1 缺少参数id; unknown id → data null (code 0), as help/info.
  router.post('/api/notice/info', (ctx) => {
    const id = int(ctx, 'id', 0)
    if (id <= 0) return error(-1, '缺少参数id')
    const row = ctx.db.prepare('SELECT id, title, content, create_time, modify_time, is_top, receiving_type, receiving_name FROM notice WHERE id = ?').get(id)
    return success(row ?? null)
  })

  router.post('/api/notice/lists', (ctx) => {
    const ids = idList(str(ctx, 'id_arr'))
    const where = ids.length > 0 ? `${LISTED} AND id IN (${ids.join(',')})` : LISTED
    return success(ctx.db.prepare(`SELECT ${LIST_COLUMNS} FROM notice WHERE ${where} ${ORDER}`).all())
  })
}
