import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { PaymentPage } from "~/routes/_main.payment/payment-page";
import type { RouteHandle } from "~/utils/handle";
import { groupbuyFlow } from "./_main.payment/checkout.server";
import { paymentAction, paymentLoader } from "./_main.payment/payment.server";
import { GroupbuySourceSchema } from "./_main.payment/schema";

/**
 * `/promotion/groupbuy_payment?groupbuy_id&sku_id&num`: the group-buy checkout (contract §7.1, §7.3), the
 * /payment page on the groupbuy `ordercreate` endpoints (no coupon, no points).
 */
export const handle: RouteHandle = { i18n: ["checkout", "promotion"], title: "promotion:payment.title.groupbuy" };

// A fresh order_key on every render (as /payment).
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => defaultShouldRevalidate;

export function loader({ request, context }: LoaderFunctionArgs) {
  return paymentLoader(request, context, GroupbuySourceSchema, groupbuyFlow);
}

export function action({ request, context }: ActionFunctionArgs) {
  return paymentAction(request, context, GroupbuySourceSchema, groupbuyFlow);
}

export default function GroupbuyPaymentPage() {
  return <PaymentPage />;
}
