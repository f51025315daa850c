/**
 * Demo data: a 3-level pharmacy category tree. IDs are assigned by the seed in the order
 * below (depth first), so they are stable: 西药 = 1, its first child = 2, …
 * Level-1 ids are listed in README (中药饮片 has a fixed id used by an ad link).
 */
export interface CategorySeed {
  name: string
  short?: string
  children?: CategorySeed[]
}

export const categoryTree: CategorySeed[] = [
  {
    name: '西药',
    children: [
      { name: '抗感染药', short: '抗感染', children: [{ name: '青霉素类' }, { name: '头孢类' }, { name: '大环内酯类' }] },
      { name: '解热镇痛药', short: '解热镇痛', children: [{ name: '布洛芬类' }, { name: '对乙酰氨基酚类' }] },
      { name: '心脑血管用药', short: '心脑血管', children: [{ name: '降压药' }, { name: '调脂药' }, { name: '抗血栓药' }, { name: '抗心绞痛药' }] },
      { name: '消化系统用药', short: '消化系统', children: [{ name: '胃药' }, { name: '肠道用药' }] },
      { name: '内分泌用药', short: '内分泌', children: [{ name: '降糖药' }, { name: '甲状腺用药' }] },
    ],
  },
  {
    name: '中成药',
    children: [
      { name: '感冒用药', short: '感冒', children: [{ name: '清热解毒' }, { name: '风寒感冒' }, { name: '风热感冒' }] },
      { name: '止咳化痰', children: [{ name: '止咳糖浆' }, { name: '止咳片剂' }] },
      { name: '妇科用药', short: '妇科', children: [{ name: '调经' }, { name: '妇科炎症' }] },
    ],
  },
  {
    name: '中药饮片',
    children: [
      { name: '补益类', short: '补益', children: [{ name: '补气药' }, { name: '补血药' }, { name: '滋阴药' }] },
      { name: '清热类', short: '清热', children: [{ name: '清热燥湿' }, { name: '清热解毒' }] },
      { name: '精制饮片', short: '精制', children: [{ name: '破壁饮片' }, { name: '小包装饮片' }] },
    ],
  },
  {
    name: '医疗器械',
    children: [
      { name: '家用检测', short: '检测', children: [{ name: '血压计' }, { name: '血糖仪' }, { name: '体温计' }] },
      { name: '医用耗材', short: '耗材', children: [{ name: '口罩' }, { name: '医用敷料' }, { name: '注射器' }, { name: '消毒用品' }] },
      { name: '康复理疗', short: '康复', children: [{ name: '护具' }, { name: '理疗仪' }] },
      { name: '计生用品', short: '计生', children: [{ name: '避孕套' }, { name: '验孕试纸' }] },
    ],
  },
  {
    name: '保健食品',
    children: [
      { name: '维生素矿物质', short: '维矿', children: [{ name: '维生素C' }, { name: '复合维生素' }, { name: '钙铁锌' }] },
      { name: '营养补充', short: '营养', children: [{ name: '蛋白粉' }, { name: '鱼油' }] },
      { name: '传统滋补', short: '滋补', children: [{ name: '阿胶' }, { name: '燕窝' }, { name: '枸杞' }] },
    ],
  },
]

/** Colours of the generated category icons, by level-1 position. */
export const categoryColors = ['#1F6FB2', '#C0392B', '#8E5B2E', '#16A085', '#D35400']
