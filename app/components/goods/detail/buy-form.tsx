import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { FormErrors } from "~/components/form";
import { errorsText } from "~/utils/error-text";
import { MissingQualificationNotice } from "~/components/qualification/missing-qualification";
import { Button, Group, TextInput } from "~/components/ui";
import type { quantityBounds } from "~/domain/quantity";
import type { PurchaseRights } from "~/domain/sale-control";
import { unitOrDefault } from "~/utils/format";

/**
 * Quantity, "add to cart" and "buy now": one POST form, the button pressed is the intent.
 * Native min/step/max come from the goods (min_buy, stock); the server clamps the same way.
 * A visitor or a member refused by sale control sees the buttons disabled with the reason.
 */
export function BuyForm({
  bounds,
  unit,
  rights,
  loginHref,
  lastResult,
}: {
  bounds: ReturnType<typeof quantityBounds>;
  unit: string;
  rights: PurchaseRights;
  loginHref: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["goods", "common"]);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "goods-buy",
    lastResult,
    shouldValidate: "onSubmit",
  });
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const inStock = bounds.max >= bounds.min;
  const qualification = rights.buy === "refused" ? (rights.qualification ?? null) : null;
  // A missing qualification is named by the notice below the buttons, in the page's language.
  const blocked =
    rights.buy !== "allowed" ? (rights.buy === "login" ? t("price.loginVisible") : (!qualification && rights.message) || t("price.noPermission")) : null;
  const disabledText = blocked ?? (inStock ? null : t("detail.outOfStock"));
  const shownUnit = unitOrDefault(unit, t);
  const numError = errorsText(t, fields.num.errors);

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="buy-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Group gap="sm" className="buy-form__quantity">
        <TextInput
          key={fields.num.key}
          id={fields.num.id}
          name={fields.num.name}
          type="number"
          inputMode="numeric"
          label={t("detail.quantity")}
          defaultValue={String(fields.num.initialValue ?? bounds.min)}
          min={bounds.min}
          step={bounds.step}
          max={inStock ? bounds.max : undefined}
          required
          disabled={Boolean(disabledText)}
          error={numError}
          aria-invalid={numError ? true : undefined}
          aria-describedby={`${fields.num.id}-hint`}
          className="buy-form__num"
          rightSection={<span className="ui-text-xs ui-dimmed">{shownUnit}</span>}
        />
        <p id={`${fields.num.id}-hint`} className="ui-text-xs ui-dimmed buy-form__hint">
          {inStock ? t("detail.quantityHint", { min: bounds.min, max: bounds.max }) : null}
        </p>
      </Group>
      <Group gap="sm" className="buy-form__actions">
        {disabledText ? (
          <Button type="button" size="md" color="red" disabled>
            {disabledText}
          </Button>
        ) : (
          <>
            <Button type="submit" name="intent" value="buy-now" size="md" color="red" loading={busyIntent === "buy-now"}>
              {t("detail.buyNow")}
            </Button>
            <Button type="submit" name="intent" value="add-to-cart" size="md" variant="outline" color="red" loading={busyIntent === "add-to-cart"}>
              {t("detail.addToCart")}
            </Button>
          </>
        )}
        {rights.buy === "login" ? (
          <Link className="ui-anchor ui-text-sm" to={loginHref}>
            {t("detail.loginToBuy")}
          </Link>
        ) : null}
      </Group>
      {qualification ? <MissingQualificationNotice qualification={qualification} className="ui-text-sm buy-form__qualification" /> : null}
    </Form>
  );
}
