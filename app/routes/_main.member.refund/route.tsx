import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { GoodsLine } from "~/components/aftersales/goods-line";
import { ImageDrafts, type DraftImage } from "~/components/aftersales/image-drafts";
import { errorText } from "~/utils/error-text";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, Button, NativeSelect, Panel, Stack } from "~/components/ui";
import { imagePaths, REFUND_MAX_IMAGES, REFUND_REMARK_MAX } from "~/domain/aftersales";
import { useTranslation } from "~/i18n/translation";
import { applyRefund, getRefundData, getRefundDataBatch, uploadRefundImage } from "~/upstream/aftersales.server";
import { assetUrl, ownAssetUrl } from "~/upstream/context.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { findOrder } from "~/upstream/orders.server";
import { uploadChosenImage } from "~/utils/draft-images.server";
import { readFormData } from "~/utils/form-data.server";
import { formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse, refusedResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { redirectWithToast } from "~/utils/toast.server";
import { RefundFieldsSchema, RefundIntentSchema, RefundQuerySchema } from "./schema";

export const handle: RouteHandle = { i18n: ["aftersales"], title: "aftersales:refund.title" };

/** Statuses from which a line may be applied for (§5.1). */
const APPLY_FROM = new Set([0, -1, -3]);

function queryOf(request: Request) {
  const query = RefundQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw notFoundResponse();
  return query.data;
}

type RefundQuery = { orderId: number; ids: number[]; batch: boolean };

/**
 * The lines must be in an order of the member (the member-scoped order detail), else the page
 * does not exist: 5.5.2's refunddata, refunddatabatch and refund take any member's line
 * (docs/upstream-conformance.md D1), so this comes before any of them, for GET and POST.
 */
async function requireOwnLines(ctx: UpstreamContext, query: RefundQuery) {
  const order = await findOrder(ctx, query.orderId);
  const lines = new Set(order?.order_goods.map((line) => line.order_goods_id));
  if (!query.ids.every((id) => lines.has(id))) throw notFoundResponse();
}

/** The upstream's refund data, for the member's own lines (requireOwnLines first). */
async function loadRefundData(ctx: UpstreamContext, query: RefundQuery) {
  await requireOwnLines(ctx, query);
  try {
    return query.batch ? await getRefundDataBatch(ctx, query.ids) : await getRefundData(ctx, query.ids[0]!);
  } catch (error) {
    // The lines are the member's: a refusal is the upstream's to tell, on the page (issue 29).
    if (error instanceof UpstreamError) throw refusedResponse(formErrorFor(error));
    throw error;
  }
}

const detailUrl = (orderGoodsId: number) => `/member/refund_detail?${new URLSearchParams({ order_goods_id: String(orderGoodsId) })}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const refund = await loadRefundData(ctx, query);
  const blocked = refund.order_goods_info.filter((line) => !APPLY_FROM.has(line.refund_status));
  // A line already in after-sales: its detail page is where it goes on.
  if (!query.batch && blocked.length) throw redirect(detailUrl(query.ids[0]!));
  return {
    batch: query.batch,
    blocked: blocked.map((line) => line.sku_name),
    lines: refund.order_goods_info.map((line) => ({
      id: line.order_goods_id,
      name: line.sku_name,
      image: assetUrl(line.sku_image),
      price: line.price,
      num: line.num,
    })),
    max: refund.refund_money,
    delivery: refund.refund_delivery_money,
    types: refund.refund_type.filter((type): type is 1 | 2 => type === 1 || type === 2),
    reasons: refund.refund_reason_type,
  };
}

type Draft = { type: string; reason: string; remark: string; images: DraftImage[] };
type Field = "type" | "reason" | "remark" | "images";
type ActionData = { draft: Draft; errors: Partial<Record<Field, string>>; formError: string | null; revision: number };

function reply(value: Omit<ActionData, "revision">, status: number) {
  return data<ActionData>({ ...value, revision: Date.now() }, { status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const form = await readFormData(request);
  const refund = await loadRefundData(ctx, query);
  const fields = RefundFieldsSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === "string")));
  const paths = imagePaths(String(form.get("refund_images") ?? ""), REFUND_MAX_IMAGES);
  const intent = RefundIntentSchema.safeParse(form.get("intent"));
  const empty: Draft = { type: "", reason: "", remark: "", images: [] };
  if (!fields.success || !paths || !intent.success) return reply({ draft: empty, errors: {}, formError: "aftersales:errors.badForm" }, 400);
  const value = fields.data;
  const draft: Draft = {
    type: value.refund_type,
    reason: value.refund_reason,
    remark: value.remark,
    images: paths.map((path) => ({ path, url: ownAssetUrl(path, ctx.token) })),
  };

  if (intent.data.kind === "remove") {
    const removed = intent.data.path;
    draft.images = draft.images.filter((image) => image.path !== removed);
    return reply({ draft, errors: {}, formError: null }, 200);
  }
  const uploaded = await uploadChosenImage(form, "refund_file", (file) => uploadRefundImage(ctx, file)).catch((error: unknown) => {
    if (error instanceof UpstreamError) return { problem: formErrorFor(error), status: 400 as const };
    throw error;
  });
  if (uploaded && "problem" in uploaded) return reply({ draft, errors: { images: uploaded.problem }, formError: null }, uploaded.status);
  if (uploaded) {
    if (draft.images.length >= REFUND_MAX_IMAGES)
      return reply({ draft, errors: { images: `aftersales:errors.tooManyImages|max=${REFUND_MAX_IMAGES}` }, formError: null }, 400);
    draft.images.push({ path: uploaded.path, url: ownAssetUrl(uploaded.path, ctx.token) });
  }
  if (intent.data.kind === "upload") return reply({ draft, errors: {}, formError: null }, 200);

  const errors: ActionData["errors"] = {};
  const types = refund.refund_type;
  const type = types.length === 1 ? types[0]! : Number(value.refund_type);
  if (!types.includes(type) || (type !== 1 && type !== 2)) errors.type = "aftersales:errors.typeMissing";
  if (!refund.refund_reason_type.includes(value.refund_reason)) errors.reason = "aftersales:errors.reasonMissing";
  if ([...value.remark.trim()].length > REFUND_REMARK_MAX) errors.remark = `aftersales:errors.remarkLong|max=${REFUND_REMARK_MAX}`;
  if (Object.keys(errors).length) return reply({ draft, errors, formError: null }, 400);

  try {
    await applyRefund(ctx, {
      orderGoodsIds: query.ids,
      type: type as 1 | 2,
      reason: value.refund_reason,
      remark: value.remark.trim(),
      images: draft.images.map((image) => image.path),
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return reply({ draft, errors: {}, formError: formErrorFor(error) }, 409);
  }
  const target = query.batch ? "/member/activist" : detailUrl(query.ids[0]!);
  return redirectWithToast(target, { kind: "success", key: "aftersales:refund.applied" });
}

export default function RefundPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("aftersales");
  const busy = useNavigation().state === "submitting";
  const draft = actionData?.draft;
  const errors = actionData?.errors ?? {};
  const error = (field: Field) => (errors[field] ? errorText(t, errors[field]) : undefined);

  return (
    <Stack gap="md" className="aftersales-page">
      <h1 className="ui-title">{t(view.batch ? "refund.batchTitle" : "refund.title")}</h1>
      <Panel>
        <ul className="aftersales-lines">
          {view.lines.map((line) => (
            <li key={line.id}>
              <GoodsLine image={line.image} name={line.name} price={line.price} num={line.num} />
            </li>
          ))}
        </ul>
      </Panel>
      {view.blocked.length ? (
        <Alert color="orange">{t("refund.blocked", { names: view.blocked.join("、") })}</Alert>
      ) : (
        <Panel>
          {actionData?.formError ? <Alert color="red">{errorText(t, actionData.formError)}</Alert> : null}
          <Form method="post" encType="multipart/form-data" key={actionData?.revision ?? 0}>
            <button type="submit" name="intent" value="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
            <Stack gap="sm">
              {view.types.length > 1 ? (
                <fieldset className="aftersales-choice" aria-describedby={errors.type ? "refund-type-error" : undefined}>
                  <legend className="ui-field__label">{t("refund.type")}</legend>
                  {view.types.map((type) => (
                    <label key={type}>
                      <input type="radio" name="refund_type" value={type} defaultChecked={draft ? draft.type === String(type) : type === 1} />
                      {t(`refund.types.${type}`)}
                    </label>
                  ))}
                  {errors.type ? (
                    <p id="refund-type-error" className="ui-field__error" role="alert">
                      {error("type")}
                    </p>
                  ) : null}
                </fieldset>
              ) : (
                <p>
                  {t("refund.type")}: {t(`refund.types.${view.types[0] ?? 1}`)}
                </p>
              )}
              <NativeSelect
                name="refund_reason"
                label={t("refund.reason")}
                required
                defaultValue={draft?.reason ?? ""}
                error={error("reason")}
                data={[{ value: "", label: t("refund.choose") }, ...view.reasons.map((reason) => ({ value: reason, label: reason }))]}
              />
              {/* Read-only, as the PC shows it: the upstream refunds the whole refundable amount and reads no amount. */}
              <div className="ui-field">
                <p className="ui-field__label">
                  {t("refund.amount")}: <strong data-testid="refund-amount">{formatMoney(view.max)}</strong>
                  {Number(view.delivery) > 0 ? ` ${t("refund.withDelivery", { delivery: formatMoney(view.delivery) })}` : null}
                </p>
                <p className="ui-field__description">{t("refund.amountFixed")}</p>
              </div>
              <div className="ui-field" data-error={errors.remark ? true : undefined}>
                <label className="ui-field__label" htmlFor="refund-remark">
                  {t("refund.remark")}
                </label>
                <div className="ui-input">
                  <textarea id="refund-remark" name="remark" rows={3} maxLength={REFUND_REMARK_MAX} defaultValue={draft?.remark ?? ""} />
                </div>
                {errors.remark ? <p className="ui-field__error">{error("remark")}</p> : null}
              </div>
              <ImageDrafts
                id="refund-file"
                name="refund_images"
                fileName="refund_file"
                images={draft?.images ?? []}
                max={REFUND_MAX_IMAGES}
                error={errors.images ?? null}
                label={t("refund.images")}
              />
              <div>
                <Button type="submit" name="intent" value="submit" disabled={busy}>
                  {t("refund.submit")}
                </Button>
              </div>
            </Stack>
          </Form>
        </Panel>
      )}
      <Link className="ui-anchor" to="/member/activist">
        {t("activist.title")}
      </Link>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
