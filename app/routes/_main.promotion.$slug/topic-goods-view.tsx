import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { errorText } from "~/components/form";
import { PriceTag } from "~/components/goods/price-tag";
import { Countdown } from "~/components/promotion/countdown";
import { Alert, Button, ButtonLink, Group, Panel, Stack, TextInput } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { unitOrDefault } from "~/utils/format";
import type { topicGoodsAction, topicGoodsLoader } from "./topic.server";

export function TopicGoodsView() {
  const { t } = useTranslation(["topic", "promotion", "goods", "common"]);
  const view = useLoaderData<typeof topicGoodsLoader>();
  const actionData = useActionData<typeof topicGoodsAction>();
  const navigation = useNavigation();
  const unit = unitOrDefault(view.unit, t);
  const { phase, block } = view;
  const blocked =
    block === null
      ? null
      : block === "login"
        ? t("goods:price.loginVisible")
        : block === "refused"
          ? view.refusedMessage || t("goods:price.noPermission")
          : t(`block.${block}`);
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <article className="seckill-detail" aria-labelledby="topic-goods-name">
      <div className="seckill-detail__top">
        {view.image ? <img src={view.image} alt="" width={360} height={360} className="seckill-detail__image" /> : null}
        <Stack gap="sm" className="seckill-detail__info">
          <p>
            <span className="promotion-badge" data-kind="topic">
              {t("badge")}
            </span>{" "}
            <Link className="ui-anchor" to={`/promotion/topic-${view.topicId}`}>
              {view.topicName}
            </Link>
          </p>
          <h1 id="topic-goods-name" className="goods-detail__name">
            {view.name}
          </h1>
          {view.introduction ? <p className="goods-detail__intro">{view.introduction}</p> : null}
          <Panel>
            <dl className="goods-detail__prices">
              <div>
                <dt>{t("price")}</dt>
                <dd data-testid="topic-price">
                  <PriceTag price={view.price} marketPrice={view.marketPrice} visible={view.price !== null} hiddenReason={view.hiddenReason} size="xl" />
                </dd>
              </div>
            </dl>
            {phase.state === "ended" ? (
              <p className="seckill-countdown" data-testid="seckill-countdown">
                {t("state.ended")}
              </p>
            ) : (
              <Countdown seconds={phase.seconds} label={t(phase.state === "running" ? "endsIn" : "startsIn")} />
            )}
          </Panel>
          <dl className="goods-detail__stock">
            <div>
              <dt>{t("stock")}</dt>
              <dd data-testid="topic-stock">{t("goods:detail.stockCount", { count: view.stock, unit })}</dd>
            </div>
            {view.maxBuy > 0 ? (
              <div>
                <dt>{t("limit")}</dt>
                <dd data-testid="topic-limit">{t("limitBought", { count: view.maxBuy, bought: view.purchased, unit })}</dd>
              </div>
            ) : null}
          </dl>
          <Form method="post" className="buy-form" preventScrollReset>
            {error ? (
              <Alert color="red" role="alert">
                {errorText(t, error)}
              </Alert>
            ) : null}
            <TextInput
              name="num"
              type="number"
              inputMode="numeric"
              label={t("goods:detail.quantity")}
              defaultValue="1"
              min={1}
              max={view.buyable > 0 ? view.buyable : undefined}
              required
              disabled={Boolean(blocked)}
              className="buy-form__num"
            />
            <Group gap="sm" className="buy-form__actions">
              {blocked ? (
                <Button type="button" size="md" color="red" disabled>
                  {blocked}
                </Button>
              ) : (
                <Button type="submit" name="intent" value="buy" size="md" color="red" loading={navigation.state === "submitting"}>
                  {t("buyNow")}
                </Button>
              )}
              {block === "login" ? (
                <ButtonLink to={view.loginHref} variant="outline">
                  {t("login")}
                </ButtonLink>
              ) : null}
              <Link className="ui-anchor" to={`/sku-${view.skuId}`}>
                {t("promotion:seckill.goodsPage")}
              </Link>
            </Group>
          </Form>
        </Stack>
      </div>
    </article>
  );
}
