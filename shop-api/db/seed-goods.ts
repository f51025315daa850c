import type { Database } from 'better-sqlite3'
import { phpJson } from '../core/format.js'
import { categoryColors } from './data/categories.js'
import { brands, extraCategories, goodsLabels, goodsSeeds, leafIntroductions, type GoodsSeed } from './data/goods.js'
import { SEED_TIME } from './data/site.js'
import { insertRow, registerImage } from './rows.js'

/**
 * Schema version 2's seed, its first part (seed-catalog.ts runs it): the extra categories,
 * brands, labels and attributes, ~190 goods with their SKUs and packshots, and version 1's order
 * lines pointed at the goods they bought. Deterministic: the PRNG it is given, no clock.
 */

const DAY = 86400

export const round2 = (n: number) => Math.round(n * 100) / 100

/** YYYY-MM-DD of a unix time in the shop's zone (+08:00). */
function ymd(seconds: number): string {
  return new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 10)
}

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const total = y * 12 + (m - 1) + months
  const ny = Math.floor(total / 12)
  const nm = (total % 12) + 1
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate()
  const day = Math.min(d, last)
  // one day before the same day N months later
  const t = Date.UTC(ny, nm - 1, day) - DAY * 1000
  return new Date(t).toISOString().slice(0, 10)
}

const PROVINCE_CODES: Record<string, string> = { 冀: '13', 粤: '44', 京: '11', 滇: '53', 苏: '32', 吉: '22', 鲁: '37', 浙: '33', 津: '12', 湘: '43' }

/** Dosage form (剂型) of a goods from its name. */
function dosageForm(level1: number, name: string): string {
  if (level1 === 3) return name.includes('破壁') ? '破壁饮片' : '饮片'
  if (level1 === 4) return '医疗器械'
  const rules: [RegExp, string][] = [
    [/软胶囊/, '软胶囊剂'],
    [/胶囊/, '胶囊剂'],
    [/滴丸/, '滴丸剂'],
    [/丸/, '丸剂'],
    [/颗粒/, '颗粒剂'],
    [/口服液|口服溶液|鲜竹沥液|阿胶浆|补脑液/, '口服溶液剂'],
    [/糖浆|枇杷膏|枇杷露/, '糖浆剂'],
    [/混悬液/, '混悬剂'],
    [/栓/, '栓剂'],
    [/气雾剂/, '气雾剂'],
    [/酊/, '酊剂'],
    [/贴|壮骨膏|白药膏|止痛膏/, '贴膏剂'],
    [/散/, '散剂'],
    [/蛋白粉/, '粉剂'],
    [/片/, '片剂'],
  ]
  for (const [pattern, form] of rules) if (pattern.test(name)) return form
  return ''
}

function storageOf(level1: number, seed: GoodsSeed): string {
  if (seed.extraLabels?.includes(6)) return '2～8℃避光冷藏保存'
  if (level1 === 3) return '置通风干燥处，防霉，防蛀'
  if (level1 === 4) return '常温保存，避免潮湿与阳光直射'
  if (level1 === 5) return '置阴凉干燥处，避免阳光直射'
  return '密封，在阴凉干燥处（不超过20℃）保存'
}

/** Extra per-goods purchase rules (min/max buy), by goods name. */
const buyRules: Record<string, { min_buy?: number; max_buy?: number; is_limit?: number; limit_type?: number }> = {
  '医用棉签 200支': { min_buy: 10 },
  '一次性使用医用口罩 50只': { min_buy: 2 },
  '医用酒精消毒液 75% 500ml': { min_buy: 6 },
  '东阿阿胶块 250g': { max_buy: 5, is_limit: 1, limit_type: 2 },
  '家用制氧机 8F-5W': { max_buy: 2, is_limit: 1, limit_type: 1 },
}

/** Order lines of the version-1 seed → the SKU they bought (so member order stats mean something). */
const orderLineSkus: [string, string][] = [
  ['阿莫西林胶囊 0.25g*24粒', '阿莫西林胶囊 0.25g*24粒'],
  ['布洛芬缓释胶囊 0.3g*20粒', '布洛芬缓释胶囊 0.3g*20粒'],
  ['连花清瘟胶囊 0.35g*36粒', '连花清瘟胶囊 0.35g*36粒'],
  ['电子血压计', '电子血压计 YE660D'],
  ['维生素C片', '维生素C咀嚼片 橙味 100片'],
  ['医用外科口罩 50只/盒', '医用外科口罩 50只/盒'],
  ['板蓝根颗粒 10g*20袋', '板蓝根颗粒 10g*20袋'],
]

export interface SeededGoods {
  goods_id: number
  name: string
  level1: number
  unit: string
  skus: { sku_id: number; label: string; price: number; discount_price: number; stock: number; sku_name: string; sku_image: string }[]
}

/** Seeds the goods and what they stand on; the goods by name, for the promotions seeded after them. */
export function seedGoods(db: Database, rand: () => number): Map<string, SeededGoods> {
  const randInt = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1))

  // ------------------------------------------------------------------ categories
  for (const c of extraCategories) {
    const parent = db.prepare('SELECT category_id_1, category_id_2, level FROM goods_category WHERE category_id = ?').get(c.pid) as {
      category_id_1: number
      category_id_2: number
      level: number
    }
    const ids = [parent.category_id_1, c.level === 3 ? parent.category_id_2 : c.category_id, c.level === 3 ? c.category_id : 0]
    const image = registerImage(db, {
      path: `upload/category/category_${c.category_id}.svg`,
      kind: 'icon',
      width: 120,
      height: 120,
      background: categoryColors[ids[0]! - 1]!,
      text: c.name.slice(0, 1),
    })
    insertRow(db, 'goods_category', {
      category_id: c.category_id,
      category_name: c.name,
      short_name: c.short ?? '',
      pid: c.pid,
      level: c.level,
      is_show: 0,
      sort: c.sort,
      image,
      keywords: c.name,
      description: '',
      category_id_1: ids[0],
      category_id_2: ids[1],
      category_id_3: ids[2],
      image_adv: '',
      link_url: '',
      is_recommend: 0,
      icon: '',
    })
  }
  const categories = new Map(
    (
      db.prepare('SELECT category_id, category_name, level, category_id_1, category_id_2, category_id_3 FROM goods_category').all() as {
        category_id: number
        category_name: string
        level: number
        category_id_1: number
        category_id_2: number
        category_id_3: number
      }[]
    ).map((c) => [c.category_id, c]),
  )

  // ------------------------------------------------------------------ brands, labels, attributes
  brands.forEach((b, index) => {
    const image = registerImage(db, { path: `upload/brand/brand_${b.brand_id}.svg`, kind: 'logo', width: 200, height: 80, color: b.color, text: b.brand_name })
    const banner = registerImage(db, {
      path: `upload/brand/banner_${b.brand_id}.svg`,
      kind: 'banner',
      width: 1210,
      height: 240,
      background: b.color,
      text: `${b.brand_name}品牌馆`,
      subtext: b.desc,
    })
    insertRow(db, 'goods_brand', {
      brand_id: b.brand_id,
      brand_name: b.brand_name,
      brand_initial: b.brand_initial,
      image_url: image,
      banner,
      brand_desc: b.desc,
      is_recommend: index < 8 ? 1 : 0,
      sort: brands.length - index, // answered sort desc = the order above
      create_time: SEED_TIME,
    })
  })
  goodsLabels.forEach((label, index) => insertRow(db, 'goods_label', { ...label, sort: index + 1 }))

  // Attributes: 剂型 (values added as met), 处方分类, 医保类型.
  insertRow(db, 'goods_attribute', { attr_id: 1, attr_name: '剂型', sort: 1 })
  insertRow(db, 'goods_attribute', { attr_id: 2, attr_name: '处方分类', sort: 2 })
  insertRow(db, 'goods_attribute', { attr_id: 3, attr_name: '医保类型', sort: 3 })
  const attrValues = new Map<string, number>()
  let nextAttrValue = 1
  const attrValue = (attrId: number, name: string): number => {
    const key = `${attrId}:${name}`
    let id = attrValues.get(key)
    if (id === undefined) {
      id = nextAttrValue++
      attrValues.set(key, id)
      insertRow(db, 'goods_attribute_value', { attr_value_id: id, attr_id: attrId, attr_value_name: name, sort: id })
    }
    return id
  }

  // ------------------------------------------------------------------ goods and SKUs
  const seeded = new Map<string, SeededGoods>()
  let skuId = 0
  goodsSeeds.forEach((g, index) => {
    const goodsId = index + 1
    const leaf = categories.get(g.cat)
    if (!leaf || leaf.level !== 3) throw new Error(`goods ${g.name}: ${g.cat} is not a leaf category`)
    const level1 = leaf.category_id_1
    const brand = brands.find((b) => b.brand_id === g.brand)!
    const colour = categoryColors[level1 - 1]!
    const unit = g.unit ?? (level1 === 3 ? '袋' : '盒')
    const shortName = g.skus ? g.name : g.name.split(' ')[0]!
    const form = dosageForm(level1, g.name)
    const isMedicinal = level1 <= 3 ? 1 : 0
    const isChinese = level1 === 2 || level1 === 3 ? 1 : 0

    // approval / registration number
    const prov = PROVINCE_CODES[brand.province] ?? '11'
    const digits = (n: number) => Array.from({ length: n }, () => randInt(0, 9)).join('')
    let countryCode = ''
    if (level1 === 1 || level1 === 2) {
      const letter = level1 === 1 ? 'H' : 'Z'
      countryCode = rand() < 0.5 ? `国药准字${letter}${prov}0${digits(5)}` : `国药准字${letter}20${randInt(10, 24)}${digits(4)}`
    } else if (level1 === 4) {
      countryCode = `${brand.province}械注准20${randInt(16, 24)}2${randInt(10, 99)}${digits(4)}`
    } else if (level1 === 5) {
      countryCode = `国食健注G20${randInt(14, 23)}${digits(4)}`
    }

    const production = ymd(SEED_TIME - randInt(30, 330) * DAY)
    const life = g.life ?? (level1 === 4 ? 60 : level1 === 3 ? 24 : rand() < 0.5 ? 24 : 36)
    const validity = g.validity ?? addMonths(production, life)

    const labelIds = [...(g.rx === 'rx' ? [1] : g.rx === 'otc' ? [2] : []), ...(g.yb ? [3] : []), ...(g.jc ? [4] : []), ...(g.extraLabels ?? [])]
    const labelNames = labelIds.map((id) => goodsLabels.find((l) => l.label_id === id)!.label_name)

    const attrRows: Record<string, unknown>[] = []
    const attrRow = (attrId: number, name: string, value: string, valueId = 0) =>
      attrRows.push({ attr_class_id: 1, attr_id: attrId, attr_name: name, attr_value_id: valueId, attr_value_name: value, sort: attrRows.length + 1 })
    const firstSpec = g.spec ?? g.skus![0]!.values.join(' ')
    if (countryCode) attrRow(0, level1 === 4 ? '注册证号' : '批准文号', countryCode)
    attrRow(0, '规格', firstSpec)
    if (form) attrRow(1, '剂型', form, attrValue(1, form))
    if (g.rx) attrRow(2, '处方分类', g.rx === 'rx' ? '处方药' : 'OTC', attrValue(2, g.rx === 'rx' ? '处方药' : 'OTC'))
    if (isMedicinal && level1 !== 3) attrRow(3, '医保类型', g.yb ? '医保' : '非医保', attrValue(3, g.yb ? '医保' : '非医保'))
    attrRow(0, '生产企业', brand.factory)
    attrRow(0, '产地', g.origin ?? brand.place)
    attrRow(0, '有效期至', validity)
    attrRow(0, '贮藏', storageOf(level1, g))

    const intro = g.intro ?? leafIntroductions[g.cat] ?? ''
    const contentImage = registerImage(db, {
      path: `upload/goods/${goodsId}/content.svg`,
      kind: 'banner',
      width: 750,
      height: 360,
      background: colour,
      text: shortName,
      subtext: `${brand.brand_name} · ${firstSpec}`,
    })
    const specTable =
      '<table><tbody>' + attrRows.map((row) => `<tr><th>${row.attr_name as string}</th><td>${row.attr_value_name as string}</td></tr>`).join('') + '</tbody></table>'
    let content = `<p>${intro}</p><p><img src="${contentImage}" alt="${shortName}" width="750"></p>${specTable}<p>温馨提示：请按说明书或在药师指导下使用。</p>`
    if (g.content === 'xss') {
      content += '<script>alert(1)</script><p><img src="upload/goods/none.svg" onerror="alert(2)" alt="broken"></p>'
    }

    // images: front and side packshots of the goods; multi-SKU goods get one per SKU
    const front = registerImage(db, {
      path: `upload/goods/${goodsId}/main.svg`,
      kind: 'packshot',
      width: 400,
      height: 400,
      background: colour,
      text: shortName,
      subtext: `${firstSpec}|${brand.brand_name}|front`,
    })
    const sideImage = registerImage(db, {
      path: `upload/goods/${goodsId}/side.svg`,
      kind: 'packshot',
      width: 400,
      height: 400,
      background: colour,
      text: shortName,
      subtext: `${countryCode || firstSpec}|${brand.brand_name}|side`,
    })

    const specNames = g.specs ?? []
    const skuSeeds = g.skus ?? [{ values: [], price: g.price, stock: g.stock }]
    const firstSkuId = skuId + 1
    // goods_spec_format: the spec matrix (values without sku ids; the detail adds them per SKU)
    const specFormat = specNames.length
      ? JSON.stringify(
          specNames.map((specName, i) => {
            const values = skuSeeds.map((s) => s.values[i]!).filter((v, j, all) => all.indexOf(v) === j)
            return {
              spec_id: -(i + 1),
              spec_name: specName,
              value: values.map((value, j) => ({ spec_id: -(i + 1), spec_name: specName, spec_value_id: -((i + 1) * 10 + j + 1), spec_value_name: value, image: '' })),
            }
          }),
        )
      : null

    const rules = buyRules[g.name] ?? {}
    const coldChain = g.extraLabels?.includes(6)
    insertRow(db, 'goods', {
      goods_id: goodsId,
      goods_name: g.name,
      goods_class: 1,
      goods_image: `${front},${sideImage}`,
      goods_state: g.state ?? 1,
      category_id: `,${leaf.category_id_1},${leaf.category_id_2},${leaf.category_id_3},`,
      leaf_category_id: g.cat,
      brand_id: brand.brand_id,
      brand_name: brand.brand_name,
      sku_id: firstSkuId,
      price: skuSeeds[0]!.price,
      market_price: 0, // set below from the default SKU
      goods_stock: 0, // totals set below
      sale_num: 0,
      click_num: randInt(100, 9000),
      collect_num: randInt(0, 260),
      evaluate: 0,
      sort: 0,
      create_time: SEED_TIME - goodsId * 3600,
      modify_time: 0,
      introduction: intro,
      keywords: [shortName, brand.brand_name, brand.factory, form, leaf.category_name].filter(Boolean).join(','),
      unit,
      goods_content: content,
      goods_spec_format: specFormat,
      goods_attr_format: phpJson(attrRows),
      goods_service_ids: coldChain ? '1,2,3,4' : level1 === 4 ? '1,3,4' : '1,3,4',
      label_ids: `,${labelIds.join(',')},`,
      label_name: labelNames[0] ?? '',
      is_free_shipping: level1 === 4 && skuSeeds[0]!.price >= 1000 ? 1 : 0,
      is_virtual: 0,
      min_buy: rules.min_buy ?? 0,
      max_buy: rules.max_buy ?? 0,
      is_limit: rules.is_limit ?? 0,
      limit_type: rules.limit_type ?? 1,
      is_consume_discount: level1 === 3 ? 0 : 1,
      recommend_way: 0,
      video_url: '',
      attr_country_code: countryCode,
      attr_specs: firstSpec,
      attr_place: g.origin ?? brand.place,
      attr_validity: validity,
      attr_goods_attr: form,
      attr_production_date: production,
      attr_factory: brand.factory,
      goods_attr: [g.rx === 'rx' ? '处方药' : g.rx === 'otc' ? '非处方药' : '', form, storageOf(level1, g)].filter(Boolean).join(' | '),
      is_jc: g.jc ?? 0,
      is_trace: level1 <= 2 || g.cat === 56 ? 1 : 0,
      is_medicinal: isMedicinal,
      is_chinese_medicine: isChinese,
      goods_erp_spid: `SPH${String(goodsId).padStart(6, '0')}`,
      tax_rate: level1 === 3 ? 9 : 13,
    })
    const record: SeededGoods = { goods_id: goodsId, name: g.name, level1, unit, skus: [] }
    let totalStock = 0
    let totalSales = 0
    skuSeeds.forEach((s, k) => {
      skuId += 1
      const label = s.values.join(' ')
      const skuName = label ? `${g.name} ${label}` : g.name
      const stock = s.stock ?? randInt(30, 3000)
      const sales = randInt(0, 4000)
      totalStock += stock
      totalSales += sales
      const skuImage = label
        ? registerImage(db, {
            path: `upload/goods/${goodsId}/sku_${skuId}.svg`,
            kind: 'packshot',
            width: 400,
            height: 400,
            background: colour,
            text: shortName,
            subtext: `${label}|${brand.brand_name}|front`,
          })
        : front
      const skuSpec = s.values.map((value, i) => ({
        spec_id: -(i + 1),
        spec_name: specNames[i]!,
        spec_value_id: -(
          (i + 1) * 10 +
          skuSeeds
            .map((x) => x.values[i])
            .filter((v, j, all) => all.indexOf(v) === j)
            .indexOf(value) +
          1
        ),
        spec_value_name: value,
        image: '',
      }))
      insertRow(db, 'goods_sku', {
        sku_id: skuId,
        goods_id: goodsId,
        sku_name: skuName,
        sku_no: `SP${String(goodsId).padStart(4, '0')}-${k + 1}`,
        sku_spec_format: label ? phpJson(skuSpec) : '',
        spec_label: label,
        price: s.price,
        market_price: round2(Math.round(s.price * (1.15 + rand() * 0.3) * 10) / 10),
        discount_price: s.price,
        promotion_type: 0,
        start_time: 0,
        end_time: 0,
        stock,
        sale_num: sales,
        click_num: randInt(20, 3000),
        sku_image: skuImage,
        sku_images: `${skuImage},${sideImage}`,
        keywords: label,
        attr_specs: label || g.spec || '',
        is_default: k === 0 ? 1 : 0,
      })
      record.skus.push({ sku_id: skuId, label, price: s.price, discount_price: s.price, stock, sku_name: skuName, sku_image: skuImage })
    })

    db.prepare('UPDATE goods SET market_price = (SELECT market_price FROM goods_sku WHERE sku_id = ?), goods_stock = ?, sale_num = ? WHERE goods_id = ?').run(
      firstSkuId,
      totalStock,
      totalSales,
      goodsId,
    )
    seeded.set(g.name, record)
  })

  // order lines of version 1 → goods
  for (const [prefix, skuName] of orderLineSkus) {
    const sku = db.prepare('SELECT sku_id, goods_id FROM goods_sku WHERE sku_name = ?').get(skuName) as { sku_id: number; goods_id: number } | undefined
    if (!sku) throw new Error(`seed: order sku ${skuName}`)
    db.prepare("UPDATE order_goods SET goods_id = ?, sku_id = ? WHERE goods_id = 0 AND sku_name LIKE ? || '%'").run(sku.goods_id, sku.sku_id, prefix)
  }
  return seeded
}
