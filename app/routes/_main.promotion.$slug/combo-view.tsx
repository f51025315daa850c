import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { BuyQuantityField, PromotionBuyForm, useBuyForm } from "~/components/promotion/promotion-detail";
import { Button, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { formatMoney, unitOrDefault } from "~/utils/format";
import type { comboLoader } from "./combo.server";

export function ComboDetailView() {
  const { t } = useTranslation(["promotion", "goods", "common"]);
  const view = useLoaderData<typeof comboLoader>();
  const navigation = useNavigation();
  const [form, fields] = useBuyForm("combo-buy", 1, view.constraint);
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const hidden = t("goods:price.loginVisible");
  const blocked = !view.isMember ? hidden : view.maxSets < 1 ? t("combo.outOfStock") : null;
  return (
    <article className="combo-detail" aria-labelledby="combo-name">
      <Stack gap="md">
        <p>
          <span className="promotion-badge" data-kind="bundling">
            {t("combo.title")}
          </span>
        </p>
        <h1 id="combo-name" className="ui-title">
          {view.name}
        </h1>
        <table className="ui-table combo-goods">
          <caption>{t("combo.goods")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("combo.goods")}</th>
              <th scope="col">{t("combo.price")}</th>
              <th scope="col">{t("combo.stock")}</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((item) => (
              <tr key={item.skuId}>
                <td>
                  <Link to={`/sku-${item.skuId}`} className="combo-goods__item">
                    {item.image ? <img src={item.image} alt="" width={64} height={64} loading="lazy" /> : null}
                    <span>{item.name}</span>
                  </Link>
                </td>
                <td>{item.price !== null ? formatMoney(item.price) : hidden}</td>
                <td>{`${item.stock}${unitOrDefault(item.unit, t)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Panel className="combo-detail__price">
          <dl className="goods-detail__prices">
            <div>
              <dt>{t("combo.packagePrice")}</dt>
              <dd data-testid="combo-price" className="price__amount" data-size="lg">
                {view.price !== null ? formatMoney(view.price) : hidden}
              </dd>
            </div>
            {view.original !== null ? (
              <div>
                <dt>{t("combo.original")}</dt>
                <dd>
                  <s>{formatMoney(view.original)}</s>
                </dd>
              </div>
            ) : null}
            {view.saving !== null ? (
              <div>
                <dt>{t("combo.saving")}</dt>
                <dd data-testid="combo-saving">{formatMoney(view.saving)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="ui-text-xs ui-dimmed">{view.freeShipping ? t("combo.freeShipping") : t("combo.buyerShipping")}</p>
        </Panel>
        <PromotionBuyForm
          form={form}
          blocked={blocked}
          loginHref={view.isMember ? null : view.loginHref}
          fields={
            <BuyQuantityField
              meta={fields.num}
              label={t("combo.sets")}
              available={view.maxSets}
              disabled={Boolean(blocked)}
              description={view.maxSets >= 1 ? t("combo.setsHint", { max: view.maxSets }) : undefined}
            />
          }
          submit={
            <>
              <Button type="submit" name="intent" value="buy-now" size="md" color="red" loading={busy === "buy-now"}>
                {t("combo.buyNow")}
              </Button>
              {view.cartable ? (
                <Button type="submit" name="intent" value="add-to-cart" size="md" variant="outline" color="red" loading={busy === "add-to-cart"}>
                  {t("combo.addToCart")}
                </Button>
              ) : null}
            </>
          }
        />
      </Stack>
    </article>
  );
}
