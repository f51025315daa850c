/**
 * Demo data: site identity, configuration records, documents and installed addons.
 * Every value here is deterministic; times derive from SEED_TIME.
 */

/** 2026-01-01 00:00:00 +08:00. Every seeded time is this constant plus an offset. */
export const SEED_TIME = 1767196800

export const SITE_NAME = '康源医药B2B商城'

/** Demo H5 (mobile shop) address: only encoded in QR codes, never fetched. */
export const H5_URL = 'https://m.kangyuan-pharma.example/h5'

export const site = {
  site_id: 1,
  site_domain: '',
  site_name: SITE_NAME,
  logo: 'upload/site/logo.svg',
  seo_title: `${SITE_NAME} - 药店诊所一站式药品采购平台`,
  seo_keywords: '医药B2B,药品批发,药店采购,诊所采购,医疗器械,中药饮片',
  seo_description: `${SITE_NAME}面向单体药店、连锁药店、诊所与医院，提供正品药品、医疗器械与保健食品的一站式批发采购服务。`,
  site_tel: '400-800-1234',
  logo_square: 'upload/site/logo_square.svg',
}

/**
 * Config records (table `config`). `value` objects are stored as JSON text.
 * Keys mirror Niushop's config_key names where one exists.
 */
export const configRecords: { config_key: string; value: unknown; config_desc?: string }[] = [
  { config_key: 'SITE_INFO', value: site, config_desc: '站点信息' },
  // Per-channel "shop open" switches, checked before every action (BaseApi).
  { config_key: 'SHOP_STATUS_CONFIG', value: { shop_pc_status: 1, shop_h5_status: 1, shop_weapp_status: 1 }, config_desc: '店铺状态' },
  // shop_reception_login is the switch flipped by POST /__test/config {login_captcha}.
  { config_key: 'CAPTCHA_CONFIG', value: { shop_login: 1, shop_reception_login: 0, shop_reception_register: 1 }, config_desc: '验证码设置' },
  {
    config_key: 'REGISTER_CONFIG',
    value: {
      login: 'username,mobile',
      register: 'username,mobile',
      third_party: 1,
      bind_mobile: 0,
      pwd_len: 6,
      pwd_complexity: '',
      agreement_show: 1,
      wap_bg: '',
      wap_desc: '',
    },
    config_desc: '注册设置',
  },
  // Token lifetime in hours (Niushop API config long_time). The server option tokenTtlSeconds overrides it.
  { config_key: 'API_CONFIG', value: { long_time: 48 }, config_desc: 'API设置' },
  {
    config_key: 'COPYRIGHT',
    value: {
      logo: 'upload/site/copyright_logo.svg',
      company_name: '康源医药科技有限公司',
      copyright_link: '/index',
      copyright_desc: '© 2026 康源医药科技有限公司 版权所有',
      icp: '浙ICP备20260001号-1',
      business_show_link: '/cms/help-18',
      gov_record: '浙公网安备33010602000001号',
      gov_url: 'https://www.beian.gov.cn/portal/registerSystemInfo?recordcode=33010602000001',
      market_supervision_url: '',
    },
    config_desc: '版权设置',
  },
  {
    config_key: 'DEFAULT_IMAGE',
    value: {
      goods: 'upload/default/goods.svg',
      head: 'upload/default/head.svg',
      store: 'upload/default/store.svg',
      article: 'upload/default/article.svg',
    },
    config_desc: '默认图片',
  },
  {
    config_key: 'SERVICER_CONFIG',
    // pc "niushop" = the built-in chat (servicer addon) is used on PC.
    value: { h5: { type: 'none' }, weapp: { type: 'none' }, pc: { type: 'niushop' }, aliapp: { type: 'none' } },
    config_desc: '客服设置',
  },
  { config_key: 'GOODS_CATEGORY_CONFIG', value: { category: 3, img: 1 }, config_desc: '商品分类展示' },
  { config_key: 'GOODS_HOT_SEARCH_WORDS', value: { words: '阿莫西林,布洛芬,连花清瘟,血压计,维生素C' }, config_desc: '热门搜索' },
  { config_key: 'GOODS_DEFAULT_SEARCH_WORDS', value: { words: '请输入药品名称/通用名/厂家' }, config_desc: '默认搜索' },
  {
    config_key: 'PC_INDEX_FLOAT_LAYER',
    value: {
      title: '首页浮层',
      url: { title: '领券中心', url: '/coupon' },
      is_show: 1,
      number: '3',
      img_url: 'upload/pc/float_layer.svg',
    },
    config_desc: '首页浮层',
  },
  // /pc/api/pc/moreConfig: index.category 1 = the home page keeps the category menu expanded.
  { config_key: 'PC_MORE_CONFIG', value: { index: { category: 1 } }, config_desc: 'PC端更多设置' },
  { config_key: 'WEAPP_QRCODE', value: { qrcode: 'upload/qrcode/weapp/weapp_qrcode.svg' }, config_desc: '小程序码' },
  {
    config_key: 'MEMBER_REGISTER_REWARD',
    value: { point: 100, balance: 0, growth: 10, coupon: '6' },
    config_desc: '注册奖励',
  },
]

const agreementParagraphs = [
  '一、总则',
  `1.1 ${SITE_NAME}（以下简称“本站”）由康源医药科技有限公司运营，仅面向具备合法药品经营或使用资质的企业与医疗机构提供药品批发采购服务。`,
  '1.2 用户在注册之前，应当仔细阅读本协议，并同意遵守本协议后方可成为注册用户。',
  '二、资质审核',
  '2.1 用户注册时须如实填写企业信息，并上传营业执照、药品经营许可证等资质文件；资质审核通过前，部分商品价格与购买功能不可用。',
  '2.2 资质文件过期或变更时，用户应及时更新，否则本站有权暂停其采购权限。',
  '三、账号安全',
  '3.1 用户应妥善保管账号与密码，因用户保管疏忽导致的损失由用户自行承担。',
  '四、交易规则',
  '4.1 处方药的销售须符合《药品管理法》及相关法规，本站将按规定核验用户资质。',
  '4.2 药品属特殊商品，非质量问题不支持退换货。',
  '五、附则',
  '5.1 本协议的订立、执行和解释及争议的解决均适用中华人民共和国法律。',
]

const privacyParagraphs = [
  '一、我们收集的信息',
  '为完成注册、资质审核、订单配送与开票，我们会收集企业名称、联系人、手机号、收货地址及资质文件。',
  '二、信息的使用',
  '上述信息仅用于提供采购服务、履行法定义务（如药品追溯）与改进服务，不会出售给任何第三方。',
  '三、信息的存储与保护',
  '我们采用加密存储与访问控制保护您的信息，并在法定期限届满后删除或匿名化处理。',
  '四、联系我们',
  '如对本政策有任何疑问，请拨打客服热线 400-800-1234。',
]

const toHtml = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('')

export const documents = [
  { document_key: 'REGISTER_AGREEMENT', title: '注册协议', content: toHtml(agreementParagraphs) },
  { document_key: 'PRIVACY_AGREEMENT', title: '隐私政策', content: toHtml(privacyParagraphs) },
]

/** /api/addon/addonisexit: 1 = installed. */
export const addons: { name: string; title: string; status: number }[] = [
  { name: 'seckill', title: '秒杀', status: 1 },
  { name: 'discount', title: '限时折扣', status: 1 },
  { name: 'coupon', title: '优惠券', status: 1 },
  { name: 'servicer', title: '客服', status: 1 },
  { name: 'bundling', title: '组合套餐', status: 1 },
  { name: 'manjian', title: '满减', status: 1 },
  { name: 'wholesale', title: '批发', status: 1 },
  { name: 'groupbuy', title: '团购', status: 1 },
  { name: 'topic', title: '专题活动', status: 1 },
  { name: 'multiaccount', title: '多账号', status: 1 },
  { name: 'salecontrol', title: '控销', status: 1 },
  { name: 'memberregister', title: '注册奖励', status: 1 },
  { name: 'city', title: '城市分站', status: 0 },
]
