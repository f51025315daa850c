import { randomBytes } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import { nowSeconds } from './format.js'

/**
 * Uploaded files: multipart parsing (Node's built-in web `Request.formData()`, no extra
 * package), image type by content, and storage in `upload_file` (served by GET /<path>).
 */

/** A file field of a multipart request, as it appears in the route params. */
export interface UploadedFile {
  kind: 'file'
  filename: string
  /** What the client claimed; not trusted (see `imageType`). */
  type: string
  data: Buffer
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'file' && Buffer.isBuffer((value as { data?: unknown }).data)
}

/** multipart/form-data body → params (text fields as strings, files as UploadedFile). */
export async function parseMultipart(raw: Buffer, contentType: string): Promise<Record<string, unknown>> {
  const form = await new Request('http://shop-api.local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(raw) }).formData()
  const params: Record<string, unknown> = {}
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') params[name] = value
    else params[name] = { kind: 'file', filename: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) } satisfies UploadedFile
  }
  return params
}

/** The image type by magic bytes (PNG, JPEG, GIF, WebP), or null: the claimed type and the name do not count. */
export function imageType(data: Buffer): { mime: string; ext: string } | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' }
  if (data.length >= 6 && (data.subarray(0, 6).toString('latin1') === 'GIF87a' || data.subarray(0, 6).toString('latin1') === 'GIF89a')) return { mime: 'image/gif', ext: 'gif' }
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return { mime: 'image/webp', ext: 'webp' }
  return null
}

/** Store bytes under `upload/<folder>/<date>/<random>.<ext>` and return that path (no leading slash, like upstream). */
export function storeUpload(db: Database, folder: string, memberId: number, file: { mime: string; ext: string; data: Buffer }): string {
  const d = new Date()
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`
  const path = `upload/${folder}/${day}/${randomBytes(12).toString('hex')}.${file.ext}`
  db.prepare('INSERT INTO upload_file (path, member_id, mime, size, data, create_time) VALUES (?, ?, ?, ?, ?, ?)').run(
    path,
    memberId,
    file.mime,
    file.data.length,
    file.data,
    nowSeconds(),
  )
  return path
}

export function findUpload(db: Database, path: string): { mime: string; data: Buffer } | undefined {
  return db.prepare('SELECT mime, data FROM upload_file WHERE path = ?').get(path) as { mime: string; data: Buffer } | undefined
}
