import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { requireMember } from "~/auth/guards.server";
import { Grid, Group, Panel, Stack } from "~/components/ui";
import { getMember, getOrderNum, getUsableCouponCount } from "~/upstream/member.server";
import { formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["member"], title: "member:index.title" };

/** The member centre: who is signed in, balances, and the order and coupon counters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireMember(request);
  const [member, orderNum, couponCount] = await Promise.all([getMember(ctx), getOrderNum(ctx), getUsableCouponCount(ctx)]);
  return {
    member: {
      nickname: member.nickname || member.username,
      username: member.username,
      level: member.member_level_name,
      balance: member.balance,
      point: member.point,
      growth: member.growth,
    },
    orderNum,
    couponCount,
  };
}

const ORDER_STATES = ["waitpay", "waitsend", "waitconfirm", "waitrate", "refunding"] as const;

export default function MemberIndexPage() {
  const { t } = useTranslation("member");
  const { member, orderNum, couponCount } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" className="member-home">
      <h1 className="ui-title member-home__title">{t("index.title")}</h1>
      <Panel>
        <Group justify="between">
          <div>
            <p className="member-home__nickname">{member.nickname}</p>
            <p className="ui-text-sm ui-dimmed member-home__text">
              {t("index.username", { username: member.username })} · {member.level}
            </p>
          </div>
          <Group gap="xl">
            <Stat label={t("index.balance")} value={formatMoney(member.balance)} />
            <Stat label={t("index.point")} value={String(member.point)} />
            <Stat label={t("index.coupons")} value={String(couponCount)} to="/member/my_coupon" />
          </Group>
        </Group>
      </Panel>
      <Panel>
        <h2 className="ui-title member-home__section-title">{t("index.myOrders")}</h2>
        <Grid cols={5}>
          {ORDER_STATES.map((state) => (
            <Stat key={state} label={t(`index.orderState.${state}`)} value={String(orderNum[state])} to={`/member/order_list?status=${state}`} />
          ))}
        </Grid>
      </Panel>
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
