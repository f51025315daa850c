import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { CLOSE_REASONS, detailPathFor, ORDER_INTENTS } from "~/domain/orders";
import { orderRefusal, orderRefusalError } from "~/domain/sale-control";
import { addToCart } from "~/upstream/cart.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import type { OrderActionData } from "~/upstream/order-view.server";
import { closeOrder, confirmReceipt, confirmVirtualUse, deleteOrder, findOrder, orderErrorFor } from "~/upstream/orders.server";
import { ruleOfLine, saleControlOf } from "~/upstream/sale-control.server";
import type { Order, OrderDetail } from "~/upstream/schemas/orders";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { readFormData } from "~/utils/form-data.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";

// The order buttons' action (close, receive, confirm use, delete, buy again) and the detail pages'
// loader, shared by the order list and the four detail routes (docs/orders.md).

/** `order_id` of the detail and logistics URLs: a positive int, anything else is a 404. */
export const OrderIdQuery = z.object({
  order_id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
});

/**
 * The loader of a detail route: the member's order of `?order_id`, sent to the route of its kind
 * when it is another one's; another member's or an unknown order, a bad id or a kind we do not
 * show → 404.
 */
export async function loadOrderDetail(request: Request, context: AppLoadContext, path: string): Promise<{ ctx: UpstreamContext; order: OrderDetail }> {
  const ctx = await requireMember(request, context);
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

const BAD_REQUEST = "orders:errors.badRequest";

/** The confirm step's form: all hidden but the close reason, so every problem is one bad request. */
const ActionSchema = z.object({
  intent: z.enum(ORDER_INTENTS, { errorMap: () => ({ message: BAD_REQUEST }) }),
  order_id: z.coerce.number({ invalid_type_error: BAD_REQUEST }).int(BAD_REQUEST).positive(BAD_REQUEST).max(2_147_483_647, BAD_REQUEST),
  // A file where text belongs is a bad request too.
  reason: z.enum(CLOSE_REASONS, { errorMap: () => ({ message: BAD_REQUEST }) }).optional(),
  back: z.string({ invalid_type_error: BAD_REQUEST }).max(2000, BAD_REQUEST).optional(),
});

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
export async function orderAction(request: Request, context: AppLoadContext, fallback: string): Promise<ActionAnswer> {
  const ctx = await requireMember(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: ActionSchema });
  if (submission.status !== "success") return refusal(submission, BAD_REQUEST, undefined, 400);
  const { intent, order_id: orderId, reason, back } = submission.value;
  const order = await findOrder(ctx, orderId);
  if (!order) return refusal(submission, "orders:errors.notFound", orderId, 404);
  // After the lookup, so another member's order is a 404 whatever was posted.
  if (intent === "close" && !reason) return refusal(submission, "orders:errors.reasonRequired", orderId, 400);
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
        return await buyAgain(ctx, order, submission);
    }
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return refusal(submission, orderErrorFor(error), orderId, 409);
  }
  return redirectWithToast(backTo, { kind: "success", key: DONE[intent] });
}

/**
 * A refusal for the page: conform's result with the message as the form's error (the page shows
 * it at the order's card), and the order it concerns.
 */
function refusal(submission: Submission<unknown>, message: string, orderId: number | undefined, status: number) {
  return data<OrderActionData>({ result: submission.reply({ formErrors: [message] }), orderId }, { status, headers: PRIVATE_NO_STORE });
}

/**
 * Buy again (no upstream endpoint, §4.3): each line's sku and quantity go into the cart, then the
 * cart. Lines the shop refuses (off the shelf, gone) are skipped; when none could be added, the
 * first refusal is the answer.
 */
async function buyAgain(ctx: UpstreamContext, order: Order, submission: Submission<unknown>): Promise<ActionAnswer> {
  let added = 0;
  let upstreamRefusal: UpstreamError | null = null;
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
      upstreamRefusal ??= error;
    }
  }
  if (added === 0) {
    return refusal(submission, upstreamRefusal ? orderErrorFor(upstreamRefusal) : (saleRefusal ?? "orders:errors.buyAgainNothing"), order.order_id, 409);
  }
  return redirectWithToast(
    "/cart",
    added === order.order_goods.length ? { kind: "success", key: DONE["buy-again"] } : { kind: "warning", key: "orders:done.buyAgainPartly" },
  );
}
