import { useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { errorText } from "~/utils/error-text";
import { OrderButtons } from "~/components/orders/order-buttons";
import { OrderLines } from "~/components/orders/order-lines";
import { PaginationLinks } from "~/components/pagination-links";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, Button, ButtonLink, Group, Panel, Stack, TextInput } from "~/components/ui";
import { AFTER_SALES_URL, ORDER_TABS, tabOf, type OrderTab } from "~/domain/orders";
import { useTranslation } from "~/i18n/translation";
import { orderCardView, type OrderActionData } from "~/upstream/order-view.server";
import { ConfirmQuery, orderAction } from "./order-actions.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { listOrders } from "~/upstream/orders.server";
import { formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { redirect } from "~/utils/redirect.server";
import "~/styles/orders.css";

export const handle: RouteHandle = { i18n: ["orders"], title: "orders:list.title" };

const QuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  search: z.string().trim().max(50).catch(""),
});

/** The list URL for a tab, page and search (page 1 and empty search left out). */
function listUrl(tab: OrderTab, page = 1, search = "", extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ status: tab });
  if (page > 1) params.set("page", String(page));
  if (search) params.set("search", search);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `/member/order_list?${params}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("status"));
  // The after-sales tab is the after-sales list (spec §2 /member/activist).
  if (tab === "aftersales") throw redirect(AFTER_SALES_URL);
  const query = QuerySchema.parse({ page: url.searchParams.get("page") ?? undefined, search: url.searchParams.get("search") ?? undefined });
  const confirm = ConfirmQuery.parse(Object.fromEntries(url.searchParams));
  const page = await listOrders(ctx, { tab, page: query.page, search: query.search });
  return data(
    {
      tab,
      page: query.page,
      pageCount: page.page_count,
      count: page.count,
      search: query.search,
      orders: page.list.map(orderCardView),
      confirm: confirm.confirm && confirm.confirm_order ? { intent: confirm.confirm, orderId: confirm.confirm_order } : null,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return orderAction(request, context, "/member/order_list");
}

export default function OrderListPage() {
  const { t } = useTranslation("orders");
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<OrderActionData>();
  // The confirm steps post hidden fields: a refusal is the form's one error, shown at its order's card.
  const [form] = useForm({ id: "order-action", lastResult: actionData?.result });
  const error = form.errors?.[0];
  const here = listUrl(view.tab, view.page, view.search);
  return (
    <Stack gap="md" className="orders-page">
      <h1 className="ui-title">{t("list.title")}</h1>
      <nav aria-label={t("list.tabsLabel")} className="order-tabs">
        {ORDER_TABS.map((tab) => (
          <Link key={tab} to={listUrl(tab, 1, view.search)} aria-current={tab === view.tab ? "page" : undefined} className="order-tabs__tab">
            {t(`tabs.${tab}`)}
          </Link>
        ))}
        <Link to={AFTER_SALES_URL} className="order-tabs__tab">
          {t("tabs.aftersales")}
        </Link>
      </nav>
      <Form method="get" action="/member/order_list" role="search" aria-label={t("list.searchForm")} className="order-search">
        <input type="hidden" name="status" value={view.tab} />
        <Group gap="xs">
          <TextInput name="search" defaultValue={view.search} label={t("list.search")} maxLength={50} placeholder={t("list.searchPlaceholder")} />
          <Button type="submit" variant="outline">
            {t("list.searchSubmit")}
          </Button>
        </Group>
      </Form>
      {error && !view.orders.some((order) => order.id === actionData?.orderId) ? <Alert color="red">{errorText(t, error)}</Alert> : null}
      {view.orders.length === 0 ? (
        <Panel>
          <p data-testid="orders-empty">{view.search ? t("list.noMatch") : t(`list.empty.${view.tab}`)}</p>
        </Panel>
      ) : (
        <ul className="order-cards" aria-label={t("list.ordersLabel")}>
          {view.orders.map((order) => (
            <li key={order.id} className="order-card" data-testid={`order-${order.id}`}>
              <Panel>
                <header className="order-card__head">
                  <span className="ui-strong">{order.shop}</span>
                  <span>
                    {t("order.no")} {order.no}
                  </span>
                  <span className="ui-dimmed">{order.createdAt}</span>
                  <span className="order-card__status" data-testid="order-status">
                    {errorText(t, order.statusName)}
                  </span>
                </header>
                <OrderLines lines={order.lines} withRefund={false} />
                <Group justify="between" className="order-card__foot">
                  <Group gap="sm">
                    <p>
                      {t("order.payMoney")} <strong className="ui-price">{formatMoney(order.payMoney)}</strong>
                    </p>
                    {order.detailHref ? (
                      <ButtonLink to={order.detailHref} size="xs" variant="subtle" aria-label={t("order.detailLabel", { no: order.no })}>
                        {t("order.detail")}
                      </ButtonLink>
                    ) : null}
                  </Group>
                  <OrderButtons
                    orderId={order.id}
                    orderNo={order.no}
                    buttons={order.buttons}
                    confirming={view.confirm?.orderId === order.id ? view.confirm.intent : null}
                    confirmHref={(intent) => listUrl(view.tab, view.page, view.search, { confirm: intent, confirm_order: String(order.id) })}
                    here={here}
                  />
                </Group>
                {error && actionData?.orderId === order.id ? <Alert color="red">{errorText(t, error)}</Alert> : null}
              </Panel>
            </li>
          ))}
        </ul>
      )}
      <PaginationLinks page={view.page} pageCount={view.pageCount} hrefFor={(page) => listUrl(view.tab, page, view.search)} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
