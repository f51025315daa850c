import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { OrderDetailData } from "~/components/orders/order-detail";
import { orderDetailView } from "~/upstream/order-view.server";
import { ConfirmQuery, loadOrderDetail, orderAction } from "~/routes/_main.member.order_list/order-actions.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

// The four order detail routes (express, local delivery, pickup, virtual) differ only by their path:
// loadOrderDetail sends an order of another kind to its own route.

export async function orderDetailLoader({ request, context }: LoaderFunctionArgs, path: string) {
  const { order } = await loadOrderDetail(request, context, path);
  const confirm = ConfirmQuery.parse(Object.fromEntries(new URL(request.url).searchParams)).confirm ?? null;
  return data<OrderDetailData>({ order: await orderDetailView(order), path, confirm }, { headers: PRIVATE_NO_STORE });
}

export async function orderDetailAction({ request, context }: ActionFunctionArgs, path: string) {
  return orderAction(request, context, path);
}
