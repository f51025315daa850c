import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { requireMember } from "~/auth/guards.server";
import { GoodsLine } from "~/components/aftersales/goods-line";
import { ImageDrafts, type DraftImage } from "~/components/aftersales/image-drafts";
import { errorsText } from "~/utils/error-text";
import { FormErrors, TextareaField } from "~/components/form";
import { Alert, Button, NativeSelect, Panel, Stack } from "~/components/ui";
import { REFUND_MAX_IMAGES, REFUND_REMARK_MAX } from "~/domain/aftersales";
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
import { RefundFormSchema, RefundQuerySchema } from "./schema";

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
    // The form's native constraints (lengths): zod stays on the server (ADR 010).
    constraint: getZodConstraint(RefundFormSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const form = await readFormData(request);
  const refund = await loadRefundData(ctx, query);
  const submission = parseWithZod(form, { schema: RefundFormSchema });
  if (submission.status !== "success") {
    // A bad intent or image list is a tampered form (hidden fields): said at the form.
    const formErrors = submission.error?.intent || submission.error?.refund_images ? ["aftersales:errors.badForm"] : [];
    return answer(submission.reply({ formErrors }), [], 400);
  }
  const value = submission.value;
  const images: DraftImage[] = value.refund_images.map((path) => ({ path, url: ownAssetUrl(path, ctx.token) }));

  if (value.intent.kind === "remove") {
    const removed = value.intent.path;
    return answer(
      submission.reply(),
      images.filter((image) => image.path !== removed),
      200,
    );
  }
  const uploaded = await uploadChosenImage(form, "refund_file", (file) => uploadRefundImage(ctx, file)).catch((error: unknown) => {
    if (error instanceof UpstreamError) return { problem: formErrorFor(error), status: 400 as const };
    throw error;
  });
  if (uploaded && "problem" in uploaded) return answer(submission.reply({ fieldErrors: { refund_images: [uploaded.problem] } }), images, uploaded.status);
  if (uploaded) {
    if (images.length >= REFUND_MAX_IMAGES)
      return answer(submission.reply({ fieldErrors: { refund_images: [`aftersales:errors.tooManyImages|max=${REFUND_MAX_IMAGES}`] } }), images, 400);
    images.push({ path: uploaded.path, url: ownAssetUrl(uploaded.path, ctx.token) });
  }
  if (value.intent.kind === "upload") return answer(submission.reply(), images, 200);

  const fieldErrors: Record<string, string[]> = {};
  const types = refund.refund_type;
  const type = types.length === 1 ? types[0]! : Number(value.refund_type);
  if (!types.includes(type) || (type !== 1 && type !== 2)) fieldErrors.refund_type = ["aftersales:errors.typeMissing"];
  if (!refund.refund_reason_type.includes(value.refund_reason)) fieldErrors.refund_reason = ["aftersales:errors.reasonMissing"];
  if ([...value.remark.trim()].length > REFUND_REMARK_MAX) fieldErrors.remark = [`aftersales:errors.remarkLong|max=${REFUND_REMARK_MAX}`];
  if (Object.keys(fieldErrors).length) return answer(submission.reply({ fieldErrors }), images, 400);

  try {
    await applyRefund(ctx, {
      orderGoodsIds: query.ids,
      type: type as 1 | 2,
      reason: value.refund_reason,
      remark: value.remark.trim(),
      images: images.map((image) => image.path),
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return answer(submission.reply({ formErrors: [formErrorFor(error)] }), images, 409);
  }
  const target = query.batch ? "/member/activist" : detailUrl(query.ids[0]!);
  return redirectWithToast(target, { kind: "success", key: "aftersales:refund.applied" });
}

/**
 * The form's answer: conform's result (errors, the typed fields echoed), the images uploaded so
 * far (the server's list, not the posted one), and a new revision that re-mounts the form, so it
 * starts from this answer (the file input emptied after an upload).
 */
function answer(result: SubmissionResult<string[]>, images: DraftImage[], status: number) {
  return data({ result, images, revision: Date.now() }, { status });
}

export default function RefundPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("aftersales");

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
          <RefundForm key={actionData?.revision ?? 0} />
        </Panel>
      )}
      <Link className="ui-anchor" to="/member/activist">
        {t("activist.title")}
      </Link>
    </Stack>
  );
}

function RefundForm() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("aftersales");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<z.input<typeof RefundFormSchema>>({
    id: "refund",
    lastResult: actionData?.result,
    constraint: view.constraint,
    defaultValue: { refund_type: "1" },
    // Validation happens on the server (ADR 010): only a submit asks it.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { key: reasonKey, ...reasonProps } = getSelectProps(fields.refund_reason);
  const typeError = errorsText(t, fields.refund_type.errors);

  return (
    <>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <button type="submit" name="intent" value="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <Stack gap="sm">
          {view.types.length > 1 ? (
            <fieldset className="aftersales-choice" aria-describedby={typeError ? fields.refund_type.errorId : undefined}>
              <legend className="ui-field__label">{t("refund.type")}</legend>
              {view.types.map((type) => (
                <label key={type}>
                  <input type="radio" name="refund_type" value={type} defaultChecked={fields.refund_type.initialValue === String(type)} />
                  {t(`refund.types.${type}`)}
                </label>
              ))}
              {typeError ? (
                <p id={fields.refund_type.errorId} className="ui-field__error" role="alert">
                  {typeError}
                </p>
              ) : null}
            </fieldset>
          ) : (
            <p>
              {t("refund.type")}: {t(`refund.types.${view.types[0] ?? 1}`)}
            </p>
          )}
          <NativeSelect
            key={reasonKey}
            {...reasonProps}
            label={t("refund.reason")}
            required
            error={errorsText(t, fields.refund_reason.errors)}
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
          <TextareaField meta={fields.remark} label={t("refund.remark")} maxLength={REFUND_REMARK_MAX} />
          <ImageDrafts
            id="refund-file"
            name="refund_images"
            fileName="refund_file"
            images={actionData?.images ?? []}
            max={REFUND_MAX_IMAGES}
            error={fields.refund_images.errors?.[0] ?? null}
            label={t("refund.images")}
          />
          <div>
            <Button type="submit" name="intent" value="submit" disabled={busy}>
              {t("refund.submit")}
            </Button>
          </div>
        </Stack>
      </Form>
    </>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
