import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { PaymentPage } from "~/routes/_main.payment/payment-page";
import type { RouteHandle } from "~/utils/handle";
import { seckillFlow } from "./_main.payment/checkout.server";
import { paymentAction, paymentLoader } from "./_main.payment/payment.server";
import { SeckillSourceSchema } from "./_main.payment/schema";

/**
 * `/promotion/seckill_payment?seckill_id&sku_id&num`: the seckill checkout (contract §7.1), the
 * /payment page on the seckill `ordercreate` endpoints (no coupon, no points).
 */
export const handle: RouteHandle = { i18n: ["checkout", "promotion"], title: "promotion:payment.title.seckill" };

// A fresh order_key on every render (as /payment).
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => defaultShouldRevalidate;

export function loader({ request, context }: LoaderFunctionArgs) {
  return paymentLoader(request, context, SeckillSourceSchema, seckillFlow);
}

export function action({ request, context }: ActionFunctionArgs) {
  return paymentAction(request, context, SeckillSourceSchema, seckillFlow);
}

export default function SeckillPaymentPage() {
  return <PaymentPage />;
}
