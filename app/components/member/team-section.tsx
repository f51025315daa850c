import { Panel, TableHead } from "~/components/ui";
import { NUM } from "./member-table";
import { useTranslation } from "~/i18n/translation";

export type TeamRow = { id: number; name: string; label: string; mobile: string; regTime: string; orders: number; money: string };

/** /member/index's "my team" (staff addon): the buyers a salesman looks after, shown only to salesmen (docs/member-centre.md "Staff"). */
export function TeamSection({ team }: { team: { count: number; rows: TeamRow[] } }) {
  const { t } = useTranslation("account");
  return (
    <Panel>
      <section aria-labelledby="member-team-title">
        <h2 id="member-team-title" className="ui-title member-home__section-title">
          {t("team.title")}
        </h2>
        <p className="ui-text-sm ui-dimmed">{t("team.count", { count: team.count })}</p>
        {team.rows.length === 0 ? (
          <p>{t("team.empty")}</p>
        ) : (
          <table className="member-table">
            <TableHead
              cells={[
                t("team.member"),
                t("team.label"),
                t("team.mobile"),
                t("team.regTime"),
                { label: t("team.orders"), className: NUM },
                { label: t("team.orderMoney"), className: NUM },
              ]}
            />
            <tbody>
              {team.rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.name}</td>
                  <td>{row.label}</td>
                  <td>{row.mobile}</td>
                  <td>{row.regTime}</td>
                  <td className="member-table__num">{row.orders}</td>
                  <td className="member-table__num">{row.money}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Panel>
  );
}
