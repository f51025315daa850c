import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { migrations } from './schema.js'
import { seedSteps } from './seed.js'

export type { Database } from 'better-sqlite3'

/**
 * Open (creating if needed) the shop database and bring it to the latest schema version.
 *
 * The version lives in `PRAGMA user_version`. Each pending migration runs together with the
 * seed step of the same version in one transaction, so a new file gets schema + demo data,
 * an up-to-date file is reused untouched (never reseeded), and an older file gets only what
 * it lacks.
 */
export function openDatabase(dbPath: string): Database.Database {
  if (dbPath !== ':memory:') mkdirSync(dirname(dbPath), { recursive: true })
  const db = new Database(dbPath)
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')

  const current = Number(db.pragma('user_version', { simple: true }))
  for (const migration of migrations) {
    if (migration.version <= current) continue
    const seed = seedSteps.find((step) => step.version === migration.version)
    db.transaction(() => {
      db.exec(migration.sql)
      seed?.run(db)
      db.pragma(`user_version = ${migration.version}`)
    })()
  }
  return db
}

/** The newest schema version this code knows. */
export const SCHEMA_VERSION = Math.max(...migrations.map((m) => m.version))
