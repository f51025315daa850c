import { useTranslation } from "~/i18n/translation";
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
      <span className="price price--hidden" data-size={size}>
        {hiddenReason === "login" ? t("price.loginVisible") : t("price.noPermission")}
      </span>
    );
  }
  return (
    <span className="price">
      <span className="price__amount" data-size={size}>
        {formatMoney(price)}
      </span>
      {marketPrice && marketPrice !== price && toCents(marketPrice) > 0n ? <s className="price__market">{formatMoney(marketPrice)}</s> : null}
    </span>
  );
}
