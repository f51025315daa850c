import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import type { LineView } from "~/upstream/order-view.server";
import { formatMoney } from "~/utils/format";
import { errorText } from "~/utils/error-text";

/** The goods lines of an order: image, name, spec, price, quantity, and the line's after-sales state or link. */
export function OrderLines({ lines, withRefund }: { lines: LineView[]; withRefund: boolean }) {
  const { t } = useTranslation("orders");
  return (
    <table className="order-lines">
      <thead>
        <tr>
          <th scope="col">{t("lines.goods")}</th>
          <th scope="col">{t("lines.price")}</th>
          <th scope="col">{t("lines.num")}</th>
          <th scope="col">{t("lines.subtotal")}</th>
          {withRefund ? <th scope="col">{t("lines.afterSales")}</th> : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} data-testid={`order-line-${line.id}`}>
            <td>
              <div className="order-lines__item">
                {line.image ? <img src={line.image} alt="" width={60} height={60} loading="lazy" /> : null}
                <div>
                  {line.skuId > 0 ? (
                    <Link className="ui-anchor" to={`/sku-${line.skuId}`}>
                      {line.name}
                    </Link>
                  ) : (
                    <span>{line.name}</span>
                  )}
                  {line.spec ? <p className="ui-dimmed ui-text-sm">{line.spec}</p> : null}
                  {line.refundStatus && !withRefund ? <Badge color="orange">{errorText(t, line.refundStatus)}</Badge> : null}
                </div>
              </div>
            </td>
            <td>{formatMoney(line.price)}</td>
            <td>×{line.num}</td>
            <td>{formatMoney(line.subtotal)}</td>
            {withRefund ? (
              <td>
                {line.refund?.kind === "apply" ? (
                  <Link className="ui-anchor" to={line.refund.href} aria-label={t("lines.applyRefundLabel", { name: line.name })}>
                    {t("lines.applyRefund")}
                  </Link>
                ) : line.refund?.kind === "detail" ? (
                  <Link className="ui-anchor" to={line.refund.href}>
                    {line.refund.label || t("lines.refundDetail")}
                  </Link>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
