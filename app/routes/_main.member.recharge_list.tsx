import { type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { Pager } from "~/components/member/pager";
import { NUM } from "~/components/member/member-table";
import { Button, ButtonLink, Group, Panel, Stack, TableHead, TextInput } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { listRechargeOrders, listRechargePackages, rechargeOrderDetailAvailable } from "~/upstream/finance.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { PageParam, queryOf } from "~/utils/member-query";
import { notFoundResponse } from "~/utils/not-found.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["finance"], title: "finance:rechargeList.title" };

const PAGE_SIZE = 10;

/** Recharge packages, any amount, and the member's paid recharges. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const page = PageParam.parse(queryOf(request).page);
  const [packages, orders, detailLinks] = await Promise.all([
    listRechargePackages(ctx),
    listRechargeOrders(ctx, { page, pageSize: PAGE_SIZE }),
    rechargeOrderDetailAvailable(),
  ]);
  // Without the recharge addon the page does not exist (ADR 009).
  if (!packages || !orders) throw notFoundResponse();
  return {
    // An upstream without the order detail (Niushop 5.5.2): the rows say it all, no dead link.
    detailLinks,
    packages: packages.map((item) => ({ id: item.recharge_id, name: item.recharge_name, price: item.buy_price, value: item.face_value, point: item.point })),
    page,
    pageCount: orders.page_count,
    orders: orders.list.map((order) => ({
      id: order.order_id,
      no: order.order_no,
      name: order.recharge_name,
      price: order.buy_price,
      value: order.face_value,
      time: formatDateTime(order.pay_time || order.create_time),
    })),
  };
}

export default function RechargeListPage() {
  const { t } = useTranslation("finance");
  const { packages, page, pageCount, orders, detailLinks } = useLoaderData<typeof loader>();
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("rechargeList.title")}</h1>
      <p className="ui-text-sm ui-dimmed">{t("rechargeList.note")}</p>
      <ul className="member-cards" aria-label={t("rechargeList.packages")}>
        {packages.map((item) => (
          <li key={item.id}>
            <Panel>
              <Stack gap="xs">
                <strong>{item.name}</strong>
                <p className="ui-text-sm">{t("rechargeList.pay", { price: formatMoney(item.price) })}</p>
                <p className="ui-text-sm">{t("rechargeList.get", { value: formatMoney(item.value) })}</p>
                {item.point ? <p className="ui-text-sm">{t("rechargeList.points", { point: item.point })}</p> : null}
                <ButtonLink to={`/member/recharge_order?recharge_id=${item.id}`} aria-label={t("rechargeList.chooseLabel", { name: item.name })}>
                  {t("rechargeList.choose")}
                </ButtonLink>
              </Stack>
            </Panel>
          </li>
        ))}
      </ul>
      <Panel>
        {/* Any amount: a GET to the confirmation page (the order is created there, by POST). */}
        <Form method="get" action="/member/recharge_order" aria-label={t("rechargeList.custom")}>
          <Group gap="sm">
            <TextInput name="face_value" label={t("rechargeList.customAmount")} inputMode="decimal" autoComplete="off" required />
            <Button type="submit" variant="outline">
              {t("rechargeList.customSubmit")}
            </Button>
          </Group>
        </Form>
      </Panel>
      <Panel>
        <Stack gap="sm">
          <h2 className="ui-title member-home__section-title">{t("rechargeList.records")}</h2>
          {orders.length === 0 ? (
            <p>{t("rechargeList.empty")}</p>
          ) : (
            <table className="member-table">
              <caption className="visually-hidden">{t("rechargeList.records")}</caption>
              <TableHead
                cells={[
                  t("rechargeList.no"),
                  t("rechargeList.name"),
                  { label: t("rechargeList.paid"), className: NUM },
                  { label: t("rechargeList.credited"), className: NUM },
                  t("rechargeList.time"),
                  detailLinks && { label: t("rechargeList.detail"), hidden: true },
                ]}
              />
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <td>{order.no}</td>
                    <td>{order.name}</td>
                    <td className="member-table__num">{formatMoney(order.price)}</td>
                    <td className="member-table__num">{formatMoney(order.value)}</td>
                    <td>{order.time}</td>
                    {detailLinks ? (
                      <td>
                        <Link to={`/member/recharge_detail?id=${order.id}`} className="ui-anchor" aria-label={t("rechargeList.detailLabel", { no: order.no })}>
                          {t("rechargeList.detail")}
                        </Link>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page} pageCount={pageCount} href={(next) => `/member/recharge_list?page=${next}`} />
        </Stack>
      </Panel>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
