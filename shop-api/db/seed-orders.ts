import type { Database } from 'better-sqlite3'
import { SEED_TIME } from './data/site.js'
import { insertRow } from './rows.js'

/** Seed step 8 (orders after payment): the purchase agreement /api/order/transactionagreement answers. */

const transactionAgreement = [
  '一、订单的成立',
  '买家提交订单并完成支付后，买卖双方之间的交易合同成立。药品及医疗器械仅向具备相应资质的采购单位销售。',
  '二、发货与收货',
  '卖家在买家付款后按约定时间发货；买家收到货物后应及时查验并确认收货，发货后 14 天未确认的订单将自动确认收货。',
  '三、售后',
  '药品一经售出，除质量问题外不予退换；质量问题请在收货后 7 天内申请售后。',
]

export function seedOrders(db: Database): void {
  insertRow(db, 'document', {
    app_module: 'shop',
    document_key: 'TRANSACTION_AGREEMENT',
    title: '购买协议',
    content: transactionAgreement.map((p) => `<p>${p}</p>`).join(''),
    create_time: SEED_TIME,
    modify_time: 0,
  })
}
