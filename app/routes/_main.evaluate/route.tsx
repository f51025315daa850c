import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { GoodsLine } from "~/components/aftersales/goods-line";
import { ImageDrafts, type DraftImage } from "~/components/aftersales/image-drafts";
import { errorText } from "~/utils/error-text";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, Button, Checkbox, Panel, Stack } from "~/components/ui";
import { EVALUATE_MAX_CHARS, EVALUATE_MAX_IMAGES, imagePaths, reviewProblem } from "~/domain/aftersales";
import { useTranslation } from "~/i18n/translation";
import { addAgainEvaluation, addEvaluation, getEvaluateInfo, uploadEvaluateImage } from "~/upstream/aftersales.server";
import { assetUrl } from "~/upstream/context.server";
import { formErrorFor } from "~/upstream/error-messages";
import { getMember } from "~/upstream/member.server";
import { isRefusal, UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import { findOrder } from "~/upstream/orders.server";
import type { EvaluateInfo } from "~/upstream/schemas/aftersales";
import { uploadChosenImage } from "~/utils/draft-images.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { redirectWithToast } from "~/utils/toast.server";
import { EvaluateIntentSchema, EvaluateQuerySchema, ALREADY_EVALUATED, ORDER_NOT_FOUND } from "./schema";

export const handle: RouteHandle = { i18n: ["aftersales"], title: "aftersales:evaluate.title" };

type LineDraft = { scores: number | null; content: string; images: DraftImage[] };
type Draft = { lines: Record<string, LineDraft>; anonymous: boolean };

function orderIdOf(request: Request): number {
  const query = EvaluateQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw notFoundResponse();
  return query.data.order_id;
}

/** Why the member's own order cannot be evaluated: the upstream's words, or ours for its "not found". */
type Refused = { refused: string };

/**
 * The order's evaluation state. Niushop answers 没有找到该订单 both for another member's order and
 * for the member's own order that is not finished yet; the order's detail tells them apart, so
 * another member's order is a page that does not exist and the member's own is refused in words.
 */
async function loadInfo(ctx: UpstreamContext, orderId: number): Promise<EvaluateInfo | "done" | Refused> {
  try {
    return await getEvaluateInfo(ctx, orderId);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    if (error.upstreamMessage === ALREADY_EVALUATED) return "done";
    if (!(await findOrder(ctx, orderId))) throw notFoundResponse();
    return { refused: error.upstreamMessage === ORDER_NOT_FOUND ? "aftersales:errors.notEvaluable" : formErrorFor(error) };
  }
}

const toImages = (paths: string[]): DraftImage[] => paths.map((path) => ({ path, url: assetUrl(path) }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const orderId = orderIdOf(request);
  const info = await loadInfo(ctx, orderId);
  if (info === "done") return data({ orderId, mode: "done" as const, lines: [] });
  if ("refused" in info) return data({ orderId, mode: "refused" as const, message: info.refused, lines: [] }, { status: 409 });
  return data({
    orderId,
    mode: info.evaluate_status === 0 ? ("first" as const) : ("again" as const),
    lines: info.list.map((line) => ({
      id: line.order_goods_id,
      name: line.sku_name,
      image: assetUrl(line.sku_image),
      price: line.price,
      num: line.num,
      first: line.content ? { content: line.content, images: toImages(imagePaths(line.images, 20) ?? []) } : null,
    })),
  });
}

/** A line's problem, under the field it is about. */
type LineError = { field: "content" | "images"; message: string };
type ActionData = { draft: Draft; errors: Record<string, LineError>; formError: string | null; revision: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const orderId = orderIdOf(request);
  const form = await readFormData(request);
  const intent = EvaluateIntentSchema.safeParse(form.get("intent"));
  const info = await loadInfo(ctx, orderId);
  // Nothing left to evaluate (done meanwhile, or refused): the page says which.
  if (info === "done" || "refused" in info) throw redirect(`/evaluate?${new URLSearchParams({ order_id: String(orderId) })}`);
  const first = info.evaluate_status === 0;

  // The draft as posted; a hidden image list that is not ours (or too long) is a tampered form.
  const draft: Draft = { lines: {}, anonymous: form.get("anonymous") === "on" };
  for (const line of info.list) {
    const paths = imagePaths(String(form.get(`images_${line.order_goods_id}`) ?? ""), EVALUATE_MAX_IMAGES);
    if (!paths) return reply({ draft, errors: {}, formError: "aftersales:errors.badForm" }, 400);
    const scores = Number(form.get(`scores_${line.order_goods_id}`));
    draft.lines[line.order_goods_id] = {
      scores: Number.isInteger(scores) && scores >= 1 && scores <= 5 ? scores : null,
      content: String(form.get(`content_${line.order_goods_id}`) ?? "").slice(0, EVALUATE_MAX_CHARS * 2),
      images: toImages(paths),
    };
  }
  if (!intent.success) return reply({ draft, errors: {}, formError: "aftersales:errors.badForm" }, 400);

  const errors: Record<string, LineError> = {};
  if (intent.data.kind === "remove") {
    const line = draft.lines[intent.data.line];
    if (line) line.images = line.images.filter((image) => image.path !== intent.data.path);
    return reply({ draft, errors, formError: null }, 200);
  }

  // A chosen file goes up with any submit (the upload button, or submitting straight away).
  for (const line of info.list) {
    const own = draft.lines[line.order_goods_id]!;
    const uploaded = await uploadChosenImage(form, `file_${line.order_goods_id}`, (file) => uploadEvaluateImage(ctx, file)).catch((error: unknown) => {
      if (error instanceof UpstreamError) return { problem: formErrorFor(error), status: 400 as const };
      throw error;
    });
    if (!uploaded) continue;
    if ("problem" in uploaded)
      return reply({ draft, errors: { [line.order_goods_id]: { field: "images", message: uploaded.problem } }, formError: null }, uploaded.status);
    if (own.images.length >= EVALUATE_MAX_IMAGES)
      return reply(
        {
          draft,
          errors: { [line.order_goods_id]: { field: "images", message: `aftersales:errors.tooManyImages|max=${EVALUATE_MAX_IMAGES}` } },
          formError: null,
        },
        400,
      );
    own.images.push({ path: uploaded.path, url: assetUrl(uploaded.path) });
  }
  if (intent.data.kind === "upload") return reply({ draft, errors, formError: null }, 200);

  for (const line of info.list) {
    const own = draft.lines[line.order_goods_id]!;
    const problem = reviewProblem({ ...own, images: own.images.map((image) => image.path) }, first);
    if (problem) errors[line.order_goods_id] = { field: problem.includes("Images") ? "images" : "content", message: problem };
  }
  if (Object.keys(errors).length) return reply({ draft, errors, formError: "aftersales:errors.fixLines" }, 400);

  try {
    const lines = info.list.map((line) => {
      const own = draft.lines[line.order_goods_id]!;
      return {
        orderGoodsId: line.order_goods_id,
        goodsId: line.goods_id,
        skuId: line.sku_id,
        skuName: line.sku_name,
        skuPrice: line.price,
        skuImage: line.sku_image,
        content: own.content.trim(),
        images: own.images.map((image) => image.path),
        scores: own.scores ?? 5,
      };
    });
    if (first) {
      // The name under the review: the PC sends the member's nickname and avatar.
      const member = await getMember(ctx);
      const reviewer = { name: member.nickname || member.username, headimg: member.headimg };
      await addEvaluation(ctx, { orderId, orderNo: info.list[0]?.order_no ?? "", reviewer, anonymous: draft.anonymous, lines });
    } else await addAgainEvaluation(ctx, { orderId, lines });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return reply({ draft, errors, formError: formErrorFor(error) }, 409);
  }
  return redirectWithToast(`/evaluate?${new URLSearchParams({ order_id: String(orderId) })}`, {
    kind: "success",
    key: first ? "aftersales:evaluate.saved" : "aftersales:evaluate.againSaved",
  });
}

function reply(value: Omit<ActionData, "revision">, status: number) {
  // A new revision re-keys the inputs so they show the draft the server answered.
  return data<ActionData>({ ...value, revision: Date.now() }, { status });
}

export default function EvaluatePage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("aftersales");
  const busy = useNavigation().state === "submitting";
  const revision = actionData?.revision ?? 0;

  if (view.mode === "done" || view.mode === "refused") {
    return (
      <Stack gap="md" className="aftersales-page">
        <h1 className="ui-title">{t("evaluate.title")}</h1>
        {view.mode === "done" ? (
          <Alert color="green" role="status">
            {t("evaluate.done")}
          </Alert>
        ) : (
          <Alert color="red" role="alert" data-testid="evaluate-refused">
            {errorText(t, view.message)}
          </Alert>
        )}
        <Link className="ui-anchor" to={`/member/order_detail?${new URLSearchParams({ order_id: String(view.orderId) })}`}>
          {t("evaluate.backToOrder")}
        </Link>
      </Stack>
    );
  }
  const first = view.mode === "first";
  return (
    <Stack gap="md" className="aftersales-page">
      <h1 className="ui-title">{t(first ? "evaluate.title" : "evaluate.againTitle")}</h1>
      {actionData?.formError ? <Alert color="red">{errorText(t, actionData.formError)}</Alert> : null}
      <Form method="post" encType="multipart/form-data" key={revision}>
        {/* First in the form, so Enter in a field submits the evaluation rather than an image button. */}
        <button type="submit" name="intent" value="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <Stack gap="md">
          {view.lines.map((line) => {
            const draft = actionData?.draft.lines[line.id];
            const error = actionData?.errors[line.id];
            const imageError = error?.field === "images" ? error.message : null;
            const fieldError = error?.field === "content" ? error.message : null;
            return (
              <Panel key={line.id} data-testid={`evaluate-line-${line.id}`}>
                <Stack gap="sm">
                  <GoodsLine image={line.image} name={line.name} price={line.price} num={line.num} size={64} />
                  {line.first ? (
                    <div className="aftersales-first">
                      <p className="ui-dimmed">{t("evaluate.firstReview")}</p>
                      <p>{line.first.content}</p>
                    </div>
                  ) : null}
                  {first ? <Stars id={`scores-${line.id}`} name={`scores_${line.id}`} value={draft?.scores ?? 5} /> : null}
                  <div className="ui-field" data-error={fieldError ? true : undefined}>
                    <label className="ui-field__label" htmlFor={`content-${line.id}`}>
                      {t(first ? "evaluate.content" : "evaluate.againContent")}
                    </label>
                    <div className="ui-input">
                      <textarea
                        id={`content-${line.id}`}
                        name={`content_${line.id}`}
                        rows={4}
                        maxLength={EVALUATE_MAX_CHARS}
                        defaultValue={draft?.content ?? ""}
                        placeholder={t("evaluate.placeholder")}
                        aria-invalid={fieldError ? true : undefined}
                        aria-describedby={fieldError ? `content-${line.id}-error` : undefined}
                      />
                    </div>
                    {fieldError ? (
                      <p id={`content-${line.id}-error`} className="ui-field__error" role="alert">
                        {errorText(t, fieldError)}
                      </p>
                    ) : null}
                  </div>
                  <ImageDrafts
                    id={`file-${line.id}`}
                    name={`images_${line.id}`}
                    fileName={`file_${line.id}`}
                    images={draft?.images ?? []}
                    max={EVALUATE_MAX_IMAGES}
                    error={imageError}
                    label={t("evaluate.images")}
                  />
                </Stack>
              </Panel>
            );
          })}
          {first ? <Checkbox name="anonymous" label={t("evaluate.anonymous")} defaultChecked={actionData?.draft.anonymous ?? false} /> : null}
          <div>
            <Button type="submit" name="intent" value="submit" disabled={busy}>
              {t(first ? "evaluate.submit" : "evaluate.againSubmit")}
            </Button>
          </div>
        </Stack>
      </Form>
    </Stack>
  );
}

/** Stars as five radio inputs (a native control: works without JS). */
function Stars({ id, name, value }: { id: string; name: string; value: number }) {
  const { t } = useTranslation("aftersales");
  return (
    <fieldset className="aftersales-stars">
      <legend className="ui-field__label">{t("evaluate.stars")}</legend>
      {[1, 2, 3, 4, 5].map((score) => (
        <label key={score} htmlFor={`${id}-${score}`}>
          <input id={`${id}-${score}`} type="radio" name={name} value={score} defaultChecked={score === value} />
          {t("evaluate.starCount", { count: score })}
        </label>
      ))}
    </fieldset>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
