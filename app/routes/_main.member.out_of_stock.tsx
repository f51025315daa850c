import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/member/pager";
import { Badge, Panel, Stack, TableHead } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { listStockouts } from "~/upstream/account.server";
import { CapabilityAbsentError } from "~/upstream/capabilities.server";
import { formatDateTime } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { listPage, PageParam, queryOf } from "~/utils/member-query";
import { notFoundResponse } from "~/utils/not-found.server";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["account", "finance"], title: "account:stockout.title" };

const PAGE_SIZE = 10;

/** /member/out_of_stock: the shop's stock-out log, newest first (no login, spec §2). Without the staff addon: 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = PageParam.parse(queryOf(request).page);
  const log = await listStockouts({ page, pageSize: PAGE_SIZE }).catch((error: unknown) => {
    if (error instanceof CapabilityAbsentError) throw notFoundResponse();
    throw error;
  });
  return listPage(page, log, (row) => ({
    id: row.id,
    skuId: row.sku_id,
    name: row.sku_name,
    since: formatDateTime(row.stockout_time),
    restocked: row.status === 1,
    back: row.restock_time ? formatDateTime(row.restock_time) : null,
    remark: row.remark,
  }));
}

export default function OutOfStockPage() {
  const { t } = useTranslation("account");
  const { page, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("stockout.title")}</h1>
      <p className="ui-text-sm ui-dimmed">{t("stockout.intro")}</p>
      <Panel>
        {rows.length === 0 ? (
          <p>{t("stockout.empty")}</p>
        ) : (
          <table className="member-table">
            <TableHead cells={[t("stockout.goods"), t("stockout.stockoutTime"), t("stockout.status"), t("stockout.restockTime"), t("stockout.remark")]} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`/sku-${row.skuId}`} className="ui-anchor">
                      {row.name}
                    </Link>
                  </td>
                  <td>{row.since}</td>
                  <td>
                    <Badge color={row.restocked ? "gray" : "red"}>{t(`stockout.statuses.${row.restocked ? 1 : 0}`)}</Badge>
                  </td>
                  <td>{row.back ?? t("stockout.notYet")}</td>
                  <td>{row.remark}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager page={page} pageCount={pageCount} href={(number) => `/member/out_of_stock?page=${number}`} />
      </Panel>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
