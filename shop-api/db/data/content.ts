/**
 * Demo data: ad positions and ads, PC navigation, friendly links, footer lists, shop services.
 * Every link is a same-site path (the storefront's own URLs) except friendly links to
 * public authorities, which open in a new tab.
 */

export interface AdvSeed {
  title: string
  link: { title: string; url: string }
  background: string
  /** Text drawn on the generated banner image. */
  text: string
  subtext: string
}

export interface AdvPositionSeed {
  ap_id: number
  keyword: string
  ap_name: string
  ap_width: number
  ap_height: number
  ap_background_color: string
  ads: AdvSeed[]
}

export const advPositions: AdvPositionSeed[] = [
  {
    ap_id: 1,
    keyword: 'NS_PC_INDEX_TOP',
    ap_name: 'PC端首页顶部',
    ap_width: 1210,
    ap_height: 70,
    ap_background_color: '#FFFFFF',
    ads: [
      {
        title: '新客首单礼',
        link: { title: '领券中心', url: '/coupon' },
        background: '#0B7A5B',
        text: '新客首单满300减30 · 资质审核通过即可领取',
        subtext: '立即领券 >',
      },
    ],
  },
  {
    ap_id: 2,
    keyword: 'NS_PC_INDEX',
    ap_name: 'PC端首页轮播',
    ap_width: 763,
    ap_height: 430,
    ap_background_color: '#FFFFFF',
    ads: [
      {
        title: '春季呼吸道用药专场',
        link: { title: '连花清瘟', url: '/list?keyword=连花清瘟' },
        background: '#1F6FB2',
        text: '春季呼吸道用药专场',
        subtext: '感冒清热 · 止咳化痰 · 满500包邮',
      },
      {
        title: '慢病用药 品质保障',
        link: { title: '降压药', url: '/list?keyword=降压' },
        background: '#C0392B',
        text: '慢病用药 品质保障',
        subtext: '降压 · 降糖 · 调脂 长期稳定供货',
      },
      {
        title: '家用医疗器械节',
        link: { title: '血压计', url: '/list?keyword=血压计' },
        background: '#7D5BA6',
        text: '家用医疗器械节',
        subtext: '血压计 · 血糖仪 · 体温计 限时特价',
      },
    ],
  },
  {
    ap_id: 3,
    keyword: 'NS_PC_LOGIN',
    ap_name: 'PC端登录页',
    ap_width: 800,
    ap_height: 460,
    ap_background_color: '#E8F3EE',
    ads: [
      {
        title: '正品药品 一站采购',
        link: { title: '首页', url: '/index' },
        background: '#0B7A5B',
        text: '正品药品 一站采购',
        subtext: 'GSP认证仓储 · 全程冷链 · 48小时发货',
      },
    ],
  },
  {
    ap_id: 4,
    keyword: 'NS_PC_INDEX_MID_LEFT',
    ap_name: 'PC端首页中部左侧',
    ap_width: 291,
    ap_height: 372,
    ap_background_color: '#FFFFFF',
    ads: [
      {
        title: '中药饮片专区',
        link: { title: '中药饮片', url: '/list?category_id=3&level=1' },
        background: '#8E5B2E',
        text: '中药饮片专区',
        subtext: '道地药材 产地直采',
      },
    ],
  },
  {
    ap_id: 5,
    keyword: 'NS_PC_INDEX_MID_RIGHT',
    ap_name: 'PC端首页中部右侧',
    ap_width: 291,
    ap_height: 180,
    ap_background_color: '#FFFFFF',
    ads: [
      {
        title: '限时秒杀',
        link: { title: '限时秒杀', url: '/promotion/seckill' },
        background: '#E67E22',
        text: '限时秒杀',
        subtext: '每日10点开抢',
      },
    ],
  },
  {
    ap_id: 6,
    keyword: 'NS_PC_BRAND',
    ap_name: 'PC端品牌专区',
    ap_width: 1200,
    ap_height: 440,
    ap_background_color: '#FFFFFF',
    ads: [
      {
        title: '品牌专区',
        link: { title: '品牌专区', url: '/brand' },
        background: '#2C3E50',
        text: '品牌专区',
        subtext: '百家药企 官方授权',
      },
    ],
  },
  {
    ap_id: 7,
    keyword: 'NS_PC_COUPON',
    ap_name: 'PC端领券中心',
    ap_width: 1200,
    ap_height: 440,
    ap_background_color: '#FFFFFF',
    ads: [
      {
        title: '领券中心',
        link: { title: '领券中心', url: '/coupon' },
        background: '#D35400',
        text: '领券中心',
        subtext: '满减券 折扣券 天天领',
      },
    ],
  },
  {
    ap_id: 8,
    keyword: 'NS_PC_SECKILL',
    ap_name: 'PC端秒杀专区',
    ap_width: 1200,
    ap_height: 440,
    ap_background_color: '#FFFFFF',
    ads: [
      {
        title: '秒杀专区',
        link: { title: '限时秒杀', url: '/promotion/seckill' },
        background: '#B03A2E',
        text: '秒杀专区',
        subtext: '爆款药品 限量抢购',
      },
    ],
  },
]

export const navItems: { title: string; url: string; is_blank?: number }[] = [
  { title: '首页', url: '/index' },
  { title: '全部药品', url: '/list' },
  { title: '品牌专区', url: '/brand' },
  { title: '领券中心', url: '/coupon' },
  { title: '限时秒杀', url: '/promotion/seckill' },
  { title: '活动专区', url: '/activity' },
  { title: '积分商城', url: '/point' },
  { title: '公告资讯', url: '/cms/notice' },
]

export const friendlyLinks = [
  { link_title: '国家药品监督管理局', link_url: 'https://www.nmpa.gov.cn/', color: '#1F4E79' },
  { link_title: '国家卫生健康委员会', link_url: 'https://www.nhc.gov.cn/', color: '#8B1A1A' },
  { link_title: '中国医药商业协会', link_url: 'https://www.capc.org.cn/', color: '#0B7A5B' },
]

export const footerItems: { list: 'cert' | 'platform'; name: string; link_url: string; color: string }[] = [
  { list: 'cert', name: '药品经营许可证', link_url: '/cms/help-16', color: '#0B7A5B' },
  { list: 'cert', name: '互联网药品信息服务资格证书', link_url: '/cms/help-17', color: '#1F6FB2' },
  { list: 'cert', name: 'GSP证书', link_url: '/cms/help-18', color: '#8E5B2E' },
  { list: 'cert', name: '营业执照', link_url: '/cms/help-18', color: '#C0392B' },
  { list: 'platform', name: '康源云仓', link_url: '/index', color: '#2C3E50' },
  { list: 'platform', name: '康源诊所通', link_url: '/index', color: '#16A085' },
  { list: 'platform', name: '康源药学服务', link_url: '/cms/help', color: '#7D5BA6' },
]

export const goodsServices: { name: string; desc: string; glyph: string; color: string }[] = [
  { name: '正品保障', desc: '所有药品均来自正规药企及一级经销商，可追溯来源', glyph: '正', color: '#0B7A5B' },
  { name: 'GSP冷链', desc: '按GSP规范储存运输，冷藏药品全程冷链配送', glyph: '冷', color: '#1F6FB2' },
  { name: '开具发票', desc: '支持增值税专用发票与普通发票，随货或电子开具', glyph: '票', color: '#8E5B2E' },
  { name: '极速发货', desc: '工作日16点前付款订单当天发货', glyph: '快', color: '#C0392B' },
]
