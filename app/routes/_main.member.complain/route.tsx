import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { errorText } from "~/utils/error-text";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, ConfirmStep, Button, NativeSelect, Panel, Stack } from "~/components/ui";
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
const IntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("complain"),
    reason: z.string().min(1, "aftersales:errors.complainReason").max(100),
    remark: z.string().trim().max(COMPLAIN_REMARK_MAX, `aftersales:errors.remarkLong|max=${COMPLAIN_REMARK_MAX}`).optional().default(""),
  }),
  z.object({ intent: z.literal("cancel") }),
]);

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
  };
}

type ActionData = { formError?: string; fieldErrors?: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const form = await readFormData(request);
  const parsed = IntentSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === "string")));
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message]));
    return data<ActionData>({ fieldErrors, formError: fieldErrors.intent ? "aftersales:errors.badForm" : undefined }, { status: 400 });
  }
  const info = await loadComplaint(ctx, query.order_goods_id);
  const self = `/member/complain?${new URLSearchParams({ order_goods_id: String(query.order_goods_id) })}`;
  try {
    if (parsed.data.intent === "cancel") {
      await withdrawComplaint(ctx, query.order_goods_id);
      return redirectWithToast(self, { kind: "success", key: "aftersales:complain.cancelled" });
    }
    if (!info.complain_reason_type.includes(parsed.data.reason))
      return data<ActionData>({ fieldErrors: { reason: "aftersales:errors.complainReason" } }, { status: 400 });
    await fileComplaint(ctx, { orderGoodsId: query.order_goods_id, reason: parsed.data.reason, remark: parsed.data.remark });
    return redirectWithToast(self, { kind: "success", key: "aftersales:complain.sent" });
  } catch (error) {
    if (error instanceof CapabilityAbsentError) throw notFoundResponse();
    if (!(error instanceof UpstreamError)) throw error;
    return data<ActionData>({ formError: formErrorFor(error) }, { status: 409 });
  }
}

export default function ComplainPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("aftersales");
  const busy = useNavigation().state === "submitting";
  const self = `/member/complain?${new URLSearchParams({ order_goods_id: String(view.id) })}`;
  const fieldError = (name: string) => (actionData?.fieldErrors?.[name] ? errorText(t, actionData.fieldErrors[name]) : undefined);
  return (
    <Stack gap="md" className="aftersales-page">
      <h1 className="ui-title">{t("complain.title")}</h1>
      {actionData?.formError ? <Alert color="red">{errorText(t, actionData.formError)}</Alert> : null}
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
          <Form method="post">
            <input type="hidden" name="intent" value="complain" />
            <Stack gap="sm">
              <NativeSelect
                name="reason"
                label={t("complain.reason")}
                required
                error={fieldError("reason")}
                data={[{ value: "", label: t("refund.choose") }, ...view.reasons.map((reason) => ({ value: reason, label: reason }))]}
              />
              <div className="ui-field">
                <label className="ui-field__label" htmlFor="complain-remark">
                  {t("complain.remark")}
                </label>
                <div className="ui-input">
                  <textarea id="complain-remark" name="remark" rows={3} maxLength={COMPLAIN_REMARK_MAX} />
                </div>
                {fieldError("remark") ? <p className="ui-field__error">{fieldError("remark")}</p> : null}
              </div>
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

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
