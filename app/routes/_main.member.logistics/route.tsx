import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { CopyText, Group, Panel, Stack } from "~/components/ui";
import { detailUrl } from "~/domain/orders";
import { useTranslation } from "~/i18n/translation";
import { assetUrl } from "~/upstream/context.server";
import { OrderIdQuery } from "~/routes/_main.member.order_list/order-actions.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { findOrder, listPackages } from "~/upstream/orders.server";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import "~/styles/orders.css";
import { orderStatusLabel } from "~/domain/coded-names";
import { errorText } from "~/utils/error-text";

// The parcels of an order (spec §2 /member/logistics?order_id=; contract §4.5): carrier, waybill
// number to copy, the goods inside and the trace, newest first as the upstream sends it.

export const handle: RouteHandle = { i18n: ["orders"], title: "orders:logistics.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = OrderIdQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw notFoundResponse();
  // The order first: another member's order is a 404 whatever the package call would say.
  const order = await findOrder(ctx, query.data.order_id);
  if (!order) throw notFoundResponse();
  const packages = await listPackages(ctx, order.order_id);
  return data(
    {
      order: {
        id: order.order_id,
        no: order.order_no,
        statusName: orderStatusLabel(order.order_status, order.order_status_name),
        detailHref: detailUrl(order),
      },
      packages: packages.map((pkg, index) => ({
        key: `${pkg.id ?? index}-${pkg.delivery_no}`,
        name: pkg.package_name,
        carrier: pkg.express_company_name,
        waybill: pkg.delivery_no,
        goods: pkg.goods_list.map((goods) => ({ name: goods.sku_name, num: goods.num, image: assetUrl(goods.sku_image) })),
        trace: pkg.trace?.list ?? [],
        traceProblem: pkg.trace && !pkg.trace.success ? pkg.trace.reason : "",
      })),
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export default function LogisticsPage() {
  const { t } = useTranslation("orders");
  const { order, packages } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" className="orders-page">
      <Group justify="between">
        <h1 className="ui-title">{t("logistics.title")}</h1>
        {order.detailHref ? (
          <Link className="ui-anchor" to={order.detailHref}>
            {t("logistics.backToOrder", { no: order.no })}
          </Link>
        ) : null}
      </Group>
      <p>
        {t("order.no")} {order.no} · {errorText(t, order.statusName)}
      </p>
      {packages.length === 0 ? (
        <Panel>
          <p data-testid="no-packages">{t("logistics.none")}</p>
        </Panel>
      ) : (
        packages.map((pkg) => (
          <Panel key={pkg.key} className="order-package" data-testid="package">
            <h2 className="ui-strong">{pkg.name}</h2>
            <dl className="order-detail__facts">
              <dt>{t("logistics.carrier")}</dt>
              <dd data-testid="carrier">{pkg.carrier}</dd>
              <dt>{t("logistics.waybill")}</dt>
              <dd>
                <CopyText text={pkg.waybill} label={t("logistics.waybill")} testId="waybill" />
              </dd>
              <dt>{t("logistics.goods")}</dt>
              <dd>
                <ul className="order-package__goods">
                  {pkg.goods.map((goods) => (
                    <li key={goods.name}>
                      {goods.image ? <img src={goods.image} alt="" width={40} height={40} loading="lazy" /> : null} {goods.name} ×{goods.num}
                    </li>
                  ))}
                </ul>
              </dd>
            </dl>
            {pkg.traceProblem ? <p className="ui-dimmed">{pkg.traceProblem}</p> : null}
            <ol className="order-trace" aria-label={t("logistics.trace")} data-testid="trace">
              {pkg.trace.map((step, index) => (
                <li key={`${step.datetime}-${index}`} data-latest={index === 0 || undefined}>
                  <time>{step.datetime}</time> <span>{step.remark}</span>
                </li>
              ))}
            </ol>
          </Panel>
        ))
      )}
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
