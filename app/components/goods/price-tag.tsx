import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { toCents } from "~/domain/pricing/money";
import { formatMoney } from "~/utils/format";

/**
 * A goods price as the roles of spec §6 see it: visitors see "login visible" instead of a price;
 * a sale-control rule with view_price 0 hides it too; members see ¥ with 2 decimals. A hidden
 * price does not even reach the browser (the views carry `null`), so `price` may be null.
 */
export function PriceTag({
  price,
  marketPrice,
  visible,
  hiddenReason,
  size = "lg",
}: {
  price: string | null;
  marketPrice?: string | null;
  visible: boolean;
  hiddenReason: "login" | "sale-control";
  size?: "sm" | "md" | "lg" | "xl";
}) {
  const { t } = useTranslation("goods");
  if (!visible || price === null) {
    return (
      <Text component="span" c="red.8" fw={700} size={size} className="price price--hidden">
        {hiddenReason === "login" ? t("price.loginVisible") : t("price.noPermission")}
      </Text>
    );
  }
  return (
    <span className="price">
      <Text component="span" c="red.8" fw={700} size={size}>
        {formatMoney(price)}
      </Text>
      {marketPrice && marketPrice !== price && toCents(marketPrice) > 0n ? (
        <Text component="s" c="dimmed" size="sm" ml={6}>
          {formatMoney(marketPrice)}
        </Text>
      ) : null}
    </span>
  );
}
