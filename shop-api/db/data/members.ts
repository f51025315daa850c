/**
 * Demo data: member levels, buyer labels, qualification types, demo members (two linked in an
 * account group, one alone), and the few orders and coupons the member counters need.
 */

export const memberLevels = [
  { level_id: 1, level_name: '普通会员', sort: 1, growth: 0, is_default: 1, consume_discount: 100, bg_color: '#333' },
  { level_id: 2, level_name: '银牌采购商', sort: 2, growth: 1000, is_default: 0, consume_discount: 98, bg_color: '#8A9BA8' },
  { level_id: 3, level_name: '金牌采购商', sort: 3, growth: 5000, is_default: 0, consume_discount: 95, bg_color: '#C9A227' },
]

export const memberLabels = ['单体药店', '连锁药店', '诊所', '医院', '批发企业']

export const aptitudes = [
  { name: '营业执照', is_must: 1 },
  { name: '药品经营许可证', is_must: 1 },
  { name: 'GSP证书', is_must: 0 },
  { name: '医疗机构执业许可证', is_must: 0 },
  { name: '采购委托书', is_must: 0 },
]

export interface MemberSeed {
  username: string
  password: string
  nickname: string
  mobile: string
  realname: string
  /** member_label id (1-based index into memberLabels). */
  label: number
  member_level: number
  point: number
  balance: number
  growth: number
  /** Account group (1 = the demo pharmacy group), 0 = none. */
  group: number
  address: string
}

export const DEMO_PASSWORD = 'demo123456'

export const members: MemberSeed[] = [
  {
    username: 'demo',
    password: DEMO_PASSWORD,
    nickname: '演示药房',
    mobile: '13800000000',
    realname: '张药师',
    label: 2,
    member_level: 2,
    point: 1280,
    balance: 1500,
    growth: 1860,
    group: 1,
    address: '浙江省杭州市西湖区文三路100号',
  },
  {
    username: 'demo_branch',
    password: DEMO_PASSWORD,
    nickname: '演示药房二店',
    mobile: '13800000001',
    realname: '李店长',
    label: 2,
    member_level: 1,
    point: 200,
    balance: 0,
    growth: 120,
    group: 1,
    address: '浙江省杭州市拱墅区莫干山路200号',
  },
  {
    username: 'clinic',
    password: DEMO_PASSWORD,
    nickname: '仁心诊所',
    mobile: '13800000002',
    realname: '王医生',
    label: 3,
    member_level: 1,
    point: 0,
    balance: 0,
    growth: 0,
    group: 0,
    address: '浙江省宁波市海曙区中山西路8号',
  },
]

export const accountGroups = [{ group_id: 1, name: '演示药房连锁' }]

/**
 * Orders for the counters of /api/order/num. `member` is the username. Money in yuan.
 * demo: 2 wait pay, 1 wait send, 1 shipped, 1 done and not evaluated, 1 wait send with a
 * refund in progress → {waitpay 2, waitsend 2, waitconfirm 1, wait_use 0, waitrate 1, refunding 1}.
 */
export const orders: {
  member: string
  order_name: string
  order_status: number
  pay: boolean
  refund_status?: number
  money: number
  offsetDays: number
}[] = [
  { member: 'demo', order_name: '阿莫西林胶囊 0.25g*24粒 等2件', order_status: 0, pay: false, money: 356.4, offsetDays: 10 },
  { member: 'demo', order_name: '布洛芬缓释胶囊 0.3g*20粒', order_status: 0, pay: false, money: 128, offsetDays: 11 },
  { member: 'demo', order_name: '连花清瘟胶囊 0.35g*36粒', order_status: 1, pay: true, money: 642, offsetDays: 8 },
  { member: 'demo', order_name: '电子血压计 上臂式', order_status: 3, pay: true, money: 1190, offsetDays: 6 },
  { member: 'demo', order_name: '维生素C片 100mg*100片', order_status: 10, pay: true, money: 86.5, offsetDays: 3 },
  { member: 'demo', order_name: '医用外科口罩 50只/盒', order_status: 1, pay: true, refund_status: 1, money: 240, offsetDays: 2 },
  { member: 'demo_branch', order_name: '板蓝根颗粒 10g*20袋', order_status: 0, pay: false, money: 96, offsetDays: 5 },
]

export const couponTypes = [
  { coupon_type_id: 1, coupon_name: '满300减30', type: 'reward', money: 30, discount: 0, at_least: 300, count: 1000 },
  { coupon_type_id: 2, coupon_name: '满1000减120', type: 'reward', money: 120, discount: 0, at_least: 1000, count: 500 },
  { coupon_type_id: 3, coupon_name: '器械9.5折', type: 'discount', money: 0, discount: 9.5, at_least: 0, count: 300 },
]

/** demo holds 2 usable coupons and 1 used one; demo_branch 1 usable. */
export const memberCoupons: { member: string; coupon_type_id: number; state: number }[] = [
  { member: 'demo', coupon_type_id: 1, state: 1 },
  { member: 'demo', coupon_type_id: 3, state: 1 },
  { member: 'demo', coupon_type_id: 2, state: 2 },
  { member: 'demo_branch', coupon_type_id: 1, state: 1 },
]
