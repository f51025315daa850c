import type { Database } from 'better-sqlite3'
import { insertRow } from './rows.js'
import { SEED_TIME } from './data/site.js'

/**
 * The WeChat official account (addon/wechat's WECHAT_CONFIG) of the demo: appid and appsecret set,
 * so `/api/config/init` answers `wechat_config_status: 1` and `logincode` hands out QR codes, as a
 * Niushop with its account configured does. There is no WeChat here: the codes are this API's own
 * pictures and a test hook "scans" them (docs: shop-api/README.md "WeChat login").
 */
export const WECHAT_CONFIG = { appid: 'wx5f2a0c3e9b7d4a61', appsecret: 'demo-appsecret-not-a-real-one', token: '', encodingaeskey: '', qrcode: '', is_authopen: 0 }

/** Seed step 21: the WeChat account, and a first WeChat sign-in must bind a mobile (a B2B buyer is reached by phone). */
export function seedWechat(db: Database): void {
  insertRow(db, 'config', {
    config_key: 'WECHAT_CONFIG',
    value: JSON.stringify(WECHAT_CONFIG),
    config_desc: '微信公众号设置',
    is_use: 1,
    create_time: SEED_TIME,
    modify_time: 0,
  })
  const row = db.prepare("SELECT value FROM config WHERE app_module = 'shop' AND config_key = 'REGISTER_CONFIG'").get() as { value: string }
  const value = { ...(JSON.parse(row.value) as Record<string, unknown>), bind_mobile: 1 }
  db.prepare("UPDATE config SET value = ? WHERE app_module = 'shop' AND config_key = 'REGISTER_CONFIG'").run(JSON.stringify(value))
}
