import type { Database } from 'better-sqlite3'
import QRCode from 'qrcode'

/**
 * Generated images. The API answers relative paths (`upload/adv/ns_pc_index_1.svg`) like the
 * real one; GET /<path> draws the SVG described by the `upload_image` row. Nothing is read
 * from disk, so this works the same when the server is bundled.
 */

interface ImageRow {
  path: string
  kind: string
  width: number
  height: number
  background: string
  color: string
  text: string
  subtext: string
}

const FONT = `'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif`

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** Width of a string in em, counting CJK characters as 1 and others as 0.55. */
function emWidth(text: string): number {
  let w = 0
  for (const ch of text) w += /[\u2e80-\uffff]/.test(ch) ? 1 : 0.55
  return Math.max(w, 1)
}

function svg(width: number, height: number, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` + `<title>${esc(title)}</title>${body}</svg>`
}

function banner(row: ImageRow): string {
  const { width: w, height: h } = row
  const bg = `<rect width="${w}" height="${h}" fill="${esc(row.background)}"/>`
  if (h <= 100) {
    // Thin strip (top ad): text on the left, call to action on the right.
    const size = Math.min(h * 0.4, (w * 0.6) / emWidth(row.text))
    return svg(
      w,
      h,
      bg +
        `<text x="${w * 0.05}" y="${h / 2}" dominant-baseline="middle" font-family="${FONT}" font-size="${size.toFixed(1)}" font-weight="bold" fill="${esc(row.color)}">${esc(row.text)}</text>` +
        (row.subtext
          ? `<text x="${w * 0.95}" y="${h / 2}" dominant-baseline="middle" text-anchor="end" font-family="${FONT}" font-size="${(size * 0.7).toFixed(1)}" fill="${esc(row.color)}">${esc(row.subtext)}</text>`
          : ''),
      row.text,
    )
  }
  const size = Math.min(h * 0.16, (w * 0.8) / emWidth(row.text))
  const subSize = row.subtext ? Math.min(size * 0.5, (w * 0.85) / emWidth(row.subtext)) : 0
  const deco =
    `<circle cx="${w * 0.88}" cy="${h * 0.18}" r="${Math.min(w, h) * 0.28}" fill="#FFFFFF" fill-opacity="0.08"/>` +
    `<circle cx="${w * 0.1}" cy="${h * 0.9}" r="${Math.min(w, h) * 0.22}" fill="#FFFFFF" fill-opacity="0.08"/>`
  return svg(
    w,
    h,
    bg +
      deco +
      `<text x="${w / 2}" y="${h * (row.subtext ? 0.45 : 0.5)}" dominant-baseline="middle" text-anchor="middle" font-family="${FONT}" font-size="${size.toFixed(1)}" font-weight="bold" fill="${esc(row.color)}">${esc(row.text)}</text>` +
      (row.subtext
        ? `<text x="${w / 2}" y="${h * 0.62}" dominant-baseline="middle" text-anchor="middle" font-family="${FONT}" font-size="${subSize.toFixed(1)}" fill="${esc(row.color)}" fill-opacity="0.9">${esc(row.subtext)}</text>`
        : ''),
    row.text,
  )
}

function logo(row: ImageRow): string {
  const { width: w, height: h } = row
  const mark = h * 0.8
  const pad = h * 0.1
  const textX = pad * 2 + mark
  const size = Math.min(h * 0.34, (w - textX - pad) / emWidth(row.text))
  return svg(
    w,
    h,
    `<rect x="${pad}" y="${pad}" width="${mark}" height="${mark}" rx="${mark * 0.2}" fill="${esc(row.color)}"/>` +
      `<path d="M${pad + mark * 0.5} ${pad + mark * 0.2}v${mark * 0.6}M${pad + mark * 0.2} ${pad + mark * 0.5}h${mark * 0.6}" stroke="#FFFFFF" stroke-width="${mark * 0.16}" stroke-linecap="round"/>` +
      `<text x="${textX}" y="${h * (row.subtext ? 0.45 : 0.55)}" dominant-baseline="middle" font-family="${FONT}" font-size="${size.toFixed(1)}" font-weight="bold" fill="${esc(row.color)}">${esc(row.text)}</text>` +
      (row.subtext
        ? `<text x="${textX}" y="${h * 0.75}" dominant-baseline="middle" font-family="${FONT}" font-size="${(h * 0.13).toFixed(1)}" letter-spacing="1" fill="#888888">${esc(row.subtext)}</text>`
        : ''),
    row.text,
  )
}

function icon(row: ImageRow): string {
  const { width: w, height: h } = row
  const size = Math.min(w, h) * (emWidth(row.text) > 1 ? 0.3 : 0.5)
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" rx="${Math.min(w, h) * 0.18}" fill="${esc(row.background)}"/>` +
      `<text x="${w / 2}" y="${h / 2}" dominant-baseline="central" text-anchor="middle" font-family="${FONT}" font-size="${size.toFixed(1)}" font-weight="bold" fill="${esc(row.color)}">${esc(row.text)}</text>`,
    row.text,
  )
}

/** Split text into lines of at most `maxEm` em (CJK = 1 em). */
function wrap(text: string, maxEm: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const ch of text) {
    if (emWidth(line + ch) > maxEm && line !== '') {
      lines.push(line)
      line = ''
      if (lines.length === maxLines) break
    }
    line += ch
  }
  if (lines.length < maxLines && line.trim() !== '') lines.push(line)
  else if (lines.length === maxLines && line !== '') lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, -1)}…`
  return lines
}

/**
 * A goods packshot: a carton in perspective, coloured by category, with the goods name, its
 * specification and the brand. `subtext` is "spec|brand|view" (view "side" draws the carton
 * from the other side, for a goods' second image).
 */
function packshot(row: ImageRow): string {
  const { width: w, height: h } = row
  const [spec = '', brand = '', view = 'front'] = row.subtext.split('|')
  const colour = esc(row.background)
  const side = view === 'side'
  // Front face geometry (relative to a 400×400 canvas, scaled).
  const k = Math.min(w, h) / 400
  const fx = (side ? 110 : 70) * k
  const fy = 120 * k
  const fw = 220 * k
  const fh = 220 * k
  const depth = 50 * k
  const dx = side ? -depth : depth
  const top = `M${fx} ${fy}L${fx + dx} ${fy - depth}L${fx + fw + dx} ${fy - depth}L${fx + fw} ${fy}Z`
  const sideFace = side
    ? `M${fx} ${fy}L${fx + dx} ${fy - depth}L${fx + dx} ${fy + fh - depth}L${fx} ${fy + fh}Z`
    : `M${fx + fw} ${fy}L${fx + fw + dx} ${fy - depth}L${fx + fw + dx} ${fy + fh - depth}L${fx + fw} ${fy + fh}Z`
  const nameLines = wrap(row.text, 8, 3)
  const nameSize = Math.min(26 * k, (fw * 0.86) / Math.max(...nameLines.map(emWidth)))
  const nameY = fy + fh * 0.42 - ((nameLines.length - 1) * nameSize * 1.2) / 2
  const specSize = Math.min(15 * k, (fw * 0.85) / emWidth(spec || ' '))
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#F4F6F8"/>` +
      `<ellipse cx="${fx + fw / 2 + dx / 2}" cy="${fy + fh + 18 * k}" rx="${fw * 0.62}" ry="${14 * k}" fill="#000000" fill-opacity="0.08"/>` +
      `<path d="${top}" fill="${colour}" fill-opacity="0.55"/>` +
      `<path d="${sideFace}" fill="${colour}" fill-opacity="0.8"/>` +
      `<rect x="${fx}" y="${fy}" width="${fw}" height="${fh}" fill="#FFFFFF" stroke="${colour}" stroke-width="${2 * k}"/>` +
      `<rect x="${fx}" y="${fy}" width="${fw}" height="${fh * 0.16}" fill="${colour}"/>` +
      `<text x="${fx + fw / 2}" y="${fy + fh * 0.08}" dominant-baseline="central" text-anchor="middle" font-family="${FONT}" font-size="${(13 * k).toFixed(1)}" font-weight="bold" fill="#FFFFFF">${esc(brand)}</text>` +
      nameLines
        .map(
          (line, i) =>
            `<text x="${fx + fw / 2}" y="${(nameY + i * nameSize * 1.2).toFixed(1)}" dominant-baseline="central" text-anchor="middle" font-family="${FONT}" font-size="${nameSize.toFixed(1)}" font-weight="bold" fill="#222222">${esc(line)}</text>`,
        )
        .join('') +
      `<rect x="${fx}" y="${fy + fh * 0.8}" width="${fw}" height="${fh * 0.2}" fill="${colour}" fill-opacity="0.12"/>` +
      `<text x="${fx + fw / 2}" y="${fy + fh * 0.9}" dominant-baseline="central" text-anchor="middle" font-family="${FONT}" font-size="${specSize.toFixed(1)}" fill="${colour}">${esc(spec)}</text>`,
    `${row.text} ${spec}`.trim(),
  )
}

async function qrcode(row: ImageRow): Promise<string> {
  return QRCode.toString(row.text, {
    type: 'svg',
    margin: 1,
    width: row.width,
    errorCorrectionLevel: 'M',
    color: { dark: row.color, light: '#FFFFFF' },
  })
}

/** path → rendered SVG. Rows never change at run time except through seeds, so cache freely. */
const cache = new Map<string, string>()

/** The SVG for a relative path such as `upload/site/logo.svg`, or null when unknown. */
export async function renderImage(db: Database, path: string): Promise<string | null> {
  const row = db.prepare('SELECT * FROM upload_image WHERE path = ?').get(path) as ImageRow | undefined
  if (!row) return null
  const cacheKey = JSON.stringify(row)
  const hit = cache.get(cacheKey)
  if (hit) return hit
  let out: string
  switch (row.kind) {
    case 'banner':
      out = banner(row)
      break
    case 'logo':
      out = logo(row)
      break
    case 'qrcode':
      out = await qrcode(row)
      break
    case 'packshot':
      out = packshot(row)
      break
    default:
      out = icon(row)
  }
  cache.set(cacheKey, out)
  return out
}
