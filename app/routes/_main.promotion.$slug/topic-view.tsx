import { Link, useLoaderData } from "@remix-run/react";
import { PriceTag } from "~/components/goods/price-tag";
import { PaginationLinks } from "~/components/pagination-links";
import { Countdown } from "~/components/promotion/countdown";
import { ButtonLink, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { unitOrDefault } from "~/utils/format";
import type { topicLoader } from "./topic.server";

export function TopicView() {
  const { t } = useTranslation(["topic", "promotion", "goods", "common"]);
  const view = useLoaderData<typeof topicLoader>();
  const { phase } = view;
  return (
    <Stack gap="md" className="topic-page">
      {view.banner ? <img src={view.banner} alt="" width={1210} height={300} className="topic-banner" /> : null}
      <h1 className="ui-title" id="topic-name">
        {view.name}
      </h1>
      {phase ? (
        <Panel aria-labelledby="topic-name">
          <p className="promotion-banner">
            <span className="promotion-badge" data-kind="topic" data-testid="topic-state">
              {t(`state.${phase.state}`)}
            </span>
            <span data-testid="topic-period">{t("period", { from: view.from, to: view.to })}</span>
          </p>
          {phase.state === "ended" ? null : <Countdown seconds={phase.seconds} label={t(phase.state === "running" ? "endsIn" : "startsIn")} />}
        </Panel>
      ) : null}
      {view.goods.length === 0 ? <p>{t("noGoods")}</p> : null}
      <ul className="seckill-goods">
        {view.goods.map((item) => (
          <li key={item.id} className="seckill-goods__item">
            <Link to={`/promotion/topic-goods-${item.id}`} className="seckill-goods__link">
              {item.image ? <img src={item.image} alt="" width={160} height={160} loading="lazy" /> : null}
              <span className="seckill-goods__name">{item.name}</span>
            </Link>
            <PriceTag price={item.price} marketPrice={item.marketPrice} visible={item.price !== null} hiddenReason={item.hiddenReason} size="md" />
            <p className="ui-text-xs ui-dimmed">{t("goods:detail.stockCount", { count: item.stock, unit: unitOrDefault(item.unit, t) })}</p>
            <ButtonLink to={`/promotion/topic-goods-${item.id}`} color="red" className="seckill-goods__cta">
              {!phase || phase.state === "running" ? (item.stock > 0 ? t("cta") : t("soldOut")) : t(`state.${phase.state}`)}
              <span className="visually-hidden"> {item.name}</span>
            </ButtonLink>
          </li>
        ))}
      </ul>
      <PaginationLinks page={view.page} pageCount={view.pageCount} hrefFor={(n) => `?page=${n}`} />
    </Stack>
  );
}
