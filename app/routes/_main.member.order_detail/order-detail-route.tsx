import { OrderDetailPage } from "~/components/orders/order-detail";
import type { RouteHandle } from "~/utils/handle";
import "~/styles/orders.css";

// What the four order detail routes render; each route module re-exports it beside its own loader and action.

export const handle: RouteHandle = { i18n: ["orders"], title: "orders:detail.pageTitle" };

export default function OrderDetailRoute() {
  return <OrderDetailPage />;
}

export { ErrorBoundary } from "~/components/route-error-boundary";
