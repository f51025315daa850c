import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Fragment } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { GoodsLine } from "~/components/aftersales/goods-line";
import { errorText } from "~/utils/error-text";
import { FormErrors, TextField } from "~/components/form";
import { ConfirmStep, Button, ButtonLink, Group, Panel, Stack } from "~/components/ui";
import { imagePaths, mayComplain, REFUND_STATUS, refundButtons, refundSteps, WAYBILL_MAX } from "~/domain/aftersales";
import { useTranslation } from "~/i18n/translation";
import { cancelRefund, complaintsAvailable, getRefundDetail, sendReturnWaybill } from "~/upstream/aftersales.server";
import { assetUrl, ownAssetUrl } from "~/upstream/context.server";
import { formErrorFor } from "~/upstream/error-messages";
import { isRefusal, UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import type { RefundDetail } from "~/upstream/schemas/aftersales";
import { readFormData } from "~/utils/form-data.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirectWithToast } from "~/utils/toast.server";
import { refundReasonLabel, refundStatusLabel } from "~/domain/coded-names";

export const handle: RouteHandle = { i18n: ["aftersales"], title: "aftersales:detail.title" };

/** Statuses with an explanation under the status name. */
const HINTED = new Set([1, 2, 3, 4, 5, 6, -1, -2, -3]);

const QuerySchema = z.object({ order_goods_id: z.coerce.number().int().positive().max(2_147_483_647), confirm: z.literal("cancel").optional() });

const WaybillText = z
  .string({ required_error: "aftersales:errors.waybillMissing" })
  .trim()
  .min(1, "aftersales:errors.waybillMissing")
  .max(WAYBILL_MAX, "aftersales:errors.waybillLong");
const WaybillSchema = z.object({
  intent: z.literal("delivery"),
  company: WaybillText,
  number: WaybillText.pipe(z.string().regex(/^[A-Za-z0-9-]+$/, "aftersales:errors.waybillNumber")),
  remark: z.string().trim().max(200, "aftersales:errors.remarkLong|max=200").optional().default(""),
});
/** The return waybill's form, or the cancel confirmation's button (ConfirmStep, intent=cancel). */
const IntentSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("cancel") }), WaybillSchema]);

function queryOf(request: Request) {
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw notFoundResponse();
  return query.data;
}

/** Another member's line is answered as missing upstream (refused, or a detail without a line): a page that does not exist here. */
async function loadDetail(ctx: UpstreamContext, orderGoodsId: number): Promise<RefundDetail> {
  const detail = await getRefundDetail(ctx, orderGoodsId).catch((error: unknown) => {
    if (isRefusal(error)) return null;
    throw error;
  });
  if (!detail) throw notFoundResponse();
  return detail;
}

/** `valueLabel`: a label for errorText (a name translated by code, else the shop's words). */
type Fact = { label: string; value?: string; valueKey?: string; valueLabel?: string; id?: string };

/** The refund's facts, in order, only those it has (labels and some values are translation keys). */
function factsOf(detail: RefundDetail): Fact[] {
  const facts: Array<Fact | false> = [
    !!detail.refund_no && { label: "detail.refundNo", value: detail.refund_no },
    !!detail.order_no && { label: "detail.orderNo", value: detail.order_no },
    !!detail.refund_type && { label: "refund.type", valueKey: `refund.types.${detail.refund_type}` },
    { label: "detail.applyMoney", value: formatMoney(detail.refund_apply_money), id: "apply-money" },
    detail.refund_status === REFUND_STATUS.done && { label: "detail.realMoney", value: formatMoney(detail.refund_real_money), id: "real-money" },
    !!detail.refund_reason && { label: "refund.reason", valueLabel: refundReasonLabel(detail.refund_reason) },
    !!detail.refund_remark && { label: "refund.remark", value: detail.refund_remark },
    !!detail.refund_delivery_no && { label: "detail.waybill", value: `${detail.refund_delivery_name} ${detail.refund_delivery_no}`, id: "waybill" },
  ];
  return facts.filter((fact): fact is Fact => fact !== false);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const [detail, complaints] = await Promise.all([loadDetail(ctx, query.order_goods_id), complaintsAvailable()]);
  const buttons = refundButtons(detail.refund_action);
  return {
    id: detail.order_goods_id,
    orderId: detail.order_id,
    name: detail.sku_name,
    image: assetUrl(detail.sku_image),
    price: detail.price,
    num: detail.num,
    status: detail.refund_status,
    statusName: detail.refund_status_name ? refundStatusLabel(detail.refund_status, detail.refund_status_name) : "",
    type: detail.refund_type,
    refuseReason: detail.refund_refuse_reason,
    images: (imagePaths(detail.refund_images, 20) ?? []).map((path) => ownAssetUrl(path, ctx.token)),
    address: detail.shop_address ? { contact: detail.shop_contacts, mobile: detail.shop_mobile, address: detail.shop_address } : null,
    log: detail.refund_log_list.map((entry) => ({
      action: entry.action,
      time: entry.action_time,
      seller: entry.action_way === 2,
      who: entry.username,
      desc: entry.desc ?? "",
    })),
    facts: factsOf(detail),
    buttons,
    confirmCancel: query.confirm === "cancel" && buttons.cancel,
    complain: complaints && mayComplain(detail.refund_status),
    // The waybill's native constraints (required, lengths, the number's pattern): zod stays on the server (ADR 010).
    constraint: getZodConstraint(WaybillSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: IntentSchema });
  if (submission.status !== "success") {
    // No known intent: not this page's form.
    const formErrors = submission.error?.intent ? ["aftersales:errors.badForm"] : [];
    return data({ result: submission.reply({ formErrors }) }, { status: 400 });
  }
  const input = submission.value;
  // Ownership first: the upstream answers another member's line as missing.
  await loadDetail(ctx, query.order_goods_id);
  const self = `/member/refund_detail?${new URLSearchParams({ order_goods_id: String(query.order_goods_id) })}`;
  try {
    if (input.intent === "cancel") {
      await cancelRefund(ctx, query.order_goods_id);
      return redirectWithToast(self, { kind: "success", key: "aftersales:detail.cancelled" });
    }
    await sendReturnWaybill(ctx, query.order_goods_id, { company: input.company, number: input.number, remark: input.remark });
    return redirectWithToast(self, { kind: "success", key: "aftersales:detail.waybillSent" });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data({ result: submission.reply({ formErrors: [formErrorFor(error)] }) }, { status: 409 });
  }
}

export default function RefundDetailPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("aftersales");
  const busy = useNavigation().state === "submitting";
  const steps = refundSteps(view.type);
  const reached = view.status === REFUND_STATUS.done ? steps.length : steps.indexOf(view.status) + 1;
  // Both forms answer here (the waybill, the cancel confirmation): their errors show above.
  const [form, fields] = useForm<z.input<typeof WaybillSchema>>({
    id: "refund-waybill",
    lastResult: actionData?.result,
    constraint: view.constraint,
    // Validation happens on the server (ADR 010): only a submit asks it.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const self = `/member/refund_detail?${new URLSearchParams({ order_goods_id: String(view.id) })}`;

  return (
    <Stack gap="md" className="aftersales-page">
      <h1 className="ui-title">{t("detail.title")}</h1>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Panel>
        <p className="ui-strong" data-testid="refund-status">
          {view.statusName ? errorText(t, view.statusName) : t("detail.noRefund")}
        </p>
        {HINTED.has(view.status) ? <p className="ui-dimmed">{t(`detail.hint.${String(view.status).replace("-", "m")}`)}</p> : null}
        {view.status === REFUND_STATUS.refused && view.refuseReason ? (
          <p>
            {t("detail.refuseReason")}: {view.refuseReason}
          </p>
        ) : null}
        {view.type ? (
          <ol className="aftersales-steps" aria-label={t("detail.steps")}>
            {steps.map((step, index) => (
              <li key={step} data-done={index < reached || undefined} aria-current={index === reached - 1 ? "step" : undefined}>
                {t(`detail.step.${step}`)}
              </li>
            ))}
          </ol>
        ) : null}
        <Group gap="sm">
          {view.buttons.cancel ? (
            <ButtonLink to={`${self}&confirm=cancel`} variant="outline">
              {t("detail.cancel")}
            </ButtonLink>
          ) : null}
          {view.buttons.askAgain || view.buttons.apply ? (
            <ButtonLink to={`/member/refund?${new URLSearchParams({ order_goods_id: String(view.id), order_id: String(view.orderId) })}`} variant="outline">
              {t(view.buttons.askAgain ? "detail.askAgain" : "detail.apply")}
            </ButtonLink>
          ) : null}
          {view.complain ? (
            <ButtonLink to={`/member/complain?${new URLSearchParams({ order_goods_id: String(view.id) })}`} variant="subtle">
              {t("complain.title")}
            </ButtonLink>
          ) : null}
        </Group>
      </Panel>

      {view.confirmCancel ? (
        <Panel>
          <ConfirmStep
            data-testid="confirm-cancel"
            title={t("detail.cancelConfirm")}
            intent="cancel"
            submitLabel={t("detail.cancelYes")}
            cancelLabel={t("detail.cancelNo")}
            cancelHref={self}
            busy={busy}
          />
        </Panel>
      ) : null}

      {view.address && view.status >= REFUND_STATUS.waitReturn ? (
        <Panel data-testid="return-address">
          <h2 className="ui-strong">{t("detail.returnAddress")}</h2>
          <p>
            {view.address.contact} {view.address.mobile}
          </p>
          <p>{view.address.address}</p>
        </Panel>
      ) : null}

      {view.buttons.delivery ? (
        <Panel>
          <h2 className="ui-strong">{t("detail.waybill")}</h2>
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="delivery" />
            <Stack gap="sm">
              <TextField meta={fields.company} label={t("detail.company")} />
              <TextField meta={fields.number} label={t("detail.number")} />
              <TextField meta={fields.remark} label={t("detail.waybillRemark")} />
              <div>
                <Button type="submit" disabled={busy}>
                  {t("detail.sendWaybill")}
                </Button>
              </div>
            </Stack>
          </Form>
        </Panel>
      ) : null}

      <Panel>
        <GoodsLine image={view.image} name={view.name} price={view.price} num={view.num} />
        <dl className="aftersales-facts">
          {view.facts.map((fact) => (
            <Fragment key={fact.label}>
              <dt>{t(fact.label)}</dt>
              <dd data-testid={fact.id}>{fact.valueKey ? t(fact.valueKey) : fact.valueLabel ? errorText(t, fact.valueLabel) : fact.value}</dd>
            </Fragment>
          ))}
        </dl>
        {view.images.length ? (
          <div className="aftersales-images__list">
            {view.images.map((url, index) => (
              <img key={url} src={url} alt={t("images.alt", { index: index + 1 })} width={64} height={64} />
            ))}
          </div>
        ) : null}
      </Panel>

      <Panel>
        <h2 className="ui-strong">{t("detail.log")}</h2>
        {view.log.length ? (
          <ul className="aftersales-log" data-testid="refund-log">
            {view.log.map((entry, index) => (
              <li key={`${entry.time}-${index}`}>
                <span className="ui-dimmed">
                  {formatDateTime(entry.time)} · {t(entry.seller ? "detail.seller" : "detail.buyer")}
                </span>
                <p>{entry.action}</p>
                {entry.desc ? <p className="ui-dimmed">{entry.desc}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="ui-dimmed">{t("detail.noLog")}</p>
        )}
      </Panel>
      <Link className="ui-anchor" to="/member/activist">
        {t("activist.title")}
      </Link>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
