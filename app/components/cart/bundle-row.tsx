import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { Checkbox, Group } from "~/components/ui";
import { isBundlePurchasable, priceBundle } from "~/domain/cart";
import { quantityBounds } from "~/domain/quantity";
import type { BundleView } from "~/upstream/cart-view.server";
import { formatMoney } from "~/utils/format";
import { DeleteButton } from "./cart-line-row";
import { QuantityStepper } from "./quantity-stepper";

/** A bundling (combo) line: package name, its goods, package price, quantity (min 1, max stock). */
export function BundleRow({
  bundle,
  selected,
  onToggle,
  redirectTo,
}: {
  bundle: BundleView;
  selected: boolean;
  onToggle: (on: boolean) => void;
  redirectTo: string;
}) {
  const { t } = useTranslation("cart");
  const hydrated = useHydrated();
  const priced = priceBundle(bundle);
  const available = isBundlePurchasable(bundle);
  // Sale control hides a goods' price: the combo carries none, and says so where its price would be.
  const priceHidden = bundle.saleRefusal?.priceHidden === true;
  return (
    <div className={`cart-line ${available ? "" : "cart-line--invalid"}`} role="group" aria-label={bundle.name} data-testid={`cart-line-${bundle.cartId}`}>
      <div className="cart-line__select">
        {available ? (
          <Checkbox
            name="cart_id"
            value={String(bundle.cartId)}
            form="cart-selection"
            aria-label={t("select", { name: bundle.name })}
            {...(hydrated ? { checked: selected, onChange: (event) => onToggle(event.currentTarget.checked) } : { defaultChecked: selected })}
          />
        ) : (
          <span className="ui-text-xs">{bundle.saleRefusal ? t("noPermission") : t("outOfStock")}</span>
        )}
      </div>
      <div className="cart-line__info cart-line__info--wide">
        <p className="ui-strong">
          {t("bundle")} · {bundle.name}
        </p>
        <Group gap="xs" className="cart-line__badges">
          {bundle.goods.map((goods) => (
            <Link key={goods.skuId} to={`/sku-${goods.skuId}`} className="bundle-goods" title={goods.name}>
              <img src={goods.image} alt={goods.name} width={48} height={48} />
              <span>×{goods.num}</span>
            </Link>
          ))}
        </Group>
        {bundle.saleRefusal ? <p className="ui-text-xs cart-line__refusal">{bundle.saleRefusal.message || t("noPermission")}</p> : null}
      </div>
      <div className="cart-line__price">{priceHidden ? t("noPermission") : formatMoney(bundle.price)}</div>
      <div className="cart-line__quantity">
        <QuantityStepper
          cartId={bundle.cartId}
          quantity={bundle.quantity}
          bounds={quantityBounds({ minBuy: 1, stock: bundle.stock })}
          intent="set-bundle-quantity"
          label={bundle.name}
          redirectTo={redirectTo}
          disabled={!available}
        />
      </div>
      <div className="cart-line__subtotal">
        <p className="cart-line__amount" data-testid={`cart-subtotal-${bundle.cartId}`}>
          {priceHidden ? t("noPermission") : formatMoney(priced.subtotal)}
        </p>
      </div>
      <DeleteButton cartId={bundle.cartId} intent="delete-bundle" label={bundle.name} redirectTo={redirectTo} />
    </div>
  );
}
