import { randomBytes, scrypt, scryptSync, timingSafeEqual, createHash } from 'node:crypto'

/**
 * Password hashes: scrypt with a per-user salt, stored as `scrypt$<salt hex>$<hash hex>`.
 * (Niushop itself stores md5; nothing outside this module sees the format.)
 */
const KEY_LENGTH = 32

export function hashPasswordSync(password: string, salt: string = randomBytes(16).toString('hex')): string {
  const hash = scryptSync(password, salt, KEY_LENGTH).toString('hex')
  return `scrypt$${salt}$${hash}`
}

export function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex')
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, (err, key) => (err ? reject(err) : resolve(`scrypt$${salt}$${key.toString('hex')}`)))
  })
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hashHex] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hashHex) return Promise.resolve(false)
  const expected = Buffer.from(hashHex, 'hex')
  return new Promise((resolve, reject) => {
    scrypt(password, salt, expected.length, (err, key) => (err ? reject(err) : resolve(timingSafeEqual(key, expected))))
  })
}

/** A salt derived from a label, so the seed is deterministic (same file bytes on every run). */
export function deterministicSalt(label: string): string {
  return createHash('sha256').update(`shop-api-seed:${label}`).digest('hex').slice(0, 32)
}
