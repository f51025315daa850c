/**
 * Demo data: shop notices (newest last in this list; create times grow with the index) and the
 * customer-service chat's servicer and keyword replies. Twelve notices, so a list of 10 a page
 * has a second page; two are pinned (is_top) and one is for the mini program only (no "mobile"
 * in receiving_type: the API never lists it, as upstream).
 */
export interface NoticeSeed {
  title: string
  paragraphs: string[]
  is_top?: number
  receiving_type?: string
}

export const notices: NoticeSeed[] = [
  { title: '平台上线公告', paragraphs: ['康源医药 B2B 采购平台正式上线，欢迎各药店、诊所与医疗机构注册采购。', '首次下单前请完成资质认证。'] },
  { title: '资质年审提醒', paragraphs: ['请于每年3月31日前在“会员中心 → 资质管理”更新药品经营许可证、营业执照等证照。', '证照过期的账户将暂停下单，直至重新审核通过。'] },
  { title: '春节期间发货安排', paragraphs: ['春节期间（除夕至初五）仓库暂停发货，初六起按下单顺序依次发出。', '冷链药品请提前备货。'] },
  { title: '冷链药品配送升级', paragraphs: ['自本月起，冷链药品全程使用带温度记录仪的保温箱，签收时可扫码查看温度曲线。'] },
  { title: '发票开具规则调整', paragraphs: ['增值税专用发票将于订单签收后5个工作日内开具并寄出；电子普通发票在签收后自动发送至注册邮箱。'] },
  { title: '新增支付方式：对公转账', paragraphs: ['现已支持对公转账付款，请在转账备注中填写订单号并在收银台上传转账凭证。'] },
  { title: '关于严格执行处方药销售管理的通知', paragraphs: ['根据《药品经营质量管理规范》（GSP），处方药仅向具备相应经营范围的企业销售。', '请确保您的经营范围包含所采购的药品类别。'] },
  { title: '夏季防暑药品专场', paragraphs: ['藿香正气、十滴水等防暑药品专场已开启，满1000元赠送冰袋。'] },
  { title: '小程序端专属活动', paragraphs: ['仅限小程序端参与的签到活动。'], receiving_type: 'weapp' },
  { title: '客服工作时间调整', paragraphs: ['在线客服工作时间调整为每日 8:30 – 21:00，非工作时间的留言将在次日优先回复。'] },
  { title: '系统维护通知', paragraphs: ['本周六 00:00 – 04:00 系统维护，期间暂停下单与支付，请提前安排采购。'], is_top: 1 },
  { title: '药品追溯码扫码验收上线', paragraphs: ['带追溯码标识的药品可在签收时扫码验收，数据自动上传至药品追溯平台。'], is_top: 1 },
]

/** More help for a pharmacy wholesaler, added with the notices (ids follow the 18 of data/help.ts). */
export const extraHelp: { class_id: number; title: string; paragraphs: string[]; link_address?: string }[] = [
  {
    class_id: 5,
    title: 'GSP质量管理声明',
    paragraphs: [
      '本公司严格按照《药品经营质量管理规范》（GSP）组织采购、验收、储存、养护与销售。',
      '所售药品均来自合法的生产企业与经营企业，随货提供加盖公章的检验报告与购销凭证。',
    ],
  },
  { class_id: 5, title: '国家药监局数据查询', paragraphs: [], link_address: 'https://www.nmpa.gov.cn/datasearch/home-index.html' },
  { class_id: 4, title: '质量问题投诉', paragraphs: ['发现药品质量问题请保留包装与批号，在订单详情中提交售后申请，或致电客服热线。'] },
]

/** The demo shop's servicer (agent). Online only while its console socket is open. */
export const servicers = [{ servicer_id: 1, user_id: 1, nickname: '康源客服小康', avatar: '' }]

/** Keyword quick replies: the chips the chat offers, and the reply each one triggers. */
export const keywordReplies: { keyword: string; reply: string }[] = [
  { keyword: '发货时间', reply: '工作日 16:00 前支付的订单当天发货，省内一般 1–2 天送达。' },
  { keyword: '发票', reply: '增值税专用发票在签收后 5 个工作日内寄出，电子普票签收后自动发送。' },
  { keyword: '资质认证', reply: '请在“会员中心 → 资质管理”上传药品经营许可证与营业执照，1 个工作日内审核。' },
  { keyword: '退换货', reply: '非质量问题不退换；质量问题请在签收后 7 日内于订单详情申请售后。' },
]
