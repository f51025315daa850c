import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { deliveryTypeLabel } from "~/domain/coded-names";
import { data, type AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { payPasswordProblem } from "~/auth/pay-password.server";
import { centsToYuan, toCents } from "~/domain/pricing/money";
import { assetUrl } from "~/upstream/context.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError } from "~/upstream/http.server";
import { ORDER_EXPIRED } from "~/upstream/order-create.server";
import { readFormData } from "~/utils/form-data.server";
import { redirect } from "~/utils/redirect.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  assertMayOrder,
  DELIVERY_TITLES,
  LocalDeliveryOnlyError,
  SaleControlRefusedError,
  orderOptionsOf,
  pickupContact,
  priceOrder,
  sectionOf,
  type CheckoutFlow,
  type Refusal,
} from "./checkout.server";
import { intentSchema, invoiceProblems, paymentSearch, querySchema, virtualMobileProblem, type Options } from "./schema";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

/** The parsed POST, whatever the source: the choices and the intent. */
type Intent = Options & ({ intent: "recalculate" } | { intent: "create"; order_key: string; pay_password?: string; virtual?: "1" });

/**
 * The checkout page's loader and action, shared by /payment and the promotion checkouts
 * (/promotion/seckill_payment…): each route passes what its URL holds (the source schema) and
 * the flow that source takes (checkout.server.ts).
 */

/** The request's fields as strings (files dropped), to parse and to give back to the form. */
function fieldsOf(entries: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of entries) if (typeof value === "string") fields[key] = value;
  return fields;
}

/**
 * The action's refusal: conform's result (the schema's errors or `fieldErrors`, each field's one
 * message) and the refusal of a section (`formError`, shown where that section is). The choices
 * are given back to the form; never the password, never a file, never an oversized field in full.
 */
function refused(
  submission: Submission<unknown>,
  status: number,
  { fieldErrors, formError = null, headers }: { fieldErrors?: Record<string, string>; formError?: Refusal | null; headers?: HeadersInit } = {},
) {
  const result: SubmissionResult<string[]> = submission.reply({
    fieldErrors: fieldErrors && Object.fromEntries(Object.entries(fieldErrors).map(([name, message]) => [name, [message]])),
    hideFields: ["pay_password"],
  });
  const initialValue = Object.entries(result.initialValue ?? {}).flatMap(([name, value]) => (typeof value === "string" ? [[name, value.slice(0, 200)]] : []));
  return data({ result: { ...result, initialValue: Object.fromEntries(initialValue) }, formError }, { status, headers });
}

/** Which checkout a query (or a posted form) of the source schema is: its page, its way back, its upstream calls. */
type FlowOf<S extends z.ZodTypeAny> = (query: z.output<S>) => CheckoutFlow;

function badRequest(): never {
  throw new Response(null, { status: 400 });
}

export async function paymentLoader<S extends z.ZodTypeAny>(request: Request, context: AppLoadContext, sourceSchema: S, flowOf: FlowOf<S>) {
  const ctx = await requireMember(request, context);
  const query = querySchema(sourceSchema).safeParse(fieldsOf(new URL(request.url).searchParams));
  if (!query.success) badRequest();
  const flow = flowOf(query.data);
  let priced: Awaited<ReturnType<typeof priceOrder>>;
  try {
    priced = await priceOrder(ctx, query.data, flow);
  } catch (error) {
    // A shop that delivers only locally: not offered here (D6), said plainly, with the way back.
    if (error instanceof LocalDeliveryOnlyError) {
      return data(
        { state: "refused" as const, message: "checkout:errors.localDeliveryOnly", path: flow.path, back: flow.back },
        { status: 409, headers: PRIVATE_NO_STORE },
      );
    }
    // Sale control: neither prices nor a form, only why (issue 29).
    if (error instanceof SaleControlRefusedError) {
      return data({ state: "refused" as const, message: error.formError, path: flow.path, back: flow.back }, { status: 403, headers: PRIVATE_NO_STORE });
    }
    // Nothing to buy (lines gone, sku off the shelf, over stock): say so, with the way back.
    if (error instanceof UpstreamError && error.upstreamMessage !== ORDER_EXPIRED) {
      return data({ state: "refused" as const, message: formErrorFor(error), path: flow.path, back: flow.back }, { status: 409, headers: PRIVATE_NO_STORE });
    }
    throw error;
  }
  const { payment, deliveryTypes, calculation, refusals, coupons, balanceShown, delivery, options } = priced;
  // Goods the upstream refuses (stock, shelf, limits, its own sale control) cannot be ordered from
  // this page: why, and the way back, without prices or totals (issue 29).
  const goodsRefusal = refusals.find((refusal) => refusal.section === "goods");
  if (goodsRefusal) {
    return data({ state: "refused" as const, message: goodsRefusal.message, path: flow.path, back: flow.back }, { status: 409, headers: PRIVATE_NO_STORE });
  }
  const totals = calculation ?? null;
  const address = (calculation?.delivery?.member_address ?? payment.delivery.member_address) || null;
  const account = payment.member_account;
  const view = {
    state: "ready" as const,
    path: flow.path,
    back: flow.back,
    // The promotion the order is of (its name for the banner), none for a normal order.
    promotion:
      flow.kind === "seckill"
        ? { kind: flow.kind, name: payment.seckill_info?.seckill_name ?? "" }
        : flow.kind === "bundling"
          ? { kind: flow.kind, name: payment.bunding_info?.bl_name ?? "" }
          : flow.kind === "groupbuy"
            ? {
                kind: flow.kind,
                name: "",
                terms: payment.groupbuy_info ? { count: payment.groupbuy_info.buy_num, price: payment.groupbuy_info.groupbuy_price } : undefined,
              }
            : flow.kind === "pointexchange"
              ? { kind: flow.kind, name: payment.exchange_info?.name ?? "", points: (payment.exchange_info?.point ?? 0) * payment.goods_num }
              : flow.kind === "topic"
                ? { kind: flow.kind, name: payment.topic_info?.topic_name ?? "" }
                : null,
    orderKey: payment.order_key,
    goods: (calculation ?? payment).goods_list.map((line) => ({
      skuId: line.sku_id,
      name: line.sku_name || line.goods_name || "",
      image: assetUrl(line.sku_image),
      spec: (line.sku_spec_format ?? []).map((spec) => `${spec.spec_name}: ${spec.spec_value_name}`).join("; "),
      // An exchange's line carries the goods' own price; what a unit costs is the exchange's cash part.
      price: flow.kind === "pointexchange" && payment.exchange_info ? payment.exchange_info.price : line.price,
      num: line.num,
      subtotal: line.goods_money,
      promotion: line.promotion_label ?? "",
    })),
    address: address
      ? { name: address.name, mobile: address.mobile || address.telephone || "", fullAddress: `${address.full_address} ${address.address}`.trim() }
      : null,
    deliveryTypes: deliveryTypes.map((type) => ({
      name: type.name,
      // A label for errorText: a stock name translated by its code, a shop's own name as written.
      title: deliveryTypeLabel(type.name, type.title || DELIVERY_TITLES[type.name] || type.name),
      stores: type.store_list.map((store) => ({
        id: store.store_id,
        name: store.store_name,
        address: store.full_address || store.address || "",
        openDate: store.open_date ?? "",
      })),
    })),
    delivery: { name: delivery.name, storeId: delivery.storeId ?? null },
    isVirtual: payment.is_virtual,
    // A virtual order's mobile (the PC asks for one): what was typed, else the member's (prefilled).
    mobile: payment.is_virtual ? (query.data.mobile ?? options.contact?.mobile ?? "") : "",
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
  return data(view, { headers: PRIVATE_NO_STORE });
}

export async function paymentAction<S extends z.ZodTypeAny>(request: Request, context: AppLoadContext, sourceSchema: S, flowOf: FlowOf<S>) {
  const ctx = await requireMember(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: intentSchema(sourceSchema) });
  if (submission.status !== "success") return refused(submission, 400);
  const intent = submission.value as Intent;
  const flow = flowOf(submission.value as z.output<S>);
  const search = paymentSearch(intent);
  if (intent.intent === "recalculate") return redirect(`${flow.path}?${search}`, 303);

  const problems = invoiceProblems(intent);
  if (Object.keys(problems).length) return refused(submission, 400, { fieldErrors: problems });
  const deliveryName = intent.delivery ?? "express";
  // Never offered (D6): a forged choice is refused here, not sent.
  if (!Object.hasOwn(DELIVERY_TITLES, deliveryName)) return refused(submission, 400, { fieldErrors: { delivery: "checkout:errors.badRequest" } });
  // A virtual order's codes go to this mobile: required, as the PC checks before create (D14).
  const mobileProblem = intent.virtual === "1" ? virtualMobileProblem(intent.mobile) : null;
  if (mobileProblem) return refused(submission, 400, { fieldErrors: { mobile: mobileProblem } });
  const contact = deliveryName === "store" ? await pickupContact(ctx) : intent.virtual === "1" ? { mobile: intent.mobile! } : undefined;
  const options = orderOptionsOf(intent, { name: deliveryName, title: DELIVERY_TITLES[deliveryName] ?? deliveryName, storeId: intent.store_id }, contact);
  // The upstream's create spends the balance whatever pay_password says: the password is checked
  // first, and a refusal creates nothing (the choices come back, the password field empty).
  if (options.useBalance) {
    const problem = await payPasswordProblem(context, ctx, intent.pay_password ?? "");
    if (problem) return refused(submission, problem.status, { fieldErrors: { pay_password: problem.message }, headers: problem.headers });
  }
  let outTradeNo: string;
  try {
    // The goods the key would order, checked against sale control before the upstream is asked to order them.
    const ordered = await flow.calculate(ctx, intent.order_key, options);
    await assertMayOrder(ctx, ordered.goods_list);
    outTradeNo = await flow.create(ctx, intent.order_key, options, { buyerMessage: intent.buyer_message ?? "", payPassword: intent.pay_password });
  } catch (error) {
    if (error instanceof SaleControlRefusedError) return refused(submission, 403, { formError: { section: "goods", message: error.formError } });
    if (error instanceof UpstreamError) {
      // A used or timed-out key: start again with the same choices (a second submit lands here too).
      if (error.upstreamMessage === ORDER_EXPIRED) return redirectWithToast(`${flow.path}?${search}`, { kind: "warning", key: "checkout:errors.expired" });
      return refused(submission, 409, { formError: { section: sectionOf(error.code, error.upstreamMessage), message: formErrorFor(error) } });
    }
    // The upstream did not answer in time: the order may exist. Never a 500: say so and point to the orders.
    if (error instanceof Response && error.status >= 500)
      return refused(submission, 504, { formError: { section: "general", message: "checkout:errors.createUnknown" } });
    throw error;
  }
  return redirect(`/pay?${new URLSearchParams({ out_trade_no: outTradeNo })}`, 303);
}
