import { Pager } from "~/components/member/pager";
import { SourceTabs } from "~/components/member/source-tabs";
import { Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { errorText } from "~/utils/error-text";

/** One ledger line as the balance and points pages show it; `amount` is signed text ("-5.00", "12"). */
export type LedgerLine = { id: number; source: string; kind?: string; amount: string; remark: string; time: string };

/** A ledger page's own URL for a source ("" for all) and a page, with no query for the defaults. */
export function ledgerHref(path: string, type: string, page = 1): string {
  const params = new URLSearchParams();
  if (type) params.set("type", type);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A ledger panel: the source tabs, the lines (a kind column only when `labels.kind` is given) and
 * the pager, all plain links. Used by the balance (/member/account) and points (/member/my_point) pages.
 */
export function LedgerSection({
  path,
  labels,
  sources,
  type,
  page,
  pageCount,
  rows,
}: {
  path: string;
  labels: { title: string; sources: string; allSources: string; empty: string; source: string; kind?: string; amount: string; remark: string; time: string };
  sources: Array<{ key: string; name: string }>;
  type: string;
  page: number;
  pageCount: number;
  rows: LedgerLine[];
}) {
  const { t } = useTranslation();
  return (
    <Panel>
      <Stack gap="sm">
        <h2 className="ui-title member-home__section-title">{labels.title}</h2>
        <SourceTabs label={labels.sources} allLabel={labels.allSources} sources={sources} current={type} href={(source) => ledgerHref(path, source)} />
        {rows.length === 0 ? (
          <p>{labels.empty}</p>
        ) : (
          <table className="member-table">
            <caption className="visually-hidden">{labels.title}</caption>
            <thead>
              <tr>
                <th scope="col">{labels.source}</th>
                {labels.kind ? <th scope="col">{labels.kind}</th> : null}
                <th scope="col" className="member-table__num">
                  {labels.amount}
                </th>
                <th scope="col">{labels.remark}</th>
                <th scope="col">{labels.time}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{errorText(t, row.source)}</td>
                  {labels.kind ? <td>{row.kind}</td> : null}
                  <td className={`member-table__num ${row.amount.startsWith("-") ? "member-amount--out" : "member-amount--in"}`}>
                    {row.amount.startsWith("-") ? row.amount : `+${row.amount}`}
                  </td>
                  <td>{row.remark}</td>
                  <td>{row.time}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager page={page} pageCount={pageCount} href={(next) => ledgerHref(path, type, next)} />
      </Stack>
    </Panel>
  );
}
