import { useTranslation } from "~/i18n/translation";
import { formatMoney } from "~/utils/format";

export type Totals = {
  goods: string;
  delivery: string;
  promotion: string;
  coupon: string;
  /** Points deduction; the row is left out when the points-cash addon is off. */
  point?: string;
  balance: string;
  invoice: string;
  payable: string;
  count: number;
};

/** The upstream's calculate totals (never computed here). */
export function OrderTotals({ totals }: { totals: Totals }) {
  const { t } = useTranslation("checkout");
  const rows: Array<[string, string, string]> = [
    ["goods", t("totals.goods", { count: totals.count }), formatMoney(totals.goods)],
    ["delivery", t("totals.delivery"), `+${formatMoney(totals.delivery)}`],
    ["promotion", t("totals.promotion"), `-${formatMoney(totals.promotion)}`],
    ["coupon", t("totals.coupon"), `-${formatMoney(totals.coupon)}`],
    ...(totals.point !== undefined ? [["point", t("totals.point"), `-${formatMoney(totals.point)}`] as [string, string, string]] : []),
    ["invoice", t("totals.invoice"), `+${formatMoney(totals.invoice)}`],
    ["balance", t("totals.balance"), `-${formatMoney(totals.balance)}`],
  ];
  return (
    // The status role sits on a wrapper: on the <dl> itself it would hide the term/definition pairs.
    <div role="status" aria-live="polite">
      <dl className="checkout-totals">
        {rows.map(([key, label, value]) => (
          <div key={key} className="checkout-totals__row">
            <dt>{label}</dt>
            <dd data-testid={`total-${key}`}>{value}</dd>
          </div>
        ))}
        <div className="checkout-totals__row checkout-totals__payable">
          <dt>{t("totals.payable")}</dt>
          <dd data-testid="total-payable">{formatMoney(totals.payable)}</dd>
        </div>
      </dl>
    </div>
  );
}
