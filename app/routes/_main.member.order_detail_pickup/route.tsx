import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { orderDetailAction, orderDetailLoader } from "~/routes/_main.member.order_detail/order-detail.server";

// The pickup order detail (spec §2 /member/order_detail_pickup?order_id=); another kind's order is sent to its own route.

export { handle, default, ErrorBoundary } from "~/routes/_main.member.order_detail/order-detail-route";

export async function loader(args: LoaderFunctionArgs) {
  return orderDetailLoader(args, "/member/order_detail_pickup");
}

export async function action(args: ActionFunctionArgs) {
  return orderDetailAction(args, "/member/order_detail_pickup");
}
