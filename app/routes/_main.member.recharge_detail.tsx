import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { findRechargeOrder } from "~/upstream/finance.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { IdParam, queryOf } from "~/utils/member-query";
import { notFoundResponse } from "~/utils/not-found.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["finance"], title: "finance:rechargeDetail.title" };

const PAY_TYPES = ["alipay", "wechatpay", "offlinepay", "BALANCE"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const id = IdParam.parse(queryOf(request).id);
  // Another member's recharge (or none), or an upstream without the order detail (Niushop 5.5.2,
  // capability "rechargeOrderDetail": recharge itself stays), is a page that does not exist here.
  const order = id ? await findRechargeOrder(ctx, id) : null;
  if (!order) throw notFoundResponse();
  return {
    order: {
      no: order.order_no,
      name: order.recharge_name,
      price: order.buy_price,
      value: order.face_value,
      point: order.point,
      growth: order.growth,
      status: order.status === 1 ? "paid" : order.status === 0 ? "unpaid" : "closed",
      payType: (PAY_TYPES as readonly string[]).includes(order.pay_type) ? order.pay_type : "",
      created: formatDateTime(order.create_time),
      paid: order.pay_time ? formatDateTime(order.pay_time) : "",
    },
  };
}

export default function RechargeDetailPage() {
  const { t } = useTranslation("finance");
  const { order } = useLoaderData<typeof loader>();
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("rechargeDetail.title")}</h1>
      <Panel>
        <dl className="member-dl">
          <dt>{t("rechargeDetail.no")}</dt>
          <dd>{order.no}</dd>
          <dt>{t("rechargeDetail.name")}</dt>
          <dd>{order.name}</dd>
          <dt>{t("rechargeDetail.status")}</dt>
          <dd>{t(`rechargeDetail.statuses.${order.status}`)}</dd>
          <dt>{t("rechargeDetail.paid")}</dt>
          <dd>{formatMoney(order.price)}</dd>
          <dt>{t("rechargeDetail.credited")}</dt>
          <dd>{formatMoney(order.value)}</dd>
          {order.point ? (
            <>
              <dt>{t("rechargeDetail.gift")}</dt>
              <dd>{t("rechargeDetail.giftText", { point: order.point, growth: order.growth })}</dd>
            </>
          ) : null}
          {order.payType ? (
            <>
              <dt>{t("rechargeDetail.payType")}</dt>
              <dd>{t(`rechargeDetail.payTypes.${order.payType}`)}</dd>
            </>
          ) : null}
          <dt>{t("rechargeDetail.created")}</dt>
          <dd>{order.created}</dd>
          {order.paid ? (
            <>
              <dt>{t("rechargeDetail.paidTime")}</dt>
              <dd>{order.paid}</dd>
            </>
          ) : null}
        </dl>
      </Panel>
      <Link to="/member/recharge_list" className="ui-anchor">
        {t("rechargeDetail.back")}
      </Link>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
