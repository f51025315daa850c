import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { BuyQuantityField, PromotionBuyForm, PromotionDetail, PromotionPricePanel, useBuyForm } from "~/components/promotion/promotion-detail";
import { Button } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { unitOrDefault } from "~/utils/format";
import type { groupbuyLoader } from "./groupbuy.server";

export function GroupbuyDetailView() {
  const { t } = useTranslation(["promotion", "goods", "common"]);
  const view = useLoaderData<typeof groupbuyLoader>();
  const navigation = useNavigation();
  const [form, fields] = useBuyForm("groupbuy-buy", view.buyNum, view.constraint);
  const unit = unitOrDefault(view.unit, t);
  const { phase, rights } = view;
  const blocked =
    phase.state !== "running"
      ? t(`groupbuy.state.${phase.state}`)
      : view.stock < view.buyNum
        ? t("seckill.soldOut")
        : rights.buy === "login"
          ? t("goods:price.loginVisible")
          : rights.buy === "refused"
            ? rights.message || t("goods:price.noPermission")
            : null;
  return (
    <PromotionDetail
      nameId="groupbuy-name"
      image={view.image}
      badge={
        <span className="promotion-badge" data-kind="groupbuy">
          {t("groupbuy.badge")}
        </span>
      }
      name={view.name}
      introduction={view.introduction}
    >
      <PromotionPricePanel
        label={t("groupbuy.price")}
        testId="groupbuy-price"
        view={view}
        phase={phase}
        endedText={t("groupbuy.state.ended")}
        endsInLabel={t("groupbuy.endsIn")}
        startsInLabel={t("seckill.startsIn")}
      />
      <dl className="goods-detail__stock">
        <div>
          <dt>{t("groupbuy.minimumLabel")}</dt>
          <dd data-testid="groupbuy-minimum">{t("groupbuy.minimum", { count: view.buyNum, unit })}</dd>
        </div>
        <div>
          <dt>{t("groupbuy.stock")}</dt>
          <dd>{t("goods:detail.stockCount", { count: view.stock, unit })}</dd>
        </div>
        <div>
          <dt>{t("groupbuy.soldLabel")}</dt>
          <dd>{t("groupbuy.sold", { count: view.sold })}</dd>
        </div>
      </dl>
      {view.rule ? <p className="ui-text-xs">{view.rule}</p> : null}
      <PromotionBuyForm
        form={form}
        blocked={blocked}
        loginHref={rights.buy === "login" ? view.loginHref : null}
        fields={<BuyQuantityField meta={fields.num} label={t("goods:detail.quantity")} min={view.buyNum} available={view.stock} disabled={Boolean(blocked)} />}
        submit={
          <Button type="submit" name="intent" value="buy" size="md" color="red" loading={navigation.state === "submitting"}>
            {t("groupbuy.buyNow")}
          </Button>
        }
        links={
          <Link className="ui-anchor" to={`/sku-${view.skuId}`}>
            {t("seckill.goodsPage")}
          </Link>
        }
      />
    </PromotionDetail>
  );
}
