import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { formatMoney } from "~/utils/format";

export type OrderLine = { skuId: number; name: string; image: string; spec: string; price: string; num: number; subtotal: string; promotion: string };

/** The lines of an order being created, as the upstream priced them. */
export function OrderGoodsList({ lines }: { lines: OrderLine[] }) {
  const { t } = useTranslation("checkout");
  return (
    <table className="checkout-goods">
      <thead>
        <tr>
          <th scope="col">{t("goods.name")}</th>
          <th scope="col">{t("goods.price")}</th>
          <th scope="col">{t("goods.num")}</th>
          <th scope="col">{t("goods.subtotal")}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.skuId} data-testid={`order-line-${line.skuId}`}>
            <td>
              <div className="checkout-goods__item">
                {line.image ? <img src={line.image} alt="" width={60} height={60} /> : null}
                <div>
                  <Link className="ui-anchor" to={`/sku-${line.skuId}`}>
                    {line.name}
                  </Link>
                  {line.spec ? <p className="ui-dimmed">{line.spec}</p> : null}
                  {line.promotion ? <Badge color="red">{t(`goods.promotion.${line.promotion}`, { defaultValue: line.promotion })}</Badge> : null}
                </div>
              </div>
            </td>
            <td>{formatMoney(line.price)}</td>
            <td>{line.num}</td>
            <td>{formatMoney(line.subtotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
