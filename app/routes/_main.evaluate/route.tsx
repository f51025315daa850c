import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { GoodsLine } from "~/components/aftersales/goods-line";
import { ImageDrafts, type DraftImage } from "~/components/aftersales/image-drafts";
import { errorText } from "~/utils/error-text";
import { FormErrors, TextareaField } from "~/components/form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, Button, Checkbox, Panel, Stack } from "~/components/ui";
import { EVALUATE_MAX_CHARS, EVALUATE_MAX_IMAGES, imagePaths, reviewProblem } from "~/domain/aftersales";
import type { z } from "zod";
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
import { EvaluateIntentSchema, EvaluateQuerySchema, ALREADY_EVALUATED, evaluateFormSchema, ORDER_NOT_FOUND } from "./schema";

export const handle: RouteHandle = { i18n: ["aftersales"], title: "aftersales:evaluate.title" };

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

/** What the form posts of a line, as the schema reads it. */
type LineValue = { scores: number | null; content: string; images: string[] };

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const orderId = orderIdOf(request);
  const form = await readFormData(request);
  const info = await loadInfo(ctx, orderId);
  // Nothing left to evaluate (done meanwhile, or refused): the page says which.
  if (info === "done" || "refused" in info) throw redirect(`/evaluate?${new URLSearchParams({ order_id: String(orderId) })}`);
  const first = info.evaluate_status === 0;
  const submission = parseWithZod(form, { schema: evaluateFormSchema(info.list.map((line) => line.order_goods_id)) });
  // A bad intent or image list is a tampered form (hidden fields): said at the form, the typed text kept.
  if (submission.status !== "success") return answer(submission.reply({ formErrors: ["aftersales:errors.badForm"] }), {}, 400);
  const value = submission.value as Record<string, unknown> & { intent: z.output<typeof EvaluateIntentSchema>; anonymous?: "on" };
  const lineOf = (id: number): LineValue => ({
    scores: value[`scores_${id}`] as number | null,
    content: value[`content_${id}`] as string,
    images: value[`images_${id}`] as string[],
  });
  // The uploaded images so far, per line (the server's list, not the posted one).
  const images: Record<string, DraftImage[]> = Object.fromEntries(info.list.map((line) => [line.order_goods_id, toImages(lineOf(line.order_goods_id).images)]));

  const intent = value.intent;
  if (intent.kind === "remove") {
    const line = images[intent.line];
    if (line) images[intent.line] = line.filter((image) => image.path !== intent.path);
    return answer(submission.reply(), images, 200);
  }

  // A chosen file goes up with any submit (the upload button, or submitting straight away).
  for (const line of info.list) {
    const own = images[line.order_goods_id]!;
    const uploaded = await uploadChosenImage(form, `file_${line.order_goods_id}`, (file) => uploadEvaluateImage(ctx, file)).catch((error: unknown) => {
      if (error instanceof UpstreamError) return { problem: formErrorFor(error), status: 400 as const };
      throw error;
    });
    if (!uploaded) continue;
    if ("problem" in uploaded)
      return answer(submission.reply({ fieldErrors: { [`images_${line.order_goods_id}`]: [uploaded.problem] } }), images, uploaded.status);
    if (own.length >= EVALUATE_MAX_IMAGES)
      return answer(
        submission.reply({ fieldErrors: { [`images_${line.order_goods_id}`]: [`aftersales:errors.tooManyImages|max=${EVALUATE_MAX_IMAGES}`] } }),
        images,
        400,
      );
    own.push({ path: uploaded.path, url: assetUrl(uploaded.path) });
  }
  if (intent.kind === "upload") return answer(submission.reply(), images, 200);

  const fieldErrors: Record<string, string[]> = {};
  for (const line of info.list) {
    const own = lineOf(line.order_goods_id);
    const problem = reviewProblem({ ...own, images: images[line.order_goods_id]!.map((image) => image.path) }, first);
    if (problem) fieldErrors[`${problem.includes("Images") ? "images" : "content"}_${line.order_goods_id}`] = [problem];
  }
  if (Object.keys(fieldErrors).length) return answer(submission.reply({ formErrors: ["aftersales:errors.fixLines"], fieldErrors }), images, 400);

  try {
    const lines = info.list.map((line) => {
      const own = lineOf(line.order_goods_id);
      return {
        orderGoodsId: line.order_goods_id,
        goodsId: line.goods_id,
        skuId: line.sku_id,
        skuName: line.sku_name,
        skuPrice: line.price,
        skuImage: line.sku_image,
        content: own.content.trim(),
        images: images[line.order_goods_id]!.map((image) => image.path),
        scores: own.scores ?? 5,
      };
    });
    if (first) {
      // The name under the review: the PC sends the member's nickname and avatar.
      const member = await getMember(ctx);
      const reviewer = { name: member.nickname || member.username, headimg: member.headimg };
      await addEvaluation(ctx, { orderId, orderNo: info.list[0]?.order_no ?? "", reviewer, anonymous: value.anonymous === "on", lines });
    } else await addAgainEvaluation(ctx, { orderId, lines });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return answer(submission.reply({ formErrors: [formErrorFor(error)] }), images, 409);
  }
  return redirectWithToast(`/evaluate?${new URLSearchParams({ order_id: String(orderId) })}`, {
    kind: "success",
    key: first ? "aftersales:evaluate.saved" : "aftersales:evaluate.againSaved",
  });
}

/**
 * The form's answer: conform's result (errors, the typed fields echoed), each line's images so far,
 * and a new revision that re-mounts the form, so it starts from this answer (the file inputs emptied).
 */
function answer(result: SubmissionResult<string[]>, images: Record<string, DraftImage[]>, status: number) {
  return data({ result, images, revision: Date.now() }, { status });
}

export default function EvaluatePage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("aftersales");

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
  return (
    <Stack gap="md" className="aftersales-page">
      <h1 className="ui-title">{t(view.mode === "first" ? "evaluate.title" : "evaluate.againTitle")}</h1>
      <EvaluateForm key={actionData?.revision ?? 0} />
    </Stack>
  );
}

/** The lines' reviews; re-mounted by each answer, so it starts from what the server gave back. */
function EvaluateForm() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("aftersales");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<Record<string, string>>({
    id: "evaluate",
    lastResult: actionData?.result,
    // Validation happens on the server (ADR 010): only a submit asks it.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const first = view.mode === "first";
  return (
    <>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        {/* First in the form, so Enter in a field submits the evaluation rather than an image button. */}
        <button type="submit" name="intent" value="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <Stack gap="md">
          {view.lines.map((line) => {
            const scores = Number(fields[`scores_${line.id}`]?.initialValue);
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
                  {first ? <Stars id={`scores-${line.id}`} name={`scores_${line.id}`} value={scores >= 1 && scores <= 5 ? scores : 5} /> : null}
                  <TextareaField
                    meta={fields[`content_${line.id}`]!}
                    label={t(first ? "evaluate.content" : "evaluate.againContent")}
                    rows={4}
                    maxLength={EVALUATE_MAX_CHARS}
                    placeholder={t("evaluate.placeholder")}
                  />
                  <ImageDrafts
                    id={`file-${line.id}`}
                    name={`images_${line.id}`}
                    fileName={`file_${line.id}`}
                    images={actionData?.images[line.id] ?? []}
                    max={EVALUATE_MAX_IMAGES}
                    error={fields[`images_${line.id}`]?.errors?.[0] ?? null}
                    label={t("evaluate.images")}
                  />
                </Stack>
              </Panel>
            );
          })}
          {first ? <Checkbox name="anonymous" label={t("evaluate.anonymous")} defaultChecked={fields.anonymous?.initialValue === "on"} /> : null}
          <div>
            <Button type="submit" name="intent" value="submit" disabled={busy}>
              {t(first ? "evaluate.submit" : "evaluate.againSubmit")}
            </Button>
          </div>
        </Stack>
      </Form>
    </>
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
