import type { Database } from 'better-sqlite3'
import { deterministicSalt, hashPasswordSync } from '../core/password.js'
import { SEED_TIME } from './data/site.js'
import { insertRow } from './rows.js'

/**
 * Seed step 6 (checkout and cashier): the order, delivery, invoice and offline-transfer
 * settings, two stores, and a pay password for the demo member (docs/checkout-api.md "Demo data").
 */

/** The demo member's pay password (balance payments). Documented, like the login password. */
export const DEMO_PAY_PASSWORD = '123456'

export const checkoutConfigRecords: { config_key: string; value: unknown; config_desc: string }[] = [
  {
    config_key: 'ORDER_CONFIG',
    config_desc: '订单设置',
    value: {
      auto_close: 30,
      auto_take_delivery: 14,
      auto_complete: 7,
      after_sales_time: 0,
      invoice_status: 1,
      invoice_rate: 6,
      invoice_content: '药品,医疗器械,办公用品',
      invoice_money: 10,
      invoice_type: '1,2',
    },
  },
  {
    // Our own: the fee rules of the reference API (Niushop computes fees from shipping templates).
    config_key: 'DELIVERY_FEE_CONFIG',
    config_desc: '配送费设置',
    value: { express_fee: 10, express_free_from: 199, local_fee: 5 },
  },
  { config_key: 'EXPRESS_CONFIG', config_desc: '物流配送设置', value: { express_name: '快递发货' } },
  { config_key: 'EXPRESS_STORE_CONFIG', config_desc: '门店自提设置', value: { store_name: '门店自提' } },
  { config_key: 'EXPRESS_LOCAL_DELIVERY_CONFIG', config_desc: '同城配送设置', value: { local_name: '同城配送' } },
  { config_key: 'DELIVERY_SORT_CONFIG', config_desc: '配送方式排序', value: { deliver_type: 'express,store,local' } },
  { config_key: 'BALANCE_CONFIG', config_desc: '余额设置', value: { balance_show: 1 } },
  {
    config_key: 'OFFLINE_PAY_CONFIG',
    config_desc: '线下支付设置',
    value: {
      bank: { status: 1, bank_name: '中国工商银行', account_name: '杭州演示医药有限公司', account_number: '1202 0210 0900 0012 345', branch_name: '杭州西湖支行' },
      wechat: { status: 0, account_name: '', payment_code: '' },
      alipay: { status: 0, account_name: '', account_number: '', payment_code: '' },
    },
  },
]

const stores = [
  {
    store_id: 1,
    store_name: '演示医药 西湖自提点',
    telphone: '0571-88880001',
    open_date: '周一至周六 08:30-18:00',
    address: '文三路 100 号',
    full_address: '浙江省-杭州市-西湖区',
    longitude: '120.130663',
    latitude: '30.276126',
    status: 1,
    is_pickup: 1,
    is_o2o: 1,
  },
  {
    store_id: 2,
    store_name: '演示医药 滨江自提点',
    telphone: '0571-88880002',
    open_date: '周一至周五 09:00-17:30',
    address: '江南大道 588 号',
    full_address: '浙江省-杭州市-滨江区',
    longitude: '120.211180',
    latitude: '30.208577',
    status: 1,
    is_pickup: 1,
    is_o2o: 0,
  },
]

export function seedCheckout(db: Database): void {
  for (const record of checkoutConfigRecords) {
    insertRow(db, 'config', {
      config_key: record.config_key,
      value: JSON.stringify(record.value),
      config_desc: record.config_desc,
      is_use: 1,
      create_time: SEED_TIME,
      modify_time: 0,
    })
  }
  for (const store of stores) insertRow(db, 'store', store)
  db.prepare("UPDATE member SET pay_password = ? WHERE username = 'demo'").run(hashPasswordSync(DEMO_PAY_PASSWORD, deterministicSalt('demo-pay')))
}

/**
 * Seed step 7 (points deduction): the points-cash addon's settings, enabled — 100 points = 1 yuan,
 * at most 50 % of the order money without shipping (docs/checkout-api.md "Points").
 * Set `is_enable` 0 to answer like a stock Niushop without the addon.
 */
export const POINT_CASH_CONFIG = { is_enable: 1, cash_rate: 100, is_limit: 0, limit: 0, is_limit_use: 1, type: 1, max_use: 50 }

export function seedPointCash(db: Database): void {
  insertRow(db, 'config', {
    config_key: 'POINTCASH_CONFIG',
    value: JSON.stringify(POINT_CASH_CONFIG),
    config_desc: '积分抵现设置',
    is_use: 1,
    create_time: SEED_TIME,
    modify_time: 0,
  })
}
