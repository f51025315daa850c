import type { Database } from 'better-sqlite3'
import { SIGNIN_CONFIG } from '../models/signin.js'
import { insertRow } from './rows.js'

/** Migration 18: the sign-in config (docs/member-centre.md "Sign-in"). */
export function seedSignin(db: Database): void {
  insertRow(db, 'config', { config_key: 'SIGNIN_CONFIG', value: JSON.stringify(SIGNIN_CONFIG), config_desc: '会员签到设置' })
}
