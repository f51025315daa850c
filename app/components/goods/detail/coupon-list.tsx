import { Button } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { toCents } from "~/domain/pricing/money";
import type { GoodsDetailView } from "~/upstream/goods-detail.server";
import { formatDate, formatMoney } from "~/utils/format";

/** Receivable coupons; "receive" is a POST form (a visitor's post goes to login and back). */
export function CouponList({ coupons }: { coupons: GoodsDetailView["coupons"] }) {
  const { t } = useTranslation("goods");
  const navigation = useNavigation();
  if (!coupons.length) return null;
  const pendingId = navigation.state === "submitting" && navigation.formData?.get("intent") === "receive-coupon" ? navigation.formData.get("coupon_type_id") : null;
  return (
    <section className="goods-coupons" aria-labelledby="goods-coupons-title">
      <h2 id="goods-coupons-title" className="goods-detail__label">
        {t("coupon.title")}
      </h2>
      <ul>
        {coupons.map((coupon) => {
          const value = coupon.type === "discount" ? t("coupon.discount", { discount: Number(coupon.discount) }) : t("coupon.reward", { money: formatMoney(coupon.money, false) });
          const threshold = toCents(coupon.atLeast) > 0n ? t("coupon.atLeast", { money: formatMoney(coupon.atLeast, false) }) : t("coupon.noThreshold");
          const validity = coupon.endTime ? t("coupon.until", { date: formatDate(coupon.endTime) }) : coupon.fixedTerm ? t("coupon.fixedTerm", { days: coupon.fixedTerm }) : "";
          const unavailable = coupon.soldOut ? t("coupon.soldOut") : coupon.limitReached ? t("coupon.limitReached") : null;
          return (
            <li key={coupon.id} className="goods-coupon">
              <div className="goods-coupon__value">{value}</div>
              <div className="goods-coupon__body">
                <div className="goods-coupon__name">{coupon.name}</div>
                <div className="goods-coupon__rule">
                  {threshold}
                  {validity ? ` · ${validity}` : ""}
                </div>
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="receive-coupon" />
                <input type="hidden" name="coupon_type_id" value={coupon.id} />
                <Button
                  type="submit"
                  size="compact-sm"
                  color="red"
                  variant="light"
                  disabled={Boolean(unavailable)}
                  loading={pendingId === String(coupon.id)}
                  aria-label={`${unavailable ?? t("coupon.receive")} ${coupon.name}`}
                >
                  {unavailable ?? t("coupon.receive")}
                </Button>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
