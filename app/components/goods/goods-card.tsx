import { Badge, Group, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { purchaseRights } from "~/domain/sale-control";
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
      <Stack gap={4} p="xs">
        <PriceTag
          price={goods.price}
          marketPrice={goods.marketPrice}
          visible={rights.price === "visible"}
          hiddenReason={rights.price === "visible" ? "login" : rights.reason}
          size="md"
        />
        {rights.price === "visible" && goods.memberPrice ? (
          <Text size="xs" c="orange.9">
            {t("card.memberPrice", { price: goods.memberPrice })}
          </Text>
        ) : null}
        <Link to={`/sku-${goods.skuId}`} className="goods-card__name">
          {goods.name}
        </Link>
        {goods.specs || goods.factory ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {[goods.specs, goods.factory].filter(Boolean).join(" · ")}
          </Text>
        ) : null}
        <Group gap={4}>
          {goods.promotion ? (
            <Badge size="xs" color="red" variant="filled" style={goods.promotionColor ? { backgroundColor: goods.promotionColor } : undefined}>
              {goods.promotion}
            </Badge>
          ) : null}
          {goods.labels.map((label) => (
            <Badge
              key={label.label_name}
              size="xs"
              variant="filled"
              style={{ backgroundColor: label.label_color || undefined, color: label.font_color || undefined }}
            >
              {label.label_name}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c={goods.stock > 0 ? "dimmed" : "red.8"}>
          {goods.stock > 0 ? t("card.stock", { stock: goods.stock, unit: goods.unit || t("card.defaultUnit") }) : t("card.outOfStock")}
        </Text>
      </Stack>
    </article>
  );
}
