import type { Database } from 'better-sqlite3'
import { SEED_TIME } from './data/site.js'
import { insertRow } from './rows.js'

/**
 * Seed step 9 (after-sales): the refund settings — reasons (Niushop keeps them newline-separated),
 * no automatic refund, refunds back to the balance — and the return address the seller gives
 * when asking for the goods back (docs/after-sales.md).
 */
export const REFUND_CONFIG = {
  refund_reason: '未按约定时间发货\n拍错/多拍/不喜欢\n协商一致退款\n其他',
  auto_refund: 0,
  refund_money_type: 3,
  image_max: 5,
}

export const REFUND_ADDRESS = { shop_contacts: '演示医药售后部', shop_mobile: '0571-88880009', shop_address: '浙江省杭州市西湖区文三路 100 号 售后仓' }

export function seedAftersales(db: Database): void {
  const records = [
    { config_key: 'ORDER_REFUND_CONFIG', value: REFUND_CONFIG, config_desc: '退款设置' },
    { config_key: 'REFUND_ADDRESS_CONFIG', value: REFUND_ADDRESS, config_desc: '退货地址' },
  ]
  for (const record of records) {
    insertRow(db, 'config', {
      config_key: record.config_key,
      value: JSON.stringify(record.value),
      config_desc: record.config_desc,
      is_use: 1,
      create_time: SEED_TIME,
      modify_time: 0,
    })
  }
}
