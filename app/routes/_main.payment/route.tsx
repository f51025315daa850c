import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { PaymentPage } from "./payment-page";
import type { RouteHandle } from "~/utils/handle";
import { normalFlow } from "./checkout.server";
import { paymentAction, paymentLoader } from "./payment.server";
import { SourceSchema } from "./schema";

export const handle: RouteHandle = { i18n: ["checkout"], title: "checkout:payment.title" };

// The loader mints a fresh order_key on every render (see docs/checkout.md): after a POST that
// failed it must run again so the form carries a usable key.
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => defaultShouldRevalidate;

export function loader({ request, context }: LoaderFunctionArgs) {
  return paymentLoader(request, context, SourceSchema, normalFlow);
}

export function action({ request, context }: ActionFunctionArgs) {
  return paymentAction(request, context, SourceSchema, normalFlow);
}

export default function NormalPaymentPage() {
  return <PaymentPage />;
}
