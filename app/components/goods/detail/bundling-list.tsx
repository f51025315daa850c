import { Link } from "@remix-run/react";
import { TitledSection } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { toCents } from "~/domain/pricing/money";
import type { GoodsDetailView } from "~/upstream/goods-detail.server";
import { formatMoney } from "~/utils/format";

/** The combos (bundling) this goods is part of: name, goods, combo price. */
export function BundlingList({ bundlings, priceVisible, hiddenText }: { bundlings: GoodsDetailView["bundlings"]; priceVisible: boolean; hiddenText: string }) {
  const { t } = useTranslation("goods");
  if (!bundlings.length) return null;
  return (
    <TitledSection className="goods-section" headingId="goods-bundling-title" titleClassName="goods-section__title" title={t("bundling.title")}>
      <ul className="bundling-list">
        {bundlings.map((bundling) => (
          <li key={bundling.id} className="bundling">
            <h3 className="bundling__name">{bundling.name}</h3>
            <ul className="bundling__goods">
              {bundling.goods.map((goods) => (
                <li key={goods.skuId}>
                  <Link to={`/sku-${goods.skuId}`}>
                    {goods.image ? <img src={goods.image} alt="" width={80} height={80} loading="lazy" /> : <span className="bundling__no-image" aria-hidden />}
                    <span>{goods.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <div className="bundling__price">
              <span>
                {t("bundling.price")}: <strong>{priceVisible && bundling.price !== null ? formatMoney(bundling.price) : hiddenText}</strong>
              </span>
              {priceVisible && bundling.goodsMoney !== null && toCents(bundling.goodsMoney) > 0n ? (
                <s>
                  {t("bundling.original")}: {formatMoney(bundling.goodsMoney)}
                </s>
              ) : null}
              <Link to={`/promotion/combo-${bundling.id}`}>{t("bundling.view")}</Link>
            </div>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
