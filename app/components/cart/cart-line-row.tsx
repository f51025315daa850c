import { Badge, Checkbox, Group, Table, Text } from "@mantine/core";
import { Link, useFetcher, useFetchers } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { NoJsRedirect } from "~/components/no-js-redirect";
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
  const blocked = line.saleControl && (!line.saleControl.is_member_by || !line.saleControl.view_price);

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
          <Badge color="gray" size="sm">
            {line.onShelf ? t("outOfStock") : t("offShelf")}
          </Badge>
        )}
      </div>
      <Link to={`/sku-${line.skuId}`} className="cart-line__image">
        <img src={line.image} alt="" width={80} height={80} />
      </Link>
      <div className="cart-line__info">
        <Link to={`/sku-${line.skuId}`}>{line.name}</Link>
        <Group gap={4} mt={4}>
          {line.promotionLabel ? (
            <Badge size="xs" color="red">
              {t(`label.${line.promotionLabel}`, { defaultValue: line.promotionLabel })}
            </Badge>
          ) : null}
          {line.memberDiscount && line.memberPrice ? (
            <Badge size="xs" color="orange" variant="light">
              {t("memberPrice", { price: formatMoney(line.memberPrice) })}
            </Badge>
          ) : null}
        </Group>
        {blocked ? (
          <Text size="xs" c="red.8">
            {line.saleControl?.not_buy_msg || t("noPermission")}
          </Text>
        ) : null}
        {line.promotionLabel === "wholesale" && line.promotionInfo?.price_json?.length ? (
          <TierTable tiers={line.promotionInfo.price_json} unit={line.unit} />
        ) : null}
        {line.getFree ? <GetFreeTable entries={line.getFree} /> : null}
      </div>
      <div className="cart-line__price">{formatMoney(priced.unitPrice)}</div>
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
        <Text size="xs" c="dimmed">
          {t("stock", { stock: line.stock, unit: line.unit || t("defaultUnit") })}
        </Text>
      </div>
      <div className={`cart-line__subtotal ${busy ? "is-busy" : ""}`}>
        <Text c="red.8" fw={700} data-testid={`cart-subtotal-${line.cartId}`}>
          {formatMoney(priced.subtotal)}
        </Text>
        {priced.hints.map((hint) => (
          <Text key={hint.key} size="xs" c="orange.9" className="cart-hint">
            {hintText(t, hint)}
          </Text>
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
    <Table className="tier-table" withTableBorder fz="xs" aria-label={t("tiers")}>
      <Table.Tbody>
        {tiers.map((tier) => (
          <Table.Tr key={tier.num}>
            <Table.Td>{t("tierFrom", { num: tier.num, unit: unit || t("defaultWholesaleUnit") })}</Table.Td>
            <Table.Td>{formatMoney(tier.price)}</Table.Td>
            <Table.Td>{tier.limit_num > 0 ? t("tierLimit", { limit: tier.limit_num }) : ""}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Exchange goods of a get-free line: a popover-like disclosure (a <details>, so it opens without JS). */
function GetFreeTable({ entries }: { entries: NonNullable<CartLineView["getFree"]> }) {
  const { t } = useTranslation("cart");
  return (
    <details className="getfree">
      <summary>{t("getFree.title")}</summary>
      {entries.length === 0 ? (
        <Text size="sm">{t("getFree.empty")}</Text>
      ) : (
        <Table withTableBorder fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("getFree.goods")}</Table.Th>
              <Table.Th>{t("getFree.price")}</Table.Th>
              <Table.Th>{t("getFree.quantity")}</Table.Th>
              <Table.Th>{t("getFree.subtotal")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.goodsId}>
                <Table.Td>{entry.name}</Table.Td>
                <Table.Td>{formatMoney(entry.price)}</Table.Td>
                <Table.Td>
                  {entry.num}
                  {entry.unit}
                </Table.Td>
                <Table.Td>{formatMoney(entry.subtotal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </details>
  );
}
