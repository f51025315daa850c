import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { legibleTextOn } from "~/utils/color";
import type { GoodsDetailView } from "~/upstream/goods-detail.server";
import { formatMoney, unitOrDefault } from "~/utils/format";

const BADGE_COLORS: Record<string, string> = {
  getfree: "#8E44AD",
  seckill: "#E4393C",
  discount: "#FF6A00",
  wholesale: "#1E88E5",
  bundling: "#00A870",
};

/** The badge of the promotion chosen by spec §4's precedence (nothing for the default). */
export function PromotionBadge({ promotion }: { promotion: GoodsDetailView["promotion"] }) {
  const { t } = useTranslation("goods");
  if (promotion.kind === "default") return null;
  const badge = promotion.color || BADGE_COLORS[promotion.kind];
  const style = { backgroundColor: badge, color: legibleTextOn(badge) };
  const text = promotion.name || t(`promotion.kind.${promotion.kind}`);
  // A badge links to its promotion's page (seckill, combo…) or to /activity (discount, wholesale, get-free).
  return promotion.href ? (
    <Link to={promotion.href} className="promotion-badge" data-kind={promotion.kind} style={style}>
      {text}
    </Link>
  ) : (
    <span className="promotion-badge" data-kind={promotion.kind} style={style}>
      {text}
    </span>
  );
}

/** Seckill/discount rules (spec §5): minimum, limit, multiples. */
export function PromotionLimits({ limits, unit }: { limits: NonNullable<GoodsDetailView["limits"]>; unit: string }) {
  const { t } = useTranslation(["goods", "common"]);
  const shownUnit = unitOrDefault(unit, t);
  const lines = [
    limits.goodsMin > 1 ? t("promotion.goodsMin", { count: limits.goodsMin, unit: shownUnit }) : "",
    limits.goodsLimit > 0 ? t("promotion.goodsLimit", { count: limits.goodsLimit, unit: shownUnit }) : "",
    limits.numMultiple > 1 ? t("promotion.numMultiple", { count: limits.numMultiple }) : "",
  ].filter(Boolean);
  if (!lines.length) return null;
  return (
    <ul className="promotion-limits">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** The wholesale tiers of `price_json` (spec §5: the highest tier not above the quantity applies). */
export function WholesaleTiers({ tiers, unit, priceVisible }: { tiers: GoodsDetailView["tiers"]; unit: string; priceVisible: boolean }) {
  const { t } = useTranslation(["goods", "common"]);
  if (!tiers.length) return null;
  const shownUnit = unitOrDefault(unit, t, true);
  return (
    <table className="ui-table wholesale-tiers">
      <caption>{t("promotion.tiers")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("promotion.tierQuantity")}</th>
          <th scope="col">{t("promotion.tierPrice")}</th>
          <th scope="col">{t("promotion.tierLimit")}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.num}>
            <td>{t("promotion.tierFrom", { count: tier.num, unit: shownUnit })}</td>
            <td className="wholesale-tiers__price">{priceVisible && tier.price !== null ? formatMoney(tier.price) : t("price.loginVisible")}</td>
            <td>{tier.limit_num > 0 ? `${tier.limit_num}${shownUnit}` : t("promotion.tierNoLimit")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Get-free (exchange purchase) offers: goods, exchange price, quantity. */
export function GetFreeOffers({ offers, priceVisible, hiddenText }: { offers: GoodsDetailView["getFree"]; priceVisible: boolean; hiddenText: string }) {
  const { t } = useTranslation(["goods", "common"]);
  return (
    <table className="ui-table getfree-offers">
      <caption>{t("promotion.getFree")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("promotion.getFreeGoods")}</th>
          <th scope="col">{t("promotion.getFreePrice")}</th>
          <th scope="col">{t("promotion.getFreeNum")}</th>
        </tr>
      </thead>
      <tbody>
        {offers.length === 0 ? (
          <tr>
            <td colSpan={3}>{t("promotion.getFreeEmpty")}</td>
          </tr>
        ) : (
          offers.map((offer, index) => (
            <tr key={`${offer.goodsId}-${index}`}>
              <td>{offer.name}</td>
              <td>{priceVisible && offer.price !== null ? formatMoney(offer.price) : hiddenText}</td>
              <td>
                {offer.count}
                {unitOrDefault(offer.unit, t)}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
