import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { requireMember } from "~/auth/guards.server";
import { payPasswordProblem } from "~/auth/pay-password.server";
import { errorsText, errorText } from "~/utils/error-text";
import { CheckoutRefused } from "~/components/checkout/checkout-refused";
import { FormErrors, PasswordField, TextField } from "~/components/form";
import { Alert, Button, Group, Panel, Stack } from "~/components/ui";
import { cashierOffersBalanceAndTransfer } from "~/domain/checkout";
import { centsToYuan, toCents } from "~/domain/pricing/money";
import { useTranslation } from "~/i18n/translation";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { findOrder } from "~/upstream/orders.server";
import {
  getBalanceConfig,
  getOfflineConfig,
  getOfflineVoucher,
  listPayTypes,
  PAY_STATUS,
  payExistingOrder,
  startPayment,
  submitOfflineVoucher,
  uploadVoucherImage,
  voucherReview,
} from "~/upstream/pay.server";
import { readFormData } from "~/utils/form-data.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { ownPayment } from "./own-payment.server";
import { redirect } from "~/utils/redirect.server";
import { redirectWithToast } from "~/utils/toast.server";
import { IMAGE_ACCEPT } from "~/utils/image-file";
import { ONLINE_PAY_TYPES, PayIntentSchema, PayQuerySchema, voucherProblem } from "./schema";
import "~/styles/checkout.css";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

export const handle: RouteHandle = { i18n: ["checkout"], title: "checkout:pay.title" };

const payUrl = (outTradeNo: string, extra: Record<string, string> = {}) => `/pay?${new URLSearchParams({ out_trade_no: outTradeNo, ...extra })}`;
const resultUrl = (outTradeNo: string) => `/result?${new URLSearchParams({ out_trade_no: outTradeNo })}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = PayQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new Response(null, { status: 400 });
  if ("order_id" in query.data) {
    // Paying an existing unpaid order: the upstream issues (or reuses) its serial (contract §3.4).
    // 5.5.2's order/pay takes any member's order and may close its payment for a new serial, so the
    // order must be the member's first (docs/upstream-conformance.md D8).
    if (!(await findOrder(ctx, query.data.order_id))) throw notFoundResponse();
    let outTradeNo: string;
    try {
      outTradeNo = await payExistingOrder(ctx, query.data.order_id);
    } catch (error) {
      // The order is the member's, so a refusal is the upstream's to tell (paid meanwhile, closed):
      // its words on the page, with the way to the order, never a 404 (issue 29).
      if (!(error instanceof UpstreamError)) throw error;
      return data({ state: "refused" as const, message: formErrorFor(error), orderId: query.data.order_id }, { status: 409, headers: PRIVATE_NO_STORE });
    }
    throw redirect(payUrl(outTradeNo));
  }
  const outTradeNo = query.data.out_trade_no;
  const { info, member } = await ownPayment(ctx, outTradeNo);
  if (info.pay_status === PAY_STATUS.paid) throw redirect(resultUrl(outTradeNo));
  const [types, balanceShown] = await Promise.all([listPayTypes(ctx), getBalanceConfig(ctx).then((config) => config.balance_show)]);
  // A recharge is paid online only: the balance and the transfer settle goods orders (issue 29).
  const offersBalanceAndTransfer = cashierOffersBalanceAndTransfer(info.event);
  const offline = offersBalanceAndTransfer && types.includes("offlinepay") ? await getOfflineConfig(ctx) : null;
  const voucher = offline && info.pay_type === "offlinepay" ? await getOfflineVoucher(ctx, outTradeNo) : null;
  const bank = offline?.value?.bank?.status ? offline.value.bank : null;
  const review = voucher ? voucherReview(voucher.status) : null;
  return data(
    {
      state: "ready" as const,
      outTradeNo,
      payMoney: info.pay_money,
      body: info.pay_body ?? "",
      closed: info.pay_status === PAY_STATUS.closed || info.pay_status === PAY_STATUS.cancelled,
      deadline: info.auto_close_time ? formatDateTime(info.auto_close_time) : "",
      orderId: info.order_id ?? null,
      online: ONLINE_PAY_TYPES.filter((type) => types.includes(type)),
      balance:
        offersBalanceAndTransfer && types.includes("balance") && balanceShown
          ? { total: centsToYuan(Number(toCents(member.balance) + toCents(member.balance_money))) }
          : null,
      // An offline voucher under review: only the transfer is offered (contract §3.3).
      offline: bank
        ? {
            bank: { name: bank.bank_name ?? "", account: bank.account_name ?? "", number: bank.account_number ?? "", branch: bank.branch_name ?? "" },
            submitted: review ? { review, remark: voucher?.audit_remark ?? "" } : null,
          }
        : null,
      // A transfer under review is paid by the seller, not here: its panel watches the status instead.
      voucherWaiting: review === "waiting",
      waiting: query.data.waiting === "1",
    },
    { headers: PRIVATE_NO_STORE },
  );
}

/** The gateway URL the upstream answered, only if it points where a gateway may be (never an open redirect). */
function gatewayUrl(ctx: UpstreamContext, answer: { type?: string; data?: unknown; url?: string }): string | null {
  const candidate = typeof answer.data === "string" ? answer.data : answer.url;
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  const upstream = new URL(ctx.baseUrl);
  const isUpstream = url.origin === upstream.origin; // the reference API's simulator
  const isAlipay = url.protocol === "https:" && /(^|\.)alipay\.com$/.test(url.hostname);
  return isUpstream || isAlipay ? url.href : null;
}

/** The cashier's three forms; an answer says whose it is, so its errors show there. */
type PayFormName = "online" | "balance" | "offline";
const formOf = (intent: unknown): PayFormName => (intent === "balance" || intent === "offline" ? intent : "online");

function answer(form: PayFormName, result: SubmissionResult<string[]>, init?: ResponseInit, gateway?: string) {
  return data({ form, result, gateway }, init);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: PayIntentSchema });
  if (submission.status !== "success") {
    // The hidden fields (intent, serial, channel) are the page's: a bad one is said at the form.
    const hidden = ["intent", "out_trade_no", "pay_type"].some((name) => submission.error?.[name]);
    const result = submission.reply({ formErrors: hidden ? ["checkout:errors.badRequest"] : [], hideFields: ["pay_password"] });
    return answer(formOf(submission.payload.intent), result, { status: 400 });
  }
  const intent = submission.value;
  const refused = (error: string, status: number) => answer(intent.intent, submission.reply({ formErrors: [error], hideFields: ["pay_password"] }), { status });
  const { info } = await ownPayment(ctx, intent.out_trade_no);
  if (info.pay_status === PAY_STATUS.paid) return redirect(resultUrl(intent.out_trade_no), 303);
  // Never offered for a recharge, so never sent for one: the upstream would refuse it.
  if (intent.intent !== "online" && !cashierOffersBalanceAndTransfer(info.event)) return refused("checkout:errors.payMethodRefused", 409);

  try {
    switch (intent.intent) {
      case "balance": {
        // Checked here: no upstream payment call reads the pay password (auth/pay-password.server.ts).
        const problem = await payPasswordProblem(context, ctx, intent.pay_password);
        if (problem) {
          const result = submission.reply({ fieldErrors: { pay_password: [problem.message] }, hideFields: ["pay_password"] });
          return answer("balance", result, { status: problem.status, headers: problem.headers });
        }
        const paid = await startPayment(ctx, { outTradeNo: intent.out_trade_no, payType: "balance", returnUrl: "", payPassword: intent.pay_password });
        if (paid.pay_success) return redirect(resultUrl(intent.out_trade_no), 303);
        return refused("checkout:errors.payFailed", 409);
      }
      case "online": {
        const returnUrl = new URL(payUrl(intent.out_trade_no), request.url).href;
        const started = await startPayment(ctx, { outTradeNo: intent.out_trade_no, payType: intent.pay_type, returnUrl });
        if (started.pay_success) return redirect(resultUrl(intent.out_trade_no), 303);
        const gateway = gatewayUrl(ctx, started);
        if (!gateway) return refused("checkout:errors.payFailed", 502);
        // The gateway is another site: the page links to it (and goes there with JS) rather than redirecting off-site.
        return answer("online", submission.reply(), undefined, gateway);
      }
      case "offline": {
        const file = form.get("voucher");
        const problem = await voucherProblem(file);
        if (problem) return answer("offline", submission.reply({ fieldErrors: { voucher: [problem.message] } }), { status: problem.status });
        const path = await uploadVoucherImage(ctx, file as File);
        await submitOfflineVoucher(ctx, intent.out_trade_no, [path], intent.desc);
        return redirectWithToast(payUrl(intent.out_trade_no), { kind: "success", key: "checkout:pay.voucherSent" });
      }
    }
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (/支付密码/.test(error.upstreamMessage)) {
      const result = submission.reply({ fieldErrors: { pay_password: ["checkout:errors.payPasswordWrong"] }, hideFields: ["pay_password"] });
      return answer(intent.intent, result, { status: 400 });
    }
    return refused(formErrorFor(error), 409);
  }
}

export default function PayPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  if (loaded.state === "refused") {
    return (
      <CheckoutRefused
        title={t("pay.title")}
        message={errorText(t, loaded.message)}
        back={{ href: `/member/order_detail?${new URLSearchParams({ order_id: String(loaded.orderId) })}`, label: t("pay.toOrder") }}
      />
    );
  }
  return <PayForm view={loaded} />;
}

type ReadyView = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "ready" }>;

function PayForm({ view }: { view: ReadyView }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("checkout");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const lastFor = (name: PayFormName) => (actionData?.form === name ? actionData.result : undefined);
  const [online] = useForm({ id: "pay-online", lastResult: lastFor("online") });
  const [balance, balanceFields] = useForm<{ pay_password: string }>({ id: "pay-balance", lastResult: lastFor("balance"), shouldValidate: "onSubmit" });
  // Whether the page watches the payment (see StatusWatch): an online channel, or a voucher under review.
  const watching = view.online.length > 0 || view.voucherWaiting;

  useEffect(() => {
    // With JS the browser goes straight on to the gateway; without JS the link below is the way.
    if (actionData?.gateway) window.location.assign(actionData.gateway);
  }, [actionData?.gateway]);

  return (
    <Stack gap="md" className="checkout-page">
      <h1 className="ui-title">{t("pay.title")}</h1>
      {view.waiting && watching ? (
        <noscript>
          <meta httpEquiv="refresh" content="5" />
        </noscript>
      ) : null}
      <Panel>
        <dl className="checkout-summary">
          <dt>{t("pay.number")}</dt>
          <dd data-testid="out-trade-no">{view.outTradeNo}</dd>
          <dt>{t("pay.amount")}</dt>
          <dd data-testid="pay-money" className="ui-price">
            {formatMoney(view.payMoney)}
          </dd>
          {view.deadline ? (
            <>
              <dt>{t("pay.deadline")}</dt>
              <dd>{view.deadline}</dd>
            </>
          ) : null}
        </dl>
        {view.body ? <p className="ui-dimmed">{view.body}</p> : null}
      </Panel>
      {view.closed ? (
        <Alert color="red">{t("pay.closed")}</Alert>
      ) : (
        <>
          {/* A refusal of the whole payment (not of a field), whichever form was sent. */}
          <FormErrors errors={online.errors ?? balance.errors} />
          {actionData?.gateway ? (
            <Alert color="blue" role="status">
              <a className="ui-anchor" href={actionData.gateway} data-testid="gateway-link">
                {t("pay.toGateway")}
              </a>
            </Alert>
          ) : null}
          {view.online.length > 0 ? (
            <Panel>
              <h2 className="ui-strong">{t("pay.online")}</h2>
              <Form method="post" {...getFormProps(online)}>
                <input type="hidden" name="out_trade_no" value={view.outTradeNo} />
                <input type="hidden" name="intent" value="online" />
                <Group>
                  {view.online.map((type) => (
                    <Button key={type} type="submit" name="pay_type" value={type} variant="outline" disabled={busy}>
                      {t(`pay.types.${type}`)}
                    </Button>
                  ))}
                </Group>
                <p className="ui-dimmed">{t("pay.simulatorNote")}</p>
              </Form>
              {view.voucherWaiting ? null : <StatusWatch outTradeNo={view.outTradeNo} />}
            </Panel>
          ) : null}
          {view.balance ? (
            <Panel>
              <h2 className="ui-strong">{t("pay.balance")}</h2>
              <Form method="post" {...getFormProps(balance)}>
                <input type="hidden" name="out_trade_no" value={view.outTradeNo} />
                <input type="hidden" name="intent" value="balance" />
                <p>{t("pay.balanceAvailable", { amount: formatMoney(view.balance.total) })}</p>
                <PasswordField meta={balanceFields.pay_password} label={t("pay.payPassword")} autoComplete="off" maxLength={32} />
                <Button type="submit" disabled={busy}>
                  {t("pay.payWithBalance")}
                </Button>
              </Form>
            </Panel>
          ) : null}
          {view.offline ? <OfflinePay view={view} lastResult={lastFor("offline")} busy={busy} /> : null}
        </>
      )}
    </Stack>
  );
}

function OfflinePay({ view, lastResult, busy }: { view: ReadyView; lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const { t } = useTranslation("checkout");
  const [form, fields] = useForm<{ voucher: File; desc: string }>({ id: "pay-offline", lastResult, shouldValidate: "onSubmit" });
  const error = errorsText(t, fields.voucher.errors);
  const offline = view.offline;
  if (!offline) return null;
  return (
    <Panel>
      <h2 className="ui-strong">{t("pay.offline")}</h2>
      <dl className="checkout-summary">
        <dt>{t("pay.bankName")}</dt>
        <dd>{offline.bank.name}</dd>
        <dt>{t("pay.accountName")}</dt>
        <dd>{offline.bank.account}</dd>
        <dt>{t("pay.accountNumber")}</dt>
        <dd>{offline.bank.number}</dd>
        {offline.bank.branch ? (
          <>
            <dt>{t("pay.branch")}</dt>
            <dd>{offline.bank.branch}</dd>
          </>
        ) : null}
      </dl>
      {offline.submitted ? (
        <Alert color={offline.submitted.review === "refused" ? "red" : "blue"} role="status" data-testid="voucher-status">
          {t(VOUCHER_REVIEW_TEXT[offline.submitted.review])} {offline.submitted.remark}
        </Alert>
      ) : null}
      {view.voucherWaiting ? <StatusWatch outTradeNo={view.outTradeNo} /> : null}
      {/* A plain multipart form: works without JS. */}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <input type="hidden" name="out_trade_no" value={view.outTradeNo} />
        <input type="hidden" name="intent" value="offline" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Stack gap="xs">
          <label className="ui-label" htmlFor="voucher">
            {t("pay.voucher")}
          </label>
          <input
            id="voucher"
            type="file"
            name="voucher"
            accept={IMAGE_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "voucher-error" : "voucher-hint"}
          />
          <p id="voucher-hint" className="ui-dimmed">
            {t("pay.voucherHint")}
          </p>
          {error ? (
            <p id="voucher-error" className="ui-error" role="alert">
              {error}
            </p>
          ) : null}
          <TextField meta={fields.desc} label={t("pay.voucherDesc")} maxLength={200} />
          <Button type="submit" disabled={busy}>
            {t("pay.sendVoucher")}
          </Button>
        </Stack>
      </Form>
    </Panel>
  );
}

const VOUCHER_REVIEW_TEXT = {
  waiting: "pay.voucherWaiting",
  passed: "pay.voucherPassed",
  refused: "pay.voucherRefused",
  closed: "pay.voucherClosed",
} as const;

/** With JS: asks for the status every 2 s and goes to the result once paid. Without JS: a "check again" button. */
function StatusWatch({ outTradeNo }: { outTradeNo: string }) {
  const { t } = useTranslation("checkout");
  const status = useFetcher<{ paid: boolean }>();
  const navigate = useNavigate();
  const { load } = status;
  useEffect(() => {
    const timer = window.setInterval(() => load(`/pay-status?${new URLSearchParams({ out_trade_no: outTradeNo })}`), 2_000);
    return () => window.clearInterval(timer);
  }, [load, outTradeNo]);
  const paid = status.data?.paid === true;
  useEffect(() => {
    if (paid) navigate(`/result?${new URLSearchParams({ out_trade_no: outTradeNo })}`);
  }, [paid, navigate, outTradeNo]);
  return (
    <Form method="get" action="/pay">
      <input type="hidden" name="out_trade_no" value={outTradeNo} />
      <input type="hidden" name="waiting" value="1" />
      <Button type="submit" variant="subtle">
        {t("pay.checkAgain")}
      </Button>
    </Form>
  );
}
