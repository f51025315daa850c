import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type AppLoadContext } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { PaymentPage } from "~/routes/_main.payment/payment-page";
import { FormErrors } from "~/components/form";
import { PointCost, PointImage } from "~/components/point/point-item";
import { Button, ButtonLink, Group, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError } from "~/upstream/http.server";
import { ORDER_EXPIRED } from "~/upstream/order-create.server";
import { createCouponExchange, findExchange, getMemberPoints, startCouponExchange } from "~/upstream/point-exchange.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirectWithToast } from "~/utils/toast.server";
import { pointExchangeFlow } from "./_main.payment/checkout.server";
import { paymentAction, paymentLoader } from "./_main.payment/payment.server";
import { PointSourceSchema } from "./_main.payment/schema";
import "~/styles/point.css";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

/**
 * `/point/payment?id&num` (login): the exchange checkout (contract §6.12). A goods exchange is the
 * /payment page on the pointexchange `ordercreate` endpoints (address, delivery, invoice, balance;
 * the cash part through /pay → /result, paid at once when nothing is due); a coupon exchange needs
 * no address: the page confirms the points and "兑换" takes them and gives the coupon at once.
 */
export const handle: RouteHandle = { i18n: ["checkout", "promotion", "point", "goods"], title: "promotion:payment.title.pointexchange" };

// A fresh order_key on every render (as /payment).
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => defaultShouldRevalidate;

const BAD_REQUEST = "point:errors.badRequest";

/** The coupon exchange's one button (intent) and the page's order key: hidden, so their errors are the form's. */
const ExchangeIntentSchema = z.object({
  intent: z.literal("exchange", { errorMap: () => ({ message: BAD_REQUEST }) }),
  order_key: z.string({ required_error: BAD_REQUEST }).regex(/^[0-9A-Za-z_-]{1,64}$/, BAD_REQUEST),
});

/** The item the URL names (404 when there is none), after the member check and a well-formed query (400). */
async function itemOf(request: Request, context: AppLoadContext) {
  const ctx = await requireMember(request, context);
  const source = PointSourceSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!source.success) throw new Response(null, { status: 400 });
  const item = await findExchange(ctx, source.data.id);
  if (!item) throw notFoundResponse();
  return { ctx, item, source: source.data };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, item, source } = await itemOf(request, context);
  if (item.kind !== "coupon") return paymentLoader(request, context, PointSourceSchema, pointExchangeFlow);
  const view = { state: "coupon" as const, id: item.id, name: item.name, money: item.money, atLeast: item.atLeast, point: item.point, num: source.num };
  const refused = (refusal: string, memberPoint: number) =>
    data({ ...view, orderKey: "", total: item.point * source.num, memberPoint, refusal: refusal as string | null }, { status: 409, headers: PRIVATE_NO_STORE });
  try {
    const exchange = await startCouponExchange(ctx, source);
    const memberPoint = exchange.member_account.point;
    // Over the limit, sold out, closed: Niushop answers these inside a success (`error` 1).
    if (exchange.error > 0) return refused(formErrorFor({ code: -1, upstreamMessage: exchange.error_msg }), memberPoint);
    // Too few points: Niushop finds out only when it takes them (create); say so before.
    if (memberPoint < exchange.point) return refused("point:errors.pointShortUpstream", memberPoint);
    return data({ ...view, orderKey: exchange.order_key, total: exchange.point, memberPoint, refusal: null as string | null }, { headers: PRIVATE_NO_STORE });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return refused(formErrorFor(error), await getMemberPoints(ctx));
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, item, source } = await itemOf(request, context);
  if (item.kind !== "coupon") return paymentAction(request, context, PointSourceSchema, pointExchangeFlow);
  const submission = parseWithZod(await readFormData(request), { schema: ExchangeIntentSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: [BAD_REQUEST] }) }, { status: 400 });
  try {
    await createCouponExchange(ctx, submission.value.order_key);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const here = `/point/payment?${new URLSearchParams({ id: String(source.id), num: String(source.num) })}`;
    // A used or timed-out key (a second submit lands here too): the page starts again.
    if (error.upstreamMessage === ORDER_EXPIRED) return redirectWithToast(here, { kind: "warning", key: "checkout:errors.expired" });
    return data({ result: submission.reply({ formErrors: [formErrorFor(error)] }) }, { status: 409 });
  }
  // Back to the coupons (the list shows one kind at a time).
  return redirectWithToast("/point?type=coupon", { kind: "success", key: "point:exchange.done" });
}

export default function PointPaymentPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === "coupon") return <CouponExchange />;
  return <PaymentPage />;
}

function CouponExchange() {
  const { t } = useTranslation(["point", "checkout", "goods"]);
  const view = useLoaderData<typeof loader>();
  // This action's answer for a coupon (the goods exchange's is PaymentPage's).
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const [form] = useForm({ id: "coupon-exchange", lastResult: actionData?.result });
  if (view.state !== "coupon") return null;
  return (
    <Stack gap="md" className="checkout-page">
      <h1 className="ui-title">{t("payment.couponTitle")}</h1>
      <Panel className="checkout-section" aria-labelledby="exchange-coupon">
        <Group gap="md">
          <div className="point-coupon-thumb">
            <PointImage kind="coupon" image="" money={view.money} atLeast={view.atLeast} />
          </div>
          <Stack gap="xs">
            <h2 id="exchange-coupon" className="ui-strong">
              {view.name}
            </h2>
            <p>{t("payment.couponCount", { count: view.num })}</p>
            <PointCost point={view.point} cash="0.00" hasCash={false} count={view.num} />
            <dl className="goods-detail__stock">
              <div>
                <dt>{t("myPoints")}</dt>
                <dd data-testid="member-point">{view.memberPoint}</dd>
              </div>
              <div>
                <dt>{t("payment.after")}</dt>
                <dd>{Math.max(0, view.memberPoint - view.total)}</dd>
              </div>
            </dl>
          </Stack>
        </Group>
      </Panel>
      <FormErrors id={form.errorId} errors={form.errors ?? (view.refusal ? [view.refusal] : undefined)} />
      <Form method="post" className="point-exchange-form" {...getFormProps(form)}>
        <input type="hidden" name="order_key" value={view.orderKey} />
        <Group gap="sm">
          {view.orderKey ? (
            <Button type="submit" name="intent" value="exchange" size="md" color="red" loading={navigation.state === "submitting"}>
              {t("payment.confirm", { count: view.total })}
            </Button>
          ) : null}
          <ButtonLink to={`/point/${view.id}`} variant="outline">
            {t("payment.backToPoint")}
          </ButtonLink>
        </Group>
      </Form>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
