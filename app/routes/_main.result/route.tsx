import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { CopyButton } from "~/components/checkout/copy-button";
import { Alert, ButtonLink, Group, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { PAY_STATUS } from "~/upstream/pay.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { ownPayment } from "../_main.pay/own-payment.server";
import { OutTradeNo } from "../_main.pay/schema";
import "~/styles/checkout.css";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

export const handle: RouteHandle = { i18n: ["checkout"], title: "checkout:result.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const outTradeNo = OutTradeNo.safeParse(new URL(request.url).searchParams.get("out_trade_no") ?? undefined);
  if (!outTradeNo.success) throw new Response(null, { status: 400 });
  const { info } = await ownPayment(ctx, outTradeNo.data);
  return data(
    {
      outTradeNo: info.out_trade_no,
      // Only 2 is paid (the PC's "any non-zero" would call a closed payment paid, contract §3.3).
      paid: info.pay_status === PAY_STATUS.paid,
      closed: info.pay_status === PAY_STATUS.closed || info.pay_status === PAY_STATUS.cancelled,
      payMoney: info.pay_money,
      payTime: info.pay_time ? formatDateTime(info.pay_time) : "",
      orderId: info.order_id ?? null,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export default function ResultPage() {
  const view = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  return (
    <Stack gap="md" className="checkout-page">
      <h1 className="ui-title">{t("result.title")}</h1>
      {view.paid ? (
        <Alert color="green" role="status" data-testid="pay-result">
          {t("result.success")}
        </Alert>
      ) : (
        <Alert color="red" data-testid="pay-result">
          {t(view.closed ? "result.closed" : "result.notPaid")}
        </Alert>
      )}
      <Panel>
        <dl className="checkout-summary">
          <dt>{t("result.number")}</dt>
          <dd>
            {/* Selectable text without JS; the copy button is an extra once hydrated. */}
            <span className="checkout-number" data-testid="result-number">
              {view.outTradeNo}
            </span>{" "}
            <CopyButton text={view.outTradeNo} />
          </dd>
          <dt>{t("result.amount")}</dt>
          <dd>{formatMoney(view.payMoney)}</dd>
          {view.payTime ? (
            <>
              <dt>{t("result.payTime")}</dt>
              <dd>{view.payTime}</dd>
            </>
          ) : null}
        </dl>
      </Panel>
      <Group>
        {view.orderId ? (
          <ButtonLink to={`/member/order_detail?${new URLSearchParams({ order_id: String(view.orderId) })}`}>{t("result.viewOrder")}</ButtonLink>
        ) : null}
        {!view.paid && !view.closed ? (
          <ButtonLink to={`/pay?${new URLSearchParams({ out_trade_no: view.outTradeNo })}`} variant="outline">
            {t("result.payAgain")}
          </ButtonLink>
        ) : null}
        <Link className="ui-anchor" to="/index">
          {t("result.continue")}
        </Link>
      </Group>
    </Stack>
  );
}
