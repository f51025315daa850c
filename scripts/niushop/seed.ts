/**
 * The pharmacy data set, made through the shop admin's own JSON actions with the fields its pages
 * send (app/shop/controller/*.php, addon/<name>/shop/controller/*.php and their views' scripts).
 * SQL writes only where the admin has no action, each said so where it happens. Ids the admin's
 * answers leave out are read back from the database.
 */
import { z } from "zod/v4";
import type { NiushopAdmin } from "./admin-client";
import type { NiushopCashier } from "./cashier-client";
import { query, queryId, sqlValue, type DbConnection } from "./db";
import type { NiushopFixture, SeededGoods } from "./fixture";
import { logInMember, registerMember } from "./member-api";

export type SeedContext = {
  admin: NiushopAdmin;
  /**
   * Signs the same admin in to the store backend, where goods are put on sale in a store other than
   * the default one. Called once the stores exist: the login's token carries the stores it may manage.
   */
  logInCashier: () => Promise<NiushopCashier>;
  baseUrl: string;
  appDir: string;
  db: DbConnection;
  log: (line: string) => void;
};
export type SeedResult = Pick<NiushopFixture, "members" | "categories" | "brands" | "goods" | "promotions" | "recharge" | "delivery" | "help" | "noticeIds">;

/** The members the seed registers (usernames: letters and digits only, as the PC client requires). */
export const SEED_MEMBERS = [
  { username: "pharmacy01", password: "Buyer12345", payPassword: "123456", balance: 2000, balanceMoney: 300, point: 5000 },
  { username: "pharmacy02", password: "Buyer12345", payPassword: "654321", balance: 500, balanceMoney: 100, point: 1000 },
] as const;

/** The default goods image the installer ships (fact 12); the admin's goods form stores paths like it. */
const GOODS_IMAGE = "public/static/img/default_img/square.png";
const DAY_S = 24 * 60 * 60;
const Id = z.coerce.number().int().positive();

/** "Y-m-d H:i:s" in the shop's zone (Asia/Shanghai, UTC+8), as the admin's date pickers send it. */
function shopTime(unixSeconds: number): string {
  return new Date((unixSeconds + 8 * 60 * 60) * 1000).toISOString().slice(0, 19).replace("T", " ");
}
const now = () => Math.floor(Date.now() / 1000);

// ---------------------------------------------------------------------------------------------
// Goods

type SpecValue = { spec_id: number; spec_name: string; spec_value_id: number; spec_value_name: string; image: string };
type SkuPlan = { values: string[]; price: number; marketPrice: number; stock: number };
type GoodsPlan = {
  key: keyof SeedResult["goods"];
  name: string;
  /** Spec names, each with its values; empty for a single SKU. */
  specs: { name: string; values: string[] }[];
  skus: SkuPlan[];
  categoryPath: number[];
  brandId: number;
  unit: string;
  introduction: string;
  keywords: string;
  /** false: the shipping template applies. */
  freeShipping: boolean;
};

/** The goods form's fields for one plan, as goods_edit_common.js builds them (new specs get negative ids). */
function goodsFields(plan: GoodsPlan, shippingTemplateId: number) {
  let nextSpecId = 0;
  let nextValueId = 0;
  const specFormat = plan.specs.map((spec) => {
    const specId = --nextSpecId;
    return {
      spec_id: specId,
      spec_name: spec.name,
      value: spec.values.map((value): SpecValue => ({
        spec_id: specId,
        spec_name: spec.name,
        spec_value_id: --nextValueId,
        spec_value_name: value,
        image: "",
      })),
    };
  });
  const single = plan.specs.length === 0;
  const skuData = plan.skus.map((sku, i) => {
    const format = sku.values.map((value, level) => {
      const found = specFormat[level].value.find((candidate) => candidate.spec_value_name === value);
      if (!found) throw new Error(`${plan.name}: no spec value ${value}`);
      return found;
    });
    return {
      sku_id: 0,
      sku_name: single ? plan.name : undefined,
      spec_name: single ? "" : sku.values.join(" "),
      sku_no: "",
      sku_spec_format: single ? "" : format,
      price: sku.price.toFixed(2),
      market_price: sku.marketPrice.toFixed(2),
      cost_price: "",
      stock: String(sku.stock),
      stock_alarm: "0",
      weight: "0.2",
      volume: "",
      sku_image: single ? GOODS_IMAGE : "",
      sku_images: GOODS_IMAGE,
      is_default: i === 0 ? 1 : 0,
    };
  });
  const first = plan.skus[0];
  return {
    goods_name: plan.name,
    goods_attr_class: "",
    goods_attr_name: "",
    category_id: [plan.categoryPath.join(",")],
    goods_image: GOODS_IMAGE,
    goods_content: `<p>${plan.name}：${plan.introduction}。请按说明书或在药师指导下使用。</p>`,
    goods_state: 1,
    price: first.price.toFixed(2),
    market_price: first.marketPrice.toFixed(2),
    cost_price: "",
    sku_no: "",
    weight: "0.2",
    volume: "",
    goods_stock: String(plan.skus.reduce((sum, sku) => sum + sku.stock, 0)),
    goods_stock_alarm: 0,
    is_free_shipping: plan.freeShipping ? 1 : 0,
    shipping_template: plan.freeShipping ? 0 : shippingTemplateId,
    goods_spec_format: single ? "" : JSON.stringify(specFormat),
    goods_attr_format: "",
    introduction: plan.introduction,
    keywords: plan.keywords,
    unit: plan.unit,
    sort: 0,
    video_url: "",
    goods_sku_data: JSON.stringify(skuData),
    goods_service_ids: "",
    label_id: "",
    brand_id: plan.brandId,
    virtual_sale: 0,
    max_buy: 0,
    min_buy: 0,
    recommend_way: 0,
    is_consume_discount: 0,
    sale_show: 1,
    stock_show: 1,
    market_price_show: 1,
    barrage_show: 0,
    support_trade_type: "express,store",
    sale_channel: "all",
    sale_store: "all",
    is_unify_price: 1,
    spec_type: single ? 0 : 1,
  };
}

async function addGoods(ctx: SeedContext, plan: GoodsPlan, shippingTemplateId: number): Promise<SeededGoods> {
  const goodsId = Id.parse(await ctx.admin.action("shop/goods/addGoods", goodsFields(plan, shippingTemplateId)));
  const skus = await query(ctx.db, `SELECT sku_id FROM goods_sku WHERE goods_id = ${goodsId} ORDER BY sku_id`);
  const skuIds = skus.map((row) => Id.parse(row.sku_id));
  if (skuIds.length !== plan.skus.length) throw new Error(`${plan.name}: ${skuIds.length} SKUs made, ${plan.skus.length} planned`);
  return { goodsId, skuIds, name: plan.name };
}

// ---------------------------------------------------------------------------------------------
// Delivery: express on with a nationwide shipping template; store pickup with one open store.

async function seedDelivery(ctx: SeedContext): Promise<{ expressTemplateId: number; storeId: number }> {
  const { admin, db, log } = ctx;
  // Delivery by express on (the delivery settings' switch); pickup once a store exists, below.
  await admin.action("shop/delivery/modifyExpressStatus", { is_use: 1, express_name: "快递发货" });

  // A nationwide shipping template, by piece: its areas are every province, city and district, as
  // the template page's area picker sends them ({level: {parent id: [ids]}}; matched by district).
  const areas = await query(db, "SELECT id, pid, level FROM area WHERE level <= 3 AND status = 1 ORDER BY level, id");
  const areaIds: Record<string, Record<string, string[]>> = {};
  for (const area of areas) {
    const level = String(area.level);
    const parent = String(area.pid);
    ((areaIds[level] ??= {})[parent] ??= []).push(String(area.id));
  }
  const expressTemplateId = Id.parse(
    await admin.action("shop/express/addTemplate", {
      fee_type: 3,
      template_name: "全国快递（按件）",
      is_default: 1,
      json: JSON.stringify({ 0: { area_ids: JSON.stringify(areaIds), area_names: "全国", snum: 1, sprice: 8, xnum: 1, xprice: 2 } }),
      shipping_json: "{}",
      surplus_area_ids: "{}",
      shipping_surplus_area_ids: "{}",
      appoint_free_shipping: 0,
    }),
  );
  log(`shipping template ${expressTemplateId}`);

  // A pickup store in Hangzhou (the store form needs coordinates; the map picker fills them).
  const storeId = Id.parse(
    await admin.action("store/shop/store/addStore", {
      store_name: "康源大药房（西湖店）",
      store_type: "directsale",
      telphone: "0571-88886666",
      store_image: "",
      province_id: 330000,
      city_id: 330100,
      district_id: 330106,
      address: "文三路 100 号",
      full_address: "浙江省-杭州市-西湖区-文三路 100 号",
      longitude: "120.130203",
      latitude: "30.277508",
      is_pickup: 1,
      is_o2o: 0,
      time_type: 0,
      start_time: 8 * 3600,
      end_time: 21 * 3600,
      stock_type: "all",
    }),
  );
  // A new store is closed: its operation settings (运营设置) open it, pickup from 8:00 to 21:00 daily.
  await admin.action("store/shop/store/operate", {
    store_id: storeId,
    status: 1,
    is_pickup: 1,
    is_o2o: 0,
    is_express: 0,
    time_type: 0,
    start_time: 8 * 3600,
    end_time: 21 * 3600,
    delivery_time: JSON.stringify([{ start_time: 8 * 3600, end_time: 21 * 3600 }]),
    time_interval: 30,
    advance_day: 0,
    most_day: 7,
    stock_type: "all",
    open_date_config: "[]",
    open_date: "全天",
    out_open_date_o2o_pay: 1,
    close_show: 0,
    close_desc: "",
  });
  await admin.action("shop/delivery/modifyStoreStatus", { is_use: 1, store_name: "门店自提" });
  log(`pickup store ${storeId}`);
  return { expressTemplateId, storeId };
}

// ---------------------------------------------------------------------------------------------
// Catalogue: categories three levels deep, brands, goods

async function seedCatalogue(ctx: SeedContext) {
  const { admin, log } = ctx;
  // Categories, three levels (the category form: pid, level, the parents' ids, the full name).
  const addCategory = async (name: string, parents: { id: number; name: string }[]) => {
    const level = parents.length + 1;
    return Id.parse(
      await admin.action("shop/goodscategory/addCategory", {
        category_name: name,
        short_name: name,
        pid: parents.at(-1)?.id ?? 0,
        level,
        category_id_1: parents[0]?.id ?? 0,
        category_id_2: parents[1]?.id ?? 0,
        category_full_name: [...parents.map((parent) => parent.name), name].join("/"),
        is_show: 0,
        is_recommend: 0,
        image: "",
        image_adv: "",
        keywords: name,
        description: "",
        attr_class_id: "",
        attr_class_name: "",
        commission_rate: "",
        link_url: "",
        icon: "",
      }),
    );
  };
  const medicine = { id: await addCategory("中西药品", []), name: "中西药品" };
  const cold = { id: await addCategory("感冒用药", [medicine]), name: "感冒用药" };
  const antipyretic = { id: await addCategory("解热镇痛", [medicine, cold]), name: "解热镇痛" };
  const heatClearing = { id: await addCategory("清热解毒", [medicine, cold]), name: "清热解毒" };
  const devices = { id: await addCategory("医疗器械", []), name: "医疗器械" };
  const homeDevices = { id: await addCategory("家用器械", [devices]), name: "家用器械" };
  const monitors = { id: await addCategory("血压体温", [devices, homeDevices]), name: "血压体温" };
  const dressings = { id: await addCategory("医用敷料", [devices, homeDevices]), name: "医用敷料" };
  const health = { id: await addCategory("保健营养", []), name: "保健营养" };
  const vitamins = { id: await addCategory("维生素", [health]), name: "维生素" };
  const vitaminC = { id: await addCategory("维生素C", [health, vitamins]), name: "维生素C" };
  const path = (...levels: { id: number }[]) => levels.map((level) => level.id);
  log("categories: 3 top levels, 3 levels deep");

  // Brands.
  const brandNames = ["三九", "以岭", "鱼跃", "汤臣倍健", "云南白药"];
  const brands: SeedResult["brands"] = [];
  for (const [i, name] of brandNames.entries()) {
    const brandId = Id.parse(
      await admin.action("shop/goodsbrand/addBrand", { brand_name: name, brand_initial: "", image_url: "", banner: "", brand_desc: `${name}品牌`, sort: i }),
    );
    brands.push({ brandId, name });
  }
  const brand = (name: string) => brands.find((candidate) => candidate.name === name)!.brandId;
  return {
    categories: { medicine, cold, antipyretic, heatClearing, devices, homeDevices, monitors, dressings, health, vitamins, vitaminC },
    brands,
    path,
    brand,
  };
}

type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/** The goods, one per role, so that no two promotions meet on a goods. Appended only: ids follow this order. */
function goodsPlans({ categories, path, brand }: Catalogue): GoodsPlan[] {
  const { medicine, cold, antipyretic, heatClearing, devices, homeDevices, monitors, dressings, health, vitamins, vitaminC } = categories;
  return [
    {
      key: "multiSku",
      name: "999感冒灵颗粒",
      specs: [{ name: "规格", values: ["10g×9袋", "10g×12袋", "10g×18袋"] }],
      skus: [
        { values: ["10g×9袋"], price: 15.8, marketPrice: 18, stock: 500 },
        { values: ["10g×12袋"], price: 19.8, marketPrice: 22, stock: 400 },
        { values: ["10g×18袋"], price: 27.5, marketPrice: 30, stock: 300 },
      ],
      categoryPath: path(medicine, cold, antipyretic),
      brandId: brand("三九"),
      unit: "盒",
      introduction: "解热镇痛，用于感冒引起的头痛、发热",
      keywords: "感冒,颗粒",
      freeShipping: false,
    },
    {
      key: "twoSpecs",
      name: "汤臣倍健维生素C咀嚼片",
      specs: [
        { name: "规格", values: ["60片", "100片"] },
        { name: "口味", values: ["甜橙味", "柠檬味"] },
      ],
      skus: [
        { values: ["60片", "甜橙味"], price: 68, marketPrice: 88, stock: 200 },
        { values: ["60片", "柠檬味"], price: 68, marketPrice: 88, stock: 200 },
        { values: ["100片", "甜橙味"], price: 98, marketPrice: 128, stock: 150 },
        { values: ["100片", "柠檬味"], price: 98, marketPrice: 128, stock: 150 },
      ],
      categoryPath: path(health, vitamins, vitaminC),
      brandId: brand("汤臣倍健"),
      unit: "瓶",
      introduction: "补充维生素C",
      keywords: "维生素C,咀嚼片",
      freeShipping: true,
    },
    {
      key: "singleSku",
      name: "一次性医用外科口罩 50只",
      specs: [],
      skus: [{ values: [], price: 29.9, marketPrice: 39.9, stock: 1000 }],
      categoryPath: path(devices, homeDevices, dressings),
      brandId: brand("鱼跃"),
      unit: "盒",
      introduction: "三层防护，细菌过滤效率≥95%",
      keywords: "口罩,医用外科",
      freeShipping: false,
    },
    {
      key: "seckill",
      name: "连花清瘟胶囊",
      specs: [{ name: "规格", values: ["24粒", "36粒"] }],
      skus: [
        { values: ["24粒"], price: 14.5, marketPrice: 16, stock: 300 },
        { values: ["36粒"], price: 19.5, marketPrice: 22, stock: 300 },
      ],
      categoryPath: path(medicine, cold, heatClearing),
      brandId: brand("以岭"),
      unit: "盒",
      introduction: "清瘟解毒，宣肺泄热",
      keywords: "连花清瘟",
      freeShipping: false,
    },
    {
      key: "groupbuy",
      name: "鱼跃电子体温计",
      specs: [],
      skus: [{ values: [], price: 39, marketPrice: 49, stock: 200 }],
      categoryPath: path(devices, homeDevices, monitors),
      brandId: brand("鱼跃"),
      unit: "支",
      introduction: "软头测温，30秒出结果",
      keywords: "体温计",
      freeShipping: false,
    },
    {
      key: "pintuan",
      name: "鱼跃上臂式电子血压计",
      specs: [{ name: "型号", values: ["YE660B", "YE670A"] }],
      skus: [
        { values: ["YE660B"], price: 199, marketPrice: 259, stock: 100 },
        { values: ["YE670A"], price: 249, marketPrice: 299, stock: 100 },
      ],
      categoryPath: path(devices, homeDevices, monitors),
      brandId: brand("鱼跃"),
      unit: "台",
      introduction: "家用上臂式，语音播报",
      keywords: "血压计",
      freeShipping: true,
    },
    {
      key: "bundlingA",
      name: "云南白药创可贴 100片",
      specs: [],
      skus: [{ values: [], price: 18, marketPrice: 22, stock: 500 }],
      categoryPath: path(devices, homeDevices, dressings),
      brandId: brand("云南白药"),
      unit: "盒",
      introduction: "止血镇痛，消炎愈创",
      keywords: "创可贴",
      freeShipping: false,
    },
    {
      key: "bundlingB",
      name: "碘伏消毒液 100ml",
      specs: [],
      skus: [{ values: [], price: 9.9, marketPrice: 12, stock: 500 }],
      categoryPath: path(devices, homeDevices, dressings),
      brandId: brand("云南白药"),
      unit: "瓶",
      introduction: "皮肤、黏膜消毒",
      keywords: "碘伏,消毒",
      freeShipping: false,
    },
    {
      key: "topic",
      name: "板蓝根颗粒 20袋",
      specs: [],
      skus: [{ values: [], price: 12.8, marketPrice: 15, stock: 400 }],
      categoryPath: path(medicine, cold, heatClearing),
      brandId: brand("三九"),
      unit: "盒",
      introduction: "清热解毒，凉血利咽",
      keywords: "板蓝根",
      freeShipping: false,
    },
    {
      key: "pointExchange",
      name: "医用脱脂棉签 200支",
      specs: [],
      skus: [{ values: [], price: 13.5, marketPrice: 16, stock: 300 }],
      categoryPath: path(devices, homeDevices, dressings),
      brandId: brand("云南白药"),
      unit: "包",
      introduction: "独立包装，医用级脱脂棉",
      keywords: "棉签",
      freeShipping: false,
    },
    {
      key: "discount",
      name: "布洛芬缓释胶囊 24粒",
      specs: [],
      skus: [{ values: [], price: 22.5, marketPrice: 26, stock: 300 }],
      categoryPath: path(medicine, cold, antipyretic),
      brandId: brand("三九"),
      unit: "盒",
      introduction: "缓解轻至中度疼痛，退热",
      keywords: "布洛芬,退热",
      freeShipping: false,
    },
    {
      key: "manjian",
      name: "75%医用酒精 500ml",
      specs: [],
      skus: [{ values: [], price: 15.9, marketPrice: 19.9, stock: 400 }],
      categoryPath: path(devices, homeDevices, dressings),
      brandId: brand("云南白药"),
      unit: "瓶",
      introduction: "皮肤及物品表面消毒",
      keywords: "酒精,消毒",
      freeShipping: false,
    },
  ];
}

async function seedGoods(ctx: SeedContext, plans: GoodsPlan[], expressTemplateId: number): Promise<SeedResult["goods"]> {
  const goods = {} as SeedResult["goods"];
  for (const plan of plans) goods[plan.key] = await addGoods(ctx, plan, expressTemplateId);
  ctx.log(`goods: ${plans.length} (${Object.values(goods).reduce((sum, item) => sum + item.skuIds.length, 0)} SKUs)`);
  return goods;
}

/**
 * The pickup store sells the whole catalogue: its goods list in the store backend, "批量上架". Without
 * it checkout lists the store for no goods (the admin's goods actions stock only the default store).
 */
async function seedStoreGoods(ctx: SeedContext, storeId: number, goods: SeedResult["goods"]): Promise<void> {
  const goodsIds = Object.values(goods).map((item) => item.goodsId);
  const cashier = await ctx.logInCashier();
  await cashier.putGoodsOnSale(storeId, goodsIds);
  const onSale = await query(ctx.db, `SELECT DISTINCT goods_id FROM store_goods_sku WHERE store_id = ${storeId} AND status = 1`);
  if (onSale.length !== goodsIds.length) throw new Error(`store ${storeId}: ${onSale.length} goods on sale, ${goodsIds.length} put on sale`);
  ctx.log(`store ${storeId} sells ${goodsIds.length} goods`);
}

// ---------------------------------------------------------------------------------------------
// Promotions: every one the storefront shows, each running from yesterday for a year

async function seedPromotions(ctx: SeedContext, goods: SeedResult["goods"], expressTemplateId: number): Promise<SeedResult["promotions"]> {
  const { admin, db, log } = ctx;
  const start = now() - DAY_S; // started yesterday: each promotion is on at once
  const end = now() + 365 * DAY_S;

  // Seckill: a time slot covering the whole day, then the goods (the slot's "add goods" page).
  await admin.action("seckill/shop/seckill/add", {
    name: "全天秒杀",
    start_hour: 0,
    start_minute: 0,
    start_second: 0,
    end_hour: 23,
    end_minute: 59,
    end_second: 59,
  });
  const timeId = await queryId(db, "SELECT id FROM promotion_seckill_time WHERE name = '全天秒杀'");
  // The slot's goods picker hands over each SKU's row (name, image, price, stock) with the seckill fields.
  const seckillSkus = await query(
    db,
    `SELECT sku_id, sku_name, sku_image, price, stock FROM goods_sku WHERE goods_id = ${goods.seckill.goodsId} ORDER BY sku_id`,
  );
  await admin.action("seckill/shop/seckill/addGoods", {
    seckill_name: "感冒季秒杀",
    remark: "每人限购2件",
    seckill_time_id: String(timeId),
    start_time: shopTime(start),
    end_time: shopTime(end),
    sort: 0,
    goods_ids: String(goods.seckill.goodsId),
    goods_data: [
      {
        goods_id: goods.seckill.goodsId,
        sku_list: seckillSkus.map((sku, i) => ({
          ...sku,
          goods_id: goods.seckill.goodsId,
          seckill_price: [9.9, 13.9][i],
          seckill_stock: 100,
          max_buy: 2,
        })),
      },
    ],
  });
  const seckillId = await queryId(db, `SELECT id FROM promotion_seckill WHERE goods_id = ${goods.seckill.goodsId}`);

  // Group buy (团购): at least 2 pieces.
  await admin.action("groupbuy/shop/groupbuy/add", {
    start_time: shopTime(start),
    end_time: shopTime(end),
    rule: "<p>团购价购买，2件起购</p>",
    goods_ids: [goods.groupbuy.goodsId],
    goods_list: [{ sku_id: goods.groupbuy.skuIds[0], goods_id: goods.groupbuy.goodsId, groupbuy_price: 29, buy_num: 2 }],
  });
  const groupbuyId = await queryId(db, `SELECT groupbuy_id FROM promotion_groupbuy WHERE goods_id = ${goods.groupbuy.goodsId}`);

  // Pintuan (拼团): 2 people, 24 hours to complete.
  await admin.action("pintuan/shop/pintuan/add", {
    pintuan_name: "血压计两人团",
    start_time: shopTime(start),
    end_time: shopTime(end),
    pintuan_type: "ordinary",
    pintuan_num: 2,
    pintuan_time: 24 * 60,
    buy_num: 1,
    is_promotion: 0,
    is_single_buy: 1,
    is_virtual_buy: 0,
    is_recommend: 1,
    is_virtual_goods: 0,
    remark: "两人成团，24小时内未成团自动退款",
    goods_ids: [goods.pintuan.goodsId],
    sku_ids: goods.pintuan.skuIds,
    sku_list: goods.pintuan.skuIds.map((skuId, i) => ({
      sku_id: skuId,
      goods_id: goods.pintuan.goodsId,
      pintuan_price: [169, 219][i],
      pintuan_price_2: 0,
      pintuan_price_3: 0,
      promotion_price: 0,
    })),
  });
  const pintuanId = await queryId(db, `SELECT pintuan_id FROM promotion_pintuan WHERE goods_id = ${goods.pintuan.goodsId}`);

  // Bundling (组合套餐): the two dressings together.
  const blId = Id.parse(
    await admin.action("bundling/shop/bundling/add", {
      bl_name: "家庭创伤护理套装",
      bl_price: "22.00",
      shipping_fee_type: 2,
      status: 1,
      sku_ids: [goods.bundlingA.skuIds[0], goods.bundlingB.skuIds[0]].join(","),
    }),
  );

  // Topic (专题活动).
  const topicId = Id.parse(
    await admin.action("topic/shop/topic/add", {
      topic_name: "秋冬感冒用药专题",
      start_time: start,
      end_time: end,
      remark: "秋冬季节常备感冒药，专题价限时供应",
      topic_adv: "",
      bg_color: "#ffffff",
      goods: JSON.stringify({ [`goods_${goods.topic.goodsId}`]: [{ goods_id: goods.topic.goodsId, sku_id: goods.topic.skuIds[0], topic_price: "9.90" }] }),
    }),
  );

  // Coupons the member can receive (is_show 1): a fixed amount off, and a discount.
  const couponPlans = [
    { coupon_name: "满100减10元", type: "reward", money: 10, discount: 0, at_least: 100 },
    { coupon_name: "满200享9折", type: "discount", money: 0, discount: 9, at_least: 200 },
  ];
  const coupons: SeedResult["promotions"]["coupons"] = [];
  for (const coupon of couponPlans) {
    await admin.action("coupon/shop/coupon/add", {
      ...coupon,
      goods_type: 1,
      goods_ids: "",
      goods_names: "",
      sort: 0,
      discount_limit: 0,
      count: 1000,
      max_fetch: 5,
      end_time: shopTime(end),
      image: "",
      validity_type: 1,
      fixed_term: 30,
      is_show: 1,
      use_channel: "all",
      use_store: "all",
    });
    const couponTypeId = await queryId(db, `SELECT coupon_type_id FROM promotion_coupon_type WHERE coupon_name = ${sqlValue(coupon.coupon_name)}`);
    coupons.push({ couponTypeId, name: coupon.coupon_name });
  }

  // Points exchange (积分商城): 100 points plus ¥5.00.
  const exchangePoint = 100;
  const exchangePrice = 5;
  await admin.action("pointexchange/shop/exchange/add", {
    type: 1,
    state: 1,
    is_free_shipping: 0,
    delivery_type: 1,
    delivery_price: 0,
    shipping_template: expressTemplateId,
    content: "<p>积分+现金兑换，每人限兑5件</p>",
    goods_data: [
      {
        goods_id: goods.pointExchange.goodsId,
        sku_list: [{ sku_id: goods.pointExchange.skuIds[0], point: exchangePoint, exchange_price: exchangePrice.toFixed(2), limit_num: 5 }],
      },
    ],
  });
  const exchangeGoodsId = await queryId(db, `SELECT id FROM promotion_exchange_goods WHERE type = 1 AND type_id = ${goods.pointExchange.goodsId}`);
  const exchangeId = await queryId(db, `SELECT id FROM promotion_exchange WHERE type = 1 AND type_id = ${goods.pointExchange.skuIds[0]}`);

  // Limited-time discount (限时折扣): the goods picker's SKU rows with a discount price.
  await admin.action("discount/shop/discount/add", {
    discount_name: "退热药限时折扣",
    remark: "限时特价",
    start_time: shopTime(start),
    end_time: shopTime(end),
    goods_data: [
      {
        goods_id: goods.discount.goodsId,
        sku_list: [{ sku_id: goods.discount.skuIds[0], goods_id: goods.discount.goodsId, discount_price: "18.00" }],
      },
    ],
  });
  const discountId = await queryId(db, `SELECT discount_id FROM promotion_discount WHERE goods_id = ${goods.discount.goodsId}`);

  // Full reduction (满减) on one goods only, so no other order's total changes: 满30减5.
  const manjianLimit = 30;
  const manjianDiscount = 5;
  await admin.action("manjian/shop/manjian/add", {
    manjian_name: "酒精满30减5",
    manjian_type: 2,
    type: 0,
    goods_ids: String(goods.manjian.goodsId),
    start_time: shopTime(start),
    end_time: shopTime(end),
    rule_json: JSON.stringify({ [manjianLimit.toFixed(2)]: { limit: manjianLimit.toFixed(2), discount_money: manjianDiscount } }),
    remark: "",
    status: 1,
  });
  const manjianId = await queryId(db, "SELECT manjian_id FROM promotion_manjian WHERE manjian_name = '酒精满30减5'");
  log("promotions: seckill, groupbuy, pintuan, bundling, topic, points exchange, 2 coupons, discount, manjian");
  return {
    seckill: { timeId, seckillId },
    groupbuy: { groupbuyId },
    pintuan: { pintuanId },
    bundling: { blId },
    topic: { topicId },
    pointExchange: { exchangeGoodsId, exchangeId, point: exchangePoint, price: exchangePrice },
    coupons,
    discount: { discountId },
    manjian: { manjianId, limit: manjianLimit, discountMoney: manjianDiscount },
  };
}

// ---------------------------------------------------------------------------------------------
// Member services and shop settings: recharge, withdrawal, offline payment, invoices, sign-in

async function seedServices(ctx: SeedContext): Promise<SeedResult["recharge"]> {
  const { admin, db, log } = ctx;
  // Recharge packages (充值套餐) and the recharge switch.
  await admin.action("memberrecharge/shop/memberrecharge/setConfig", { is_use: 1 });
  const rechargePlans = [
    { recharge_name: "充100送10", face_value: 110, buy_price: 100, point: 100 },
    { recharge_name: "充500送80", face_value: 580, buy_price: 500, point: 600 },
  ];
  const recharge: SeedResult["recharge"] = [];
  for (const plan of rechargePlans) {
    await admin.action("memberrecharge/shop/memberrecharge/add", { ...plan, cover_img: "", growth: 0, coupon_id: "" });
    const rechargeId = await queryId(db, `SELECT recharge_id FROM member_recharge WHERE recharge_name = ${sqlValue(plan.recharge_name)}`);
    recharge.push({ rechargeId, faceValue: plan.face_value, buyPrice: plan.buy_price });
  }

  // Withdrawal (会员提现): on, to a bank card or Alipay, audited and transferred by hand.
  await admin.action("shop/memberwithdraw/config", {
    is_use: 1,
    is_auto_audit: 1,
    rate: 0,
    transfer_type: ["bank", "alipay"],
    is_auto_transfer: 1,
    min: 1,
    max: 5000,
  });

  // Offline payment (线下支付) to the company's bank account.
  await admin.action("offlinepay/shop/pay/config", {
    pay_status: 1,
    bank_status: 1,
    bank_bank_name: "中国工商银行",
    bank_account_name: "杭州康源医药有限公司",
    bank_account_number: "6222 0212 3456 7890 123",
    bank_branch_name: "杭州西湖支行",
    wechat_status: 0,
    wechat_account_name: "",
    wechat_payment_code: "",
    alipay_status: 0,
    alipay_account_name: "",
    alipay_payment_code: "",
  });

  // Order settings with invoices on: the page posts every field, so the others keep the values a
  // fresh install shows (app/model/order/Config.php's defaults).
  await admin.action("shop/order/config", {
    balance_show: 1,
    order_auto_close_time: 30,
    order_auto_take_delivery_time: 14,
    order_auto_complete_time: 7,
    after_sales_time: 0,
    evaluate_status: 1,
    evaluate_show: 1,
    evaluate_audit: 1,
    order_remind_order_pay_audio: "public/static/audio/order_pay_remind.mp3",
    order_remind_cashier_order_pay_audio: "public/static/audio/cashier_order_pay_remind.mp3",
    auto_refund: 0,
    order_refund_reason_type: "未按约定时间发货\n拍错/多拍/不喜欢\n协商一致退款\n其他",
    invoice_status: 1,
    invoice_rate: 6,
    invoice_content: ["药品", "医疗器械"],
    invoice_money: 0,
    invoice_type: [1, 2],
  });

  // Daily sign-in rewards (签到).
  await admin.action("membersignin/shop/config/index", {
    is_use: 1,
    cycle: 7,
    json: JSON.stringify([
      { day: 1, point: 5, growth: 1, coupon: 0 },
      { day: 7, point: 20, growth: 5, coupon: 0 },
    ]),
  });
  log("recharge packages, withdrawal, offline pay, invoices, sign-in rewards");
  return recharge;
}

// ---------------------------------------------------------------------------------------------
// Content: help and notices

async function seedContent(ctx: SeedContext): Promise<Pick<SeedResult, "help" | "noticeIds">> {
  const { admin, db, log } = ctx;
  // Help classes and articles; notices.
  const helpPlans = [
    { className: "购物指南", articles: ["如何下单", "支付方式说明"] },
    { className: "售后服务", articles: ["药品退换货政策", "发票开具说明"] },
  ];
  const help: SeedResult["help"] = { classIds: [], articleIds: [] };
  for (const [i, plan] of helpPlans.entries()) {
    await admin.action("shop/help/addClass", { class_name: plan.className, sort: i });
    const classId = await queryId(db, `SELECT class_id FROM help_class WHERE class_name = ${sqlValue(plan.className)}`);
    help.classIds.push(classId);
    for (const [j, title] of plan.articles.entries()) {
      await admin.action("shop/help/addHelp", {
        title,
        link_address: "",
        content: `<p>${title}：请联系客服 400-800-6666，工作日 9:00-18:00。</p>`,
        class_id: classId,
        class_name: plan.className,
        sort: j,
      });
      help.articleIds.push(await queryId(db, `SELECT id FROM help WHERE title = ${sqlValue(title)}`));
    }
  }
  const noticeIds: number[] = [];
  for (const [i, title] of ["关于处方药线上购买的说明", "国庆期间发货安排"].entries()) {
    await admin.action("shop/notice/addNotice", { title, content: `<p>${title}，详情请咨询客服。</p>`, is_top: i === 0 ? 1 : 0 });
    noticeIds.push(await queryId(db, `SELECT id FROM notice WHERE title = ${sqlValue(title)}`));
  }
  log(`help: ${help.classIds.length} classes, ${help.articleIds.length} articles; ${noticeIds.length} notices`);
  return { help, noticeIds };
}

// ---------------------------------------------------------------------------------------------
// Members

async function seedMembers(ctx: SeedContext): Promise<SeedResult["members"]> {
  const { admin, db, log } = ctx;
  // Members, registered as a shopper would, then given money and points by the admin.
  const members: SeedResult["members"] = [];
  for (const plan of SEED_MEMBERS) {
    await registerMember(ctx.baseUrl, ctx.appDir, plan.username, plan.password);
    await logInMember(ctx.baseUrl, plan.username, plan.password);
    const account = await admin.memberAccount(plan.username);
    await admin.adjustBalance(account.memberId, plan.balance, "开户预存");
    await admin.adjustPoint(account.memberId, plan.point, "开户赠送");
    // SQL: the admin has no action for the withdrawable balance (balance_money), and setting a pay
    // password needs an SMS code an offline install cannot send; the column holds Niushop's own
    // data_md5 (app/common.php: md5(md5(password) . 'NiuCloud')).
    await query(
      db,
      `UPDATE member SET balance_money = ${sqlValue(plan.balanceMoney.toFixed(2))}, pay_password = MD5(CONCAT(MD5(${sqlValue(plan.payPassword)}), 'NiuCloud')) WHERE member_id = ${account.memberId}`,
    );
    members.push({
      username: plan.username,
      password: plan.password,
      payPassword: plan.payPassword,
      memberId: account.memberId,
      balance: plan.balance,
      balanceMoney: plan.balanceMoney,
      point: plan.point,
    });
  }
  log(`members: ${members.map((member) => `${member.username} (${member.memberId})`).join(", ")}`);
  return members;
}

// ---------------------------------------------------------------------------------------------

export async function seedPharmacy(ctx: SeedContext): Promise<SeedResult> {
  const delivery = await seedDelivery(ctx);
  const catalogue = await seedCatalogue(ctx);
  const goods = await seedGoods(ctx, goodsPlans(catalogue), delivery.expressTemplateId);
  await seedStoreGoods(ctx, delivery.storeId, goods);
  const promotions = await seedPromotions(ctx, goods, delivery.expressTemplateId);
  const recharge = await seedServices(ctx);
  const content = await seedContent(ctx);
  const members = await seedMembers(ctx);
  const expressCompanyId = await queryId(ctx.db, "SELECT company_id FROM express_company WHERE site_id = 1 ORDER BY id LIMIT 1");
  const { medicine, cold, antipyretic, ...other } = catalogue.categories;
  return {
    members,
    categories: { level1: medicine.id, level2: cold.id, level3: antipyretic.id, other: Object.values(other).map((category) => category.id) },
    brands: catalogue.brands,
    goods,
    promotions,
    recharge,
    delivery: { ...delivery, expressCompanyId },
    ...content,
  };
}
