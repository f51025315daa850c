import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { ledgerSourceLabel } from "~/domain/coded-names";
import { useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { LedgerSection } from "~/components/member/ledger-section";
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
      // Points are whole: "12.00" reads "12".
      amount: String(Number(row.account_data)),
      remark: row.remark,
      time: formatDateTime(row.create_time),
    })),
  };
}

export default function MyPointPage() {
  const { t } = useTranslation("assets");
  const { point, sources, type, page, pageCount, rows } = useLoaderData<typeof loader>();
  const labels = {
    title: t("point.ledger"),
    sources: t("point.sources"),
    allSources: t("point.allSources"),
    empty: t("point.empty"),
    source: t("point.source"),
    amount: t("point.amount"),
    remark: t("point.remark"),
    time: t("point.time"),
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
      <LedgerSection path="/member/my_point" labels={labels} sources={sources} type={type} page={page} pageCount={pageCount} rows={rows} />
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
