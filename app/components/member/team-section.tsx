import { Panel } from "~/components/ui";
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
            <thead>
              <tr>
                <th scope="col">{t("team.member")}</th>
                <th scope="col">{t("team.label")}</th>
                <th scope="col">{t("team.mobile")}</th>
                <th scope="col">{t("team.regTime")}</th>
                <th scope="col" className="member-table__num">
                  {t("team.orders")}
                </th>
                <th scope="col" className="member-table__num">
                  {t("team.orderMoney")}
                </th>
              </tr>
            </thead>
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
