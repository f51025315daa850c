import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { BuyQuantityField, PromotionBuyForm, PromotionDetail, PromotionPricePanel, useBuyForm } from "~/components/promotion/promotion-detail";
import { Button } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { unitOrDefault } from "~/utils/format";
import type { topicGoodsLoader } from "./topic.server";

export function TopicGoodsView() {
  const { t } = useTranslation(["topic", "promotion", "goods", "common"]);
  const view = useLoaderData<typeof topicGoodsLoader>();
  const navigation = useNavigation();
  const [form, fields] = useBuyForm("topic-goods-buy", 1, view.constraint);
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
  return (
    <PromotionDetail
      nameId="topic-goods-name"
      image={view.image}
      badge={
        <>
          <span className="promotion-badge" data-kind="topic">
            {t("badge")}
          </span>{" "}
          <Link className="ui-anchor" to={`/promotion/topic-${view.topicId}`}>
            {view.topicName}
          </Link>
        </>
      }
      name={view.name}
      introduction={view.introduction}
    >
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
        form={form}
        blocked={blocked}
        loginHref={block === "login" ? view.loginHref : null}
        fields={<BuyQuantityField meta={fields.num} label={t("goods:detail.quantity")} available={view.buyable} disabled={Boolean(blocked)} />}
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
    </PromotionDetail>
  );
}
