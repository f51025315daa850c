import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { errorText } from "~/utils/error-text";
import { NoJsRedirect } from "~/components/no-js-redirect";
import { Group } from "~/components/ui";
import { clampQuantity } from "~/domain/quantity";

type Bounds = { min: number; step: number; max: number };

/**
 * The cart quantity: − / + buttons and a typed value, all one POST form. With JS it is a fetcher
 * and the shown quantity is optimistic (the clamp is predictable); without JS the post comes back
 * to the cart. A refused edit shows the message and the previous quantity stays.
 *
 * The field is uncontrolled (the DOM owns what is typed): a value typed between the first paint
 * and hydration survives hydration and the re-renders after it (a controlled field was reset to
 * the loader's quantity by the first re-render, so a quick edit was lost). If the field was left
 * before hydration, its blur had no handler yet: the edit is sent once hydrated.
 */
export function QuantityStepper({
  cartId,
  quantity,
  bounds,
  intent,
  label,
  redirectTo,
  disabled = false,
}: {
  cartId: number;
  quantity: number;
  bounds: Bounds;
  intent: "set-quantity" | "set-bundle-quantity";
  label: string;
  redirectTo: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation("cart");
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok: boolean; warning: string | null }>({ key: `cart-quantity-${cartId}` });
  // A − / + button sends `num`; typing sends `typed` (the button is the submitter, so both can be present).
  const submitted = fetcher.formData?.get("num") ?? fetcher.formData?.get("typed");
  const limits = { minBuy: bounds.step, stock: bounds.max };
  const shown = submitted === undefined || submitted === null ? quantity : clampQuantity(submitted, limits);
  const warning = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.warning : null;
  // After each edit the field shows the cart's quantity again, even when the clamp left it
  // unchanged (typing 0 on a line of 1 stays 1): remount the field when an edit settles. Counted
  // during render when a new answer has settled (React's "adjust state on change" pattern).
  const [settled, setSettled] = useState({ data: fetcher.data, count: 0 });
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== settled.data) setSettled({ data: fetcher.data, count: settled.count + 1 });

  const field = useRef<HTMLInputElement>(null);
  const submitTyped = (input: HTMLInputElement) => {
    if (String(clampQuantity(input.value, limits)) !== String(quantity)) fetcher.submit(input.form);
  };
  useEffect(() => {
    // Typed and left before hydration: send it now (still focused: its blur will).
    const input = field.current;
    if (input && document.activeElement !== input && input.value !== input.defaultValue) submitTyped(input);
    // Once, on hydration: later edits go through onBlur and Enter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <fetcher.Form method="post" action="/cart" className="quantity-stepper">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="cart_id" value={cartId} />
      <NoJsRedirect to={redirectTo} />
      <Group nowrap className="quantity-stepper__row">
        {/* First in the form, so Enter in the field submits the typed value (implicit submission
            uses the first submit button); shown last, and only without JS. */}
        <button type="submit" className={hydrated ? "visually-hidden" : "link-button quantity-stepper__update"}>
          {t("update")}
        </button>
        <button
          type="submit"
          name="num"
          value={shown - bounds.step}
          className="quantity-stepper__button"
          disabled={disabled || shown <= bounds.min}
          aria-label={t("decrease", { name: label })}
        >
          −
        </button>
        <input
          key={`${cartId}-${quantity}-${settled.count}`}
          ref={field}
          name="typed"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={String(shown)}
          className="quantity-stepper__input"
          disabled={disabled}
          aria-label={t("quantityOf", { name: label })}
          onBlur={(event) => submitTyped(event.currentTarget)}
        />
        <button
          type="submit"
          name="num"
          value={shown + bounds.step}
          className="quantity-stepper__button"
          disabled={disabled || shown + bounds.step > bounds.max}
          aria-label={t("increase", { name: label })}
        >
          +
        </button>
      </Group>
      {warning ? (
        <p className="ui-text-xs quantity-stepper__warning" role="alert">
          {errorText(t, warning)}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
