import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { PaymentPage } from "~/routes/_main.payment/payment-page";
import type { RouteHandle } from "~/utils/handle";
import { comboFlow } from "./_main.payment/checkout.server";
import { paymentAction, paymentLoader } from "./_main.payment/payment.server";
import { ComboSourceSchema } from "./_main.payment/schema";

/**
 * `/promotion/combo_payment?bl_id&num`: the combo checkout (contract §7.1, §7.4), the
 * /payment page on the bundling `ordercreate` endpoints (no coupon, no points).
 */
export const handle: RouteHandle = { i18n: ["checkout", "promotion"], title: "promotion:payment.title.bundling" };

// A fresh order_key on every render (as /payment).
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => defaultShouldRevalidate;

export function loader({ request, context }: LoaderFunctionArgs) {
  return paymentLoader(request, context, ComboSourceSchema, comboFlow);
}

export function action({ request, context }: ActionFunctionArgs) {
  return paymentAction(request, context, ComboSourceSchema, comboFlow);
}

export default function ComboPaymentPage() {
  return <PaymentPage />;
}
