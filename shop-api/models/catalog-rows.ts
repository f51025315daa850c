/**
 * The catalog's records and answer keys: goods and SKU rows as stored, who is viewing, the sale
 * control view, the key lists of the real answers (CONTRACT_KEYS, PAGE_ROW_KEYS) and the small
 * helpers that shape them. No database access here; `catalog.ts` reads and answers.
 */

export interface GoodsRecord {
  goods_id: number
  goods_name: string
  goods_class: number
  goods_image: string
  goods_state: number
  is_delete: number
  category_id: string
  leaf_category_id: number
  brand_id: number
  brand_name: string
  sku_id: number
  price: number
  market_price: number
  goods_stock: number
  sale_num: number
  click_num: number
  collect_num: number
  evaluate: number
  sort: number
  create_time: number
  introduction: string
  keywords: string
  unit: string
  goods_content: string
  goods_spec_format: string | null
  goods_attr_format: string
  goods_service_ids: string
  label_ids: string
  label_name: string
  is_free_shipping: number
  is_virtual: number
  min_buy: number
  max_buy: number
  is_limit: number
  limit_type: number
  is_consume_discount: number
  recommend_way: number
  video_url: string
  attr_country_code: string
  attr_specs: string
  attr_place: string
  attr_validity: string
  attr_goods_attr: string
  attr_production_date: string
  attr_factory: string
  goods_attr: string
  is_jc: number
  is_trace: number
  is_medicinal: number
  is_chinese_medicine: number
  goods_erp_spid: string
  tax_rate: number
}

export interface SkuRecord {
  sku_id: number
  goods_id: number
  sku_name: string
  sku_no: string
  sku_spec_format: string
  spec_label: string
  price: number
  market_price: number
  discount_price: number
  promotion_type: number
  start_time: number
  end_time: number
  stock: number
  sale_num: number
  click_num: number
  sku_image: string
  sku_images: string
  keywords: string
  attr_specs: string
  is_default: number
}

export interface Viewer {
  memberId: number
  memberLevel: number
  /** Level discount in percent (100 = none). */
  consumeDiscount: number
  labels: number[]
}

export interface SaleControlView {
  is_member_by: number
  view_price: number
  not_buy_msg: string
  /** Set when a missing qualification is the reason (docs/qualifications.md). */
  qualification_id?: number
  qualification_name?: string
  qualification_status?: string
}

/** The pharmacy fields added to goods rows (docs/catalog-contract.md), in answer order. */
export const CONTRACT_KEYS = [
  'attr',
  'goods_attr',
  'is_jc',
  'is_trace',
  'goods_label',
  'promotion_color',
  'is_medicinal',
  'is_chinese_medicine',
  'stock_name',
  'validity_days',
  'goods_erp_spid',
  'tax_rate',
  'total_order_count',
  'total_order_money',
  'brand_id',
  'brand_name',
  'promotion_info',
  'sale_control',
  'goods_promotion',
] as const

/** goodssku/page row keys of the real answer, in its order. */
export const PAGE_ROW_KEYS = [
  'is_consume_discount',
  'discount_config',
  'discount_method',
  'member_price',
  'goods_id',
  'sort',
  'sku_id',
  'sku_name',
  'price',
  'market_price',
  'discount_price',
  'stock',
  'sale_num',
  'sale_sort',
  'sku_image',
  'goods_name',
  'site_id',
  'is_free_shipping',
  'introduction',
  'promotion_type',
  'goods_stock',
  'goods_image',
  'promotion_addon',
  'is_virtual',
  'goods_spec_format',
  'recommend_way',
  'max_buy',
  'min_buy',
  'unit',
  'is_limit',
  'limit_type',
  'label_name',
  'stock_show',
  'sale_show',
  'market_price_show',
  'barrage_show',
  'sale_channel',
  'sale_store',
] as const

/** Goods list display config answered next to non-empty goodssku/page lists (as the real one). */
export const GOODS_LIST_CONFIG = {
  fontWeight: false,
  padding: 10,
  cartEvent: 'detail',
  text: '购买',
  textColor: '#FFFFFF',
  theme: 'default',
  aroundRadius: 25,
  control: true,
  bgColor: '#FF6A00',
  style: 'button',
  nameLineMode: 'single',
  iconDiy: {
    iconType: 'icon',
    icon: '',
    'style=': { fontSize: '60', iconBgColor: [], iconBgColorDeg: 0, iconBgImg: '', bgRadius: 0, iconColor: ['#000000'], iconColorDeg: 0 },
  },
}

/** Money with 3 decimals, as the real API answers goods_stock ("210.000"). */
export function qty3(n: number): string {
  return (Number.isFinite(n) ? n : 0).toFixed(3)
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100
}

/** Keep `keys` of `source`, in that order (missing keys are left out). */
export function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of keys) if (key in source) out[key] = source[key]
  return out
}

/** A comma-wrapped id list (",1,2,") → ids. */
export function idList(text: string): number[] {
  return text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
}
