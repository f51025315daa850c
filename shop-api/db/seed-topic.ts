import type { Database } from 'better-sqlite3'
import { PROMOTION_LENGTH } from './data/promotions.js'
import { SEED_TIME } from './data/site.js'
import { insertRow, registerImage } from './rows.js'

const DAY = 86400

/**
 * Seed step 15: topics (专题活动) get a stock and a per-member limit per goods; two more topics
 * beside 秋冬呼吸道用药专题: 冬季呼吸道健康专场 (running), 春季过敏防护专场 (starts in 2028: not
 * started) and 夏季清热解暑专场 (ended in 2026). Topic prices are 85% of the list price, to the jiao.
 */
export const extraTopics: {
  topic_id: number
  topic_name: string
  remark: string
  bg_color: string
  start: number
  end: number
  goods: { goods: string; stock: number; max_buy: number }[]
}[] = [
  {
    topic_id: 2,
    topic_name: '冬季呼吸道健康专场',
    remark: '止咳平喘、清肺化痰，冬季呼吸道常备药专场特价，每人限购。',
    bg_color: '#0F766E',
    start: SEED_TIME,
    end: SEED_TIME + PROMOTION_LENGTH,
    goods: [
      { goods: '急支糖浆 200ml', stock: 500, max_buy: 5 },
      { goods: '复方鲜竹沥液 20ml*6支', stock: 300, max_buy: 0 },
      { goods: '橘红片 0.6g*24片', stock: 300, max_buy: 20 },
      { goods: '苏黄止咳胶囊 0.45g*24粒', stock: 3, max_buy: 0 },
    ],
  },
  {
    topic_id: 3,
    topic_name: '春季过敏防护专场',
    remark: '花粉季抗过敏用药提前备货。',
    bg_color: '#7C3AED',
    start: SEED_TIME + 2 * 365 * DAY,
    end: SEED_TIME + PROMOTION_LENGTH,
    goods: [
      { goods: '氯雷他定片 10mg*6片', stock: 200, max_buy: 10 },
      { goods: '盐酸西替利嗪片 10mg*12片', stock: 200, max_buy: 10 },
    ],
  },
  {
    topic_id: 4,
    topic_name: '夏季清热解暑专场',
    remark: '清热解毒、消暑降火。',
    bg_color: '#EA580C',
    start: SEED_TIME,
    end: SEED_TIME + 60 * DAY,
    goods: [{ goods: '蒲地蓝消炎口服液 10ml*10支', stock: 100, max_buy: 0 }],
  },
]

export function seedTopics(db: Database): void {
  // The topic of schema version 2 keeps its prices; its goods get a stock and a limit now.
  db.prepare('UPDATE topic_goods SET stock = 200, max_buy = 10 WHERE topic_id = 1').run()
  let nextId = (db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM topic_goods').get() as { id: number }).id
  for (const t of extraTopics) {
    const adv = registerImage(db, {
      path: `upload/topic/topic_${t.topic_id}.svg`,
      kind: 'banner',
      width: 1210,
      height: 300,
      background: t.bg_color,
      text: t.topic_name,
      subtext: t.remark,
    })
    const now = SEED_TIME
    insertRow(db, 'topic', {
      topic_id: t.topic_id,
      topic_name: t.topic_name,
      topic_adv: adv,
      status: now < t.start ? 1 : 2, // as the upstream's cron left it at seed time; the dates decide (models/topic.ts)
      remark: t.remark,
      bg_color: t.bg_color,
      start_time: t.start,
      end_time: t.end,
    })
    for (const item of t.goods) {
      const sku = db
        .prepare('SELECT s.sku_id, s.goods_id, s.price FROM goods_sku s JOIN goods g ON g.goods_id = s.goods_id WHERE g.goods_name = ? ORDER BY s.sku_id LIMIT 1')
        .get(item.goods) as { sku_id: number; goods_id: number; price: number } | undefined
      if (!sku) throw new Error(`seed: topic goods ${item.goods}`)
      insertRow(db, 'topic_goods', {
        id: nextId++,
        topic_id: t.topic_id,
        goods_id: sku.goods_id,
        sku_id: sku.sku_id,
        topic_price: Math.round(sku.price * 8.5) / 10,
        stock: item.stock,
        max_buy: item.max_buy,
      })
    }
  }
}
