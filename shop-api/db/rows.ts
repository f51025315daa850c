import type { Database } from 'better-sqlite3'

// Writing demo rows: used by the seed steps and by the models that create rows as the seed does.

/** INSERT a plain object as a row (column names from its keys). */
export function insertRow(db: Database, table: string, row: Record<string, unknown>): number {
  const keys = Object.keys(row)
  const sql = `INSERT INTO ${table} (${keys.map((k) => `"${k}"`).join(', ')}) VALUES (${keys.map((k) => `@${k}`).join(', ')})`
  return Number(db.prepare(sql).run(row).lastInsertRowid)
}

export interface ImageSpec {
  path: string
  kind: 'banner' | 'logo' | 'icon' | 'qrcode' | 'packshot'
  width: number
  height: number
  background?: string
  color?: string
  text: string
  subtext?: string
}

/** Register a generated image (served by GET /<path>, see core/images.ts). */
export function registerImage(db: Database, spec: ImageSpec): string {
  db.prepare(
    `INSERT OR REPLACE INTO upload_image (path, kind, width, height, background, color, text, subtext)
     VALUES (@path, @kind, @width, @height, @background, @color, @text, @subtext)`,
  ).run({ background: '#FFFFFF', color: '#FFFFFF', subtext: '', ...spec })
  return spec.path
}
