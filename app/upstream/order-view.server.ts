import { data } from "@remix-run/node";
import QRCode from "qrcode";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import {
  CLOSE_REASONS,
  detailPathFor,
  detailUrl,
  lineRefund,
  nextStep,
  ORDER_INTENTS,
  ORDER_STATUS,
  ORDER_TYPE,
  orderButtons,
  type LineRefund,
  type NextStep,
  type OrderButton,
} from "~/domain/orders";
import { deliveryTypeLabel, orderStatusLabel, payTypeLabel, refundStatusLabel } from "~/domain/coded-names";
import { orderRefusal, orderRefusalError } from "~/domain/sale-control";
import { readFormData } from "~/utils/form-data.server";
import { formatDateTime } from "~/utils/format";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { addToCart } from "./cart.server";
import { assetUrl } from "./context.server";
import { UpstreamError, type UpstreamContext } from "./http.server";
import { ruleOfLine, saleControlOf } from "./sale-control.server";
import { closeOrder, confirmReceipt, confirmVirtualUse, deleteOrder, findOrder, orderErrorFor } from "./orders.server";
import type { Order, OrderDetail, OrderLine } from "./schemas/orders";

// Views of orders for the list and the four detail pages, and the one action that serves the
// order buttons of all of them (docs/orders.md). The pages render these plain objects only.

export const PRIVATE = { "Cache-Control": "private, no-store" };

/** `order_id` of the detail and logistics URLs: a positive int, anything else is a 404. */
export const OrderIdQuery = z.object({
  order_id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
});

export type LineView = {
  id: number;
  skuId: number;
  name: string;
  image: string;
  spec: string;
  price: string;
  num: number;
  subtotal: string;
  deliveryStatus: string;
  /** A label for errorText: translated by code (domain/coded-names.ts), else the shop's words. */
  refundStatus: string;
  refund: LineRefund;
};

export type OrderCardView = {
  id: number;
  no: string;
  shop: string;
  createdAt: string;
  status: number;
  /** A label for errorText (domain/coded-names.ts), as refundStatus, payTypeName and deliveryTypeName. */
  statusName: string;
  payMoney: string;
  goodsNum: number;
  detailHref: string | null;
  lines: LineView[];
  buttons: OrderButton[];
};

function lineView(order: Order, line: OrderLine): LineView {
  return {
    id: line.order_goods_id,
    skuId: line.sku_id,
    name: line.sku_name,
    image: assetUrl(line.sku_image),
    spec: (line.sku_spec_format ?? []).map((spec) => spec.spec_value_name).join(" "),
    price: line.price,
    num: line.num,
    subtotal: line.goods_money,
    deliveryStatus: line.delivery_status_name,
    refundStatus: line.refund_status === 0 || !line.refund_status_name ? "" : refundStatusLabel(line.refund_status, line.refund_status_name),
    refund: lineRefund(order, line),
  };
}

export function orderCardView(order: Order): OrderCardView {
  return {
    id: order.order_id,
    no: order.order_no,
    shop: order.site_name,
    createdAt: formatDateTime(order.create_time),
    status: order.order_status,
    statusName: orderStatusLabel(order.order_status, order.order_status_name),
    payMoney: order.pay_money,
    goodsNum: order.goods_num,
    detailHref: detailUrl(order),
    lines: order.order_goods.map((line) => lineView(order, line)),
    buttons: orderButtons(order),
  };
}

export type TimelineEntry = { key: string; at: string };

export type OrderDetailView = OrderCardView & {
  type: number;
  typeName: string;
  outTradeNo: string;
  next: { key: string; deadline: string | null };
  closeCause: string;
  payTypeName: string;
  deliveryTypeName: string;
  receiver: { name: string; mobile: string; address: string } | null;
  store: { name: string; address: string; phone: string; openDate: string } | null;
  deliverer: { name: string; mobile: string } | null;
  pickup: { code: string; qr: string } | null;
  virtual: { codes: { code: string; used: boolean; uses: string; expires: string }[]; cards: { cardno: string; password: string }[] } | null;
  buyerMessage: string;
  invoice: { title: string; content: string; taxpayer: string } | null;
  amounts: { key: string; value: string; sign: "+" | "-" }[];
  timeline: TimelineEntry[];
};

function deadlineOf(step: NextStep): { key: string; deadline: string | null } {
  return { key: step.key, deadline: step.deadline ? formatDateTime(step.deadline) : null };
}

/** The pickup code as a QR image (SVG data URI), made here so no page script is needed. */
async function qrImage(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

export async function orderDetailView(order: OrderDetail): Promise<OrderDetailView> {
  const card = orderCardView(order);
  const paid = order.pay_status === 1;
  const withAddress = order.order_type === ORDER_TYPE.express || order.order_type === ORDER_TYPE.local;
  const store = order.delivery_store_info ?? null;
  const virtualGoods = order.virtual_goods ?? { codes: [], cards: [] };
  const nonZero = (key: string, value: string, sign: "+" | "-" = "+") => (Number(value) !== 0 ? [{ key, value, sign }] : []);
  const times: [string, number][] = [
    ["created", order.create_time],
    ["paid", order.pay_time],
    ["shipped", order.delivery_time],
    ["received", order.sign_time],
    ["completed", order.finish_time],
    ["closed", order.close_time],
  ];
  return {
    ...card,
    type: order.order_type,
    // A promotion order says its kind beside the type ("普通订单（积分兑换）").
    typeName: order.promotion_type_name ? `${order.order_type_name}（${order.promotion_type_name}）` : order.order_type_name,
    outTradeNo: order.out_trade_no,
    next: deadlineOf(nextStep(order, order.auto_close)),
    closeCause: order.order_status === ORDER_STATUS.closed ? order.close_cause : "",
    payTypeName: paid && order.pay_type_name ? payTypeLabel(order.pay_type, order.pay_type_name) : "",
    deliveryTypeName: order.delivery_type_name ? deliveryTypeLabel(order.delivery_type, order.delivery_type_name) : "",
    receiver: withAddress ? { name: order.name, mobile: order.mobile, address: `${order.full_address} ${order.address}`.trim() } : null,
    store:
      order.order_type === ORDER_TYPE.pickup || order.order_type === ORDER_TYPE.local
        ? {
            name: order.delivery_store_name,
            address: store?.full_address || store?.address || "",
            phone: store?.telphone ?? "",
            openDate: store?.open_date ?? "",
          }
        : null,
    deliverer: order.order_type === ORDER_TYPE.local && order.deliverer ? { name: order.deliverer, mobile: order.deliverer_mobile } : null,
    // The code only once paid (§4.4).
    pickup:
      order.order_type === ORDER_TYPE.pickup && paid && order.delivery_code ? { code: order.delivery_code, qr: await qrImage(order.delivery_code) } : null,
    virtual:
      order.order_type === ORDER_TYPE.virtual
        ? {
            codes: virtualGoods.codes.length
              ? virtualGoods.codes.map((c) => ({
                  code: c.code,
                  used: c.is_veirfy === 1,
                  uses: `${c.verify_num}/${c.total_verify_num}`,
                  expires: c.expire_time > 0 ? formatDateTime(c.expire_time) : "",
                }))
              : paid && order.virtual_code
                ? [
                    {
                      code: order.virtual_code,
                      used: order.order_status === ORDER_STATUS.received || order.order_status === ORDER_STATUS.completed,
                      uses: "",
                      expires: "",
                    },
                  ]
                : [],
            cards: virtualGoods.cards.map((c) => ({ cardno: c.card_info.cardno, password: c.card_info.password })),
          }
        : null,
    buyerMessage: order.buyer_message,
    invoice: order.is_invoice ? { title: order.invoice_title, content: order.invoice_content, taxpayer: order.taxpayer_number } : null,
    amounts: [
      { key: "goods", value: order.goods_money, sign: "+" },
      ...nonZero("delivery", order.delivery_money),
      ...nonZero("invoice", order.invoice_money),
      ...nonZero("invoiceDelivery", order.invoice_delivery_money),
      ...nonZero("promotion", order.promotion_money, "-"),
      ...nonZero("coupon", order.coupon_money, "-"),
      ...nonZero("point", order.point_money, "-"),
      ...nonZero("adjust", order.adjust_money),
      ...nonZero("balance", order.balance_money, "-"),
    ],
    timeline: times.filter(([, at]) => at > 0).map(([key, at]) => ({ key, at: formatDateTime(at, "YYYY-MM-DD HH:mm:ss") })),
  };
}

/**
 * The loader of a detail route: the member's order of `?order_id`, sent to the route of its kind
 * when it is another one's; another member's or an unknown order, a bad id or a kind we do not
 * show → 404.
 */
export async function loadOrderDetail(request: Request, path: string): Promise<{ ctx: UpstreamContext; order: OrderDetail }> {
  const ctx = await requireMember(request);
  const url = new URL(request.url);
  const query = OrderIdQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw notFoundResponse();
  const order = await findOrder(ctx, query.data.order_id);
  if (!order) throw notFoundResponse();
  const own = detailPathFor(order.order_type);
  if (!own) throw notFoundResponse();
  if (own !== path) throw redirect(`${own}${url.search}`);
  return { ctx, order };
}

/** `?confirm=<intent>` (and on the list `&confirm_order=<id>`): the confirm step rendered by the server. */
export const ConfirmQuery = z.object({
  confirm: z.enum(ORDER_INTENTS).optional().catch(undefined),
  confirm_order: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
});

const ActionSchema = z.object({
  intent: z.enum(ORDER_INTENTS, { errorMap: () => ({ message: "orders:errors.badRequest" }) }),
  order_id: z.coerce.number({ invalid_type_error: "orders:errors.badRequest" }).int().positive().max(2_147_483_647),
  reason: z.enum(CLOSE_REASONS).optional(),
  back: z.string().max(2000).optional(),
});

export type OrderActionData = { error: string; orderId?: number };
/** A redirect (done) or the refusal as data with its 4xx status. */
type ActionAnswer = Response | ReturnType<typeof data<OrderActionData>>;

const DONE: Record<(typeof ORDER_INTENTS)[number], string> = {
  close: "orders:done.closed",
  receive: "orders:done.received",
  "confirm-use": "orders:done.used",
  delete: "orders:done.deleted",
  "buy-again": "orders:done.buyAgain",
};

/**
 * The order buttons' action, shared by the list and the detail pages. The order is read first:
 * its owner is checked (the upstream does not check on close and takedelivery, §9) and its kind
 * gives the page to go back to. What the state allows is the upstream's call: a refusal comes
 * back with its message and a 409, and nothing changed.
 */
export async function orderAction(request: Request, fallback: string): Promise<ActionAnswer> {
  const ctx = await requireMember(request);
  const parsed = ActionSchema.safeParse(Object.fromEntries([...(await readFormData(request))].filter(([, value]) => typeof value === "string")));
  if (!parsed.success)
    return data<OrderActionData>(
      { error: parsed.error.issues[0]?.message.startsWith("orders:") ? parsed.error.issues[0].message : "orders:errors.badRequest" },
      { status: 400, headers: PRIVATE },
    );
  const { intent, order_id: orderId, reason, back } = parsed.data;
  const order = await findOrder(ctx, orderId);
  if (!order) return data<OrderActionData>({ error: "orders:errors.notFound", orderId }, { status: 404, headers: PRIVATE });
  if (intent === "close" && !reason) return data<OrderActionData>({ error: "orders:errors.reasonRequired", orderId }, { status: 400, headers: PRIVATE });
  const backTo = safeRedirect(back, fallback);
  try {
    switch (intent) {
      case "close":
        await closeOrder(ctx, orderId, reason!);
        break;
      case "receive":
        await confirmReceipt(ctx, orderId);
        break;
      case "confirm-use":
        await confirmVirtualUse(ctx, orderId);
        break;
      case "delete":
        await deleteOrder(ctx, orderId);
        // The order is gone: its detail page would be a 404.
        return redirectWithToast(backTo.startsWith("/member/order_detail") ? "/member/order_list" : backTo, { kind: "success", key: DONE.delete });
      case "buy-again":
        return await buyAgain(ctx, order);
    }
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data<OrderActionData>({ error: orderErrorFor(error), orderId }, { status: 409, headers: PRIVATE });
  }
  return redirectWithToast(backTo, { kind: "success", key: DONE[intent] });
}

/**
 * Buy again (no upstream endpoint, §4.3): each line's sku and quantity go into the cart, then the
 * cart. Lines the shop refuses (off the shelf, gone) are skipped; when none could be added, the
 * first refusal is the answer.
 */
async function buyAgain(ctx: UpstreamContext, order: Order): Promise<ActionAnswer> {
  let added = 0;
  let refusal: UpstreamError | null = null;
  let saleRefusal: string | null = null;
  const rules = await saleControlOf(ctx, order.order_goods);
  for (const line of order.order_goods) {
    // Goods the member may no longer order (sale control, issue 29) are not put in the cart at all.
    const refused = orderRefusal(ruleOfLine(rules, line));
    if (refused) {
      saleRefusal ??= orderRefusalError(refused, "orders:errors.noPermission");
      continue;
    }
    try {
      await addToCart(ctx, { sku_id: line.sku_id, num: line.num });
      added += 1;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      refusal ??= error;
    }
  }
  if (added === 0) {
    return data<OrderActionData>(
      { error: refusal ? orderErrorFor(refusal) : (saleRefusal ?? "orders:errors.buyAgainNothing"), orderId: order.order_id },
      { status: 409, headers: PRIVATE },
    );
  }
  return redirectWithToast(
    "/cart",
    added === order.order_goods.length ? { kind: "success", key: DONE["buy-again"] } : { kind: "warning", key: "orders:done.buyAgainPartly" },
  );
}
