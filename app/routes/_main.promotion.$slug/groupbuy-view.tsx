import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PromotionBuyForm, PromotionPricePanel } from "~/components/promotion/promotion-detail";
import { Button, Stack, TextInput } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { unitOrDefault } from "~/utils/format";
import type { groupbuyAction, groupbuyLoader } from "./groupbuy.server";

export function GroupbuyDetailView() {
  const { t } = useTranslation(["promotion", "goods", "common"]);
  const view = useLoaderData<typeof groupbuyLoader>();
  const actionData = useActionData<typeof groupbuyAction>();
  const navigation = useNavigation();
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
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <article className="seckill-detail" aria-labelledby="groupbuy-name">
      <div className="seckill-detail__top">
        {view.image ? <img src={view.image} alt="" width={360} height={360} className="seckill-detail__image" /> : null}
        <Stack gap="sm" className="seckill-detail__info">
          <p>
            <span className="promotion-badge" data-kind="groupbuy">
              {t("groupbuy.badge")}
            </span>
          </p>
          <h1 id="groupbuy-name" className="goods-detail__name">
            {view.name}
          </h1>
          {view.introduction ? <p className="goods-detail__intro">{view.introduction}</p> : null}
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
            error={error}
            blocked={blocked}
            loginHref={rights.buy === "login" ? view.loginHref : null}
            fields={
              <TextInput
                name="num"
                type="number"
                inputMode="numeric"
                label={t("goods:detail.quantity")}
                defaultValue={String(view.buyNum)}
                min={view.buyNum}
                max={view.stock >= view.buyNum ? view.stock : undefined}
                required
                disabled={Boolean(blocked)}
                className="buy-form__num"
              />
            }
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
        </Stack>
      </div>
    </article>
  );
}
