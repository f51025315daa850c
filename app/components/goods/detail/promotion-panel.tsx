import { Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
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
  return (
    <span className="promotion-badge" data-kind={promotion.kind} style={{ backgroundColor: promotion.color || BADGE_COLORS[promotion.kind] }}>
      {promotion.name || t(`promotion.kind.${promotion.kind}`)}
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
    <Table className="wholesale-tiers" withTableBorder withColumnBorders striped={false} captionSide="top">
      <Table.Caption>{t("promotion.tiers")}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t("promotion.tierQuantity")}</Table.Th>
          <Table.Th scope="col">{t("promotion.tierPrice")}</Table.Th>
          <Table.Th scope="col">{t("promotion.tierLimit")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tiers.map((tier) => (
          <Table.Tr key={tier.num}>
            <Table.Td>{t("promotion.tierFrom", { count: tier.num, unit: shownUnit })}</Table.Td>
            <Table.Td className="wholesale-tiers__price">{priceVisible && tier.price !== null ? formatMoney(tier.price) : t("price.loginVisible")}</Table.Td>
            <Table.Td>{tier.limit_num > 0 ? `${tier.limit_num}${shownUnit}` : t("promotion.tierNoLimit")}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Get-free (exchange purchase) offers: goods, exchange price, quantity. */
export function GetFreeOffers({ offers, priceVisible, hiddenText }: { offers: GoodsDetailView["getFree"]; priceVisible: boolean; hiddenText: string }) {
  const { t } = useTranslation(["goods", "common"]);
  return (
    <Table className="getfree-offers" withTableBorder captionSide="top">
      <Table.Caption>{t("promotion.getFree")}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t("promotion.getFreeGoods")}</Table.Th>
          <Table.Th scope="col">{t("promotion.getFreePrice")}</Table.Th>
          <Table.Th scope="col">{t("promotion.getFreeNum")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {offers.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={3}>{t("promotion.getFreeEmpty")}</Table.Td>
          </Table.Tr>
        ) : (
          offers.map((offer, index) => (
            <Table.Tr key={`${offer.goodsId}-${index}`}>
              <Table.Td>{offer.name}</Table.Td>
              <Table.Td>{priceVisible && offer.price !== null ? formatMoney(offer.price) : hiddenText}</Table.Td>
              <Table.Td>
                {offer.count}
                {unitOrDefault(offer.unit, t)}
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
