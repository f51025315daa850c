import type { SubmissionResult } from "@conform-to/react";
import QRCode from "qrcode";
import { detailUrl, lineRefund, nextStep, ORDER_STATUS, ORDER_TYPE, orderButtons, type LineRefund, type NextStep, type OrderButton } from "~/domain/orders";
import { deliveryTypeLabel, orderStatusLabel, payTypeLabel, refundStatusLabel } from "~/domain/coded-names";
import { formatDateTime } from "~/utils/format";
import { assetUrl } from "./context.server";
import type { Order, OrderDetail, OrderLine } from "./schemas/orders";

// Views of orders for the list and the four detail pages (docs/orders.md); the pages render these
// plain objects only. The order buttons' action is the order list route's (order-actions.server.ts).

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

/** What an order button's refusal gives back to the page: conform's result (its form error) and the order it concerns. */
export type OrderActionData = { result: SubmissionResult<string[]>; orderId?: number };
