import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Badge, Group, Stack } from "~/components/ui";
import { priceShown, purchaseRights } from "~/domain/sale-control";
import { legibleTextOn } from "~/utils/color";
import type { GoodsCardView } from "~/upstream/goods-view.server";
import { PriceTag } from "./price-tag";

/** A goods tile of lists, floors and recommendations. */
export function GoodsCard({ goods, isMember }: { goods: GoodsCardView; isMember: boolean }) {
  const { t } = useTranslation("catalog");
  const rights = purchaseRights(isMember, goods.saleControl);
  return (
    <article className="goods-card" aria-label={goods.name}>
      <Link to={`/sku-${goods.skuId}`} className="goods-card__image">
        <img src={goods.image} alt={goods.name} width={200} height={200} loading="lazy" />
      </Link>
      <Stack gap="xs" className="goods-card__body">
        <PriceTag price={goods.price} marketPrice={goods.marketPrice} {...priceShown(rights)} size="md" />
        {rights.price === "visible" && goods.memberPrice ? (
          <p className="ui-text-xs goods-card__member-price">{t("card.memberPrice", { price: goods.memberPrice })}</p>
        ) : null}
        <Link to={`/sku-${goods.skuId}`} className="goods-card__name">
          {goods.name}
        </Link>
        {goods.specs || goods.factory ? <p className="ui-text-xs ui-dimmed line-clamp-1">{[goods.specs, goods.factory].filter(Boolean).join(" · ")}</p> : null}
        <Group gap="xs">
          {goods.promotion ? (
            <Badge
              color="red"
              variant="filled"
              style={goods.promotionColor ? { backgroundColor: goods.promotionColor, color: legibleTextOn(goods.promotionColor) } : undefined}
            >
              {goods.promotion}
            </Badge>
          ) : null}
          {goods.labels.map((label) => (
            <Badge
              key={label.label_name}
              color="gray"
              variant="filled"
              style={
                label.label_color ? { backgroundColor: label.label_color, color: legibleTextOn(label.label_color, label.font_color || "#ffffff") } : undefined
              }
            >
              {label.label_name}
            </Badge>
          ))}
        </Group>
        <p className={goods.stock > 0 ? "ui-text-xs ui-dimmed" : "ui-text-xs goods-card__out-of-stock"}>
          {goods.stock > 0 ? t("card.stock", { stock: goods.stock, unit: goods.unit || t("card.defaultUnit") }) : t("card.outOfStock")}
        </p>
      </Stack>
    </article>
  );
}
