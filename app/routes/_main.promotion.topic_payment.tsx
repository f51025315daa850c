import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { PaymentPage } from "~/routes/_main.payment/payment-page";
import type { RouteHandle } from "~/utils/handle";
import { topicFlow } from "./_main.payment/checkout.server";
import { paymentAction, paymentLoader } from "./_main.payment/payment.server";
import { TopicSourceSchema } from "./_main.payment/schema";

/**
 * `/promotion/topic_payment?topic_goods_id&num`: the topic checkout (contract §7.1, §7.5), the
 * /payment page on the topic `ordercreate` endpoints (no coupon, no points).
 */
export const handle: RouteHandle = { i18n: ["checkout", "promotion", "topic"], title: "promotion:payment.title.topic" };

// A fresh order_key on every render (as /payment).
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => defaultShouldRevalidate;

export function loader({ request, context }: LoaderFunctionArgs) {
  return paymentLoader(request, context, TopicSourceSchema, topicFlow);
}

export function action({ request, context }: ActionFunctionArgs) {
  return paymentAction(request, context, TopicSourceSchema, topicFlow);
}

export default function TopicPaymentPage() {
  return <PaymentPage />;
}
