/**
 * Demo data: the pharmacy catalog (brands, labels, extra categories, goods and their SKUs).
 *
 * Goods ids are assigned by the seed in the order of `goodsSeeds` (1, 2, …) and SKU ids in the
 * same walk (a goods' SKUs get consecutive ids), so they are stable as long as this list only
 * grows at the end. Promotions, sale-control rules, floors… refer to goods by their unique
 * `name` (see `promotions.ts`); README lists the resulting ids.
 */

export interface BrandSeed {
  brand_id: number
  brand_name: string
  brand_initial: string
  /** Manufacturer (attr_factory of its goods). */
  factory: string
  /** City of the factory (attr_place of its goods, unless the goods has an origin). */
  place: string
  /** Province code letters of device registrations (苏械注准…). */
  province: string
  desc: string
  color: string
}

export const brands: BrandSeed[] = [
  { brand_id: 1, brand_name: '华北制药', brand_initial: 'H', factory: '华北制药股份有限公司', place: '河北石家庄', province: '冀', desc: '中国抗生素工业的摇篮，青霉素、头孢类原料药与制剂龙头。', color: '#1F4E9E' },
  { brand_id: 2, brand_name: '白云山', brand_initial: 'B', factory: '广州白云山制药股份有限公司', place: '广东广州', province: '粤', desc: '广药集团旗下，板蓝根颗粒、头孢类抗生素知名品牌。', color: '#0E7C3A' },
  { brand_id: 3, brand_name: '以岭药业', brand_initial: 'Y', factory: '石家庄以岭药业股份有限公司', place: '河北石家庄', province: '冀', desc: '络病理论创新中药，连花清瘟、通心络系列。', color: '#B71C1C' },
  { brand_id: 4, brand_name: '同仁堂', brand_initial: 'T', factory: '北京同仁堂股份有限公司同仁堂制药厂', place: '北京', province: '京', desc: '创建于1669年，“炮制虽繁必不敢省人工，品味虽贵必不敢减物力”。', color: '#8B1A1A' },
  { brand_id: 5, brand_name: '云南白药', brand_initial: 'Y', factory: '云南白药集团股份有限公司', place: '云南昆明', province: '滇', desc: '百年伤科圣药，气雾剂、膏剂、创可贴系列。', color: '#C62828' },
  { brand_id: 6, brand_name: '鱼跃', brand_initial: 'Y', factory: '江苏鱼跃医疗设备股份有限公司', place: '江苏丹阳', province: '苏', desc: '家用医疗器械领先品牌：血压计、制氧机、雾化器。', color: '#1565C0' },
  { brand_id: 7, brand_name: '汤臣倍健', brand_initial: 'T', factory: '汤臣倍健股份有限公司', place: '广东珠海', province: '粤', desc: '膳食营养补充剂领导品牌。', color: '#E65100' },
  { brand_id: 8, brand_name: '修正药业', brand_initial: 'X', factory: '修正药业集团股份有限公司', place: '吉林通化', province: '吉', desc: '“良心药，放心药，管用的药”。', color: '#AD1457' },
  { brand_id: 9, brand_name: '华润三九', brand_initial: 'H', factory: '华润三九医药股份有限公司', place: '广东深圳', province: '粤', desc: '999感冒灵、三九胃泰等自我诊疗品牌。', color: '#2E7D32' },
  { brand_id: 10, brand_name: '石药集团', brand_initial: 'S', factory: '石药集团欧意药业有限公司', place: '河北石家庄', province: '冀', desc: '化学仿制药与心脑血管用药主要供应商。', color: '#283593' },
  { brand_id: 11, brand_name: '扬子江药业', brand_initial: 'Y', factory: '扬子江药业集团有限公司', place: '江苏泰州', province: '苏', desc: '综合性制药企业，心脑血管、消化与抗感染产品线。', color: '#00695C' },
  { brand_id: 12, brand_name: '东阿阿胶', brand_initial: 'D', factory: '东阿阿胶股份有限公司', place: '山东聊城', province: '鲁', desc: '阿胶滋补品道地品牌。', color: '#6D1B1B' },
  { brand_id: 13, brand_name: '康美药业', brand_initial: 'K', factory: '康美药业股份有限公司', place: '广东普宁', province: '粤', desc: '中药饮片规模化生产企业，道地药材溯源。', color: '#795548' },
  { brand_id: 14, brand_name: '振德医疗', brand_initial: 'Z', factory: '振德医疗用品股份有限公司', place: '浙江绍兴', province: '浙', desc: '医用敷料、防护用品与消毒产品制造商。', color: '#00838F' },
  { brand_id: 15, brand_name: '拜耳', brand_initial: 'B', factory: '拜耳医药保健有限公司', place: '北京', province: '京', desc: '拜阿司匹灵、拜唐苹、达喜。', color: '#10384F' },
  { brand_id: 16, brand_name: '中美史克', brand_initial: 'Z', factory: '中美天津史克制药有限公司', place: '天津', province: '津', desc: '芬必得、康泰克等非处方药品牌。', color: '#5E35B1' },
  { brand_id: 17, brand_name: '三诺生物', brand_initial: 'S', factory: '三诺生物传感股份有限公司', place: '湖南长沙', province: '湘', desc: '血糖监测系统专业制造商。', color: '#D81B60' },
  { brand_id: 18, brand_name: '天士力', brand_initial: 'T', factory: '天士力医药集团股份有限公司', place: '天津', province: '津', desc: '复方丹参滴丸等现代中药。', color: '#0277BD' },
]

/** Goods labels (goods_label rows of the answers). */
export const goodsLabels = [
  { label_id: 1, label_name: '处方药', label_color: '#E53935', font_color: '#FFFFFF' },
  { label_id: 2, label_name: 'OTC', label_color: '#13A05E', font_color: '#FFFFFF' },
  { label_id: 3, label_name: '医保', label_color: '#1E6FD9', font_color: '#FFFFFF' },
  { label_id: 4, label_name: '集采', label_color: '#FFAA00', font_color: '#FFFFFF' },
  { label_id: 5, label_name: '新品', label_color: '#FF6A00', font_color: '#FFFFFF' },
  { label_id: 6, label_name: '冷链', label_color: '#00A5C8', font_color: '#FFFFFF' },
  { label_id: 7, label_name: '近效期', label_color: '#8D6E63', font_color: '#FFFFFF' },
]

/**
 * Categories added by schema version 2 (ids follow the 69 of version 1). Every new level-2 node
 * has 2 leaves, like the others.
 */
export const extraCategories: { category_id: number; name: string; short?: string; pid: number; level: 2 | 3; sort: number }[] = [
  { category_id: 70, name: '呼吸系统用药', short: '呼吸系统', pid: 1, level: 2, sort: 6 },
  { category_id: 71, name: '心脑血管', short: '心脑血管', pid: 2, level: 2, sort: 4 },
  { category_id: 72, name: '补益安神', short: '补益安神', pid: 2, level: 2, sort: 5 },
  { category_id: 73, name: '跌打损伤', short: '跌打', pid: 2, level: 2, sort: 6 },
  { category_id: 74, name: '止咳平喘', pid: 70, level: 3, sort: 1 },
  { category_id: 75, name: '抗过敏', pid: 70, level: 3, sort: 2 },
  { category_id: 76, name: '活血化瘀', pid: 71, level: 3, sort: 1 },
  { category_id: 77, name: '益气养心', pid: 71, level: 3, sort: 2 },
  { category_id: 78, name: '补肾', pid: 72, level: 3, sort: 1 },
  { category_id: 79, name: '安神', pid: 72, level: 3, sort: 2 },
  { category_id: 80, name: '外用贴膏', pid: 73, level: 3, sort: 1 },
  { category_id: 81, name: '气雾喷剂', pid: 73, level: 3, sort: 2 },
]

/** Indication/usage line per leaf category: the default `introduction` of its goods. */
export const leafIntroductions: Record<number, string> = {
  24: '用于敏感菌所致的呼吸道、泌尿生殖道及皮肤软组织感染。',
  25: '用于敏感菌所致的上下呼吸道、尿路及皮肤软组织感染。',
  26: '用于化脓性链球菌咽炎、扁桃体炎及支原体肺炎等。',
  27: '用于缓解轻至中度疼痛，如头痛、关节痛、牙痛、痛经，也用于发热。',
  28: '用于普通感冒或流行性感冒引起的发热及头痛、四肢酸痛。',
  29: '用于高血压的治疗，可单独或与其他降压药合用。',
  30: '用于高胆固醇血症及混合型高脂血症。',
  31: '用于降低心肌梗死、脑卒中等动脉粥样硬化血栓事件风险。',
  32: '用于冠心病心绞痛的预防与治疗。',
  33: '用于胃酸过多、胃灼热、胃及十二指肠溃疡。',
  34: '用于急慢性腹泻、肠道菌群失调及便秘。',
  35: '用于2型糖尿病的血糖控制。',
  36: '用于甲状腺功能减退或亢进的治疗。',
  37: '清热解毒，用于感冒发热、咽喉肿痛。',
  38: '疏风散寒，用于风寒感冒，头痛发热、恶寒身痛、鼻流清涕。',
  39: '疏风清热，用于风热感冒，发热、咽喉肿痛、咳嗽。',
  40: '润肺止咳化痰，用于伤风咳嗽、痰多气喘。',
  41: '清肺化痰止咳，用于痰热咳嗽、咳痰不爽。',
  42: '补气养血，调经止带，用于月经不调、经期腹痛。',
  43: '清热解毒，用于湿热下注所致的带下病、盆腔炎。',
  44: '补气升阳，用于气虚乏力、食少便溏。',
  45: '补血和血，用于血虚萎黄、眩晕心悸。',
  46: '养阴生津，用于阴虚内热、口燥咽干。',
  47: '清热燥湿，泻火解毒。',
  48: '清热解毒，消肿散结。',
  49: '破壁粉粒，冲服即溶，便于携带与精准用量。',
  50: '精选道地药材，小包装便于调剂与家庭保存。',
  51: '家用及医用血压测量，示波法，大屏显示。',
  52: '用于末梢全血葡萄糖的定量检测。',
  53: '用于人体体温测量，读数快速准确。',
  54: '用于临床医务人员及公众的呼吸防护。',
  55: '用于创面的覆盖、包扎与护理。',
  56: '供医疗机构临床注射、输液使用。',
  57: '用于皮肤、物体表面及环境的清洁消毒。',
  58: '用于颈、腰、膝等部位的固定与支撑保护。',
  59: '家庭康复理疗与呼吸治疗设备。',
  60: '用于避孕及预防性传播疾病。',
  61: '用于女性早孕及排卵期的快速检测。',
  62: '补充维生素C，增强免疫力。',
  63: '补充多种维生素及矿物质。',
  64: '补充钙、铁、锌等矿物质。',
  65: '补充蛋白质，增强体质。',
  66: '辅助降血脂，富含EPA、DHA。',
  67: '滋阴补血，传统滋补佳品。',
  68: '传统滋补，润肺养颜。',
  69: '滋补肝肾，益精明目。',
  74: '用于痰液黏稠不易咳出、支气管哮喘等呼吸系统疾病。',
  75: '用于过敏性鼻炎、荨麻疹等过敏性疾病。',
  76: '活血化瘀，理气止痛，用于气滞血瘀所致的胸痹。',
  77: '益气养阴，活血通络，用于心气虚弱、心悸气短。',
  78: '滋阴补肾，用于肾阴亏损、头晕耳鸣、腰膝酸软。',
  79: '养心安神，用于失眠多梦、心悸健忘。',
  80: '祛风湿，活血止痛，用于风湿关节痛、跌打扭伤。',
  81: '活血散瘀，消肿止痛，用于跌打损伤、瘀血肿痛。',
}

export type Rx = 'rx' | 'otc' | ''

export interface SkuSeed {
  /** One value per spec name of the goods (`specs`). */
  values: string[]
  price: number
  stock?: number
}

export interface GoodsSeed {
  /** Leaf category id. */
  cat: number
  /** Unique. Single-SKU goods: the full name with its specification. */
  name: string
  /** Specification of a single-SKU goods (attr_specs). */
  spec?: string
  brand: number
  price: number
  /** Default by level-1 category (盒, 袋 for 饮片, 台/盒 for devices); '' = none given. */
  unit?: string
  rx?: Rx
  /** 医保 (medical insurance list). */
  yb?: 1
  /** 集采 (volume-based procurement). */
  jc?: 1
  stock?: number
  intro?: string
  /** 产地 of herbal pieces (else the factory's city). */
  origin?: string
  /** Spec names of a multi-SKU goods, e.g. ['规格'] or ['口味', '规格']. */
  specs?: string[]
  skus?: SkuSeed[]
  min_buy?: number
  max_buy?: number
  /** 0 = off the shelf (goods_state 0). */
  state?: 0
  /** Shelf life in months (default by category). */
  life?: number
  /** Expiry date override (near-expiry goods). */
  validity?: string
  extraLabels?: number[]
  /** 'xss': the goods description carries a script and an onerror attribute (sanitizer test). */
  content?: 'xss'
}

export const goodsSeeds: GoodsSeed[] = [
  // ------------------------------------------------------------------ 西药 / 抗感染药
  {
    cat: 24, name: '阿莫西林胶囊', brand: 1, price: 12.8, rx: 'rx', yb: 1, jc: 1, specs: ['规格'],
    skus: [{ values: ['0.25g*24粒'], price: 12.8 }, { values: ['0.25g*36粒'], price: 17.5 }, { values: ['0.5g*24粒'], price: 23, stock: 0 }],
  },
  { cat: 24, name: '阿莫西林克拉维酸钾片 0.375g*12片', spec: '0.375g*12片', brand: 1, price: 26.5, rx: 'rx', yb: 1 },
  { cat: 24, name: '青霉素V钾片 0.25g*24片', spec: '0.25g*24片', brand: 1, price: 9.8, rx: 'rx', yb: 1 },
  { cat: 24, name: '氨苄西林胶囊 0.25g*24粒', spec: '0.25g*24粒', brand: 10, price: 8.6, rx: 'rx', yb: 1 },
  { cat: 24, name: '阿莫西林颗粒 0.125g*12袋', spec: '0.125g*12袋', brand: 2, price: 11.2, rx: 'rx', yb: 1 },
  {
    cat: 25, name: '头孢克肟胶囊', brand: 2, price: 18.9, rx: 'rx', yb: 1, specs: ['规格'],
    skus: [{ values: ['0.1g*6粒'], price: 18.9 }, { values: ['0.1g*12粒'], price: 32 }],
  },
  { cat: 25, name: '头孢拉定胶囊 0.25g*24粒', spec: '0.25g*24粒', brand: 1, price: 10.5, rx: 'rx', yb: 1 },
  { cat: 25, name: '头孢呋辛酯片 0.25g*12片', spec: '0.25g*12片', brand: 2, price: 29.8, rx: 'rx', yb: 1 },
  { cat: 25, name: '头孢氨苄胶囊 0.25g*24粒', spec: '0.25g*24粒', brand: 10, price: 7.9, rx: 'rx', yb: 1 },
  { cat: 25, name: '头孢丙烯分散片 0.25g*6片', spec: '0.25g*6片', brand: 10, price: 24.6, rx: 'rx' },
  { cat: 26, name: '阿奇霉素片 0.25g*6片', spec: '0.25g*6片', brand: 10, price: 15.8, rx: 'rx', yb: 1 },
  { cat: 26, name: '罗红霉素胶囊 0.15g*12粒', spec: '0.15g*12粒', brand: 1, price: 8.5, rx: 'rx', yb: 1 },
  { cat: 26, name: '克拉霉素片 0.25g*6片', spec: '0.25g*6片', brand: 11, price: 19.6, rx: 'rx', yb: 1 },
  // ------------------------------------------------------------------ 西药 / 解热镇痛药
  {
    cat: 27, name: '布洛芬缓释胶囊', brand: 16, price: 16.8, rx: 'otc', yb: 1, specs: ['规格'],
    skus: [{ values: ['0.3g*20粒'], price: 16.8 }, { values: ['0.3g*24粒'], price: 19.5 }],
  },
  { cat: 27, name: '布洛芬片 0.2g*24片', spec: '0.2g*24片', brand: 10, price: 6.5, rx: 'otc', yb: 1 },
  { cat: 27, name: '布洛芬混悬液 100ml:2g', spec: '100ml:2g', brand: 8, price: 15.9, rx: 'otc', unit: '瓶' },
  { cat: 27, name: '布洛芬颗粒 0.2g*10袋', spec: '0.2g*10袋', brand: 9, price: 12.8, rx: 'otc' },
  { cat: 28, name: '对乙酰氨基酚片 0.5g*12片', spec: '0.5g*12片', brand: 1, price: 4.5, rx: 'otc', yb: 1 },
  { cat: 28, name: '小儿氨酚黄那敏颗粒 6g*10袋', spec: '6g*10袋', brand: 2, price: 9.9, rx: 'otc' },
  { cat: 28, name: '复方氨酚烷胺胶囊 10粒', spec: '10粒', brand: 8, price: 12.5, rx: 'otc' },
  { cat: 28, name: '酚麻美敏片 10片', spec: '10片', brand: 8, price: 11.8, rx: 'otc' },
  // ------------------------------------------------------------------ 西药 / 心脑血管用药
  { cat: 29, name: '苯磺酸氨氯地平片 5mg*28片', spec: '5mg*28片', brand: 11, price: 21.5, rx: 'rx', yb: 1, jc: 1 },
  { cat: 29, name: '缬沙坦胶囊 80mg*28粒', spec: '80mg*28粒', brand: 10, price: 32, rx: 'rx', yb: 1, jc: 1 },
  { cat: 29, name: '硝苯地平缓释片 20mg*30片', spec: '20mg*30片', brand: 10, price: 14.8, rx: 'rx', yb: 1 },
  { cat: 29, name: '厄贝沙坦片 0.15g*28片', spec: '0.15g*28片', brand: 11, price: 28.6, rx: 'rx', yb: 1, jc: 1 },
  { cat: 29, name: '酒石酸美托洛尔片 25mg*20片', spec: '25mg*20片', brand: 8, price: 8.9, rx: 'rx', yb: 1 },
  { cat: 30, name: '阿托伐他汀钙片 20mg*14片', spec: '20mg*14片', brand: 11, price: 24.8, rx: 'rx', yb: 1, jc: 1 },
  { cat: 30, name: '瑞舒伐他汀钙片 10mg*28片', spec: '10mg*28片', brand: 10, price: 36, rx: 'rx', yb: 1, jc: 1, stock: 0 },
  { cat: 30, name: '辛伐他汀片 20mg*10片', spec: '20mg*10片', brand: 1, price: 9.6, rx: 'rx', yb: 1 },
  { cat: 31, name: '阿司匹林肠溶片 100mg*30片', spec: '100mg*30片', brand: 15, price: 15.5, rx: 'rx', yb: 1 },
  { cat: 31, name: '硫酸氢氯吡格雷片 75mg*28片', spec: '75mg*28片', brand: 11, price: 42, rx: 'rx', yb: 1, jc: 1 },
  { cat: 31, name: '华法林钠片 2.5mg*60片', spec: '2.5mg*60片', brand: 10, price: 22, rx: 'rx', yb: 1, unit: '瓶' },
  { cat: 32, name: '单硝酸异山梨酯缓释片 40mg*24片', spec: '40mg*24片', brand: 10, price: 19.8, rx: 'rx', yb: 1 },
  { cat: 32, name: '硝酸甘油片 0.5mg*100片', spec: '0.5mg*100片', brand: 8, price: 12, rx: 'rx', yb: 1, unit: '瓶' },
  { cat: 32, name: '盐酸曲美他嗪片 20mg*30片', spec: '20mg*30片', brand: 11, price: 26, rx: 'rx', yb: 1 },
  // ------------------------------------------------------------------ 西药 / 消化系统用药
  { cat: 33, name: '奥美拉唑肠溶胶囊 20mg*14粒', spec: '20mg*14粒', brand: 8, price: 13.5, rx: 'otc', yb: 1 },
  { cat: 33, name: '铝碳酸镁咀嚼片 0.5g*20片', spec: '0.5g*20片', brand: 15, price: 23.8, rx: 'otc', yb: 1 },
  { cat: 33, name: '盐酸雷尼替丁胶囊 0.15g*30粒', spec: '0.15g*30粒', brand: 1, price: 6.8, rx: 'otc', yb: 1 },
  { cat: 33, name: '枸橼酸铋钾胶囊 0.3g*40粒', spec: '0.3g*40粒', brand: 11, price: 16.5, rx: 'otc' },
  { cat: 33, name: '维U颠茄铝胶囊Ⅱ 12粒', spec: '12粒', brand: 8, price: 21, rx: 'otc' },
  { cat: 34, name: '蒙脱石散 3g*10袋', spec: '3g*10袋', brand: 2, price: 13.8, rx: 'otc', yb: 1 },
  { cat: 34, name: '盐酸小檗碱片 0.1g*100片', spec: '0.1g*100片', brand: 1, price: 5.5, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 34, name: '双歧杆菌三联活菌胶囊 0.21g*36粒', spec: '0.21g*36粒', brand: 10, price: 28, rx: 'otc', yb: 1, extraLabels: [6] },
  { cat: 34, name: '乳果糖口服溶液 100ml', spec: '100ml', brand: 11, price: 35, rx: 'otc', unit: '瓶' },
  // ------------------------------------------------------------------ 西药 / 内分泌用药
  { cat: 35, name: '盐酸二甲双胍片 0.5g*60片', spec: '0.5g*60片', brand: 10, price: 9.8, rx: 'rx', yb: 1, jc: 1 },
  { cat: 35, name: '阿卡波糖片 50mg*30片', spec: '50mg*30片', brand: 15, price: 42.5, rx: 'rx', yb: 1 },
  { cat: 35, name: '格列美脲片 2mg*30片', spec: '2mg*30片', brand: 11, price: 25.6, rx: 'rx', yb: 1 },
  { cat: 36, name: '左甲状腺素钠片 50μg*100片', spec: '50μg*100片', brand: 8, price: 28, rx: 'rx', yb: 1, unit: '瓶' },
  { cat: 36, name: '甲巯咪唑片 5mg*100片', spec: '5mg*100片', brand: 1, price: 18, rx: 'rx', yb: 1, unit: '瓶' },
  // ------------------------------------------------------------------ 西药 / 呼吸系统用药
  { cat: 74, name: '盐酸氨溴索口服溶液 100ml', spec: '100ml:0.6g', brand: 11, price: 18.5, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 74, name: '孟鲁司特钠咀嚼片 5mg*5片', spec: '5mg*5片', brand: 10, price: 38, rx: 'rx', yb: 1 },
  { cat: 74, name: '复方甘草片 100片', spec: '100片', brand: 2, price: 6.5, rx: 'otc', yb: 1, unit: '瓶', content: 'xss' },
  { cat: 75, name: '氯雷他定片 10mg*6片', spec: '10mg*6片', brand: 11, price: 12, rx: 'otc', yb: 1 },
  { cat: 75, name: '盐酸西替利嗪片 10mg*12片', spec: '10mg*12片', brand: 8, price: 15, rx: 'otc', state: 0 },
  { cat: 75, name: '马来酸氯苯那敏片 4mg*100片', spec: '4mg*100片', brand: 1, price: 3.5, rx: 'otc', yb: 1, unit: '瓶' },
  // ------------------------------------------------------------------ 中成药
  {
    cat: 37, name: '连花清瘟胶囊', brand: 3, price: 14.8, rx: 'otc', yb: 1, specs: ['规格'],
    skus: [{ values: ['0.35g*24粒'], price: 14.8 }, { values: ['0.35g*36粒'], price: 21.5 }, { values: ['0.35g*48粒'], price: 27.8 }],
  },
  {
    cat: 37, name: '板蓝根颗粒', brand: 2, price: 12.5, rx: 'otc', yb: 1, specs: ['规格'],
    skus: [{ values: ['10g*20袋'], price: 12.5 }, { values: ['5g*20袋(无糖型)'], price: 16.8 }],
  },
  { cat: 37, name: '蒲地蓝消炎口服液 10ml*10支', spec: '10ml*10支', brand: 11, price: 32, rx: 'otc' },
  { cat: 37, name: '清开灵颗粒 3g*20袋', spec: '3g*20袋', brand: 2, price: 18, rx: 'otc', yb: 1 },
  { cat: 37, name: '连花清瘟颗粒 6g*10袋', spec: '6g*10袋', brand: 3, price: 19.8, rx: 'otc', yb: 1 },
  { cat: 38, name: '感冒清热颗粒 12g*10袋', spec: '12g*10袋', brand: 4, price: 15.8, rx: 'otc', yb: 1 },
  { cat: 38, name: '正柴胡饮颗粒 10g*10袋', spec: '10g*10袋', brand: 8, price: 13.5, rx: 'otc', yb: 1 },
  { cat: 38, name: '九味羌活丸 6g*10袋', spec: '6g*10袋', brand: 4, price: 16, rx: 'otc' },
  { cat: 39, name: '999感冒灵颗粒 10g*9袋', spec: '10g*9袋', brand: 9, price: 13.9, rx: 'otc', yb: 1 },
  { cat: 39, name: '银翘解毒片 24片', spec: '24片', brand: 4, price: 9.5, rx: 'otc', yb: 1 },
  { cat: 39, name: '桑菊感冒片 36片', spec: '36片', brand: 2, price: 8.8, rx: 'otc' },
  { cat: 39, name: '维C银翘片 24片', spec: '12片*2板', brand: 10, price: 7.8, rx: 'otc' },
  { cat: 40, name: '蜜炼川贝枇杷膏 300ml', spec: '300ml', brand: 4, price: 38, rx: 'otc', unit: '瓶' },
  { cat: 40, name: '急支糖浆 200ml', spec: '200ml', brand: 8, price: 16.5, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 40, name: '复方鲜竹沥液 20ml*6支', spec: '20ml*6支', brand: 8, price: 14, rx: 'otc' },
  { cat: 41, name: '橘红片 0.6g*24片', spec: '0.6g*24片', brand: 4, price: 12, rx: 'otc' },
  { cat: 41, name: '蛇胆川贝胶囊 0.3g*24粒', spec: '0.3g*24粒', brand: 2, price: 10.8, rx: 'otc', yb: 1 },
  { cat: 41, name: '苏黄止咳胶囊 0.45g*24粒', spec: '0.45g*24粒', brand: 11, price: 42, rx: 'rx', yb: 1 },
  { cat: 42, name: '乌鸡白凤丸 9g*10丸', spec: '9g*10丸', brand: 4, price: 32, rx: 'otc', yb: 1 },
  { cat: 42, name: '益母草颗粒 15g*10袋', spec: '15g*10袋', brand: 8, price: 14.5, rx: 'otc', yb: 1 },
  { cat: 42, name: '逍遥丸 200丸', spec: '200丸(浓缩丸)', brand: 4, price: 12.5, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 43, name: '妇科千金片 100片', spec: '100片', brand: 8, price: 24, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 43, name: '康妇消炎栓 2.8g*6粒', spec: '2.8g*6粒', brand: 8, price: 22, rx: 'otc' },
  { cat: 43, name: '保妇康栓 1.74g*8粒', spec: '1.74g*8粒', brand: 8, price: 35, rx: 'otc', yb: 1 },
  { cat: 76, name: '复方丹参滴丸 27mg*180丸', spec: '27mg*180丸', brand: 18, price: 26.8, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 76, name: '通心络胶囊 0.26g*30粒', spec: '0.26g*30粒', brand: 3, price: 36.5, rx: 'rx', yb: 1 },
  { cat: 76, name: '速效救心丸 40mg*60粒*3瓶', spec: '40mg*60粒*3瓶', brand: 18, price: 28, rx: 'otc', yb: 1 },
  { cat: 77, name: '参松养心胶囊 0.4g*36粒', spec: '0.4g*36粒', brand: 3, price: 48, rx: 'rx', yb: 1 },
  { cat: 77, name: '芪苈强心胶囊 0.3g*36粒', spec: '0.3g*36粒', brand: 3, price: 68, rx: 'rx', yb: 1 },
  { cat: 77, name: '养心氏片 0.3g*36片', spec: '0.3g*36片', brand: 18, price: 32, rx: 'otc' },
  { cat: 78, name: '六味地黄丸 200丸', spec: '200丸(浓缩丸)', brand: 4, price: 22, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 78, name: '金匮肾气丸 360丸', spec: '360丸(浓缩丸)', brand: 4, price: 26, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 78, name: '知柏地黄丸 360丸', spec: '360丸(浓缩丸)', brand: 4, price: 18, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 79, name: '安神补脑液 10ml*10支', spec: '10ml*10支', brand: 8, price: 26, rx: 'otc' },
  { cat: 79, name: '天王补心丸 192丸', spec: '192丸(浓缩丸)', brand: 4, price: 19.5, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 79, name: '枣仁安神胶囊 0.45g*24粒', spec: '0.45g*24粒', brand: 3, price: 28, rx: 'otc' },
  { cat: 80, name: '麝香壮骨膏 10贴', spec: '7cm*10cm*10贴', brand: 8, price: 12, rx: 'otc' },
  { cat: 80, name: '云南白药膏 8贴', spec: '6.5cm*10cm*8贴', brand: 5, price: 29.8, rx: 'otc' },
  { cat: 80, name: '伤湿止痛膏 10贴', spec: '7cm*10cm*10贴', brand: 2, price: 6.8, rx: 'otc', yb: 1 },
  { cat: 81, name: '云南白药气雾剂 85g+30g', spec: '85g+30g', brand: 5, price: 38.5, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 81, name: '云南白药酊 50ml', spec: '50ml', brand: 5, price: 22, rx: 'otc', unit: '瓶' },
  // ------------------------------------------------------------------ 中药饮片
  {
    cat: 44, name: '黄芪饮片', brand: 13, price: 12.8, origin: '甘肃陇西', specs: ['规格'],
    skus: [{ values: ['100g'], price: 12.8 }, { values: ['250g'], price: 29.5 }, { values: ['500g'], price: 55 }],
  },
  { cat: 44, name: '党参片 250g', spec: '250g', brand: 13, price: 38, origin: '甘肃文县' },
  { cat: 44, name: '白术 250g', spec: '250g', brand: 13, price: 26, origin: '浙江磐安' },
  { cat: 44, name: '甘草片 500g', spec: '500g', brand: 13, price: 32, origin: '内蒙古杭锦旗' },
  { cat: 44, name: '西洋参片 50g', spec: '50g', brand: 4, price: 88, origin: '吉林通化' },
  { cat: 45, name: '当归片 250g', spec: '250g', brand: 13, price: 36, origin: '甘肃岷县' },
  { cat: 45, name: '熟地黄 500g', spec: '500g', brand: 13, price: 28, origin: '河南焦作' },
  { cat: 45, name: '白芍 250g', spec: '250g', brand: 13, price: 22, origin: '安徽亳州' },
  { cat: 45, name: '制何首乌 250g', spec: '250g', brand: 13, price: 18, origin: '贵州' },
  { cat: 46, name: '麦冬 250g', spec: '250g', brand: 13, price: 45, origin: '四川绵阳' },
  {
    cat: 46, name: '枸杞子', brand: 13, price: 26, origin: '宁夏中宁', specs: ['规格'],
    skus: [{ values: ['250g'], price: 26 }, { values: ['500g'], price: 48 }],
  },
  { cat: 46, name: '铁皮石斛 50g', spec: '50g', brand: 4, price: 68, origin: '云南龙陵' },
  { cat: 46, name: '玉竹 250g', spec: '250g', brand: 13, price: 24, origin: '湖南邵东' },
  { cat: 47, name: '黄连片 50g', spec: '50g', brand: 13, price: 32, origin: '重庆石柱' },
  { cat: 47, name: '黄芩片 250g', spec: '250g', brand: 13, price: 20, origin: '河北承德' },
  { cat: 47, name: '黄柏 250g', spec: '250g', brand: 13, price: 18, origin: '四川' },
  { cat: 48, name: '金银花 100g', spec: '100g', brand: 13, price: 42, origin: '河南封丘' },
  { cat: 48, name: '连翘 250g', spec: '250g', brand: 13, price: 28, origin: '山西安泽' },
  { cat: 48, name: '板蓝根饮片 500g', spec: '500g', brand: 13, price: 16, origin: '安徽' },
  { cat: 48, name: '蒲公英 250g', spec: '250g', brand: 13, price: 10, origin: '河北' },
  { cat: 49, name: '三七破壁饮片 1g*20袋', spec: '1g*20袋', brand: 4, price: 68, unit: '盒', origin: '云南文山' },
  { cat: 49, name: '灵芝破壁饮片 2g*20袋', spec: '2g*20袋', brand: 4, price: 58, unit: '盒', origin: '安徽' },
  { cat: 49, name: '黄芪破壁饮片 2g*20袋', spec: '2g*20袋', brand: 4, price: 36, unit: '盒', origin: '甘肃' },
  { cat: 50, name: '杭白菊 50g', spec: '50g', brand: 13, price: 15, origin: '浙江桐乡' },
  { cat: 50, name: '陈皮 100g', spec: '100g', brand: 13, price: 35, origin: '广东新会' },
  { cat: 50, name: '山楂片 250g', spec: '250g', brand: 13, price: 9.5, origin: '山东' },
  { cat: 50, name: '茯苓 250g', spec: '250g', brand: 13, price: 22, origin: '云南' },
  // ------------------------------------------------------------------ 医疗器械
  {
    cat: 51, name: '电子血压计', brand: 6, price: 199, unit: '台', specs: ['型号'],
    skus: [{ values: ['YE660D'], price: 199 }, { values: ['YE680A'], price: 259 }, { values: ['YE690A'], price: 329 }],
  },
  { cat: 51, name: '腕式电子血压计 YE8900A', spec: 'YE8900A', brand: 6, price: 169, unit: '台' },
  { cat: 51, name: '血压计袖带 成人型', spec: '22-32cm', brand: 6, price: 25, unit: '' },
  { cat: 52, name: '血糖仪 安稳+', spec: '安稳+', brand: 17, price: 168, unit: '台' },
  { cat: 52, name: '血糖试纸 50条', spec: '50条', brand: 17, price: 65 },
  { cat: 52, name: '一次性使用末梢采血针 100支', spec: '28G*100支', brand: 17, price: 15 },
  { cat: 52, name: '血糖仪 580', spec: '580型', brand: 6, price: 139, unit: '台' },
  {
    cat: 53, name: '医用电子体温计', brand: 6, price: 19.9, unit: '支', specs: ['型号'],
    skus: [{ values: ['YT308 硬头'], price: 19.9 }, { values: ['YT318 软头'], price: 29.9 }],
  },
  { cat: 53, name: '红外耳温计 YHT101', spec: 'YHT101', brand: 6, price: 199, unit: '台' },
  { cat: 53, name: '红外额温计 YHW-2', spec: 'YHW-2', brand: 6, price: 89, unit: '台' },
  {
    cat: 54, name: '医用外科口罩', brand: 14, price: 6.5, specs: ['包装'],
    skus: [{ values: ['10只/盒'], price: 6.5 }, { values: ['50只/盒'], price: 28 }],
  },
  { cat: 54, name: '医用防护口罩 10只', spec: '10只/盒 (N95)', brand: 14, price: 29 },
  { cat: 54, name: '一次性使用医用口罩 50只', spec: '50只/盒', brand: 14, price: 15 },
  { cat: 55, name: '医用纱布块 10片*10袋', spec: '7.5cm*7.5cm 10片*10袋', brand: 14, price: 12, unit: '' },
  { cat: 55, name: '医用脱脂棉球 100g', spec: '100g', brand: 14, price: 6, unit: '袋' },
  { cat: 55, name: '云南白药创可贴 100片', spec: '1.5cm*2.3cm*100片', brand: 5, price: 18 },
  { cat: 55, name: '医用弹性绷带 7.5cm*4.5m', spec: '7.5cm*4.5m', brand: 14, price: 8.5, unit: '' },
  { cat: 56, name: '一次性使用无菌注射器 5ml*100支', spec: '5ml*100支', brand: 14, price: 25 },
  { cat: 56, name: '一次性使用输液器 带针 50套', spec: '0.7mm*50套', brand: 14, price: 45 },
  { cat: 57, name: '医用酒精消毒液 75% 500ml', spec: '500ml', brand: 14, price: 9.8, unit: '瓶' },
  { cat: 57, name: '碘伏消毒液 500ml', spec: '500ml', brand: 14, price: 12, unit: '瓶' },
  { cat: 57, name: '医用棉签 200支', spec: '10cm*200支', brand: 14, price: 4.5, unit: '包' },
  { cat: 57, name: '免洗手消毒凝胶 500ml', spec: '500ml', brand: 14, price: 19.9, unit: '瓶' },
  { cat: 58, name: '医用护腰 XL', spec: 'XL', brand: 6, price: 89, unit: '件' },
  { cat: 58, name: '医用颈托 成人通用', spec: '成人通用', brand: 6, price: 69, unit: '件' },
  { cat: 58, name: '医用护膝 一对', spec: 'L', brand: 6, price: 49, unit: '件' },
  { cat: 59, name: '家用制氧机 8F-5W', spec: '8F-5W', brand: 6, price: 2680, unit: '台' },
  { cat: 59, name: '压缩式雾化器 403M', spec: '403M', brand: 6, price: 299, unit: '台' },
  { cat: 59, name: '低频治疗仪 SC-2', spec: 'SC-2', brand: 6, price: 199, unit: '台' },
  { cat: 60, name: '天然胶乳橡胶避孕套 12只', spec: '12只/盒', brand: 14, price: 39 },
  { cat: 60, name: '超薄避孕套 3只', spec: '3只/盒', brand: 14, price: 15 },
  { cat: 61, name: '早早孕检测试纸 5条', spec: '5条/盒', brand: 17, price: 12, stock: 0 },
  { cat: 61, name: '排卵检测试纸 20条', spec: '20条/盒', brand: 17, price: 25 },
  // ------------------------------------------------------------------ 保健食品
  {
    cat: 62, name: '维生素C咀嚼片', brand: 7, price: 39, unit: '瓶', specs: ['口味', '规格'],
    skus: [
      { values: ['橙味', '60片'], price: 39 },
      { values: ['橙味', '100片'], price: 58 },
      { values: ['柠檬味', '60片'], price: 39 },
      { values: ['柠檬味', '100片'], price: 58, stock: 0 },
    ],
  },
  { cat: 62, name: '维生素C泡腾片 20片', spec: '4g*20片', brand: 8, price: 29, unit: '瓶' },
  { cat: 63, name: '多种维生素矿物质片 100片', spec: '1.38g*100片', brand: 7, price: 108, unit: '瓶' },
  { cat: 63, name: '复合维生素B片 100片', spec: '0.5g*100片', brand: 7, price: 45, unit: '瓶' },
  { cat: 64, name: '钙维生素D软胶囊 100粒', spec: '1g*100粒', brand: 7, price: 98, unit: '瓶' },
  { cat: 64, name: '锌咀嚼片 60片', spec: '0.8g*60片', brand: 8, price: 39, unit: '瓶' },
  { cat: 64, name: '铁叶酸片 60片', spec: '0.5g*60片', brand: 7, price: 59, unit: '瓶' },
  {
    cat: 65, name: '蛋白粉', brand: 7, price: 198, unit: '罐', specs: ['规格'],
    skus: [{ values: ['450g'], price: 198 }, { values: ['900g'], price: 358 }],
  },
  { cat: 65, name: '乳清蛋白粉 400g', spec: '400g', brand: 8, price: 168, unit: '罐' },
  { cat: 66, name: '鱼油软胶囊 100粒', spec: '1000mg*100粒', brand: 7, price: 128, unit: '瓶' },
  { cat: 66, name: '大豆磷脂软胶囊 100粒', spec: '1.2g*100粒', brand: 7, price: 88, unit: '瓶' },
  { cat: 67, name: '东阿阿胶块 250g', spec: '250g', brand: 12, price: 898 },
  { cat: 67, name: '复方阿胶浆 20ml*12支', spec: '20ml*12支', brand: 12, price: 98 },
  { cat: 67, name: '桃花姬阿胶糕 300g', spec: '300g', brand: 12, price: 168 },
  { cat: 68, name: '即食燕窝 45g*6瓶', spec: '45g*6瓶', brand: 4, price: 398, stock: 0 },
  { cat: 68, name: '干燕窝 50g', spec: '50g', brand: 4, price: 1280 },
  { cat: 69, name: '宁夏枸杞 500g', spec: '500g', brand: 4, price: 59, unit: '袋', validity: '2027-02-28', extraLabels: [7] },
  { cat: 69, name: '黑枸杞 100g', spec: '100g', brand: 4, price: 68, unit: '袋' },
  // ------------------------------------------------------------------ more goods (ids keep growing from here)
  { cat: 24, name: '阿莫西林分散片 0.25g*24片', spec: '0.25g*24片', brand: 2, price: 13.6, rx: 'rx', yb: 1, extraLabels: [5] },
  { cat: 29, name: '马来酸依那普利片 10mg*16片', spec: '10mg*16片', brand: 11, price: 12.4, rx: 'rx', yb: 1 },
  { cat: 33, name: '多潘立酮片 10mg*30片', spec: '10mg*30片', brand: 8, price: 14.2, rx: 'otc', yb: 1 },
  { cat: 35, name: '格列齐德缓释片 30mg*30片', spec: '30mg*30片', brand: 10, price: 27.5, rx: 'rx', yb: 1 },
  { cat: 37, name: '抗病毒口服液 10ml*10支', spec: '10ml*10支', brand: 2, price: 21, rx: 'otc', yb: 1 },
  { cat: 38, name: '荆防颗粒 15g*10袋', spec: '15g*10袋', brand: 4, price: 17.5, rx: 'otc', yb: 1 },
  { cat: 40, name: '强力枇杷露 150ml', spec: '150ml', brand: 8, price: 19.9, rx: 'otc', yb: 1, unit: '瓶' },
  { cat: 44, name: '太子参 100g', spec: '100g', brand: 13, price: 39, origin: '福建柘荣' },
  { cat: 53, name: '电子体温计 儿童款', spec: 'YT302', brand: 6, price: 24.9, unit: '支' },
  { cat: 57, name: '酒精棉片 100片', spec: '3cm*6cm*100片', brand: 14, price: 7.5 },
  { cat: 63, name: '儿童复合维生素咀嚼片 60片', spec: '1g*60片', brand: 7, price: 79, unit: '瓶', extraLabels: [5] },
  { cat: 66, name: '深海鱼油 200粒', spec: '1000mg*200粒', brand: 7, price: 218, unit: '瓶' },
]
