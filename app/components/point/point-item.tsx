import { useTranslation } from "~/i18n/translation";
import { centsToYuan, toCents } from "~/domain/pricing/money";
import { formatMoney } from "~/utils/format";

/** The picture of an exchange item: the goods' image, or a coupon face (value and threshold). */
export function PointImage({
  kind,
  image,
  money,
  atLeast,
  size = 160,
}: {
  kind: "goods" | "coupon";
  image: string;
  money: string | null;
  atLeast: string | null;
  size?: number;
}) {
  const { t } = useTranslation("point");
  if (kind === "coupon") {
    return (
      <span className="point-coupon" aria-hidden="true">
        <span className="point-coupon__value">{money ? formatMoney(money) : ""}</span>
        <span>{atLeast && toCents(atLeast) > 0n ? t("coupon.threshold", { money: formatMoney(atLeast) }) : t("coupon.noThreshold")}</span>
      </span>
    );
  }
  return image ? <img src={image} alt="" width={size} height={size} loading="lazy" /> : null;
}

/**
 * What an exchange costs: the points, and the cash part when there is one. `cash` is null for a
 * visitor (a price: "login visible").
 */
export function PointCost({ point, cash, hasCash, count = 1 }: { point: number; cash: string | null; hasCash: boolean; count?: number }) {
  const { t } = useTranslation(["point", "goods"]);
  return (
    <p className="point-cost" data-testid="point-cost">
      {t("points", { count: point * count })}
      {hasCash ? (
        <span className="point-cost__cash">
          {" + "}
          {cash === null ? t("goods:price.loginVisible") : formatMoney(centsToYuan(Number(toCents(cash)) * count))}
        </span>
      ) : null}
    </p>
  );
}
