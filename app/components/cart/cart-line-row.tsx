import { MissingQualificationNotice } from "~/components/qualification/missing-qualification";
import { Link, useFetcher, useFetchers } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { NoJsRedirect } from "~/components/no-js-redirect";
import { Badge, Checkbox, Group } from "~/components/ui";
import { lineQuantityLimits, priceCartLine } from "~/domain/cart";
import { quantityBounds } from "~/domain/quantity";
import type { CartHint } from "~/domain/pricing";
import type { CartLineView } from "~/upstream/cart-view.server";
import { formatMoney } from "~/utils/format";
import { QuantityStepper } from "./quantity-stepper";

/** One cart line: selection, goods, unit price, quantity, subtotal with hints, delete. */
export function CartLineRow({
  line,
  selected,
  onToggle,
  redirectTo,
}: {
  line: CartLineView;
  selected: boolean;
  onToggle: (on: boolean) => void;
  redirectTo: string;
}) {
  const { t } = useTranslation("cart");
  const hydrated = useHydrated();
  const priced = priceCartLine(line);
  const bounds = quantityBounds(lineQuantityLimits(line));
  // Totals depend on promotions, so they dim while any cart edit runs (busy, not optimistic).
  const busy = useFetchers().some((fetcher) => fetcher.state !== "idle" && fetcher.formAction === "/cart");
  const blocked = line.saleRefusal !== null;
  // Sale control hides the price: the line carries none, and says so where a price would be.
  const priceHidden = line.saleRefusal?.priceHidden === true;

  return (
    <div className={`cart-line ${line.purchasable ? "" : "cart-line--invalid"}`} data-testid={`cart-line-${line.cartId}`} aria-label={line.name} role="group">
      <div className="cart-line__select">
        {line.purchasable ? (
          <Checkbox
            name="cart_id"
            value={String(line.cartId)}
            form="cart-selection"
            aria-label={t("select", { name: line.name })}
            {...(hydrated ? { checked: selected, onChange: (event) => onToggle(event.currentTarget.checked) } : { defaultChecked: selected })}
          />
        ) : (
          <Badge color="gray">{blocked ? t("noPermission") : line.onShelf ? t("outOfStock") : t("offShelf")}</Badge>
        )}
      </div>
      {/* The same link as the name beside it: kept out of the tab order and the accessibility tree. */}
      <Link to={`/sku-${line.skuId}`} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        <img src={line.image} alt="" width={80} height={80} />
      </Link>
      <div className="cart-line__info">
        <Link to={`/sku-${line.skuId}`}>{line.name}</Link>
        <Group gap="xs" className="cart-line__badges">
          {line.promotionLabel ? <Badge color="red">{t(`label.${line.promotionLabel}`, { defaultValue: line.promotionLabel })}</Badge> : null}
          {line.memberDiscount && line.memberPrice ? (
            <Badge color="orange" variant="light">
              {t("memberPrice", { price: formatMoney(line.memberPrice) })}
            </Badge>
          ) : null}
        </Group>
        {blocked && line.saleControl?.qualification ? (
          <MissingQualificationNotice qualification={line.saleControl.qualification} className="ui-text-xs cart-line__refusal" />
        ) : blocked ? (
          <p className="ui-text-xs cart-line__refusal">{line.saleRefusal?.message || t("noPermission")}</p>
        ) : null}
        {line.promotionLabel === "wholesale" && line.promotionInfo?.price_json?.length ? (
          <TierTable tiers={line.promotionInfo.price_json} unit={line.unit} />
        ) : null}
        {line.getFree ? <GetFreeTable entries={line.getFree} /> : null}
      </div>
      <div className="cart-line__price">{priceHidden ? t("noPermission") : formatMoney(priced.unitPrice)}</div>
      <div className="cart-line__quantity">
        <QuantityStepper
          cartId={line.cartId}
          quantity={line.quantity}
          bounds={bounds}
          intent="set-quantity"
          label={line.name}
          redirectTo={redirectTo}
          disabled={!line.purchasable}
        />
        <p className="ui-text-xs ui-dimmed">{t("stock", { stock: line.stock, unit: line.unit || t("defaultUnit") })}</p>
      </div>
      <div className={`cart-line__subtotal ${busy ? "is-busy" : ""}`}>
        <p className="cart-line__amount" data-testid={`cart-subtotal-${line.cartId}`}>
          {priceHidden ? t("noPermission") : formatMoney(priced.subtotal)}
        </p>
        {(priceHidden ? [] : priced.hints).map((hint) => (
          <p key={hint.key} className="ui-text-xs cart-hint">
            {hintText(t, hint)}
          </p>
        ))}
      </div>
      <DeleteButton cartId={line.cartId} intent="delete" label={line.name} redirectTo={redirectTo} />
    </div>
  );
}

export function hintText(t: (key: string, options?: Record<string, unknown>) => string, hint: CartHint): string {
  switch (hint.key) {
    case "belowMinimum":
      return t("hint.belowMinimum", { min: hint.min });
    case "overLimit":
      return t("hint.overLimit", { limit: hint.limit });
    case "upToLimit":
      return t("hint.upToLimit", { remaining: hint.remaining });
    case "onlyMultiples":
      return t("hint.onlyMultiples", { multiple: hint.multiple });
    case "belowFirstTier":
      return t("hint.belowFirstTier", { num: hint.num });
  }
}

export function DeleteButton({ cartId, intent, label, redirectTo }: { cartId: number; intent: "delete" | "delete-bundle"; label: string; redirectTo: string }) {
  const { t } = useTranslation("cart");
  const fetcher = useFetcher({ key: `cart-delete-${cartId}` });
  return (
    <fetcher.Form method="post" action="/cart" className="cart-line__delete">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="cart_id" value={cartId} />
      <NoJsRedirect to={redirectTo} />
      <button type="submit" className="link-button" aria-label={t("deleteLine", { name: label })} disabled={fetcher.state !== "idle"}>
        {t("delete")}
      </button>
    </fetcher.Form>
  );
}

function TierTable({ tiers, unit }: { tiers: Array<{ num: number; limit_num: number; price: string }>; unit: string }) {
  const { t } = useTranslation("cart");
  return (
    <table className="ui-table tier-table" aria-label={t("tiers")}>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.num}>
            <td>{t("tierFrom", { num: tier.num, unit: unit || t("defaultWholesaleUnit") })}</td>
            <td>{formatMoney(tier.price)}</td>
            <td>{tier.limit_num > 0 ? t("tierLimit", { limit: tier.limit_num }) : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Exchange goods of a get-free line: a popover-like disclosure (a <details>, so it opens without JS). */
function GetFreeTable({ entries }: { entries: NonNullable<CartLineView["getFree"]> }) {
  const { t } = useTranslation("cart");
  return (
    <details className="getfree">
      <summary>{t("getFree.title")}</summary>
      {entries.length === 0 ? (
        <p className="ui-text-sm">{t("getFree.empty")}</p>
      ) : (
        <table className="ui-table getfree__table">
          <thead>
            <tr>
              <th>{t("getFree.goods")}</th>
              <th>{t("getFree.price")}</th>
              <th>{t("getFree.quantity")}</th>
              <th>{t("getFree.subtotal")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.goodsId}>
                <td>{entry.name}</td>
                <td>{formatMoney(entry.price)}</td>
                <td>
                  {entry.num}
                  {entry.unit}
                </td>
                <td>{formatMoney(entry.subtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
