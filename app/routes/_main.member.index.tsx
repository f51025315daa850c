import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { requireMember } from "~/auth/guards.server";
import { TeamSection } from "~/components/member/team-section";
import { ButtonLinks } from "~/components/member/page-header";
import { Grid, Group, Panel, Stack } from "~/components/ui";
import { growthProgress } from "~/domain/finance/growth";
import { centsToYuan, toCents } from "~/domain/pricing/money";
import { getMyTeam } from "~/upstream/account.server";
import { listLevels } from "~/upstream/finance.server";
import { assetUrl } from "~/upstream/context.server";
import { getMember, getOrderNum, getUsableCouponCount } from "~/upstream/member.server";
import { formatDate, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["member", "account"], title: "member:index.title" };

/** The member centre: who is signed in (avatar, level, growth), balances, and the order and coupon counters. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const [member, orderNum, couponCount, levels, team] = await Promise.all([
    getMember(ctx),
    getOrderNum(ctx),
    getUsableCouponCount(ctx),
    listLevels(ctx),
    getMyTeam(ctx),
  ]);
  const progress = growthProgress(member.growth, levels);
  return {
    member: {
      nickname: member.nickname || member.username,
      username: member.username,
      avatar: assetUrl(member.headimg),
      level: member.member_level_name,
      // What the member can spend: stored value plus cash (contract §6.2).
      balance: formatMoney(centsToYuan(Number(toCents(member.balance) + toCents(member.balance_money)))),
      point: member.point,
      growth: member.growth,
    },
    next: progress.next,
    percent: progress.percent,
    orderNum,
    couponCount,
    // Only a salesman has a team (staff addon); anyone else gets null and no section.
    team: team
      ? {
          count: team.count,
          rows: team.list.map((row) => ({
            id: row.member_id,
            name: row.nickname || row.username,
            label: row.member_label_name,
            mobile: row.mobile,
            regTime: row.reg_time ? formatDate(row.reg_time) : "",
            orders: row.order_num,
            money: formatMoney(row.order_money),
          })),
        }
      : null,
  };
}

const ORDER_STATES = ["waitpay", "waitsend", "waitconfirm", "waitrate", "refunding"] as const;

export default function MemberIndexPage() {
  const { t } = useTranslation("member");
  const { member, next, percent, orderNum, couponCount, team } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" className="member-home">
      <h1 className="ui-title member-home__title">{t("index.title")}</h1>
      <Panel>
        <Group justify="between">
          <Group gap="md">
            {member.avatar ? (
              <img src={member.avatar} alt={t("index.avatarAlt")} width={64} height={64} className="member-avatar" />
            ) : (
              <span className="member-avatar member-avatar--empty" aria-hidden="true">
                {member.nickname.slice(0, 1)}
              </span>
            )}
            <div>
              <p className="member-home__nickname">{member.nickname}</p>
              <p className="ui-text-sm ui-dimmed member-home__text">
                {t("index.username", { username: member.username })} ·{" "}
                <Link to="/member/level" aria-label={t("index.levelLink", { level: member.level })}>
                  {member.level}
                </Link>
              </p>
              <p className="ui-text-sm member-growth">
                {next
                  ? t("index.growthToNext", { growth: member.growth, next: next.growth, level: next.name })
                  : t("index.growthTop", { growth: member.growth })}
              </p>
              <progress className="member-growth__bar" max={100} value={percent} aria-label={t("index.growthLabel")} />
            </div>
          </Group>
          <Group gap="xl">
            <Stat label={t("index.balance")} value={member.balance} to="/member/account" />
            <Stat label={t("index.point")} value={String(member.point)} to="/member/my_point" />
            <Stat label={t("index.coupons")} value={String(couponCount)} to="/member/my_coupon" />
          </Group>
        </Group>
      </Panel>
      <ButtonLinks
        gap="md"
        links={[
          { to: "/member/signin", label: t("index.signin"), variant: "outline" },
          { to: "/member/collection", label: t("index.follows"), variant: "subtle" },
          { to: "/member/footprint", label: t("index.footprint"), variant: "subtle" },
        ]}
      />
      <Panel>
        <h2 className="ui-title member-home__section-title">{t("index.myOrders")}</h2>
        <Grid cols={5}>
          {ORDER_STATES.map((state) => (
            <Stat
              key={state}
              label={t(`index.orderState.${state}`)}
              value={String(orderNum[state])}
              to={state === "refunding" ? "/member/activist" : `/member/order_list?status=${state}`}
            />
          ))}
        </Grid>
      </Panel>
      {team ? <TeamSection team={team} /> : null}
    </Stack>
  );
}

function Stat({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <Stack className="member-stat">
      <p className="member-stat__value">{value}</p>
      <p className="ui-text-sm ui-dimmed member-stat__label">{label}</p>
    </Stack>
  );
  return to ? (
    <Link to={to} className="plain-link">
      {body}
    </Link>
  ) : (
    body
  );
}
