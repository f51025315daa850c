import { getMember } from "~/upstream/member.server";
import { getBalanceConfig } from "~/upstream/pay.server";
import { calculateOrder, createOrder, listOrderCoupons, ORDER_EXPIRED, startOrder, type OrderOptions, type OrderSource } from "~/upstream/order-create.server";
import { calculatePromotionOrder, createPromotionOrder, startPromotionOrder } from "~/upstream/promotion.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import type { Calculation, Coupon, DeliveryType, Payment } from "~/upstream/schemas/checkout";
import { formErrorFor } from "~/upstream/error-messages";
import { firstOrderRefusal } from "~/upstream/sale-control.server";
import { MOBILE } from "~/domain/checkout";
import { orderRefusalError } from "~/domain/sale-control";
import { log } from "~/utils/log.server";
import type { Options, PaymentQuery } from "./schema";

/** The part of the page a refusal belongs beside. */
export type Section = "goods" | "delivery" | "coupon" | "balance" | "point" | "invoice" | "message" | "general";

/** The reference API numbers the part in `data.error` (docs/checkout-api.md); a real Niushop says 1/−1, so its text decides. */
const SECTION_BY_CODE: Record<number, Section> = { 1: "goods", 2: "delivery", 3: "coupon", 4: "balance", 5: "invoice", 6: "message", 7: "point" };

export function sectionOf(code: number, message: string): Section {
  const byCode = SECTION_BY_CODE[code];
  if (byCode) return byCode;
  if (/优惠券/.test(message)) return "coupon";
  if (/积分/.test(message)) return "point";
  if (/发票|纳税人/.test(message)) return "invoice";
  if (/门店|配送|地址|自提/.test(message)) return "delivery";
  if (/余额|支付密码/.test(message)) return "balance";
  if (/留言/.test(message)) return "message";
  if (/商品|库存|限购|起售/.test(message)) return "goods";
  return "general";
}

export function sourceOf(query: PaymentQuery): OrderSource {
  return query.cart_ids ? { cart_ids: query.cart_ids } : { sku_id: query.sku_id as number, num: query.num as number };
}

/**
 * The delivery types this storefront offers: the upstream's, less local delivery (同城配送), as
 * Niushop's PC drops it: it needs a geolocated default address, which this storefront never
 * makes, so the upstream would refuse it (docs/upstream-conformance.md D6).
 */
export function offeredDeliveryTypes(types: DeliveryType[]): DeliveryType[] {
  return types.filter((type) => type.name !== "local");
}

/** The shop delivers only by local delivery, which is not offered here (the page says so). */
export class LocalDeliveryOnlyError extends Error {
  constructor() {
    super("the shop offers local delivery only");
    this.name = "LocalDeliveryOnlyError";
  }
}

/**
 * Goods the member may not see the price of or may not buy (sale control): the checkout shows
 * neither a price nor a total and orders nothing (issue 29). `message` is a form error.
 */
export class SaleControlRefusedError extends Error {
  constructor(readonly formError: string) {
    super("sale control refuses an ordered goods");
    this.name = "SaleControlRefusedError";
  }
}

/** Throws SaleControlRefusedError when a line may not be ordered by this member. */
export async function assertMayOrder(ctx: UpstreamContext, lines: Array<{ goods_id?: number; sku_id: number }>): Promise<void> {
  const refusal = await firstOrderRefusal(ctx, lines);
  if (refusal) throw new SaleControlRefusedError(orderRefusalError(refusal, "checkout:errors.noPermission"));
}

/** The delivery type as chosen, else the first the upstream offers (contract §2.1 step 3). */
export function chosenDelivery(types: DeliveryType[], options: Options) {
  const type = types.find((candidate) => candidate.name === options.delivery) ?? types[0];
  if (!type) return null;
  const store = type.store_list.find((candidate) => candidate.store_id === options.store_id) ?? type.store_list[0];
  return { type, store: type.name === "express" ? undefined : store };
}

/** The names the PC sends with a delivery type when the page has no offer at hand (create). */
export const DELIVERY_TITLES: Record<string, string> = { express: "快递发货", store: "门店自提" };

/** `contact`: the pickup contact, or a virtual order's mobile (the upstream reads it for those two only). */
export function orderOptionsOf(
  options: Options,
  delivery: { name: string; title: string; storeId?: number; storeName?: string },
  contact?: OrderOptions["contact"],
): OrderOptions {
  return {
    delivery: {
      type: delivery.name,
      title: delivery.title,
      storeId: delivery.storeId,
      storeName: delivery.storeName,
    },
    couponId: options.coupon_id,
    useBalance: options.use_balance === "1",
    usePoint: options.use_point === "1",
    invoice:
      options.invoice === "1"
        ? {
            type: options.invoice_type === "2" ? 2 : 1,
            titleType: options.invoice_title_type === "2" ? 2 : 1,
            title: options.invoice_title ?? "",
            taxNumber: options.taxpayer_number ?? "",
            content: options.invoice_content ?? "",
            email: options.invoice_email ?? "",
          }
        : null,
    contact,
  };
}

/** A virtual order's mobile (the PC asks for one, prefilled with the member's): the one typed if valid, else the member's. */
export function virtualContact(typed: string | undefined, memberMobile: string | undefined): OrderOptions["contact"] {
  const mobile = typed && MOBILE.test(typed) ? typed : (memberMobile ?? "");
  return mobile ? { mobile } : undefined;
}

/** The pickup contact: the member's own name and mobile (contract §2.3). */
export async function pickupContact(ctx: UpstreamContext) {
  const member = await getMember(ctx);
  return { name: member.nickname || member.username, mobile: member.mobile };
}

export type Refusal = { section: Section; message: string };

/**
 * One checkout: the normal one (/payment) or a promotion's (/promotion/seckill_payment…). They
 * share the page and these steps; each has its URL, its upstream calls and where "back" goes.
 */
export type CheckoutFlow = {
  kind: "normal" | "seckill" | "bundling" | "groupbuy" | "pointexchange" | "topic";
  /** The page's own path: recalculation (GET) and a retried order come back here. */
  path: string;
  /** Where the buyer goes back to when nothing can be bought. */
  back: {
    href: string;
    label:
      | "payment.backToCart"
      | "promotion:payment.backToSeckill"
      | "promotion:payment.backToCombo"
      | "promotion:payment.backToGroupbuy"
      | "point:payment.backToPoint"
      | "promotion:payment.backToTopic";
  };
  start(ctx: UpstreamContext): Promise<Payment>;
  calculate(ctx: UpstreamContext, orderKey: string, options: OrderOptions): Promise<Calculation>;
  create(ctx: UpstreamContext, orderKey: string, options: OrderOptions, extra: { buyerMessage: string; payPassword?: string }): Promise<string>;
};

export function normalFlow(query: PaymentQuery): CheckoutFlow {
  return {
    kind: "normal",
    path: "/payment",
    back: { href: "/cart", label: "payment.backToCart" },
    start: (ctx) => startOrder(ctx, sourceOf(query)),
    calculate: calculateOrder,
    create: createOrder,
  };
}

export function seckillFlow(source: { seckill_id: number; sku_id: number; num: number }): CheckoutFlow {
  return {
    kind: "seckill",
    path: "/promotion/seckill_payment",
    back: { href: `/promotion/seckill-${source.seckill_id}`, label: "promotion:payment.backToSeckill" },
    start: (ctx) => startPromotionOrder(ctx, { kind: "seckill", ...source }),
    calculate: (ctx, orderKey, options) => calculatePromotionOrder(ctx, "seckill", orderKey, options),
    create: (ctx, orderKey, options, extra) => createPromotionOrder(ctx, "seckill", orderKey, options, extra),
  };
}

export function comboFlow(source: { bl_id: number; num: number }): CheckoutFlow {
  return {
    kind: "bundling",
    path: "/promotion/combo_payment",
    back: { href: `/promotion/combo-${source.bl_id}`, label: "promotion:payment.backToCombo" },
    start: (ctx) => startPromotionOrder(ctx, { kind: "bundling", ...source }),
    calculate: (ctx, orderKey, options) => calculatePromotionOrder(ctx, "bundling", orderKey, options),
    create: (ctx, orderKey, options, extra) => createPromotionOrder(ctx, "bundling", orderKey, options, extra),
  };
}

export function groupbuyFlow(source: { groupbuy_id: number; sku_id: number; num: number }): CheckoutFlow {
  return {
    kind: "groupbuy",
    path: "/promotion/groupbuy_payment",
    back: { href: `/promotion/groupbuy-${source.groupbuy_id}`, label: "promotion:payment.backToGroupbuy" },
    start: (ctx) => startPromotionOrder(ctx, { kind: "groupbuy", ...source }),
    calculate: (ctx, orderKey, options) => calculatePromotionOrder(ctx, "groupbuy", orderKey, options),
    create: (ctx, orderKey, options, extra) => createPromotionOrder(ctx, "groupbuy", orderKey, options, extra),
  };
}

/** A points-mall goods exchange (contract §6.12): points plus the cash part, address and delivery as any order. */
export function pointExchangeFlow(source: { id: number; num: number }): CheckoutFlow {
  return {
    kind: "pointexchange",
    path: "/point/payment",
    back: { href: `/point/${source.id}`, label: "point:payment.backToPoint" },
    start: (ctx) => startPromotionOrder(ctx, { kind: "pointexchange", ...source }),
    calculate: (ctx, orderKey, options) => calculatePromotionOrder(ctx, "pointexchange", orderKey, options),
    create: (ctx, orderKey, options, extra) => createPromotionOrder(ctx, "pointexchange", orderKey, options, extra),
  };
}

export function topicFlow(source: { topic_goods_id: number; num: number }): CheckoutFlow {
  return {
    kind: "topic",
    path: "/promotion/topic_payment",
    back: { href: `/promotion/topic-goods-${source.topic_goods_id}`, label: "promotion:payment.backToTopic" },
    start: (ctx) => startPromotionOrder(ctx, { kind: "topic", ...source }),
    calculate: (ctx, orderKey, options) => calculatePromotionOrder(ctx, "topic", orderKey, options),
    create: (ctx, orderKey, options, extra) => createPromotionOrder(ctx, "topic", orderKey, options, extra),
  };
}

/** How many checkouts are started before a key taken over by another member's is given up on. */
const ORDER_KEY_ATTEMPTS = 3;

/**
 * The priced checkout, on an order_key holding the member's own order. Niushop 5.5.2 makes the key
 * from the millisecond alone (`create_no`: its Snowflake starts afresh in every request), so two
 * checkouts started in the same millisecond get one key, and the later one's order replaces the
 * earlier's in the cache: calculate would show the other member's address and create would order
 * on their account (observed in the conformance suite). `payment` is computed for the caller, the
 * key's calculation is what the cache holds: another member's there means the key was taken, and a
 * new checkout is started. Upstreams that do not answer `member_id` are taken at their word.
 */
export async function priceOrder(ctx: UpstreamContext, query: Options, flow: CheckoutFlow) {
  for (let attempt = 1; attempt <= ORDER_KEY_ATTEMPTS; attempt++) {
    const priced = await priceOrderOnce(ctx, query, flow);
    const owner = priced.payment.member_id;
    const holder = priced.calculation?.member_id;
    if (owner === undefined || holder === undefined || owner === holder) return priced;
    log("order_key_taken", { flow: flow.kind, attempt });
  }
  throw new Response(JSON.stringify({ reason: "upstream-bad-gateway" }), { status: 502, headers: { "Content-Type": "application/json" } });
}

/**
 * payment → calculate with the member's choices. A choice the upstream refuses outright (code −1)
 * is dropped and the rest calculated again, so the page still shows totals and says which part
 * was refused; refusals in `data.error` are reported the same way.
 */
async function priceOrderOnce(ctx: UpstreamContext, query: Options, flow: CheckoutFlow) {
  const payment: Payment = await flow.start(ctx);
  // Before anything is priced for the page: a goods the member may not order shows no price.
  await assertMayOrder(ctx, payment.goods_list);
  const deliveryTypes = offeredDeliveryTypes(payment.delivery.express_type);
  if (deliveryTypes.length === 0 && payment.delivery.express_type.length > 0) throw new LocalDeliveryOnlyError();
  const chosen = chosenDelivery(deliveryTypes, query);
  const delivery = chosen
    ? { name: chosen.type.name, title: chosen.type.title, storeId: chosen.store?.store_id, storeName: chosen.store?.store_name }
    : { name: "express", title: DELIVERY_TITLES.express };
  const account = payment.member_account;
  const contact = payment.is_virtual
    ? virtualContact(query.mobile, account?.mobile)
    : delivery.name === "store" && account
      ? { name: account.nickname ?? "", mobile: account.mobile ?? "" }
      : undefined;
  let options = orderOptionsOf(query, delivery, contact);
  const refusals: Refusal[] = [];
  let calculation: Calculation | null = null;
  for (let attempt = 0; attempt < 3 && !calculation; attempt++) {
    try {
      calculation = await flow.calculate(ctx, payment.order_key, options);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.upstreamMessage === ORDER_EXPIRED) throw error;
      const section = sectionOf(error.code, error.upstreamMessage);
      refusals.push({ section, message: formErrorFor(error) });
      const fallback = withoutPart(options, section);
      if (!fallback) break;
      options = fallback;
    }
  }
  if (calculation && calculation.error !== 0 && calculation.error_msg) {
    refusals.push({
      section: sectionOf(calculation.error, calculation.error_msg),
      message: formErrorFor({ code: calculation.error, upstreamMessage: calculation.error_msg }),
    });
  }
  const [coupons, balanceShown] = await Promise.all([
    payment.modules.includes("coupon") ? listOrderCoupons(ctx, payment.order_key, options).catch(noneOnRefusal<Coupon[]>([])) : Promise.resolve([]),
    getBalanceConfig(ctx)
      .then((config) => config.balance_show)
      .catch(noneOnRefusal(false)),
  ]);
  return { payment, deliveryTypes, calculation, refusals, coupons, balanceShown, delivery, options };
}

function noneOnRefusal<T>(fallback: T) {
  return (error: unknown): T => {
    if (error instanceof UpstreamError) return fallback;
    throw error;
  };
}

/** The options without the refused part (null: nothing left to drop). */
function withoutPart(options: OrderOptions, section: Section): OrderOptions | null {
  switch (section) {
    case "coupon":
      return options.couponId === 0 ? null : { ...options, couponId: 0 };
    case "invoice":
      return options.invoice ? { ...options, invoice: null } : null;
    case "balance":
      return options.useBalance ? { ...options, useBalance: false } : null;
    case "point":
      return options.usePoint ? { ...options, usePoint: false } : null;
    default:
      return null;
  }
}
