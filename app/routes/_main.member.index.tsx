import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireMember } from "~/auth/guards.server";
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
    <Stack gap="lg" py="lg">
      <Title order={1} size="h3">
        {t("index.title")}
      </Title>
      <Card withBorder>
        <Group justify="space-between">
          <div>
            <Text fw={700} size="lg">
              {member.nickname}
            </Text>
            <Text size="sm" c="dimmed">
              {t("index.username", { username: member.username })} · {member.level}
            </Text>
          </div>
          <Group gap="xl">
            <Stat label={t("index.balance")} value={formatMoney(member.balance)} />
            <Stat label={t("index.point")} value={String(member.point)} />
            <Stat label={t("index.coupons")} value={String(couponCount)} to="/member/my_coupon" />
          </Group>
        </Group>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="md">
          {t("index.myOrders")}
        </Title>
        <SimpleGrid cols={5}>
          {ORDER_STATES.map((state) => (
            <Stat key={state} label={t(`index.orderState.${state}`)} value={String(orderNum[state])} to={`/member/order_list?status=${state}`} />
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

function Stat({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <Stack gap={2} align="center">
      <Text fw={700} size="xl">
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
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
