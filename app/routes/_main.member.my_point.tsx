import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { ledgerSourceLabel } from "~/domain/coded-names";
import { errorText } from "~/utils/error-text";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { Pager } from "~/components/member/pager";
import { SourceTabs } from "~/components/member/source-tabs";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ButtonLink, Group, Panel, Stack } from "~/components/ui";
import { strictChoice, strictPage } from "~/domain/member-assets";
import { useTranslation } from "~/i18n/translation";
import { listLedger, listLedgerSources } from "~/upstream/finance.server";
import { getMember } from "~/upstream/member.server";
import { formatDateTime } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { queryOf } from "~/utils/member-query";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["assets", "finance"], title: "assets:point.title" };

const PAGE_SIZE = 10;

/** 我的积分: the points balance and the points ledger by source (link tabs), paged. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const page = strictPage(query.page);
  const sources = Object.entries((await listLedgerSources(ctx)).point).map(([key, value]) => ({ key, name: ledgerSourceLabel(key, value.type_name) }));
  const type = strictChoice(
    query.type,
    sources.map((source) => source.key),
  );
  if (page === null || type === null) throw data(null, { status: 400 });
  const [member, ledger] = await Promise.all([
    getMember(ctx),
    listLedger(ctx, { accountType: "point", page, pageSize: PAGE_SIZE, fromType: type || undefined }),
  ]);
  return {
    point: member.point,
    sources,
    type,
    page,
    pageCount: ledger.page_count,
    rows: ledger.list.map((row) => ({
      id: row.id,
      source: ledgerSourceLabel(row.from_type, row.type_name),
      amount: Number(row.account_data),
      remark: row.remark,
      time: formatDateTime(row.create_time),
    })),
  };
}

export default function MyPointPage() {
  const { t } = useTranslation("assets");
  const { point, sources, type, page, pageCount, rows } = useLoaderData<typeof loader>();
  const href = (nextType: string, nextPage = 1) => {
    const params = new URLSearchParams();
    if (nextType) params.set("type", nextType);
    if (nextPage > 1) params.set("page", String(nextPage));
    const query = params.toString();
    return query ? `/member/my_point?${query}` : "/member/my_point";
  };
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("point.title")}</h1>
      <Panel>
        <Group justify="between">
          <p data-testid="point-balance">
            {t("point.balance")} <strong className="member-stat__value">{point}</strong>
          </p>
          <ButtonLink to="/member/signin" variant="outline">
            {t("point.earn")}
          </ButtonLink>
        </Group>
      </Panel>
      <Panel>
        <Stack gap="sm">
          <h2 className="ui-title member-home__section-title">{t("point.ledger")}</h2>
          <SourceTabs label={t("point.sources")} allLabel={t("point.allSources")} sources={sources} current={type} href={(source) => href(source)} />
          {rows.length === 0 ? (
            <p>{t("point.empty")}</p>
          ) : (
            <table className="member-table">
              <caption className="visually-hidden">{t("point.ledger")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("point.source")}</th>
                  <th scope="col" className="member-table__num">
                    {t("point.amount")}
                  </th>
                  <th scope="col">{t("point.remark")}</th>
                  <th scope="col">{t("point.time")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{errorText(t, row.source)}</td>
                    <td className={`member-table__num ${row.amount < 0 ? "member-amount--out" : "member-amount--in"}`}>
                      {row.amount < 0 ? row.amount : `+${row.amount}`}
                    </td>
                    <td>{row.remark}</td>
                    <td>{row.time}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page} pageCount={pageCount} href={(next) => href(type, next)} />
        </Stack>
      </Panel>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
