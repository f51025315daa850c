import type { Database } from 'better-sqlite3'
import { linkJson } from '../core/format.js'
import { insertRow, registerImage } from './rows.js'
import { categoryColors, categoryTree, type CategorySeed } from './data/categories.js'
import { advPositions, footerItems, friendlyLinks, goodsServices, navItems } from './data/content.js'
import { helpClasses } from './data/help.js'
import { extraHelp, keywordReplies, notices, servicers } from './data/notices.js'
import { addons, configRecords, documents, H5_URL, SEED_TIME, site, SITE_NAME } from './data/site.js'
import { seedCart } from './seed-cart.js'
import { seedCatalog } from './seed-catalog.js'
import { seedAftersales } from './seed-aftersales.js'
import { seedCheckout, seedPointCash } from './seed-checkout.js'
import { seedOrders } from './seed-orders.js'
import { seedDemoOrders } from './seed-demo-orders.js'
import { seedPromotionSlots } from './seed-promotion.js'
import { seedSignin } from './seed-signin.js'
import { seedAccount } from './seed-account.js'
import { seedPointExchange } from './seed-pointexchange.js'
import { seedTopics } from './seed-topic.js'
import { seedQualifications } from './seed-qualification.js'
import { seedWechat } from './seed-wechat.js'
import { seedAddresses, seedFinance, seedMembers, seedOpeningBalances } from './seed-members.js'

/**
 * Deterministic demo data, one step per schema version (see schema.ts). No randomness and no
 * clock: the same rows on every run. `openDatabase` runs a step right after its migration.
 */
export interface SeedStep {
  version: number
  run(db: Database): void
}

const DAY = 86400

function seedSite(db: Database) {
  for (const record of configRecords) {
    insertRow(db, 'config', {
      config_key: record.config_key,
      value: JSON.stringify(record.value),
      config_desc: record.config_desc ?? '',
      is_use: 1,
      create_time: SEED_TIME,
      modify_time: 0,
    })
  }
  for (const doc of documents) insertRow(db, 'document', { ...doc, create_time: SEED_TIME, modify_time: 0 })
  for (const addon of addons) insertRow(db, 'addon', addon)

  registerImage(db, { path: site.logo, kind: 'logo', width: 240, height: 80, color: '#0B7A5B', text: SITE_NAME, subtext: 'KANGYUAN PHARMA B2B' })
  registerImage(db, { path: site.logo_square, kind: 'icon', width: 120, height: 120, background: '#0B7A5B', text: '康' })
  registerImage(db, { path: 'upload/site/copyright_logo.svg', kind: 'logo', width: 160, height: 50, color: '#666666', text: '康源医药' })
  const defaults: [string, string][] = [
    ['goods', '药'],
    ['head', '人'],
    ['store', '店'],
    ['article', '文'],
  ]
  for (const [name, glyph] of defaults) {
    registerImage(db, { path: `upload/default/${name}.svg`, kind: 'icon', width: 200, height: 200, background: '#E5E7EB', color: '#9CA3AF', text: glyph })
  }
  registerImage(db, { path: 'upload/qrcode/shop/shop_qrcode_1_h5.svg', kind: 'qrcode', width: 200, height: 200, color: '#000000', text: H5_URL })
  registerImage(db, { path: 'upload/qrcode/weapp/weapp_qrcode.svg', kind: 'qrcode', width: 200, height: 200, color: '#0B7A5B', text: `${H5_URL}?from=weapp` })
  registerImage(db, { path: 'upload/pc/float_layer.svg', kind: 'banner', width: 400, height: 500, background: '#D35400', text: '新人专享券包', subtext: '资质认证后领取 >' })
}

function seedContent(db: Database) {
  let advId = 0
  for (const position of advPositions) {
    const { ads, ...row } = position
    insertRow(db, 'adv_position', row)
    ads.forEach((ad, index) => {
      advId += 1
      const image = registerImage(db, {
        path: `upload/adv/${position.keyword.toLowerCase()}_${index + 1}.svg`,
        kind: 'banner',
        width: position.ap_width,
        height: position.ap_height,
        background: ad.background,
        text: ad.text,
        subtext: ad.subtext,
      })
      insertRow(db, 'adv', {
        adv_id: advId,
        ap_id: position.ap_id,
        adv_title: ad.title,
        adv_url: linkJson(ad.link.title, ad.link.url),
        adv_image: image,
        slide_sort: ads.length - index, // answered in slide_sort desc order = the order above
        price: 0,
        background: ad.background,
      })
    })
  }

  navItems.forEach((nav, index) => {
    insertRow(db, 'pc_nav', {
      id: index + 1,
      nav_title: nav.title,
      nav_url: linkJson(nav.title, nav.url),
      sort: index + 1,
      is_blank: nav.is_blank ?? 0,
      create_time: SEED_TIME,
      modify_time: 0,
      nav_icon: '',
      is_show: 1,
    })
  })

  friendlyLinks.forEach((link, index) => {
    const pic = registerImage(db, {
      path: `upload/pc/link_${index + 1}.svg`,
      kind: 'banner',
      width: 180,
      height: 60,
      background: link.color,
      text: link.link_title,
    })
    insertRow(db, 'pc_friendly_link', { id: index + 1, link_title: link.link_title, link_url: link.link_url, link_pic: pic, link_sort: index + 1, is_blank: 1 })
  })

  footerItems.forEach((item, index) => {
    const icon = registerImage(db, {
      path: `upload/pc/footer_${item.list}_${index + 1}.svg`,
      kind: 'icon',
      width: 64,
      height: 64,
      background: item.color,
      text: item.name.slice(0, 1),
    })
    insertRow(db, 'pc_footer_item', { id: index + 1, list: item.list, name: item.name, icon, link_url: item.link_url, sort: index + 1 })
  })

  goodsServices.forEach((service, index) => {
    const imageUrl = registerImage(db, {
      path: `upload/service/service_${index + 1}.svg`,
      kind: 'icon',
      width: 64,
      height: 64,
      background: service.color,
      text: service.glyph,
    })
    // Same keys as the real icon object; iconType "img" because icon-font classes mean nothing here.
    const icon = {
      imageUrl,
      icon: '',
      iconType: 'img',
      style: { fontSize: 100, iconBgColor: [], iconBgColorDeg: 0, iconBgImg: '', bgRadius: 0, iconColor: [service.color, service.color], iconColorDeg: 0 },
    }
    insertRow(db, 'goods_service', { id: index + 1, service_name: service.name, desc: service.desc, icon: JSON.stringify(icon), sort: index + 1 })
  })
}

/** Ids breadth first: level 1 = 1…5, then all level 2, then all level 3. */
function seedCategories(db: Database) {
  type Pending = { node: CategorySeed; parent: { id: number; ids: [number, number, number] } | null; colour: string; sort: number }
  let queue: Pending[] = categoryTree.map((node, index) => ({ node, parent: null, colour: categoryColors[index % categoryColors.length]!, sort: index + 1 }))
  let nextId = 1
  let level = 1
  while (queue.length > 0) {
    const next: Pending[] = []
    for (const item of queue) {
      const id = nextId++
      const ids: [number, number, number] = item.parent ? [...item.parent.ids] : [0, 0, 0]
      ids[level - 1] = id
      const image = registerImage(db, {
        path: `upload/category/category_${id}.svg`,
        kind: 'icon',
        width: 120,
        height: 120,
        background: item.colour,
        text: item.node.name.slice(0, 1),
      })
      insertRow(db, 'goods_category', {
        category_id: id,
        category_name: item.node.name,
        short_name: item.node.short ?? '',
        pid: item.parent?.id ?? 0,
        level,
        is_show: 0,
        sort: item.sort,
        image,
        keywords: item.node.name,
        description: '',
        category_id_1: ids[0],
        category_id_2: ids[1],
        category_id_3: ids[2],
        image_adv: '',
        link_url: '',
        is_recommend: level === 1 ? 1 : 0,
        icon: '',
      })
      ;(item.node.children ?? []).forEach((child, index) => next.push({ node: child, parent: { id, ids }, colour: item.colour, sort: index + 1 }))
    }
    queue = next
    level += 1
  }
}

function seedHelp(db: Database) {
  let articleId = 0
  helpClasses.forEach((helpClass, classIndex) => {
    const classId = classIndex + 1
    insertRow(db, 'help_class', { class_id: classId, class_name: helpClass.name, sort: classId, create_time: SEED_TIME })
    helpClass.articles.forEach((article, index) => {
      articleId += 1
      insertRow(db, 'help', {
        id: articleId,
        title: article.title,
        content: article.paragraphs.map((p) => `<p>${p}</p>`).join(''),
        class_id: classId,
        class_name: helpClass.name,
        sort: index + 1,
        link_address: article.link_address ?? '',
        create_time: SEED_TIME + articleId * 60,
        modify_time: 0,
      })
    })
  })
}

/** Notices, more help articles, the chat's servicer and keyword replies (schema version 11). */
function seedNoticesAndChat(db: Database) {
  notices.forEach((notice, index) => {
    insertRow(db, 'notice', {
      id: index + 1,
      title: notice.title,
      content: notice.paragraphs.map((p) => `<p>${p}</p>`).join(''),
      is_top: notice.is_top ?? 0,
      sort: 0,
      receiving_type: notice.receiving_type ?? 'mobile,web',
      receiving_name: notice.receiving_type === 'weapp' ? '微信小程序' : '手机端,电脑端',
      create_time: SEED_TIME + index * DAY,
      modify_time: 0,
    })
  })
  const classNames = db.prepare('SELECT class_name FROM help_class WHERE class_id = ?')
  const lastSort = db.prepare('SELECT COALESCE(MAX(sort), 0) AS n FROM help WHERE class_id = ?')
  for (const article of extraHelp) {
    const { class_name } = classNames.get(article.class_id) as { class_name: string }
    insertRow(db, 'help', {
      title: article.title,
      content: article.paragraphs.map((p) => `<p>${p}</p>`).join(''),
      class_id: article.class_id,
      class_name,
      sort: (lastSort.get(article.class_id) as { n: number }).n + 1,
      link_address: article.link_address ?? '',
      create_time: SEED_TIME + 2 * DAY,
      modify_time: 0,
    })
  }
  for (const servicer of servicers) insertRow(db, 'servicer', { ...servicer, online: 0, create_time: SEED_TIME })
  insertRow(db, 'config', {
    config_key: 'SERVICER_KEYWORD_CONFIG',
    value: JSON.stringify({ is_open: 1, keyword_list: keywordReplies }),
    config_desc: '客服关键词回复',
    is_use: 1,
    create_time: SEED_TIME,
    modify_time: 0,
  })
}

export const seedSteps: SeedStep[] = [
  {
    version: 1,
    run(db) {
      seedSite(db)
      seedContent(db)
      seedCategories(db)
      seedHelp(db)
      seedMembers(db)
    },
  },
  {
    version: 2,
    run(db) {
      seedCatalog(db)
    },
  },
  {
    version: 3,
    run(db) {
      seedCart(db)
    },
  },
  {
    version: 5,
    run(db) {
      seedAddresses(db)
    },
  },
  {
    version: 6,
    run(db) {
      seedCheckout(db)
    },
  },
  {
    version: 7,
    run(db) {
      seedPointCash(db)
    },
  },
  {
    version: 8,
    run(db) {
      seedOrders(db)
    },
  },
  {
    version: 9,
    run(db) {
      seedAftersales(db)
    },
  },
  {
    version: 11,
    run(db) {
      seedNoticesAndChat(db)
    },
  },
  {
    version: 12,
    run(db) {
      seedFinance(db)
    },
  },
  {
    version: 14,
    run(db) {
      seedPromotionSlots(db)
    },
  },
  {
    version: 15,
    run(db) {
      seedTopics(db)
    },
  },
  {
    version: 16,
    run(db) {
      seedPointExchange(db)
    },
  },
  {
    version: 17,
    run(db) {
      seedQualifications(db)
    },
  },
  {
    version: 18,
    run(db) {
      seedSignin(db)
    },
  },
  {
    version: 19,
    run(db) {
      seedAccount(db)
    },
  },
  {
    version: 20,
    run(db) {
      seedDemoOrders(db)
    },
  },
  {
    version: 21,
    run(db) {
      seedWechat(db)
    },
  },
  {
    version: 22,
    run(db) {
      // A data set seeded before the gift had a coupon gets the one step 1 now seeds (新客立减10元).
      db.prepare(
        `UPDATE config SET value = json_remove(json_set(value, '$.coupon', '6'), '$.coupon_list')
         WHERE config_key = 'MEMBER_REGISTER_REWARD' AND json_extract(value, '$.coupon') IS NULL`,
      ).run()
      seedOpeningBalances(db)
    },
  },
]
