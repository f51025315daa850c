import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PromotionBuyForm, PromotionPricePanel } from "~/components/promotion/promotion-detail";
import { Button, Stack, TextInput } from "~/components/ui";
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
          <PromotionPricePanel
            label={t("price")}
            testId="topic-price"
            view={view}
            phase={phase}
            endedText={t("state.ended")}
            endsInLabel={t("endsIn")}
            startsInLabel={t("startsIn")}
          />
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
          <PromotionBuyForm
            error={error}
            blocked={blocked}
            loginHref={block === "login" ? view.loginHref : null}
            fields={
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
            }
            submit={
              <Button type="submit" name="intent" value="buy" size="md" color="red" loading={navigation.state === "submitting"}>
                {t("buyNow")}
              </Button>
            }
            links={
              <Link className="ui-anchor" to={`/sku-${view.skuId}`}>
                {t("promotion:seckill.goodsPage")}
              </Link>
            }
          />
        </Stack>
      </div>
    </article>
  );
}
