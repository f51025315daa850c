import { error, int, paging, pageResult, success, type Router } from '../core/router.js'

/** Help centre: /api/helpclass/lists, /api/help/page, /api/help/info. */
export function registerHelpRoutes(router: Router): void {
  router.post('/api/helpclass/lists', (ctx) => {
    const classes = ctx.db.prepare('SELECT class_id, class_name FROM help_class ORDER BY sort ASC, create_time DESC').all() as {
      class_id: number
      class_name: string
    }[]
    const articles = ctx.db.prepare('SELECT id, title, link_address FROM help WHERE class_id = ? ORDER BY sort ASC, create_time DESC')
    return success(classes.map((c) => ({ ...c, child_list: articles.all(c.class_id) })))
  })

  // Needs class_id: without it (class 0) the page is empty, as upstream.
  router.post('/api/help/page', (ctx) => {
    const classId = int(ctx, 'class_id', 0)
    const { page, pageSize } = paging(ctx)
    const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM help WHERE class_id = ?').get(classId) as { n: number }).n
    const limit = pageSize === 0 ? -1 : pageSize
    const rows = ctx.db
      .prepare('SELECT id, title, class_id, class_name, sort, create_time FROM help WHERE class_id = ? ORDER BY sort ASC, create_time DESC LIMIT ? OFFSET ?')
      .all(classId, limit, pageSize === 0 ? 0 : (page - 1) * pageSize)
    return success(pageResult(rows, count, pageSize))
  })

  // Missing id → -1 缺少参数id; unknown id → data null (code 0).
  router.post('/api/help/info', (ctx) => {
    if (int(ctx, 'id', 0) <= 0) return error(-1, '缺少参数id')
    const row = ctx.db.prepare('SELECT id, title, content, class_id, class_name, sort, link_address, create_time, modify_time FROM help WHERE id = ?').get(int(ctx, 'id', 0))
    return success(row ?? null)
  })
}
