import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { BuyQuantityField, PromotionBuyForm, PromotionDetail, PromotionPricePanel, useBuyForm } from "~/components/promotion/promotion-detail";
import { Button, Group } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { formatMoney, unitOrDefault } from "~/utils/format";
import type { seckillLoader } from "./seckill.server";

export function SeckillDetailView() {
  const { t } = useTranslation(["promotion", "goods", "common"]);
  const view = useLoaderData<typeof seckillLoader>();
  const navigation = useNavigation();
  const [form, fields] = useBuyForm("seckill-buy", view.min, view.constraint);
  const unit = unitOrDefault(view.unit, t);
  const { phase, rights } = view;
  const blocked =
    phase.state !== "running"
      ? t(`seckill.cta.${phase.state}`)
      : view.stock <= 0
        ? t("seckill.soldOut")
        : rights.buy === "login"
          ? t("goods:price.loginVisible")
          : rights.buy === "refused"
            ? rights.message || t("goods:price.noPermission")
            : view.canBuy < view.min
              ? t("seckill.limitReached")
              : null;
  return (
    <PromotionDetail
      nameId="seckill-name"
      image={view.image}
      badge={
        <>
          <span className="promotion-badge" data-kind="seckill">
            {t("seckill.badge")}
          </span>{" "}
          {view.seckillName}
        </>
      }
      name={view.name}
      introduction={view.introduction}
    >
      <PromotionPricePanel
        className="seckill-detail__price"
        label={t("seckill.price")}
        testId="seckill-price"
        view={view}
        phase={phase}
        endedText={t("seckill.phaseEnded")}
        endsInLabel={t("seckill.endsIn")}
        startsInLabel={t("seckill.startsIn")}
      />
      <dl className="goods-detail__stock">
        <div>
          <dt>{t("seckill.slotsLabel")}</dt>
          <dd>{view.slots.join("、")}</dd>
        </div>
        <div>
          <dt>{t("seckill.stock")}</dt>
          <dd>{t("goods:detail.stockCount", { count: view.stock, unit })}</dd>
        </div>
        {view.maxBuy > 0 ? (
          <div>
            <dt>{t("seckill.limit")}</dt>
            <dd data-testid="seckill-limit">
              {view.purchased === null
                ? t("seckill.limitText", { count: view.maxBuy, unit })
                : t("seckill.limitBought", { count: view.maxBuy, unit, bought: view.purchased })}
            </dd>
          </div>
        ) : null}
        {view.min > 1 ? (
          <div>
            <dt>{t("goods:detail.minBuy")}</dt>
            <dd>{`${view.min}${unit}`}</dd>
          </div>
        ) : null}
        {view.step > 1 ? (
          <div>
            <dt>{t("seckill.multiple")}</dt>
            <dd>{view.step}</dd>
          </div>
        ) : null}
      </dl>
      {view.specs.map((group) => (
        <div key={group.name} className="spec-picker__group">
          <p className="ui-strong">{group.name}</p>
          <Group gap="xs">
            {group.values.map((value) => (
              <Link
                key={value.skuId}
                to={`?sku_id=${value.skuId}`}
                className="spec-picker__value"
                aria-current={value.selected ? "true" : undefined}
                preventScrollReset
              >
                {value.name}
              </Link>
            ))}
          </Group>
        </div>
      ))}
      <PromotionBuyForm
        form={form}
        blocked={blocked}
        loginHref={rights.buy === "login" ? view.loginHref : null}
        fields={
          <Group gap="sm">
            <input type="hidden" name="sku_id" value={view.skuId} />
            <BuyQuantityField
              meta={fields.num}
              label={t("goods:detail.quantity")}
              min={view.min}
              step={view.step}
              available={view.canBuy}
              disabled={Boolean(blocked)}
            />
          </Group>
        }
        submit={
          <Button type="submit" name="intent" value="buy" size="md" color="red" loading={navigation.state === "submitting"}>
            {t("seckill.buyNow")}
          </Button>
        }
        links={
          <Link className="ui-anchor" to={`/sku-${view.skuId}`}>
            {t("seckill.goodsPage")}
          </Link>
        }
        footer={view.price !== null ? <p className="ui-text-xs ui-dimmed">{t("seckill.unitPrice", { price: formatMoney(view.price), unit })}</p> : null}
      />
    </PromotionDetail>
  );
}
