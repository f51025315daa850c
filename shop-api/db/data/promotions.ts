/**
 * Demo data: promotions, coupon types, sale-control rules, evaluations and home floors of the
 * catalog. Goods are named by their unique `name` in `goods.ts`; a SKU by its spec values
 * joined with " " (e.g. '0.3g*20粒', '橙味 60片'); no SKU = every SKU of the goods.
 *
 * Time windows are fixed (SEED_TIME-based) and wide: every promotion here is running from
 * 2026-01-01 to 2028-12-31, and the seckill slot covers the whole day, so they are always active.
 */

export const PROMOTION_START_OFFSET = 0
/** 3 years after SEED_TIME. */
export const PROMOTION_LENGTH = 3 * 365 * 86400

/** 限时秒杀: one all-day slot. */
export const seckillSlots = [{ id: 1, name: '全天场', start: 0, end: 86399 }]

export interface SeckillSeed {
  name: string
  goods: string
  /** spec label → seckill price (all SKUs when the goods has one SKU: key ''). */
  prices: Record<string, number>
  /** Activity stock per SKU. */
  stock: number
  goods_min?: number
  goods_limit?: number
  num_multiple?: number
  remark?: string
}

export const seckills: SeckillSeed[] = [
  { name: '连花清瘟 限时秒杀', goods: '连花清瘟胶囊', prices: { '0.35g*24粒': 11.8, '0.35g*36粒': 17.2, '0.35g*48粒': 22.2 }, stock: 300, goods_limit: 10 },
  { name: '布洛芬缓释胶囊 秒杀', goods: '布洛芬缓释胶囊', prices: { '0.3g*20粒': 12.9, '0.3g*24粒': 15.5 }, stock: 200, goods_min: 1, goods_limit: 5, num_multiple: 1 },
  { name: '电子体温计 秒杀', goods: '医用电子体温计', prices: { 'YT308 硬头': 12.9, 'YT318 软头': 21.9 }, stock: 120, goods_min: 2, goods_limit: 20, num_multiple: 2 },
  { name: '外科口罩 整盒秒杀', goods: '医用外科口罩', prices: { '10只/盒': 4.9, '50只/盒': 19.9 }, stock: 500, goods_min: 5, goods_limit: 50, num_multiple: 5 },
  { name: 'VC咀嚼片 秒杀', goods: '维生素C咀嚼片', prices: { '橙味 60片': 25.9, '橙味 100片': 39.9, '柠檬味 60片': 25.9, '柠檬味 100片': 39.9 }, stock: 80 },
]

export interface DiscountSeed {
  goods: string
  /** Discount price per SKU label ('' = single SKU). */
  prices: Record<string, number>
  goods_min?: number
  goods_limit?: number
  num_multiple?: number
}

/** 限时折扣 (one activity, several goods). */
export const discountActivity = { discount_id: 1, discount_name: '冬季常备药限时折扣' }
export const discounts: DiscountSeed[] = [
  { goods: '阿奇霉素片 0.25g*6片', prices: { '': 12.6 }, goods_min: 2, goods_limit: 20, num_multiple: 2 },
  { goods: '苯磺酸氨氯地平片 5mg*28片', prices: { '': 18.9 } },
  { goods: '六味地黄丸 200丸', prices: { '': 17.6 }, goods_min: 3 },
  { goods: '鱼油软胶囊 100粒', prices: { '': 99 }, goods_limit: 6 },
  { goods: '999感冒灵颗粒 10g*9袋', prices: { '': 11.5 } },
  { goods: '头孢克肟胶囊', prices: { '0.1g*6粒': 15.9, '0.1g*12粒': 27.5 }, goods_limit: 10 },
]

/** 批发 (wholesale) tiers: unit price from `num` pieces on; `limit_num` > 0 caps the pieces at that price. */
export const wholesales: { goods: string; tiers: { num: number; price: number; limit_num?: number }[] }[] = [
  { goods: '阿莫西林克拉维酸钾片 0.375g*12片', tiers: [{ num: 10, price: 24.5 }, { num: 50, price: 22.8 }, { num: 100, price: 21 }] },
  { goods: '阿司匹林肠溶片 100mg*30片', tiers: [{ num: 20, price: 14.2 }, { num: 100, price: 13.5, limit_num: 200 }] },
  { goods: '当归片 250g', tiers: [{ num: 5, price: 33 }, { num: 20, price: 31, limit_num: 60 }, { num: 50, price: 29.5, limit_num: 100 }] },
  { goods: '医用酒精消毒液 75% 500ml', tiers: [{ num: 24, price: 8.6 }, { num: 120, price: 7.9 }] },
  { goods: '盐酸二甲双胍片 0.5g*60片', tiers: [{ num: 10, price: 9.2 }, { num: 30, price: 8.7, limit_num: 90 }] },
]

/**
 * 换购 (get-free / exchange purchase): buying `num` of the main goods lets the buyer add `count`
 * of `gift` at `price` (`limit` times per order, 0 = no limit). Ladder offers grow with the
 * quantity (`ladder_json`: from `mainRang` pieces, `rang` gifts at `rangPrice`).
 */
export interface GetFreeSeed {
  goods: string
  is_ladder: 0 | 1
  offers: {
    gift: string
    num: number
    count: number
    price: number
    limit: number
    goods_limit: number
    ladder?: { mainRang: number; rang: number; rangPrice: number }[]
  }[]
}

export const getFrees: GetFreeSeed[] = [
  { goods: '999感冒灵颗粒 10g*9袋', is_ladder: 0, offers: [{ gift: '板蓝根颗粒', num: 10, count: 1, price: 0.01, limit: 3, goods_limit: 0 }] },
  {
    goods: '复方丹参滴丸 27mg*180丸',
    is_ladder: 1,
    offers: [
      {
        gift: '速效救心丸 40mg*60粒*3瓶',
        num: 5,
        count: 1,
        price: 9.9,
        limit: 0,
        goods_limit: 10,
        ladder: [{ mainRang: 5, rang: 1, rangPrice: 9.9 }, { mainRang: 10, rang: 2, rangPrice: 6.9 }, { mainRang: 20, rang: 5, rangPrice: 4.9 }],
      },
    ],
  },
  { goods: '血糖仪 安稳+', is_ladder: 0, offers: [{ gift: '血糖试纸 50条', num: 1, count: 1, price: 9.9, limit: 1, goods_limit: 0 }] },
]

/** 组合套餐 (bundling): members of a combo are SKUs (goods name + spec label). */
export const bundlings: { bl_id: number; bl_name: string; bl_price: number; shipping_fee_type: 1 | 2; items: { goods: string; sku?: string }[] }[] = [
  {
    bl_id: 1,
    bl_name: '感冒家庭常备组合',
    bl_price: 32.8,
    shipping_fee_type: 1,
    items: [{ goods: '连花清瘟胶囊', sku: '0.35g*24粒' }, { goods: '布洛芬缓释胶囊', sku: '0.3g*20粒' }, { goods: '医用外科口罩', sku: '10只/盒' }],
  },
  {
    bl_id: 2,
    bl_name: '血压管理套装',
    bl_price: 209,
    shipping_fee_type: 1,
    items: [{ goods: '电子血压计', sku: 'YE660D' }, { goods: '苯磺酸氨氯地平片 5mg*28片' }],
  },
  {
    bl_id: 3,
    bl_name: '补气养血组合',
    bl_price: 86,
    shipping_fee_type: 2,
    items: [{ goods: '黄芪饮片', sku: '250g' }, { goods: '当归片 250g' }, { goods: '枸杞子', sku: '250g' }],
  },
]

/** 团购 (group buy): `buy_num` is the minimum quantity at `groupbuy_price`. */
export const groupbuys: { groupbuy_id: number; goods: string; sku?: string; groupbuy_price: number; buy_num: number; sell_num: number; rule: string }[] = [
  { groupbuy_id: 1, goods: '蛋白粉', sku: '450g', groupbuy_price: 168, buy_num: 3, sell_num: 126, rule: '3罐起团，团购价发货，不与其他优惠同享。' },
  { groupbuy_id: 2, goods: '碘伏消毒液 500ml', groupbuy_price: 9.5, buy_num: 10, sell_num: 480, rule: '10瓶起团，整箱发货。' },
  { groupbuy_id: 3, goods: '一次性使用医用口罩 50只', groupbuy_price: 11.9, buy_num: 20, sell_num: 1320, rule: '20盒起团。' },
]

/** 专题活动 (topic). */
export const topics: { topic_id: number; topic_name: string; remark: string; bg_color: string; goods: { goods: string; sku?: string; topic_price: number }[] }[] = [
  {
    topic_id: 1,
    topic_name: '秋冬呼吸道用药专题',
    remark: '止咳化痰、抗感染常备药专场。',
    bg_color: '#1E6FD9',
    goods: [
      { goods: '盐酸氨溴索口服溶液 100ml', topic_price: 15.8 },
      { goods: '蜜炼川贝枇杷膏 300ml', topic_price: 32 },
      { goods: '孟鲁司特钠咀嚼片 5mg*5片', topic_price: 34.5 },
      { goods: '强力枇杷露 150ml', topic_price: 16.9 },
    ],
  },
]

/** 满减 (spend-and-save): goods-scoped (manjian_type 2), by amount (type 0). */
export const manjians: { manjian_id: number; manjian_name: string; type: 0 | 1; goodsCategory: number; rules: { limit: number; discount_money: number; free_shipping?: 1 }[] }[] = [
  {
    manjian_id: 1,
    manjian_name: '保健食品满额立减',
    type: 0,
    goodsCategory: 5,
    rules: [{ limit: 300, discount_money: 30 }, { limit: 500, discount_money: 60, free_shipping: 1 }],
  },
]

/**
 * Coupon types added by schema version 2 (ids 4…). The 3 types of version 1 stay; the seed
 * gives them lead counts and scopes (type 3 becomes 医疗器械 only).
 * goods_type: 1 all goods, 2 selected goods (`goods`), 3 all but `goods`, 4 selected categories (`categories`).
 * validity_type: 0 fixed end (`end_days` after SEED_TIME), 1 `fixed_term` days after receipt, 2 no end.
 */
export interface CouponTypeSeed {
  coupon_type_id: number
  coupon_name: string
  type: 'reward' | 'discount'
  money: number
  discount: number
  discount_limit: number
  at_least: number
  /** -1 = unlimited. */
  count: number
  lead_count: number
  max_fetch: number
  goods_type: 1 | 2 | 3 | 4
  goods?: string[]
  categories?: number[]
  validity_type: 0 | 1 | 2
  fixed_term: number
  color: string
}

export const existingCouponScopes: Record<number, Partial<CouponTypeSeed>> = {
  1: { lead_count: 412, validity_type: 0, color: '#E53935' },
  2: { lead_count: 168, validity_type: 0, color: '#C62828' },
  3: { lead_count: 57, goods_type: 4, categories: [4], validity_type: 1, fixed_term: 30, color: '#16A085' },
}

export const couponTypeSeeds: CouponTypeSeed[] = [
  {
    coupon_type_id: 4, coupon_name: '阿莫西林专享满100减15', type: 'reward', money: 15, discount: 0, discount_limit: 0, at_least: 100,
    count: 500, lead_count: 36, max_fetch: 2, goods_type: 2, goods: ['阿莫西林胶囊', '阿莫西林克拉维酸钾片 0.375g*12片', '阿莫西林颗粒 0.125g*12袋', '阿莫西林分散片 0.25g*24片'],
    validity_type: 1, fixed_term: 15, color: '#1F6FB2',
  },
  {
    coupon_type_id: 5, coupon_name: '中药饮片满200减20', type: 'reward', money: 20, discount: 0, discount_limit: 0, at_least: 200,
    count: -1, lead_count: 205, max_fetch: 3, goods_type: 4, categories: [3], validity_type: 0, fixed_term: 0, color: '#8E5B2E',
  },
  {
    coupon_type_id: 6, coupon_name: '新客立减10元', type: 'reward', money: 10, discount: 0, discount_limit: 0, at_least: 0,
    count: 2000, lead_count: 1520, max_fetch: 1, goods_type: 1, validity_type: 1, fixed_term: 7, color: '#FF6A00',
  },
  {
    coupon_type_id: 7, coupon_name: '保健食品8.8折', type: 'discount', money: 0, discount: 8.8, discount_limit: 50, at_least: 100,
    count: 800, lead_count: 233, max_fetch: 2, goods_type: 4, categories: [5], validity_type: 0, fixed_term: 0, color: '#D35400',
  },
  {
    coupon_type_id: 8, coupon_name: '限量满50减20', type: 'reward', money: 20, discount: 0, discount_limit: 0, at_least: 50,
    count: 300, lead_count: 300, max_fetch: 1, goods_type: 1, validity_type: 0, fixed_term: 0, color: '#7B1FA2',
  },
  {
    coupon_type_id: 9, coupon_name: '满500减40（仅剩1张）', type: 'reward', money: 40, discount: 0, discount_limit: 0, at_least: 500,
    count: 100, lead_count: 99, max_fetch: 1, goods_type: 3, goods: ['家用制氧机 8F-5W', '干燕窝 50g', '东阿阿胶块 250g'],
    validity_type: 2, fixed_term: 0, color: '#00838F',
  },
]

/**
 * Sale-control (控销) rules. `member` is a username, `label` a buyer label id (member_label);
 * a rule applies to a member matching both given scopes. Goods rules win over category rules.
 */
export interface SaleControlSeed {
  member?: string
  label?: number
  goods?: string
  category?: number
  is_member_by: 0 | 1
  view_price: 0 | 1
  not_buy_msg: string
  reason: string
}

export const saleControlSeeds: SaleControlSeed[] = [
  { member: 'demo', goods: '硫酸氢氯吡格雷片 75mg*28片', is_member_by: 1, view_price: 0, not_buy_msg: '', reason: '区域控销：价格仅对签约客户公开' },
  { member: 'demo', goods: '一次性使用无菌注射器 5ml*100支', is_member_by: 0, view_price: 0, not_buy_msg: '该商品仅限医疗机构采购', reason: '经营范围限制' },
  { member: 'demo', goods: '头孢丙烯分散片 0.25g*6片', is_member_by: 0, view_price: 1, not_buy_msg: '处方药需上传处方药经营资质后采购', reason: '资质未备案' },
  { member: 'demo', goods: '蒙脱石散 3g*10袋', is_member_by: 0, view_price: 1, not_buy_msg: '', reason: '厂家控销' },
  { member: 'demo', goods: '一次性使用输液器 带针 50套', is_member_by: 0, view_price: 0, not_buy_msg: '该商品仅限医疗机构采购', reason: '经营范围限制' },
  { member: 'demo', category: 20, is_member_by: 0, view_price: 1, not_buy_msg: '您的经营范围不含计生用品', reason: '经营范围限制' },
  { member: 'clinic', goods: '蛋白粉', is_member_by: 0, view_price: 1, not_buy_msg: '该商品仅限连锁药店采购', reason: '渠道控销' },
  { member: 'clinic', category: 23, is_member_by: 0, view_price: 0, not_buy_msg: '该商品仅限连锁药店采购', reason: '渠道控销' },
]

/** Evaluations: ~3 for a dozen goods. explain_type 1 good, 2 medium, 3 bad. */
export interface EvaluationSeed {
  goods: string
  member: string
  anonymous?: 1
  explain_type: 1 | 2 | 3
  content: string
  images?: number
  reply?: string
  again?: string
  days: number
}

export const evaluationSeeds: EvaluationSeed[] = [
  { goods: '阿莫西林胶囊', member: '演示药房', explain_type: 1, content: '效期新鲜，到货快，包装完好，药监码齐全。', images: 2, reply: '感谢支持，欢迎再次采购！', days: 20 },
  { goods: '阿莫西林胶囊', member: '仁心诊所', anonymous: 1, explain_type: 1, content: '价格比别家实惠，回款方便。', days: 26 },
  { goods: '阿莫西林胶囊', member: '杭州百草堂药店', explain_type: 2, content: '货没问题，就是物流慢了一天。', reply: '已反馈物流，抱歉给您带来不便。', days: 31 },
  { goods: '连花清瘟胶囊', member: '演示药房', explain_type: 1, content: '流感季走量很快，秒杀价划算。', images: 1, days: 12 },
  { goods: '连花清瘟胶囊', member: '宁波康宁大药房', explain_type: 1, content: '正品，批号一致。', again: '二次补货，依旧满意。', days: 40 },
  { goods: '连花清瘟胶囊', member: '绍兴天和药店', anonymous: 1, explain_type: 3, content: '下单后缺货等了三天才发。', reply: '抱歉，备货不足已调整库存预警。', days: 45 },
  { goods: '布洛芬缓释胶囊', member: '温州民生药房', explain_type: 1, content: '芬必得卖得很好，顾客认可。', days: 8 },
  { goods: '布洛芬缓释胶囊', member: '仁心诊所', explain_type: 1, content: '诊所常备，效期两年以上。', days: 15 },
  { goods: '999感冒灵颗粒 10g*9袋', member: '演示药房', explain_type: 1, content: '换购板蓝根很实用。', days: 9 },
  { goods: '999感冒灵颗粒 10g*9袋', member: '金华益丰药房', anonymous: 1, explain_type: 2, content: '外箱有点压痕，内包装没问题。', days: 18 },
  { goods: '999感冒灵颗粒 10g*9袋', member: '湖州老百姓大药房', explain_type: 1, content: '到货及时。', days: 22 },
  { goods: '电子血压计', member: '演示药房', explain_type: 1, content: '测量准确，顾客买回去都说好用。', images: 2, reply: '鱼跃正品，全国联保。', days: 14 },
  { goods: '电子血压计', member: '嘉兴仁和药店', explain_type: 2, content: '说明书字太小，老人看不清。', days: 27 },
  { goods: '电子血压计', member: '丽水济民诊所', anonymous: 1, explain_type: 1, content: '诊室使用半年，没出过问题。', days: 60 },
  { goods: '黄芪饮片', member: '台州同济堂', explain_type: 1, content: '片型好，颜色正，甘肃道地。', images: 1, days: 11 },
  { goods: '黄芪饮片', member: '演示药房', explain_type: 1, content: '抓药方便，小包装好卖。', days: 19 },
  { goods: '黄芪饮片', member: '衢州仁济药店', anonymous: 1, explain_type: 2, content: '有少量碎片。', reply: '碎片率符合药典标准，请放心。', days: 33 },
  { goods: '维生素C咀嚼片', member: '演示药房', explain_type: 1, content: '橙味的小朋友很喜欢。', days: 5 },
  { goods: '维生素C咀嚼片', member: '舟山海天药店', explain_type: 1, content: '秒杀价进货，利润不错。', days: 16 },
  { goods: '医用外科口罩', member: '仁心诊所', explain_type: 1, content: '三层熔喷，透气性好。', days: 7 },
  { goods: '医用外科口罩', member: '杭州百草堂药店', anonymous: 1, explain_type: 3, content: '耳绳有一只断了。', reply: '已为您补发，抱歉。', days: 25 },
  { goods: '医用外科口罩', member: '宁波康宁大药房', explain_type: 1, content: '整盒秒杀很划算。', days: 30 },
  { goods: '苯磺酸氨氯地平片 5mg*28片', member: '温州民生药房', explain_type: 1, content: '集采品种，价格透明。', days: 13 },
  { goods: '苯磺酸氨氯地平片 5mg*28片', member: '演示药房', explain_type: 1, content: '慢病顾客回购率高。', days: 21 },
  { goods: '苯磺酸氨氯地平片 5mg*28片', member: '绍兴天和药店', anonymous: 1, explain_type: 2, content: '效期只剩一年半。', days: 35 },
  { goods: '六味地黄丸 200丸', member: '金华益丰药房', explain_type: 1, content: '同仁堂老字号，好卖。', days: 10 },
  { goods: '六味地黄丸 200丸', member: '演示药房', explain_type: 1, content: '折扣力度不错。', days: 17 },
  { goods: '六味地黄丸 200丸', member: '湖州老百姓大药房', explain_type: 1, content: '发货快。', days: 29 },
  { goods: '鱼油软胶囊 100粒', member: '嘉兴仁和药店', explain_type: 1, content: '汤臣倍健正品，防伪码可查。', images: 1, days: 6 },
  { goods: '鱼油软胶囊 100粒', member: '演示药房', anonymous: 1, explain_type: 2, content: '胶囊有点大，老人吞咽困难。', days: 23 },
  { goods: '阿司匹林肠溶片 100mg*30片', member: '丽水济民诊所', explain_type: 1, content: '批发价实惠，量大更便宜。', days: 4 },
  { goods: '阿司匹林肠溶片 100mg*30片', member: '台州同济堂', explain_type: 1, content: '拜耳原研，质量可靠。', days: 24 },
  { goods: '阿司匹林肠溶片 100mg*30片', member: '衢州仁济药店', anonymous: 1, explain_type: 1, content: '一直在这里进货。', days: 38 },
  { goods: '复方丹参滴丸 27mg*180丸', member: '舟山海天药店', explain_type: 1, content: '换购速效救心丸很实惠。', days: 3 },
  { goods: '复方丹参滴丸 27mg*180丸', member: '演示药房', explain_type: 1, content: '天士力正品。', days: 28 },
]

/** Home floors (/api/pc/floors), one per template. Slots follow catalog §3.1. */
export interface FloorSeed {
  title: string
  block_name: 'floor-style-1' | 'floor-style-2' | 'floor-style-3' | 'floor-style-4'
  block_title: string
  color: string
  slots: Record<string, FloorSlotSeed>
}

export type FloorSlotSeed =
  | { type: 'text'; text: string; color: string; link?: string }
  | { type: 'img'; width: number; height: number; text: string; subtext?: string; link: string }
  | { type: 'goods'; goods: string[] }
  | { type: 'category'; categories: number[] }

export const floorSeeds: FloorSeed[] = [
  {
    title: '西药精选',
    block_name: 'floor-style-1',
    block_title: '样式1',
    color: '#1F6FB2',
    slots: {
      title: { type: 'text', text: '西药精选', color: '#1F6FB2', link: '/list?category_id=1&level=1' },
      leftImg: { type: 'img', width: 234, height: 614, text: '西药精选', subtext: '抗感染 · 心脑血管 · 慢病用药', link: '/list?category_id=1&level=1' },
      goodsList: {
        type: 'goods',
        goods: [
          '阿莫西林胶囊', '布洛芬缓释胶囊', '苯磺酸氨氯地平片 5mg*28片', '阿奇霉素片 0.25g*6片',
          '阿司匹林肠溶片 100mg*30片', '阿托伐他汀钙片 20mg*14片', '奥美拉唑肠溶胶囊 20mg*14粒', '盐酸二甲双胍片 0.5g*60片',
        ],
      },
      bottomImg: { type: 'img', width: 1210, height: 118, text: '集采品种一站采购', subtext: '国家集采中选品种 · 价格透明', link: '/list?keyword=集采' },
    },
  },
  {
    title: '中成药',
    block_name: 'floor-style-2',
    block_title: '样式2',
    color: '#C0392B',
    slots: {
      title: { type: 'text', text: '中成药 · 感冒季', color: '#C0392B', link: '/list?category_id=2&level=1' },
      subTitle: { type: 'text', text: '清热解毒 · 止咳化痰 · 常备好药', color: '#999999' },
      goodsList: {
        type: 'goods',
        goods: [
          '连花清瘟胶囊', '板蓝根颗粒', '999感冒灵颗粒 10g*9袋', '感冒清热颗粒 12g*10袋',
          '蜜炼川贝枇杷膏 300ml', '复方丹参滴丸 27mg*180丸', '六味地黄丸 200丸', '云南白药气雾剂 85g+30g',
        ],
      },
      bottomImg: { type: 'img', width: 1210, height: 118, text: '中成药品牌馆', subtext: '以岭 · 同仁堂 · 白云山 · 华润三九', link: '/brand' },
    },
  },
  {
    title: '医疗器械',
    block_name: 'floor-style-3',
    block_title: '样式3',
    color: '#16A085',
    slots: {
      title: { type: 'text', text: '医疗器械', color: '#16A085', link: '/list?category_id=4&level=1' },
      leftImg: { type: 'img', width: 234, height: 614, text: '家用器械', subtext: '血压 · 血糖 · 体温', link: '/list?category_id=17&level=2' },
      rightGoodsList: {
        type: 'goods',
        goods: ['电子血压计', '血糖仪 安稳+', '医用电子体温计', '家用制氧机 8F-5W', '压缩式雾化器 403M', '红外额温计 YHW-2'],
      },
      bottomGoodsList: {
        type: 'goods',
        goods: ['医用外科口罩', '医用防护口罩 10只', '医用酒精消毒液 75% 500ml', '碘伏消毒液 500ml', '云南白药创可贴 100片'],
      },
      categoryList: { type: 'category', categories: [17, 18, 19, 51, 52, 53, 54, 57] },
    },
  },
  {
    title: '保健食品',
    block_name: 'floor-style-4',
    block_title: '样式4',
    color: '#D35400',
    slots: {
      title: { type: 'text', text: '保健食品', color: '#D35400', link: '/list?category_id=5&level=1' },
      more: { type: 'text', text: '更多', color: '#999999', link: '/list?category_id=5&level=1' },
      leftImg: { type: 'img', width: 234, height: 614, text: '营养健康', subtext: '维矿 · 鱼油 · 滋补', link: '/list?category_id=5&level=1' },
      goodsList: {
        type: 'goods',
        goods: [
          '维生素C咀嚼片', '蛋白粉', '鱼油软胶囊 100粒', '多种维生素矿物质片 100片',
          '钙维生素D软胶囊 100粒', '东阿阿胶块 250g', '宁夏枸杞 500g', '复方阿胶浆 20ml*12支',
        ],
      },
      bottomImg: { type: 'img', width: 1210, height: 118, text: '保健食品满300减30', subtext: '满500减60再包邮', link: '/list?category_id=5&level=1' },
    },
  },
]
