import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { OrderDetailPage, type OrderDetailData } from "~/components/orders/order-detail";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { orderDetailView } from "~/upstream/order-view.server";
import { ConfirmQuery, loadOrderDetail, orderAction } from "~/routes/_main.member.order_list/order-actions.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import type { RouteHandle } from "~/utils/handle";
import "~/styles/orders.css";

// The virtual order detail (spec §2 /member/order_detail_virtual?order_id=); another kind's order is sent to its own route.

export const handle: RouteHandle = { i18n: ["orders"], title: "orders:detail.pageTitle" };

const PATH = "/member/order_detail_virtual";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { order } = await loadOrderDetail(request, context, PATH);
  const confirm = ConfirmQuery.parse(Object.fromEntries(new URL(request.url).searchParams)).confirm ?? null;
  return data<OrderDetailData>({ order: await orderDetailView(order), path: PATH, confirm }, { headers: PRIVATE_NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return orderAction(request, context, PATH);
}

export default function OrderDetailRoute() {
  return <OrderDetailPage />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
