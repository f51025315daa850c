import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { CheckoutRefused } from "~/components/checkout/checkout-refused";
import { OrderGoodsList } from "~/components/checkout/order-goods-list";
import { OrderTotals } from "~/components/checkout/order-totals";
import { errorText, errorsText } from "~/utils/error-text";
import { Alert, Button, Checkbox, Group, NativeSelect, Panel, Stack, TextInput } from "~/components/ui";
import { BUYER_MESSAGE_MAX, MOBILE } from "~/domain/checkout";
import { useTranslation } from "~/i18n/translation";
import { formatMoney } from "~/utils/format";
import type { paymentAction, paymentLoader } from "./payment.server";
import type { Refusal, Section } from "./checkout.server";
import "~/styles/checkout.css";

/**
 * The checkout page of /payment and of every promotion checkout (the same form; a promotion
 * order has no coupon or points, so those parts are not offered, and shows its banner).
 */

/** What is bought travels in these fields (the normal checkout's and the promotions'). */
const SOURCE_FIELDS = ["cart_ids", "seckill_id", "bl_id", "groupbuy_id", "id", "topic_goods_id", "sku_id", "num"] as const;

type LoaderData = typeof paymentLoader;
type ActionData = typeof paymentAction;

export function PaymentPage() {
  const loaded = useLoaderData<LoaderData>();
  const { t } = useTranslation(["checkout", "promotion"]);
  const actionData = useActionData<ActionData>();
  if (loaded.state === "refused") {
    return (
      <CheckoutRefused title={t("payment.title")} message={errorText(t, loaded.message)} back={{ href: loaded.back.href, label: t(loaded.back.label) }}>
        {actionData?.formError && actionData.formError.message !== loaded.message ? <CreateError message={actionData.formError.message} /> : null}
      </CheckoutRefused>
    );
  }
  return <PaymentForm view={loaded} />;
}

type View = Extract<ReturnType<typeof useLoaderData<LoaderData>>, { state: "ready" }>;

function CreateError({ message }: { message: string }) {
  const { t } = useTranslation("checkout");
  return (
    <Alert color="red" role="alert">
      {errorText(t, message)}{" "}
      {message === "checkout:errors.createUnknown" ? (
        <Link className="ui-anchor" to="/member/order_list">
          {t("payment.myOrders")}
        </Link>
      ) : null}
    </Alert>
  );
}

function PaymentForm({ view }: { view: View }) {
  const { t } = useTranslation(["checkout", "promotion", "point"]);
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const here = `${location.pathname}${location.search}`;
  const [form] = useForm({
    id: "checkout",
    lastResult: actionData?.result,
    // Validation happens on the server (ADR 010): only a submit asks it.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  // The choices are the URL's (a recalculation is a GET), or what was posted after a refusal; the
  // errors are the refusal's only: a recalculation since then leaves them behind.
  const values: Record<string, string> = (actionData?.result.initialValue as Record<string, string> | undefined) ?? view.query;
  const fieldErrors = actionData ? form.allErrors : {};
  const refusals = actionData?.formError ? [...view.refusals, actionData.formError] : view.refusals;
  const refusalOf = (section: Section) => refusals.filter((refusal) => refusal.section === section);
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const delivery = view.deliveryTypes.find((type) => type.name === view.delivery.name);
  const hasGoodsRefusal = refusalOf("goods").length > 0;

  // With JS a changed choice recalculates at once: the form goes to the URL (GET), so the choices
  // stay in the address bar and the loader asks the upstream's calculate again.
  const recalculate = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (!(target instanceof HTMLSelectElement) && target.type !== "radio" && target.type !== "checkbox") return;
    const formData = new FormData(event.currentTarget);
    for (const name of ["order_key", "pay_password", "intent", "virtual"]) formData.delete(name);
    // A short, readable URL: no empty fields, no invoice details while no invoice is wanted.
    const invoice = formData.get("invoice") === "1";
    for (const [name, value] of [...formData]) if (value === "" || (!invoice && /^(invoice_|taxpayer_)/.test(name))) formData.delete(name);
    submit(formData, { method: "get", action: view.path, replace: true, preventScrollReset: true });
  };

  return (
    <Form method="post" className="checkout-page" onChange={recalculate} {...getFormProps(form)}>
      <Stack gap="md">
        <h1 className="ui-title">{view.promotion ? t(`promotion:payment.title.${view.promotion.kind}`) : t("payment.title")}</h1>
        {view.promotion ? (
          <p className="promotion-banner" data-testid="promotion-banner">
            <span className="promotion-badge" data-kind={view.promotion.kind}>
              {t(`promotion:payment.badge.${view.promotion.kind}`)}
            </span>{" "}
            {view.promotion.name}
            {"terms" in view.promotion && view.promotion.terms
              ? t("promotion:groupbuy.terms", { count: view.promotion.terms.count, price: formatMoney(view.promotion.terms.price) })
              : null}
            {"points" in view.promotion ? <span data-testid="exchange-points"> {t("point:payment.points", { count: view.promotion.points })}</span> : null}
          </p>
        ) : null}
        <input type="hidden" name="order_key" value={view.orderKey} />
        {SOURCE_FIELDS.map((name) => (values[name] ? <input key={name} type="hidden" name={name} value={values[name]} /> : null))}
        <SectionErrors refusals={refusalOf("general")} />

        {view.isVirtual ? (
          <Panel className="checkout-section" aria-labelledby="checkout-contact">
            <h2 id="checkout-contact" className="ui-strong">
              {t("payment.contact")}
            </h2>
            {/* Virtual goods ship nowhere: their codes go to this mobile (the PC asks for it, prefilled). */}
            <input type="hidden" name="virtual" value="1" />
            <TextInput
              type="tel"
              name="mobile"
              label={t("payment.mobile")}
              description={t("payment.mobileHint")}
              autoComplete="tel"
              inputMode="numeric"
              required
              maxLength={11}
              pattern={MOBILE.source.slice(1, -1)}
              defaultValue={values.mobile ?? view.mobile}
              error={errorsText(t, fieldErrors.mobile)}
            />
          </Panel>
        ) : view.delivery.name === "store" ? null : (
          <Panel className="checkout-section" aria-labelledby="checkout-address">
            <h2 id="checkout-address" className="ui-strong">
              {t("payment.address")}
            </h2>
            {view.address ? (
              <p data-testid="checkout-address">
                {view.address.name} {view.address.mobile} {view.address.fullAddress}
              </p>
            ) : (
              <p>{t("payment.noAddress")}</p>
            )}
            <Group>
              <Link className="ui-anchor" to={`/member/delivery_address?${new URLSearchParams({ redirect: here })}`}>
                {t("payment.changeAddress")}
              </Link>
              <Link className="ui-anchor" to={`/member/address_edit?${new URLSearchParams({ redirect: here })}`}>
                {t("payment.addAddress")}
              </Link>
            </Group>
          </Panel>
        )}

        {view.deliveryTypes.length > 0 ? (
          <fieldset className="checkout-section ui-panel" key={`delivery-${view.delivery.name}-${view.delivery.storeId}`}>
            <legend className="ui-strong">{t("payment.delivery")}</legend>
            <Group>
              {view.deliveryTypes.map((type) => (
                <label key={type.name} className="checkout-choice">
                  <input type="radio" name="delivery" value={type.name} defaultChecked={type.name === view.delivery.name} /> {errorText(t, type.title)}
                </label>
              ))}
            </Group>
            {delivery && delivery.stores.length > 0 && delivery.name !== "express" ? (
              <NativeSelect
                label={t("payment.store")}
                name="store_id"
                defaultValue={String(view.delivery.storeId ?? "")}
                data={delivery.stores.map((store) => ({ value: String(store.id), label: `${store.name} ${store.address} ${store.openDate}`.trim() }))}
              />
            ) : null}
            <SectionErrors refusals={refusalOf("delivery")} />
          </fieldset>
        ) : null}

        <Panel className="checkout-section" aria-labelledby="checkout-goods">
          <h2 id="checkout-goods" className="ui-strong">
            {t("payment.goods")}
          </h2>
          <OrderGoodsList lines={view.goods} />
          <SectionErrors refusals={refusalOf("goods")} />
        </Panel>

        {view.coupons.length > 0 || refusalOf("coupon").length > 0 ? (
          <fieldset className="checkout-section ui-panel" key={`coupon-${view.couponId}`}>
            <legend className="ui-strong">{t("payment.coupon")}</legend>
            <Stack gap="xs">
              {view.coupons.map((coupon) => (
                <label key={coupon.id} className="checkout-choice">
                  <input type="radio" name="coupon_id" value={coupon.id} defaultChecked={coupon.id === view.couponId} /> {coupon.name} ·{" "}
                  {coupon.type === "discount" ? t("payment.couponDiscount", { discount: coupon.discount }) : formatMoney(coupon.money)} ·{" "}
                  {Number(coupon.atLeast) > 0 ? t("payment.couponThreshold", { amount: formatMoney(coupon.atLeast) }) : t("payment.couponNoThreshold")}
                </label>
              ))}
              <label className="checkout-choice">
                <input type="radio" name="coupon_id" value="0" defaultChecked={view.couponId === 0} /> {t("payment.noCoupon")}
              </label>
            </Stack>
            <SectionErrors refusals={refusalOf("coupon")} />
          </fieldset>
        ) : null}

        {view.points || refusalOf("point").length > 0 ? (
          <Panel className="checkout-section">
            {view.points ? (
              <Checkbox
                name="use_point"
                value="1"
                defaultChecked={values.use_point === "1"}
                label={
                  view.points.money !== null
                    ? t("payment.usePointMoney", { points: view.points.max, amount: formatMoney(view.points.money) })
                    : t("payment.usePoint", { points: view.points.max })
                }
              />
            ) : null}
            <SectionErrors refusals={refusalOf("point")} />
          </Panel>
        ) : null}

        {view.balance ? (
          <Panel className="checkout-section">
            <Checkbox
              name="use_balance"
              value="1"
              defaultChecked={values.use_balance === "1"}
              label={t("payment.useBalance", { amount: formatMoney(view.balance.total) })}
            />
            {view.balance.needsPassword && values.use_balance === "1" ? (
              <TextInput
                type="password"
                name="pay_password"
                label={t("payment.payPassword")}
                autoComplete="off"
                maxLength={32}
                error={errorsText(t, fieldErrors.pay_password)}
              />
            ) : null}
            <SectionErrors refusals={refusalOf("balance")} />
          </Panel>
        ) : null}

        {view.invoice ? <InvoiceFields invoice={view.invoice} values={values} fieldErrors={fieldErrors} refusals={refusalOf("invoice")} /> : null}

        <Panel className="checkout-section">
          <label className="ui-label" htmlFor="buyer_message">
            {t("payment.buyerMessage")}
          </label>
          <textarea
            id="buyer_message"
            name="buyer_message"
            className="ui-input checkout-message"
            maxLength={BUYER_MESSAGE_MAX}
            defaultValue={values.buyer_message ?? ""}
            placeholder={t("payment.buyerMessageHint", { max: BUYER_MESSAGE_MAX })}
            aria-invalid={fieldErrors.buyer_message ? true : undefined}
            aria-describedby={fieldErrors.buyer_message ? "buyer_message-error" : undefined}
          />
          {fieldErrors.buyer_message ? (
            <p id="buyer_message-error" className="ui-error" role="alert">
              {errorsText(t, fieldErrors.buyer_message)}
            </p>
          ) : null}
          <SectionErrors refusals={refusalOf("message")} />
        </Panel>

        {view.totals ? <OrderTotals totals={view.totals} /> : null}
        <Group justify="end">
          {/* Without JS this is how a changed choice reaches calculate; with JS choices recalculate on change. */}
          <Button type="submit" name="intent" value="recalculate" variant="outline" color="gray">
            {t("payment.recalculate")}
          </Button>
          <Button type="submit" name="intent" value="create" size="md" disabled={creating || !view.totals || hasGoodsRefusal}>
            {creating ? t("payment.creating") : t("payment.submit")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

function SectionErrors({ refusals }: { refusals: Refusal[] }) {
  const { t } = useTranslation("checkout");
  if (refusals.length === 0) return null;
  return (
    <>
      {refusals.map((refusal) => (
        <p key={refusal.message} className="ui-error checkout-refusal" role="alert">
          {errorText(t, refusal.message)}
          {refusal.message === "checkout:errors.createUnknown" ? (
            <>
              {" "}
              <Link className="ui-anchor" to="/member/order_list">
                {t("payment.myOrders")}
              </Link>
            </>
          ) : null}
        </p>
      ))}
    </>
  );
}

function InvoiceFields({
  invoice,
  values,
  fieldErrors,
  refusals,
}: {
  invoice: NonNullable<View["invoice"]>;
  values: Record<string, string>;
  fieldErrors: Record<string, string[]>;
  refusals: Refusal[];
}) {
  const { t } = useTranslation("checkout");
  return (
    <fieldset className="checkout-section ui-panel">
      <legend className="ui-strong">{t("payment.invoice")}</legend>
      <Stack gap="xs">
        <Checkbox name="invoice" value="1" defaultChecked={values.invoice === "1"} label={t("payment.wantInvoice", { rate: invoice.rate })} />
        <Group>
          <NativeSelect
            label={t("payment.invoiceType")}
            name="invoice_type"
            defaultValue={values.invoice_type ?? invoice.kinds[0] ?? "1"}
            data={invoice.kinds.map((kind) => ({ value: kind, label: t(kind === "2" ? "payment.invoiceElectronic" : "payment.invoicePaper") }))}
          />
          <NativeSelect
            label={t("payment.invoiceTitleType")}
            name="invoice_title_type"
            defaultValue={values.invoice_title_type ?? "2"}
            data={[
              { value: "2", label: t("payment.invoiceCompany") },
              { value: "1", label: t("payment.invoicePersonal") },
            ]}
          />
          <NativeSelect
            label={t("payment.invoiceContent")}
            name="invoice_content"
            defaultValue={values.invoice_content ?? invoice.contents[0] ?? ""}
            data={invoice.contents.map((content) => ({ value: content, label: content }))}
          />
        </Group>
        <InvoiceText name="invoice_title" label={t("payment.invoiceTitle")} maxLength={50} values={values} fieldErrors={fieldErrors} />
        <InvoiceText name="taxpayer_number" label={t("payment.taxNumber")} maxLength={20} values={values} fieldErrors={fieldErrors} />
        <InvoiceText type="email" name="invoice_email" label={t("payment.invoiceEmail")} maxLength={100} values={values} fieldErrors={fieldErrors} />
        <SectionErrors refusals={refusals} />
      </Stack>
    </fieldset>
  );
}

/** One of the invoice's text fields: what was posted, and its error. */
function InvoiceText({
  name,
  label,
  maxLength,
  type,
  values,
  fieldErrors,
}: {
  name: "invoice_title" | "taxpayer_number" | "invoice_email";
  label: string;
  maxLength: number;
  type?: "email";
  values: Record<string, string>;
  fieldErrors: Record<string, string[]>;
}) {
  const { t } = useTranslation("checkout");
  return <TextInput type={type} name={name} label={label} maxLength={maxLength} defaultValue={values[name] ?? ""} error={errorsText(t, fieldErrors[name])} />;
}
