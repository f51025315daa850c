import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PriceTag } from "~/components/goods/price-tag";
import { Panel, Stack, TitledSection } from "~/components/ui";
import { shownPrices } from "~/domain/sale-control";
import { manjianRules } from "~/domain/topic";
import { useTranslation } from "~/i18n/translation";
import { assetUrl, memberContext } from "~/upstream/context.server";
import { listGroupbuys, listSeckillSlots } from "~/upstream/promotion.server";
import { listDiscountGoods, listManjian, listTopics } from "~/upstream/topic.server";
import { formatDate } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";

/**
 * `/activity`: the running activities on one page (issue 12): time-limited discount goods
 * (`discount/lists`), spend-and-save rules (`manjian/lists`), and entries to the seckill zone,
 * group buys and topics. Each section hides when the upstream lacks its endpoint (ADR 009) or
 * has nothing running.
 */
export const handle: RouteHandle = { i18n: ["topic", "promotion", "goods"], title: "topic:activity.title" };

const DISCOUNT_COUNT = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await memberContext(request, context);
  const [discounts, manjians, topics, seckill, groupbuys] = await Promise.all([
    listDiscountGoods(ctx, { page: 1, pageSize: DISCOUNT_COUNT }),
    listManjian(ctx),
    listTopics(ctx, { page: 1, pageSize: 1 }),
    listSeckillSlots(ctx),
    listGroupbuys(ctx, { page: 1, pageSize: 1 }),
  ]);
  const isMember = Boolean(ctx.token);
  return {
    discounts: (discounts?.list ?? []).map((row) => ({
      skuId: row.sku_id,
      name: row.sku_name,
      image: assetUrl(row.sku_image),
      ...shownPrices(isMember, row.sale_control ?? null, row.discount_price, row.price),
      ends: row.end_time > 0 ? formatDate(row.end_time) : "",
    })),
    manjians: (manjians ?? []).map((activity) => ({
      id: activity.manjian_id,
      name: activity.manjian_name,
      allGoods: activity.manjian_type === 1,
      ends: activity.end_time > 0 ? formatDate(activity.end_time) : "",
      rules: manjianRules(activity),
    })),
    entries: [
      ...(seckill && seckill.slots.length > 0 ? [{ kind: "seckill" as const, href: "/promotion/seckill", count: seckill.slots.length }] : []),
      ...(groupbuys && groupbuys.count > 0 ? [{ kind: "groupbuy" as const, href: "/promotion/groupbuy", count: groupbuys.count }] : []),
      ...(topics && topics.count > 0 ? [{ kind: "topic" as const, href: "/promotion/topic", count: topics.count }] : []),
    ],
  };
}

export default function ActivityPage() {
  const { t } = useTranslation(["topic", "promotion", "goods", "common"]);
  const { discounts, manjians, entries } = useLoaderData<typeof loader>();
  const empty = discounts.length === 0 && manjians.length === 0 && entries.length === 0;
  return (
    <Stack gap="lg" className="activity-page">
      <h1 className="ui-title">{t("activity.title")}</h1>
      {empty ? <p>{t("activity.none")}</p> : null}
      {entries.length > 0 ? (
        <TitledSection className="activity-section" headingId="activity-entries" titleClassName="ui-subtitle" title={t("activity.entries")}>
          <ul className="activity-entries">
            {entries.map((entry) => (
              <li key={entry.kind}>
                <Link to={entry.href}>
                  <strong>{t(`activity.${entry.kind}`)}</strong>
                  <br />
                  <span className="ui-text-sm">
                    {entry.kind === "topic" ? t("activity.topicText", { count: entry.count }) : t(`activity.${entry.kind}Text`)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </TitledSection>
      ) : null}
      {discounts.length > 0 ? (
        <TitledSection className="activity-section" id="discount" headingId="activity-discount" titleClassName="ui-subtitle" title={t("activity.discount")}>
          <ul className="seckill-goods">
            {discounts.map((item) => (
              <li key={item.skuId} className="seckill-goods__item">
                <Link to={`/sku-${item.skuId}`} className="seckill-goods__link">
                  {item.image ? <img src={item.image} alt="" width={160} height={160} loading="lazy" /> : null}
                  <span className="seckill-goods__name">{item.name}</span>
                </Link>
                <PriceTag price={item.price} marketPrice={item.marketPrice} visible={item.price !== null} hiddenReason={item.hiddenReason} size="md" />
                {item.ends ? <p className="ui-text-xs ui-dimmed">{t("activity.discountEnds", { date: item.ends })}</p> : null}
              </li>
            ))}
          </ul>
        </TitledSection>
      ) : null}
      {manjians.length > 0 ? (
        <TitledSection className="activity-section" id="manjian" headingId="activity-manjian" titleClassName="ui-subtitle" title={t("activity.manjian")}>
          {manjians.map((activity) => (
            <Panel key={activity.id} data-testid="manjian">
              <p>
                <strong>{activity.name}</strong> · {activity.allGoods ? t("activity.manjianScopeAll") : t("activity.manjianScopeGoods")}
                {activity.ends ? ` · ${t("activity.discountEnds", { date: activity.ends })}` : ""}
              </p>
              <ul className="activity-rules">
                {activity.rules.map((rule) => (
                  <li key={rule.limit}>
                    {[
                      t(`activity.rule.${rule.key}`, { limit: rule.limit }),
                      rule.discount ? t("activity.ruleDiscount", { money: rule.discount }) : "",
                      rule.freeShipping ? t("activity.ruleFreeShipping") : "",
                      rule.point > 0 ? t("activity.rulePoint", { count: rule.point }) : "",
                    ]
                      .filter(Boolean)
                      .join("，")}
                  </li>
                ))}
              </ul>
            </Panel>
          ))}
        </TitledSection>
      ) : null}
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
