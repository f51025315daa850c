import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { Pager } from "~/components/member/pager";
import { PageHeader } from "~/components/member/page-header";
import { NUM } from "~/components/member/member-table";
import { Panel, Stack, TableHead } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { listWithdrawals } from "~/upstream/finance.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { listPage, PageParam, queryOf } from "~/utils/member-query";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["finance"], title: "finance:withdrawal.title" };

const PAGE_SIZE = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const page = PageParam.parse(queryOf(request).page);
  const result = await listWithdrawals(ctx, { page, pageSize: PAGE_SIZE });
  return listPage(page, result, (row) => ({
    id: row.id,
    no: row.withdraw_no,
    amount: row.apply_money,
    type: row.transfer_type_name,
    status: row.status_name,
    time: formatDateTime(row.apply_time),
  }));
}

export default function WithdrawalPage() {
  const { t } = useTranslation("finance");
  const { page, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <Stack className="member-page">
      <PageHeader title={t("withdrawal.title")} links={[{ to: "/member/apply_withdrawal", label: t("withdrawal.apply") }]} />
      <Panel>
        {rows.length === 0 ? (
          <p>{t("withdrawal.empty")}</p>
        ) : (
          <table className="member-table">
            <caption className="visually-hidden">{t("withdrawal.title")}</caption>
            <TableHead
              cells={[
                t("withdrawal.no"),
                { label: t("withdrawal.amount"), className: NUM },
                t("withdrawal.type"),
                t("withdrawal.status"),
                t("withdrawal.time"),
                { label: t("withdrawal.detail"), hidden: true },
              ]}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.no}</td>
                  <td className="member-table__num">{formatMoney(row.amount)}</td>
                  <td>{row.type}</td>
                  <td>{row.status}</td>
                  <td>{row.time}</td>
                  <td>
                    <Link to={`/member/withdrawal_detail?id=${row.id}`} className="ui-anchor" aria-label={t("withdrawal.detailLabel", { no: row.no })}>
                      {t("withdrawal.detail")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager page={page} pageCount={pageCount} href={(next) => `/member/withdrawal?page=${next}`} />
      </Panel>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
