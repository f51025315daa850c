import type { Database } from 'better-sqlite3'
import { phpJson } from '../core/format.js'
import { categoryColors } from './data/categories.js'
import { brands, extraCategories, goodsLabels, goodsSeeds, leafIntroductions, type GoodsSeed } from './data/goods.js'
import {
  bundlings,
  couponTypeSeeds,
  discountActivity,
  discounts,
  evaluationSeeds,
  existingCouponScopes,
  floorSeeds,
  getFrees,
  groupbuys,
  manjians,
  PROMOTION_LENGTH,
  saleControlSeeds,
  seckills,
  seckillSlots,
  topics,
  wholesales,
} from './data/promotions.js'
import { SEED_TIME } from './data/site.js'
import { insertRow, registerImage } from './rows.js'

/**
 * Schema version 2's seed: the demo catalog (extra categories, brands, labels, ~190 goods with
 * their SKUs and packshots), promotions of every kind, coupon scopes, sale-control rules,
 * evaluations and the home floors. Deterministic: a seeded PRNG, no clock.
 */

const DAY = 86400
const PROMO_START = SEED_TIME
const PROMO_END = SEED_TIME + PROMOTION_LENGTH

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100

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

interface SeededGoods {
  goods_id: number
  name: string
  level1: number
  unit: string
  skus: { sku_id: number; label: string; price: number; discount_price: number; stock: number; sku_name: string; sku_image: string }[]
}

export function seedCatalog(db: Database): void {
  const rand = prng(20260101)
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

  const goodsOf = (name: string): SeededGoods => {
    const found = seeded.get(name)
    if (!found) throw new Error(`seed: unknown goods ${name}`)
    return found
  }
  const skuOf = (name: string, label?: string) => {
    const goods = goodsOf(name)
    const sku = label === undefined ? goods.skus[0] : goods.skus.find((s) => s.label === label)
    if (!sku) throw new Error(`seed: unknown sku ${name} ${label}`)
    return sku
  }

  // order lines of version 1 → goods
  for (const [prefix, skuName] of orderLineSkus) {
    const sku = db.prepare('SELECT sku_id, goods_id FROM goods_sku WHERE sku_name = ?').get(skuName) as { sku_id: number; goods_id: number } | undefined
    if (!sku) throw new Error(`seed: order sku ${skuName}`)
    db.prepare("UPDATE order_goods SET goods_id = ?, sku_id = ? WHERE goods_id = 0 AND sku_name LIKE ? || '%'").run(sku.goods_id, sku.sku_id, prefix)
  }

  // ------------------------------------------------------------------ promotions
  for (const slot of seckillSlots) insertRow(db, 'seckill_time', { id: slot.id, name: slot.name, seckill_start_time: slot.start, seckill_end_time: slot.end })
  let seckillGoodsId = 0
  seckills.forEach((s, index) => {
    const goods = goodsOf(s.goods)
    const seckillId = index + 1
    insertRow(db, 'seckill', {
      seckill_id: seckillId,
      seckill_name: s.name,
      status: 1,
      remark: s.remark ?? '',
      start_time: PROMO_START,
      end_time: PROMO_END,
      sort: seckills.length - index,
      create_time: SEED_TIME,
      goods_id: goods.goods_id,
      seckill_time_id: ',1,',
      goods_min: s.goods_min ?? 0,
      goods_limit: s.goods_limit ?? 0,
      num_multiple: s.num_multiple ?? 0,
      sale_num: randInt(10, 400),
    })
    for (const [label, price] of Object.entries(s.prices)) {
      const sku = skuOf(s.goods, label === '' ? undefined : label)
      seckillGoodsId += 1
      insertRow(db, 'seckill_goods', { id: seckillGoodsId, seckill_id: seckillId, goods_id: goods.goods_id, sku_id: sku.sku_id, seckill_price: price, stock: s.stock })
    }
  })

  insertRow(db, 'discount', { ...discountActivity, status: 1, start_time: PROMO_START, end_time: PROMO_END })
  let discountGoodsId = 0
  for (const d of discounts) {
    const goods = goodsOf(d.goods)
    for (const [label, price] of Object.entries(d.prices)) {
      const sku = skuOf(d.goods, label === '' ? undefined : label)
      discountGoodsId += 1
      insertRow(db, 'discount_goods', {
        id: discountGoodsId,
        discount_id: discountActivity.discount_id,
        goods_id: goods.goods_id,
        sku_id: sku.sku_id,
        discount_price: price,
        goods_min: d.goods_min ?? 0,
        goods_limit: d.goods_limit ?? 0,
        num_multiple: d.num_multiple ?? 0,
      })
      db.prepare('UPDATE goods_sku SET discount_price = ?, promotion_type = 1, start_time = ?, end_time = ? WHERE sku_id = ?').run(price, PROMO_START, PROMO_END, sku.sku_id)
    }
  }

  wholesales.forEach((w, index) => {
    const tiers = [...w.tiers].sort((a, b) => a.num - b.num).map((t) => ({ num: t.num, limit_num: t.limit_num ?? 0, price: t.price.toFixed(2) }))
    insertRow(db, 'wholesale_goods', {
      wholesale_goods_id: index + 1,
      goods_id: goodsOf(w.goods).goods_id,
      price_json: JSON.stringify(tiers),
      status: 1,
      start_time: PROMO_START,
      end_time: PROMO_END,
    })
  })

  getFrees.forEach((f, index) => {
    const offers = f.offers.map((o) => {
      const gift = goodsOf(o.gift)
      return {
        goods_id: gift.goods_id,
        sku_id: gift.skus[0]!.sku_id,
        count: o.count,
        num: o.num,
        price: o.price.toFixed(2),
        unit: gift.unit,
        limit: o.limit,
        goods_limit: o.goods_limit,
        ladder_json: (o.ladder ?? []).map((l) => ({ mainRang: l.mainRang, rang: l.rang, rangPrice: l.rangPrice.toFixed(2), unit: gift.unit })),
      }
    })
    insertRow(db, 'getfree', {
      getfree_id: index + 1,
      goods_id: goodsOf(f.goods).goods_id,
      is_ladder: f.is_ladder,
      offers: JSON.stringify(offers),
      status: 1,
      start_time: PROMO_START,
      end_time: PROMO_END,
    })
  })

  let bundlingGoodsId = 0
  for (const b of bundlings) {
    insertRow(db, 'bundling', { bl_id: b.bl_id, bl_name: b.bl_name, bl_price: b.bl_price, shipping_fee_type: b.shipping_fee_type, status: 1, create_time: SEED_TIME })
    const items = b.items.map((item) => ({ goods: goodsOf(item.goods), sku: skuOf(item.goods, item.sku) }))
    const total = items.reduce((sum, item) => sum + item.sku.price, 0)
    let allocated = 0
    items.forEach((item, i) => {
      // promotion_price: the combo price spread over the items by list price (last takes the rest)
      const share = i === items.length - 1 ? round2(b.bl_price - allocated) : round2((b.bl_price * item.sku.price) / total)
      allocated = round2(allocated + share)
      bundlingGoodsId += 1
      insertRow(db, 'bundling_goods', { id: bundlingGoodsId, bl_id: b.bl_id, goods_id: item.goods.goods_id, sku_id: item.sku.sku_id, promotion_price: share })
    })
  }

  for (const g of groupbuys) {
    const sku = skuOf(g.goods, g.sku)
    insertRow(db, 'groupbuy', {
      groupbuy_id: g.groupbuy_id,
      goods_id: goodsOf(g.goods).goods_id,
      sku_id: sku.sku_id,
      groupbuy_price: g.groupbuy_price,
      buy_num: g.buy_num,
      sell_num: g.sell_num,
      status: 2,
      rule: g.rule,
      start_time: PROMO_START,
      end_time: PROMO_END,
    })
  }

  let topicGoodsId = 0
  for (const t of topics) {
    const adv = registerImage(db, {
      path: `upload/topic/topic_${t.topic_id}.svg`,
      kind: 'banner',
      width: 1210,
      height: 300,
      background: t.bg_color,
      text: t.topic_name,
      subtext: t.remark,
    })
    insertRow(db, 'topic', {
      topic_id: t.topic_id,
      topic_name: t.topic_name,
      topic_adv: adv,
      status: 2,
      remark: t.remark,
      bg_color: t.bg_color,
      start_time: PROMO_START,
      end_time: PROMO_END,
    })
    for (const item of t.goods) {
      topicGoodsId += 1
      insertRow(db, 'topic_goods', {
        id: topicGoodsId,
        topic_id: t.topic_id,
        goods_id: goodsOf(item.goods).goods_id,
        sku_id: skuOf(item.goods, item.sku).sku_id,
        topic_price: item.topic_price,
      })
    }
  }

  for (const m of manjians) {
    const ids = (db.prepare('SELECT goods_id FROM goods WHERE category_id LIKE ? ORDER BY goods_id').all(`%,${m.goodsCategory},%`) as { goods_id: number }[]).map((r) => r.goods_id)
    const rules = m.rules.map((r) => ({
      limit: r.limit.toFixed(2),
      discount_money: r.discount_money.toFixed(2),
      free_shipping: r.free_shipping ?? 0,
      point: 0,
      coupon: 0,
      coupon_num: [],
      coupon_data: [],
    }))
    insertRow(db, 'manjian', {
      manjian_id: m.manjian_id,
      manjian_name: m.manjian_name,
      manjian_type: 2,
      type: m.type,
      goods_ids: `,${ids.join(',')},`,
      status: 1,
      rule_json: JSON.stringify(rules),
      start_time: PROMO_START,
      end_time: PROMO_END,
    })
  }

  // ------------------------------------------------------------------ coupons
  const goodsIdList = (names: string[] | undefined) => (names?.length ? `,${names.map((n) => goodsOf(n).goods_id).join(',')},` : ',,')
  const categoryList = (ids: number[] | undefined) => (ids?.length ? `,${ids.join(',')},` : '')
  for (const [id, scope] of Object.entries(existingCouponScopes)) {
    db.prepare(
      `UPDATE coupon_type SET lead_count = lead_count + ?, goods_type = COALESCE(?, goods_type), category_ids = ?, validity_type = ?, fixed_term = ?, max_fetch = 2
       WHERE coupon_type_id = ?`,
    ).run(scope.lead_count ?? 0, scope.goods_type ?? null, categoryList(scope.categories), scope.validity_type ?? 0, scope.fixed_term ?? 0, Number(id))
  }
  // member coupons of version 1 follow their type's new scope
  db.prepare('UPDATE member_coupon SET goods_type = (SELECT goods_type FROM coupon_type t WHERE t.coupon_type_id = member_coupon.coupon_type_id)').run()
  for (const c of couponTypeSeeds) {
    insertRow(db, 'coupon_type', {
      coupon_type_id: c.coupon_type_id,
      coupon_name: c.coupon_name,
      type: c.type,
      money: c.money,
      discount: c.discount,
      discount_limit: c.discount_limit,
      at_least: c.at_least,
      count: c.count,
      lead_count: c.lead_count,
      max_fetch: c.max_fetch,
      goods_type: c.goods_type,
      validity_type: c.validity_type,
      end_time: c.validity_type === 0 ? PROMO_END : 0,
      fixed_term: c.fixed_term,
      use_channel: 'all',
      use_store: 'all',
      status: 1,
      create_time: SEED_TIME,
      image: '',
      is_show: 1,
      goods_ids: goodsIdList(c.goods),
      category_ids: categoryList(c.categories),
    })
  }

  // ------------------------------------------------------------------ sale control
  const memberIdOf = (username: string) => (db.prepare('SELECT member_id FROM member WHERE username = ?').get(username) as { member_id: number }).member_id
  saleControlSeeds.forEach((rule, index) => {
    insertRow(db, 'sale_control', {
      id: index + 1,
      type: rule.goods ? 'goods' : 'category',
      goods_id: rule.goods ? goodsOf(rule.goods).goods_id : 0,
      category_id: rule.category ?? 0,
      member_id: rule.member ? memberIdOf(rule.member) : 0,
      member_label: rule.label ?? 0,
      is_member_by: rule.is_member_by,
      view_price: rule.view_price,
      not_buy_msg: rule.not_buy_msg,
      reason: rule.reason,
      create_time: SEED_TIME,
    })
  })

  // ------------------------------------------------------------------ evaluations
  const nicknames = new Map((db.prepare('SELECT member_id, nickname FROM member').all() as { member_id: number; nickname: string }[]).map((m) => [m.nickname, m.member_id]))
  evaluationSeeds.forEach((e, index) => {
    const evaluateId = index + 1
    const goods = goodsOf(e.goods)
    const sku = goods.skus[index % goods.skus.length]!
    const images = Array.from({ length: e.images ?? 0 }, (_, k) =>
      registerImage(db, {
        path: `upload/evaluate/evaluate_${evaluateId}_${k + 1}.svg`,
        kind: 'banner',
        width: 300,
        height: 300,
        background: categoryColors[goods.level1 - 1]!,
        text: '买家实拍',
        subtext: goods.name,
      }),
    )
    const createTime = SEED_TIME + (320 - e.days) * DAY
    insertRow(db, 'goods_evaluate', {
      evaluate_id: evaluateId,
      order_id: 0,
      order_no: `${createTime - 5 * DAY}${String(evaluateId).padStart(6, '0')}`,
      order_goods_id: 0,
      goods_id: goods.goods_id,
      sku_id: sku.sku_id,
      sku_name: sku.sku_name,
      sku_price: sku.price,
      sku_image: sku.sku_image,
      content: e.content,
      images: images.join(','),
      explain_first: e.reply ?? '',
      member_id: nicknames.get(e.member) ?? 0,
      member_name: e.member,
      member_headimg: 'upload/default/head.svg',
      is_anonymous: e.anonymous ?? 0,
      scores: e.explain_type === 1 ? 5 : e.explain_type === 2 ? 3 : 1,
      again_content: e.again ?? '',
      again_images: '',
      again_explain: '',
      explain_type: e.explain_type,
      is_show: 1,
      is_audit: 1,
      again_is_audit: e.again ? 1 : 0,
      create_time: createTime,
      again_time: e.again ? createTime + 10 * DAY : 0,
      shop_desccredit: e.explain_type === 3 ? 3 : 5,
      shop_servicecredit: 5,
      shop_deliverycredit: e.explain_type === 1 ? 5 : 4,
    })
  })
  db.prepare('UPDATE goods SET evaluate = (SELECT COUNT(*) FROM goods_evaluate e WHERE e.goods_id = goods.goods_id)').run()

  // ------------------------------------------------------------------ floors
  floorSeeds.forEach((floor, index) => {
    const floorId = index + 1
    const value: Record<string, unknown> = {}
    for (const [name, slot] of Object.entries(floor.slots)) {
      if (slot.type === 'text') value[name] = { type: 'text', value: { text: slot.text, color: slot.color, link: slot.link ? { title: slot.text, url: slot.link } : {} } }
      else if (slot.type === 'img') {
        const url = registerImage(db, {
          path: `upload/floor/floor_${floorId}_${name}.svg`,
          kind: 'banner',
          width: slot.width,
          height: slot.height,
          background: floor.color,
          text: slot.text,
          subtext: slot.subtext ?? '',
        })
        value[name] = { type: 'img', value: { url, link: { title: slot.text, url: slot.link } } }
      } else if (slot.type === 'goods') value[name] = { type: 'goods', value: { goods_ids: slot.goods.map((n) => goodsOf(n).goods_id).join(',') } }
      else value[name] = { type: 'category', value: { category_ids: slot.categories.join(',') } }
    }
    insertRow(db, 'pc_floor', {
      id: floorId,
      block_id: index + 1,
      title: floor.title,
      value: JSON.stringify(value),
      state: 1,
      sort: floorSeeds.length - index, // answered sort desc = the order above
      create_time: SEED_TIME,
      block_name: floor.block_name,
      block_title: floor.block_title,
    })
  })

  // ------------------------------------------------------------------ documents and config
  insertRow(db, 'document', {
    document_key: 'GOODS_AFTER_SALE',
    title: '售后保障',
    content:
      '<p>药品属于特殊商品，除质量问题外，一经售出不予退换。</p>' +
      '<p>收货时请当面核对品名、规格、批号与数量；外包装破损、短少或近效期（有效期不足6个月）的商品，请于签收后48小时内联系客服。</p>' +
      '<p>医疗器械与保健食品在未拆封、不影响二次销售的前提下，支持签收后7天内退换。</p>' +
      '<p>冷链商品请在签收时检查温度记录，异常情况请拒收并联系客服。</p>',
    create_time: SEED_TIME,
    modify_time: 0,
  })
  insertRow(db, 'config', {
    config_key: 'GOODS_EVALUATE_CONFIG',
    value: JSON.stringify({ evaluate_status: 1, evaluate_show: 1, evaluate_audit: 1 }),
    config_desc: '商品评价设置',
    is_use: 1,
    create_time: SEED_TIME,
    modify_time: 0,
  })
}
