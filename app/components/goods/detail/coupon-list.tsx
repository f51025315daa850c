import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Button } from "~/components/ui";
import { toCents } from "~/domain/pricing/money";
import type { GoodsDetailView } from "~/upstream/goods-detail.server";
import { formatDate, formatMoney } from "~/utils/format";
import { FetcherFlag } from "./fetcher-flag";

type Coupon = GoodsDetailView["coupons"][number];

/** Receivable coupons; "receive" is a POST form (a visitor's post goes to login and back). */
export function CouponList({ coupons }: { coupons: GoodsDetailView["coupons"] }) {
  const { t } = useTranslation("goods");
  if (!coupons.length) return null;
  return (
    <section className="goods-coupons" aria-labelledby="goods-coupons-title">
      <h2 id="goods-coupons-title" className="goods-detail__label">
        {t("coupon.title")}
      </h2>
      <ul>
        {coupons.map((coupon) => (
          <CouponItem key={coupon.id} coupon={coupon} />
        ))}
      </ul>
    </section>
  );
}

/**
 * One coupon. With JS its form is a fetcher and the result of receiving is shown at once when it
 * is predictable (the last one the member may take, or the last one in stock, becomes
 * unavailable); the revalidated page then has the upstream's word. Without JS: post/redirect/get.
 */
function CouponItem({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation("goods");
  const fetcher = useFetcher<{ ok: boolean }>();
  const receiving = fetcher.formData !== undefined;
  const limitReached = coupon.limitReached || (receiving && coupon.memberLeft === 1);
  const soldOut = coupon.soldOut || (receiving && coupon.stockLeft === 1);
  const value =
    coupon.type === "discount" ? t("coupon.discount", { discount: Number(coupon.discount) }) : t("coupon.reward", { money: formatMoney(coupon.money, false) });
  const threshold = toCents(coupon.atLeast) > 0n ? t("coupon.atLeast", { money: formatMoney(coupon.atLeast, false) }) : t("coupon.noThreshold");
  const validity = coupon.endTime
    ? t("coupon.until", { date: formatDate(coupon.endTime) })
    : coupon.fixedTerm
      ? t("coupon.fixedTerm", { days: coupon.fixedTerm })
      : "";
  const unavailable = soldOut ? t("coupon.soldOut") : limitReached ? t("coupon.limitReached") : null;
  return (
    <li className="goods-coupon">
      <div className="goods-coupon__value">{value}</div>
      <div className="goods-coupon__body">
        <div className="goods-coupon__name">{coupon.name}</div>
        <div className="goods-coupon__rule">
          {threshold}
          {validity ? ` · ${validity}` : ""}
        </div>
      </div>
      <fetcher.Form method="post" preventScrollReset>
        <FetcherFlag />
        <input type="hidden" name="intent" value="receive-coupon" />
        <input type="hidden" name="coupon_type_id" value={coupon.id} />
        <Button
          type="submit"
          size="xs"
          color="red"
          variant="light"
          disabled={Boolean(unavailable)}
          loading={receiving && !unavailable}
          aria-label={`${unavailable ?? t("coupon.receive")} ${coupon.name}`}
        >
          {unavailable ?? t("coupon.receive")}
        </Button>
      </fetcher.Form>
    </li>
  );
}
