import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { Badge, Panel, Stack } from "~/components/ui";
import { growthProgress } from "~/domain/finance/growth";
import { levelDiscount, trimZeros } from "~/domain/member-assets";
import { useTranslation } from "~/i18n/translation";
import { listLevels } from "~/upstream/finance.server";
import { getMember } from "~/upstream/member.server";
import type { RouteHandle } from "~/utils/handle";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["assets", "member"], title: "assets:level.title" };

/** 会员等级: the member's level and growth, the way to the next level, and every level with its benefits. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const [member, levels] = await Promise.all([getMember(ctx), listLevels(ctx)]);
  const progress = growthProgress(member.growth, levels);
  return {
    level: member.member_level_name,
    levelId: member.member_level,
    growth: member.growth,
    next: progress.next,
    percent: progress.percent,
    levels: levels.map((level) => ({
      id: level.level_id,
      name: level.level_name,
      growth: trimZeros(level.growth),
      discount: levelDiscount(level.consume_discount),
      freeShipping: level.is_free_shipping === 1,
      sendPoint: level.send_point,
      remark: level.remark,
    })),
  };
}

export default function LevelPage() {
  const { t } = useTranslation("assets");
  const { level, levelId, growth, next, percent, levels } = useLoaderData<typeof loader>();
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("level.title")}</h1>
      <Panel>
        <Stack gap="xs">
          <p data-testid="level-current">{t("level.current", { level })}</p>
          <p className="ui-text-sm member-growth">
            {next ? t("level.toNext", { growth, next: next.growth - growth, level: next.name }) : t("level.top", { growth })}
          </p>
          <progress className="member-growth__bar" max={100} value={percent} aria-label={t("level.progress")} />
          <p className="ui-text-xs ui-dimmed">{t("level.howToGrow")}</p>
        </Stack>
      </Panel>
      <Panel>
        <table className="member-table">
          <caption className="visually-hidden">{t("level.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("level.name")}</th>
              <th scope="col" className="member-table__num">
                {t("level.growth")}
              </th>
              <th scope="col">{t("level.benefits")}</th>
            </tr>
          </thead>
          <tbody>
            {levels.map((row) => (
              <tr key={row.id} aria-current={row.id === levelId ? "true" : undefined}>
                <th scope="row">
                  {row.name} {row.id === levelId ? <Badge color="primary">{t("level.mine")}</Badge> : null}
                </th>
                <td className="member-table__num">{row.growth}</td>
                <td>
                  <ul className="member-benefits">
                    <li>{row.discount ? t("level.discount", { discount: row.discount }) : t("level.noDiscount")}</li>
                    {row.freeShipping ? <li>{t("level.freeShipping")}</li> : null}
                    {row.sendPoint > 0 ? <li>{t("level.sendPoint", { point: row.sendPoint })}</li> : null}
                    {row.remark ? <li>{row.remark}</li> : null}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
