import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSubmit, type ShouldRevalidateFunction } from "@remix-run/react";
import type { FormEvent } from "react";
import { requireMember } from "~/auth/guards.server";
import { OrderGoodsList } from "~/components/checkout/order-goods-list";
import { OrderTotals } from "~/components/checkout/order-totals";
import { errorText } from "~/components/form";
import { Alert, Button, ButtonLink, Checkbox, Group, NativeSelect, Panel, Stack, TextInput } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { assetUrl } from "~/upstream/context.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError } from "~/upstream/http.server";
import { createOrder, ORDER_EXPIRED } from "~/upstream/order-create.server";
import { readFormData } from "~/utils/form-data.server";
import { BUYER_MESSAGE_MAX, deliverySlots } from "~/domain/checkout";
import { centsToYuan, toCents } from "~/domain/pricing/money";
import { formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { redirect } from "~/utils/redirect.server";
import { redirectWithToast } from "~/utils/toast.server";
import { askedSlot, DELIVERY_TITLES, orderOptionsOf, pickupContact, priceOrder, sectionOf, type Refusal, type Section } from "./checkout.server";
import { invoiceProblems, paymentSearch, PaymentIntentSchema, PaymentQuerySchema } from "./schema";

export const handle: RouteHandle = { i18n: ["checkout"], title: "checkout:payment.title" };

// The loader mints a fresh order_key on every render (see docs/checkout.md): after a POST that
// failed it must run again so the form carries a usable key.
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => defaultShouldRevalidate;

/** The request's fields as strings (files dropped), to parse and to give back to the form. */
function fieldsOf(entries: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of entries) if (typeof value === "string") fields[key] = value;
  return fields;
}

function badRequest(): never {
  throw new Response(null, { status: 400 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireMember(request);
  const query = PaymentQuerySchema.safeParse(fieldsOf(new URL(request.url).searchParams));
  if (!query.success) badRequest();
  let priced: Awaited<ReturnType<typeof priceOrder>>;
  try {
    priced = await priceOrder(ctx, query.data);
  } catch (error) {
    // Nothing to buy (lines gone, sku off the shelf, over stock): say so, with the way back.
    if (error instanceof UpstreamError && error.upstreamMessage !== ORDER_EXPIRED) {
      return data({ state: "refused" as const, message: formErrorFor(error) }, { status: 409, headers: { "Cache-Control": "private, no-store" } });
    }
    throw error;
  }
  const { payment, calculation, refusals, coupons, balanceShown, delivery } = priced;
  if (delivery.name === "local" && query.data.ask_time && !askedSlot(query.data.ask_time)) {
    refusals.push({ section: "delivery", message: "checkout:errors.deliveryTime" });
  }
  const totals = calculation ?? null;
  const address = (calculation?.delivery?.member_address ?? payment.delivery.member_address) || null;
  const account = payment.member_account;
  const view = {
    state: "ready" as const,
    orderKey: payment.order_key,
    goods: (calculation ?? payment).goods_list.map((line) => ({
      skuId: line.sku_id,
      name: line.sku_name || line.goods_name || "",
      image: assetUrl(line.sku_image),
      spec: (line.sku_spec_format ?? []).map((spec) => `${spec.spec_name}: ${spec.spec_value_name}`).join("; "),
      price: line.price,
      num: line.num,
      subtotal: line.goods_money,
      promotion: line.promotion_label ?? "",
    })),
    address: address
      ? { name: address.name, mobile: address.mobile || address.telephone || "", fullAddress: `${address.full_address} ${address.address}`.trim() }
      : null,
    deliveryTypes: payment.delivery.express_type.map((type) => ({
      name: type.name,
      title: type.title || DELIVERY_TITLES[type.name] || type.name,
      stores: type.store_list.map((store) => ({
        id: store.store_id,
        name: store.store_name,
        address: store.full_address || store.address || "",
        openDate: store.open_date ?? "",
      })),
    })),
    delivery: { name: delivery.name, storeId: delivery.storeId ?? null },
    // Local delivery: the windows the buyer may ask for (docs/checkout.md); none for other types.
    deliverySlots:
      delivery.name === "local" ? deliverySlots(new Date()).map((slot) => ({ value: slot.value, label: `${slot.date} ${slot.start}–${slot.end}` })) : [],
    isVirtual: payment.is_virtual,
    coupons: coupons.map((coupon) => ({
      id: coupon.coupon_id,
      name: coupon.coupon_name,
      type: coupon.type,
      money: coupon.money,
      discount: coupon.discount,
      atLeast: coupon.at_least,
      value: coupon.coupon_money ?? null,
    })),
    couponId: calculation?.coupon_id ?? 0,
    // Points (积分抵扣): the switch only when the upstream says some are usable (contract §2.7).
    points:
      (calculation ?? payment).max_usable_point > 0
        ? {
            max: (calculation ?? payment).max_usable_point,
            money: calculation && calculation.point > 0 ? calculation.point_money : ((calculation ?? payment).max_point_money ?? null),
          }
        : null,
    balance: balanceShown && account && toCents(account.balance_total) > 0n ? { total: account.balance_total, needsPassword: account.is_pay_password } : null,
    invoice: payment.invoice?.invoice_status
      ? {
          contents: payment.invoice.invoice_content_array,
          kinds: payment.invoice.invoice_type.split(",").filter((kind) => kind === "1" || kind === "2"),
          rate: payment.invoice.invoice_rate,
        }
      : null,
    totals: totals && {
      goods: totals.goods_money,
      delivery: totals.delivery_money,
      promotion: totals.promotion_money,
      coupon: totals.coupon_money,
      ...(totals.max_usable_point > 0 || toCents(totals.point_money) > 0n ? { point: totals.point_money } : {}),
      balance: totals.balance_money,
      invoice: centsToYuan(Number(toCents(totals.invoice_money) + toCents(totals.invoice_delivery_money))),
      payable: totals.pay_money,
      count: totals.goods_num,
    },
    refusals,
    query: fieldsOf(paymentSearch(query.data)),
  };
  return data(view, { status: refusals.some((refusal) => refusal.section === "goods") ? 409 : 200, headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireMember(request);
  const fields = fieldsOf(await readFormData(request));
  const parsed = PaymentIntentSchema.safeParse(fields);
  // Given back to the form after a refusal; never the password, never an oversized field in full.
  const values = Object.fromEntries(Object.entries({ ...fields, pay_password: "" }).map(([name, value]) => [name, value.slice(0, 200)]));
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message]));
    return data({ fieldErrors, formError: null as Refusal | null, values }, { status: 400 });
  }
  const intent = parsed.data;
  const search = paymentSearch(intent);
  if (intent.intent === "recalculate") return redirect(`/payment?${search}`, 303);

  const problems = invoiceProblems(intent);
  if (Object.keys(problems).length) return data({ fieldErrors: problems as Record<string, string>, formError: null, values }, { status: 400 });
  const deliveryName = intent.delivery ?? "express";
  // A window that has passed since the page was rendered is asked again, not silently dropped.
  if (deliveryName === "local" && intent.ask_time && !askedSlot(intent.ask_time)) {
    return data({ fieldErrors: { ask_time: "checkout:errors.deliveryTime" } as Record<string, string>, formError: null, values }, { status: 400 });
  }
  const contact = deliveryName === "store" ? await pickupContact(ctx) : undefined;
  const options = orderOptionsOf(intent, { name: deliveryName, title: DELIVERY_TITLES[deliveryName] ?? deliveryName, storeId: intent.store_id }, contact);
  let outTradeNo: string;
  try {
    outTradeNo = await createOrder(ctx, intent.order_key, options, { buyerMessage: intent.buyer_message ?? "", payPassword: intent.pay_password });
  } catch (error) {
    if (error instanceof UpstreamError) {
      // A used or timed-out key: start again with the same choices (a second submit lands here too).
      if (error.upstreamMessage === ORDER_EXPIRED) return redirectWithToast(`/payment?${search}`, { kind: "warning", key: "checkout:errors.expired" });
      const refusal: Refusal = { section: sectionOf(error.code, error.upstreamMessage), message: formErrorFor(error) };
      return data({ fieldErrors: {} as Record<string, string>, formError: refusal, values }, { status: 409 });
    }
    // The upstream did not answer in time: the order may exist. Never a 500: say so and point to the orders.
    if (error instanceof Response && error.status >= 500) {
      return data(
        { fieldErrors: {} as Record<string, string>, formError: { section: "general" as Section, message: "checkout:errors.createUnknown" }, values },
        { status: 504 },
      );
    }
    throw error;
  }
  return redirect(`/pay?${new URLSearchParams({ out_trade_no: outTradeNo })}`, 303);
}

export default function PaymentPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  const actionData = useActionData<typeof action>();
  if (loaded.state === "refused") {
    return (
      <Stack gap="md" className="checkout-page">
        <h1 className="ui-title">{t("payment.title")}</h1>
        <Alert color="red" role="alert">
          {errorText(t, loaded.message)}
        </Alert>
        {actionData?.formError ? <CreateError message={actionData.formError.message} /> : null}
        <Group>
          <ButtonLink to="/cart">{t("payment.backToCart")}</ButtonLink>
          <ButtonLink to="/member/order_list" variant="outline">
            {t("payment.myOrders")}
          </ButtonLink>
        </Group>
      </Stack>
    );
  }
  return <PaymentForm view={loaded} />;
}

type View = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "ready" }>;

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
  const { t } = useTranslation("checkout");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const here = `${location.pathname}${location.search}`;
  const values: Record<string, string> = actionData?.values ?? view.query;
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
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
    for (const name of ["order_key", "pay_password", "intent"]) formData.delete(name);
    // A short, readable URL: no empty fields, no invoice details while no invoice is wanted.
    const invoice = formData.get("invoice") === "1";
    for (const [name, value] of [...formData]) if (value === "" || (!invoice && /^(invoice_|taxpayer_)/.test(name))) formData.delete(name);
    submit(formData, { method: "get", action: "/payment", replace: true, preventScrollReset: true });
  };

  return (
    <Form method="post" className="checkout-page" onChange={recalculate}>
      <Stack gap="md">
        <h1 className="ui-title">{t("payment.title")}</h1>
        <input type="hidden" name="order_key" value={view.orderKey} />
        {values.cart_ids ? <input type="hidden" name="cart_ids" value={values.cart_ids} /> : null}
        {values.sku_id ? <input type="hidden" name="sku_id" value={values.sku_id} /> : null}
        {values.num ? <input type="hidden" name="num" value={values.num} /> : null}
        <SectionErrors refusals={refusalOf("general")} />

        {view.isVirtual || view.delivery.name === "store" ? null : (
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
                  <input type="radio" name="delivery" value={type.name} defaultChecked={type.name === view.delivery.name} /> {type.title}
                </label>
              ))}
            </Group>
            {delivery && delivery.stores.length > 0 && delivery.name !== "express" ? (
              <NativeSelect
                label={t(delivery.name === "local" ? "payment.localStore" : "payment.store")}
                name="store_id"
                defaultValue={String(view.delivery.storeId ?? "")}
                data={delivery.stores.map((store) => ({ value: String(store.id), label: `${store.name} ${store.address} ${store.openDate}`.trim() }))}
              />
            ) : null}
            {view.deliverySlots.length > 0 ? (
              <NativeSelect
                label={t("payment.deliveryTime")}
                name="ask_time"
                defaultValue={askedValue(values.ask_time, view.deliverySlots)}
                data={[{ value: "", label: t("payment.asap") }, ...view.deliverySlots]}
                error={fieldError(t, fieldErrors.ask_time)}
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
                error={fieldError(t, fieldErrors.pay_password)}
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
              {errorText(t, fieldErrors.buyer_message)}
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

function fieldError(t: Parameters<typeof errorText>[0], error: string | undefined) {
  return error ? errorText(t, error) : undefined;
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
  fieldErrors: Record<string, string>;
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
        <TextInput
          name="invoice_title"
          label={t("payment.invoiceTitle")}
          maxLength={50}
          defaultValue={values.invoice_title ?? ""}
          error={fieldError(t, fieldErrors.invoice_title)}
        />
        <TextInput
          name="taxpayer_number"
          label={t("payment.taxNumber")}
          maxLength={20}
          defaultValue={values.taxpayer_number ?? ""}
          error={fieldError(t, fieldErrors.taxpayer_number)}
        />
        <TextInput
          type="email"
          name="invoice_email"
          label={t("payment.invoiceEmail")}
          maxLength={100}
          defaultValue={values.invoice_email ?? ""}
          error={fieldError(t, fieldErrors.invoice_email)}
        />
        <SectionErrors refusals={refusals} />
      </Stack>
    </fieldset>
  );
}

/** The asked window if the page still offers it, else "as soon as possible". */
function askedValue(value: string | undefined, slots: Array<{ value: string }>): string {
  return value && slots.some((slot) => slot.value === value) ? value : "";
}
