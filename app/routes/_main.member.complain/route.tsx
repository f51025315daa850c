import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { errorsText, errorText } from "~/utils/error-text";
import { FormErrors, TextareaField } from "~/components/form";
import { ConfirmStep, Button, NativeSelect, Panel, Stack } from "~/components/ui";
import { COMPLAIN_REMARK_MAX } from "~/domain/aftersales";
import { useTranslation } from "~/i18n/translation";
import { fileComplaint, findComplaint, withdrawComplaint } from "~/upstream/aftersales.server";
import { CapabilityAbsentError } from "~/upstream/capabilities.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { readFormData } from "~/utils/form-data.server";
import { formatDateTime } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirectWithToast } from "~/utils/toast.server";
import { refundStatusLabel } from "~/domain/coded-names";

/**
 * A complaint about a refund. Niushop has no complaint endpoints (contract §5.3): this page exists
 * only where the upstream has ours (capability "complaints", docs/after-sales-api.md); elsewhere 404.
 */
export const handle: RouteHandle = { i18n: ["aftersales"], title: "aftersales:complain.title" };

const QuerySchema = z.object({ order_goods_id: z.coerce.number().int().positive().max(2_147_483_647), confirm: z.literal("cancel").optional() });
const ComplainSchema = z.object({
  intent: z.literal("complain"),
  reason: z.string({ required_error: "aftersales:errors.complainReason" }).max(100, "aftersales:errors.complainReason"),
  remark: z.string().trim().max(COMPLAIN_REMARK_MAX, `aftersales:errors.remarkLong|max=${COMPLAIN_REMARK_MAX}`).optional().default(""),
});
/** The complaint form, or the confirmation step's "withdraw" button (ConfirmStep, intent=cancel). */
const IntentSchema = z.discriminatedUnion("intent", [ComplainSchema, z.object({ intent: z.literal("cancel") })]);

function queryOf(request: Request) {
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw notFoundResponse();
  return query.data;
}

/** The line's complaint state; absent feature, another member's or an unknown line → 404. */
async function loadComplaint(ctx: UpstreamContext, orderGoodsId: number) {
  const info = await findComplaint(ctx, orderGoodsId).catch((error: unknown) => {
    if (error instanceof UpstreamError) return null;
    throw error;
  });
  if (!info) throw notFoundResponse();
  return info;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const info = await loadComplaint(ctx, query.order_goods_id);
  const complaint = info.complain;
  const open = complaint?.complain_action.some((action) => action.event === "complainCancel") ?? false;
  return {
    id: info.order_goods_id,
    name: info.sku_name,
    refundStatus: info.refund_status_name ? refundStatusLabel(info.refund_status, info.refund_status_name) : "",
    canComplain: info.can_complain,
    reasons: info.complain_reason_type,
    complaint: complaint
      ? {
          status: complaint.complain_status_name,
          reason: complaint.complain_reason,
          remark: complaint.complain_remark,
          reply: complaint.platform_remark,
          time: complaint.create_time,
          open,
        }
      : null,
    confirmCancel: query.confirm === "cancel" && open,
    // The form's native constraints (a reason required, the remark's length): zod stays on the server (ADR 010).
    constraint: getZodConstraint(ComplainSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const submission = parseWithZod(await readFormData(request), { schema: IntentSchema });
  if (submission.status !== "success") {
    // No known intent: not this page's form.
    const formErrors = submission.error?.intent ? ["aftersales:errors.badForm"] : [];
    return data({ result: submission.reply({ formErrors }) }, { status: 400 });
  }
  const input = submission.value;
  const info = await loadComplaint(ctx, query.order_goods_id);
  const self = `/member/complain?${new URLSearchParams({ order_goods_id: String(query.order_goods_id) })}`;
  try {
    if (input.intent === "cancel") {
      await withdrawComplaint(ctx, query.order_goods_id);
      return redirectWithToast(self, { kind: "success", key: "aftersales:complain.cancelled" });
    }
    if (!info.complain_reason_type.includes(input.reason))
      return data({ result: submission.reply({ fieldErrors: { reason: ["aftersales:errors.complainReason"] } }) }, { status: 400 });
    await fileComplaint(ctx, { orderGoodsId: query.order_goods_id, reason: input.reason, remark: input.remark });
    return redirectWithToast(self, { kind: "success", key: "aftersales:complain.sent" });
  } catch (error) {
    if (error instanceof CapabilityAbsentError) throw notFoundResponse();
    if (!(error instanceof UpstreamError)) throw error;
    return data({ result: submission.reply({ formErrors: [formErrorFor(error)] }) }, { status: 409 });
  }
}

export default function ComplainPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("aftersales");
  const busy = useNavigation().state === "submitting";
  const self = `/member/complain?${new URLSearchParams({ order_goods_id: String(view.id) })}`;
  // Both forms answer here (the complaint, the withdrawal's confirmation): their errors show above.
  const [form, fields] = useForm<z.input<typeof ComplainSchema>>({
    id: "complaint",
    lastResult: actionData?.result,
    constraint: view.constraint,
    // Validation happens on the server (ADR 010): only a submit asks it.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { key: reasonKey, ...reasonProps } = getSelectProps(fields.reason);
  return (
    <Stack gap="md" className="aftersales-page">
      <h1 className="ui-title">{t("complain.title")}</h1>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Panel>
        <p className="ui-strong">{view.name}</p>
        <p className="ui-dimmed">
          {t("complain.refundStatus")}: {view.refundStatus ? errorText(t, view.refundStatus) : t("detail.noRefund")}
        </p>
      </Panel>
      {view.complaint ? (
        <Panel data-testid="complaint">
          <p className="ui-strong">{view.complaint.status}</p>
          <p>
            {view.complaint.reason} · {formatDateTime(view.complaint.time)}
          </p>
          {view.complaint.remark ? <p>{view.complaint.remark}</p> : null}
          {view.complaint.reply ? (
            <p>
              {t("complain.reply")}: {view.complaint.reply}
            </p>
          ) : null}
          {view.complaint.open && !view.confirmCancel ? (
            <Link className="ui-anchor" to={`${self}&confirm=cancel`}>
              {t("complain.cancel")}
            </Link>
          ) : null}
          {view.confirmCancel ? (
            <ConfirmStep
              title={t("complain.cancelConfirm")}
              intent="cancel"
              submitLabel={t("detail.cancelYes")}
              cancelLabel={t("detail.cancelNo")}
              cancelHref={self}
              busy={busy}
            />
          ) : null}
        </Panel>
      ) : null}
      {view.canComplain ? (
        <Panel>
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="complain" />
            <Stack gap="sm">
              <NativeSelect
                key={reasonKey}
                {...reasonProps}
                label={t("complain.reason")}
                error={errorsText(t, fields.reason.errors)}
                data={[{ value: "", label: t("refund.choose") }, ...view.reasons.map((reason) => ({ value: reason, label: reason }))]}
              />
              <TextareaField meta={fields.remark} label={t("complain.remark")} />
              <div>
                <Button type="submit" disabled={busy}>
                  {t("complain.submit")}
                </Button>
              </div>
            </Stack>
          </Form>
        </Panel>
      ) : !view.complaint?.open ? (
        <p className="ui-dimmed">{t("complain.notAllowed")}</p>
      ) : null}
      <Link className="ui-anchor" to={`/member/refund_detail?${new URLSearchParams({ order_goods_id: String(view.id) })}`}>
        {t("detail.title")}
      </Link>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
