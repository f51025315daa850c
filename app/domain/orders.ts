// Rules the order pages rely on (contract UPSTREAM-commerce §4; docs/orders.md). Pure: no I/O,
// so the same rules serve the list, the four detail routes and the unit tests.

/** `order_type` (§4.1). */
export const ORDER_TYPE = { express: 1, pickup: 2, local: 3, virtual: 4 } as const;

/** `order_status` (§4.1). */
export const ORDER_STATUS = { waitPay: 0, waitSend: 1, waitPickup: 2, shipped: 3, received: 4, completed: 10, waitUse: 11, used: 12, closed: -1 } as const;

/** The list's tabs, in order: the `order_status` keys of /api/order/lists (§4.3). */
export const ORDER_TABS = ["all", "waitpay", "waitsend", "waitconfirm", "waitrate"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** The after-sales tab is its own page (the member index links `?status=refunding`). */
export const AFTER_SALES_URL = "/member/activist";

/** `?status=` of /member/order_list → a tab, the after-sales page, or "all" for anything else. */
export function tabOf(status: string | null): OrderTab | "aftersales" {
  if (status === "refunding" || status === "aftersales") return "aftersales";
  return (ORDER_TABS as readonly string[]).includes(status ?? "") ? (status as OrderTab) : "all";
}

/** The detail route of each order kind (one route per kind, spec §2). */
const DETAIL_PATHS: Record<number, string> = {
  [ORDER_TYPE.express]: "/member/order_detail",
  [ORDER_TYPE.pickup]: "/member/order_detail_pickup",
  [ORDER_TYPE.local]: "/member/order_detail_local_delivery",
  [ORDER_TYPE.virtual]: "/member/order_detail_virtual",
};

/** The detail page of an order kind, or null for a kind we do not show (cashier orders, unknown). */
export function detailPathFor(orderType: number): string | null {
  return DETAIL_PATHS[orderType] ?? null;
}

export function detailUrl(order: { order_id: number; order_type: number }): string | null {
  const path = detailPathFor(order.order_type);
  return path ? `${path}?${new URLSearchParams({ order_id: String(order.order_id) })}` : null;
}

/** Mutations an order button may ask for (each a POST with a confirm step). */
export const ORDER_INTENTS = ["close", "receive", "confirm-use", "delete", "buy-again"] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];

export type OrderButton = { kind: "link"; id: string; href: string; primary?: boolean } | { kind: "form"; id: OrderIntent; primary?: boolean };

type ButtonOrder = {
  order_id: number;
  order_status: number;
  out_trade_no: string;
  is_evaluate: boolean;
  evaluate_status: number;
  action: { action: string }[];
  order_goods: { order_goods_id: number; refund_status: number }[];
};

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/**
 * The buttons of an order: exactly the upstream's `action[]` (unknown codes are skipped, the
 * upstream decides what the state allows), then evaluate / evaluate again from is_evaluate and
 * evaluate_status (§4.2: not an action), then buy again for every order that is not waiting for
 * payment (no upstream action; docs/orders.md).
 */
export function orderButtons(order: ButtonOrder): OrderButton[] {
  const id = order.order_id;
  const buttons: OrderButton[] = [];
  for (const { action } of order.action) {
    switch (action) {
      case "orderPay":
        buttons.push({ kind: "link", id: "pay", href: `/pay?${q({ order_id: id })}`, primary: true });
        break;
      case "orderOfflinePay":
        buttons.push({ kind: "link", id: "offlinePay", href: `/pay?${q({ out_trade_no: order.out_trade_no })}` });
        break;
      case "orderClose":
        buttons.push({ kind: "form", id: "close" });
        break;
      case "memberTakeDelivery":
        buttons.push({ kind: "form", id: "receive", primary: true });
        break;
      case "memberVirtualTakeDelivery":
        buttons.push({ kind: "form", id: "confirm-use", primary: true });
        break;
      case "trace":
        buttons.push({ kind: "link", id: "trace", href: `/member/logistics?${q({ order_id: id })}` });
        break;
      case "orderDelete":
        buttons.push({ kind: "form", id: "delete" });
        break;
      case "memberBatchRefund": {
        const lines = order.order_goods.filter((line) => line.refund_status === 0).map((line) => line.order_goods_id);
        buttons.push({ kind: "link", id: "batchRefund", href: `/member/refund?${q({ order_id: id, order_goods_ids: lines.join(",") })}` });
        break;
      }
    }
  }
  if (order.is_evaluate && (order.evaluate_status === 0 || order.evaluate_status === 1)) {
    buttons.push({ kind: "link", id: order.evaluate_status === 0 ? "evaluate" : "evaluateAgain", href: `/evaluate?${q({ order_id: id })}` });
  }
  if (order.order_status !== ORDER_STATUS.waitPay) buttons.push({ kind: "form", id: "buy-again" });
  return buttons;
}

export type LineRefund = { kind: "apply"; href: string } | { kind: "detail"; href: string; label: string } | null;

/**
 * A goods line's after-sales link (§4.2 last paragraph): apply when the order allows refunds, the
 * line has none and the order is an online one; otherwise, once a refund exists, its detail
 * labelled with `refund_status_name`.
 */
export function lineRefund(
  order: { order_id: number; is_enable_refund: boolean; order_scene: string },
  line: { order_goods_id: number; refund_status: number; refund_status_name: string },
): LineRefund {
  if (line.refund_status === 0) {
    if (!order.is_enable_refund || order.order_scene !== "online") return null;
    return { kind: "apply", href: `/member/refund?${q({ order_goods_id: line.order_goods_id, order_id: order.order_id })}` };
  }
  return { kind: "detail", href: `/member/refund_detail?${q({ order_goods_id: line.order_goods_id })}`, label: line.refund_status_name };
}

export type NextStep = { key: string; deadline: number | null };

/**
 * What happens next and until when (translation key under `orders:next.*` + unix deadline):
 * unpaid → pay before create_time + auto_close; shipped → confirm receipt, received automatically
 * at `auto_receive_time` when the upstream says (0 = unknown, no date shown).
 */
export function nextStep(
  order: { order_type: number; order_status: number; create_time: number; auto_receive_time: number },
  autoCloseSeconds: number,
): NextStep {
  const virtual = order.order_type === ORDER_TYPE.virtual;
  switch (order.order_status) {
    case ORDER_STATUS.waitPay:
      return { key: "next.pay", deadline: autoCloseSeconds > 0 ? order.create_time + autoCloseSeconds : null };
    case ORDER_STATUS.waitSend:
      return { key: order.order_type === ORDER_TYPE.local ? "next.waitLocal" : "next.waitShip", deadline: null };
    case ORDER_STATUS.waitPickup:
      return { key: "next.pickup", deadline: null };
    case ORDER_STATUS.shipped:
      return { key: virtual ? "next.confirmUse" : "next.receive", deadline: !virtual && order.auto_receive_time > 0 ? order.auto_receive_time : null };
    case ORDER_STATUS.waitUse:
      return { key: "next.useCode", deadline: null };
    case ORDER_STATUS.received:
      return { key: "next.received", deadline: null };
    case ORDER_STATUS.completed:
    case ORDER_STATUS.used:
      return { key: "next.completed", deadline: null };
    case ORDER_STATUS.closed:
      return { key: "next.closed", deadline: null };
    default:
      return { key: "next.unknown", deadline: null };
  }
}

/** Reasons offered when closing an unpaid order (sent as `close_cause`; the upstream may ignore it). */
export const CLOSE_REASONS = ["changedMind", "wrongItems", "betterPrice", "payProblem", "other"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
