import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { GoodsLine } from "~/components/aftersales/goods-line";
import { PaginationLinks } from "~/components/pagination-links";
import { Badge, Panel, Stack } from "~/components/ui";
import { refundButtons } from "~/domain/aftersales";
import { activistAmount } from "~/domain/aftersales-money";
import { centsToYuan } from "~/domain/pricing/money";
import { useTranslation } from "~/i18n/translation";
import { listRefunds } from "~/upstream/aftersales.server";
import { assetUrl } from "~/upstream/context.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { refundStatusLabel } from "~/domain/coded-names";
import { errorText } from "~/utils/error-text";

export const handle: RouteHandle = { i18n: ["aftersales"], title: "aftersales:activist.title" };

const QuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional().default(1) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw notFoundResponse();
  const page = await listRefunds(ctx, query.data.page);
  return {
    page: query.data.page,
    pageCount: page.page_count,
    count: page.count,
    items: page.list.map((item) => {
      const amount = activistAmount(item);
      return {
        id: item.order_goods_id,
        orderId: item.order_id,
        orderNo: item.order_no ?? "",
        shop: item.site_name,
        name: item.sku_name,
        image: assetUrl(item.sku_image),
        num: item.num,
        time: item.refund_action_time,
        statusName: refundStatusLabel(item.refund_status, item.refund_status_name),
        amount: centsToYuan(amount.cents),
        label: amount.label,
        cancellable: refundButtons(item.refund_action).cancel,
      };
    }),
  };
}

export default function ActivistPage() {
  const view = useLoaderData<typeof loader>();
  const { t } = useTranslation("aftersales");
  return (
    <Stack gap="md" className="aftersales-page">
      <h1 className="ui-title">{t("activist.title")}</h1>
      {view.items.length === 0 ? (
        <Panel>
          <p className="ui-dimmed">{t("activist.empty")}</p>
        </Panel>
      ) : (
        <ul className="aftersales-list" data-testid="activist-list">
          {view.items.map((item) => (
            <li key={item.id}>
              <Panel>
                <p className="ui-dimmed">
                  {item.shop} · {t("detail.orderNo")} {item.orderNo} · {formatDateTime(item.time)}
                </p>
                <GoodsLine image={item.image} name={item.name} num={item.num}>
                  <div className="aftersales-list__money">
                    <Badge color={item.label === "refunded" ? "primary" : "orange"}>{t(`activist.${item.label}`)}</Badge>
                    <p className="ui-price" data-testid="activist-amount">
                      {formatMoney(item.amount)}
                    </p>
                    <p className="ui-dimmed">{errorText(t, item.statusName)}</p>
                  </div>
                </GoodsLine>
                <Link className="ui-anchor" to={`/member/refund_detail?${new URLSearchParams({ order_goods_id: String(item.id) })}`}>
                  {t("activist.detail")}
                </Link>
              </Panel>
            </li>
          ))}
        </ul>
      )}
      <PaginationLinks page={view.page} pageCount={view.pageCount} hrefFor={(page) => `/member/activist?${new URLSearchParams({ page: String(page) })}`} />
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
