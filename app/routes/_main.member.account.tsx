import { type LoaderFunctionArgs } from "@remix-run/node";
import { ledgerSourceLabel } from "~/domain/coded-names";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { LedgerSection } from "~/components/member/ledger-section";
import { ButtonLinks } from "~/components/member/page-header";
import { Group, Panel, Stack } from "~/components/ui";
import { centsToYuan, toCents } from "~/domain/pricing/money";
import { useTranslation } from "~/i18n/translation";
import { getAccountInfo, listLedger, listLedgerSources } from "~/upstream/finance.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { PageParam, queryOf } from "~/utils/member-query";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["finance"], title: "finance:account.title" };

const PAGE_SIZE = 10;
const QuerySchema = z.object({ page: PageParam, type: z.string().max(40).optional().catch(undefined) });

/** Balance (stored value + cash), frozen withdrawals, and the ledger by source with pagination. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = QuerySchema.parse(queryOf(request));
  const sources = await listLedgerSources(ctx);
  // The ledger holds both balances, so its sources are both kinds' (a key in both is named once).
  const named = new Map<string, string>();
  for (const [key, value] of [...Object.entries(sources.balance), ...Object.entries(sources.balance_money)]) {
    if (!named.has(key)) named.set(key, ledgerSourceLabel(key, value.type_name));
  }
  const balanceSources = [...named].map(([key, name]) => ({ key, name }));
  // An unknown source is no filter (the tabs only offer known ones).
  const type = balanceSources.some((source) => source.key === query.type) ? query.type : undefined;
  const [account, ledger] = await Promise.all([
    getAccountInfo(ctx),
    listLedger(ctx, { accountType: "balance,balance_money", page: query.page, pageSize: PAGE_SIZE, fromType: type }),
  ]);
  return {
    total: centsToYuan(Number(toCents(account.balance) + toCents(account.balance_money))),
    account,
    sources: balanceSources,
    type: type ?? "",
    page: query.page,
    pageCount: ledger.page_count,
    rows: ledger.list.map((row) => ({
      id: row.id,
      source: ledgerSourceLabel(row.from_type, row.type_name),
      kind: row.account_type,
      amount: row.account_data,
      remark: row.remark,
      time: formatDateTime(row.create_time),
    })),
  };
}

export default function AccountPage() {
  const { t } = useTranslation("finance");
  const { total, account, sources, type, page, pageCount, rows } = useLoaderData<typeof loader>();
  const labels = {
    title: t("account.ledger"),
    sources: t("account.sources"),
    allSources: t("account.allSources"),
    empty: t("account.empty"),
    source: t("account.source"),
    kind: t("account.kind"),
    amount: t("account.amount"),
    remark: t("account.remark"),
    time: t("account.time"),
  };
  const lines = rows.map((row) => ({ ...row, kind: t(row.kind === "balance" ? "account.balanceShort" : "account.balanceMoneyShort") }));
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("account.title")}</h1>
      <Panel>
        <Group justify="between">
          <dl className="member-dl" data-testid="account-summary">
            <dt>{t("account.total")}</dt>
            <dd>
              <strong>{formatMoney(total)}</strong>
            </dd>
            <dt>{t("account.balance")}</dt>
            <dd>{formatMoney(account.balance)}</dd>
            <dt>{t("account.balanceMoney")}</dt>
            <dd>{formatMoney(account.balance_money)}</dd>
            <dt>{t("account.frozen")}</dt>
            <dd>{formatMoney(account.balance_withdraw_apply)}</dd>
          </dl>
          <ButtonLinks
            links={[
              { to: "/member/recharge_list", label: t("account.recharge") },
              { to: "/member/apply_withdrawal", label: t("account.withdraw"), variant: "outline" },
            ]}
          />
        </Group>
        <p className="ui-text-sm ui-dimmed">{t("account.note")}</p>
      </Panel>
      <LedgerSection path="/member/account" labels={labels} sources={sources} type={type} page={page} pageCount={pageCount} rows={lines} />
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
