import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type AppLoadContext } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { FormErrors, TextField } from "~/components/form";
import { Alert, Badge, Button, Group, Panel, Stack } from "~/components/ui";
import { chinaToday, qualificationState, validityDate, type QualificationState } from "~/domain/qualification";
import { useTranslation } from "~/i18n/translation";
import { ownAssetUrl } from "~/upstream/context.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError } from "~/upstream/http.server";
import { deleteQualificationImage, getMemberQualifications, uploadQualification } from "~/upstream/qualification.server";
import { readFormData } from "~/utils/form-data.server";
import { formatDateTime } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { IMAGE_ACCEPT, imageFileProblem } from "~/utils/image-file";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirectWithToast } from "~/utils/toast.server";
import { QUALIFICATION_IMAGE_MAX_BYTES } from "./limits";
import { QualificationIntentSchema } from "./schema";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["qualification"], title: "qualification:title" };

const MAX_KB = Math.floor(QUALIFICATION_IMAGE_MAX_BYTES / 1024);
const IMAGE_MESSAGES = {
  missing: "qualification:errors.imageMissing",
  tooLarge: `qualification:errors.imageTooLarge|max=${MAX_KB}`,
  notImage: "qualification:errors.imageNotImage",
} as const;

const STATE_COLORS: Record<QualificationState, "primary" | "red" | "orange" | "gray"> = {
  approved: "primary",
  pending: "orange",
  rejected: "red",
  expired: "red",
  missing: "gray",
};

async function loadTypes(request: Request, context: AppLoadContext) {
  const ctx = await requireMember(request, context);
  const answer = await getMemberQualifications(ctx);
  // Without the upstream's qualifications the page does not exist (ADR 009).
  if (!answer) throw notFoundResponse();
  const today = answer.today || chinaToday();
  return { ctx, answer, today };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, answer, today } = await loadTypes(request, context);
  return {
    labelName: answer.member_label_name,
    types: answer.list.map((type) => {
      const pending = type.current?.status === 0 ? type.current : null;
      return {
        id: type.id,
        name: type.name,
        description: type.description,
        isMust: type.is_must,
        needExpire: type.need_expire,
        maxImages: type.max_images,
        state: qualificationState(type, today),
        current: type.current
          ? {
              id: type.current.id,
              status: type.current.status,
              reason: type.current.reason,
              expireDate: type.current.expire_date,
              submitted: type.current.create_time ? formatDateTime(type.current.create_time) : "",
              images: type.current.images.map((path) => ({ path, url: ownAssetUrl(path, ctx.token) })),
            }
          : null,
        approvedUntil: type.approved ? type.approved.expire_date : null,
        pendingId: pending?.id ?? null,
        canAdd: !pending || pending.images.length < type.max_images,
      };
    }),
  };
}

/** A refusal, said at the form of the type it is about (`aptitudeId`), or above them all (null). */
function refuse(
  submission: { reply: (options: { formErrors: string[] }) => SubmissionResult<string[]> },
  aptitudeId: number | null,
  error: string,
  status: number,
) {
  return data({ aptitudeId, result: submission.reply({ formErrors: [error] }) }, { status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, answer, today } = await loadTypes(request, context);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: QualificationIntentSchema });
  if (submission.status !== "success") return refuse(submission, null, "qualification:errors.badForm", 400);
  const input = submission.value;

  if (input.intent === "remove-image") {
    // Only an image of the member's own pending submission (a foreign or reviewed id: 404).
    const owner = answer.list.find((type) => type.current?.id === input.id && type.current.status === 0);
    if (!owner || !owner.current?.images.includes(input.image)) return refuse(submission, null, "qualification:errors.recordNotFound", 404);
    try {
      await deleteQualificationImage(ctx, input.id, input.image);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return refuse(submission, owner.id, formErrorFor(error), 409);
    }
    return redirectWithToast("/member/qualification", { kind: "success", key: "qualification:imageRemoved" });
  }

  const type = answer.list.find((entry) => entry.id === input.aptitude_id);
  if (!type) return refuse(submission, null, "qualification:errors.unknownType", 400);
  const pendingId = type.current?.status === 0 ? type.current.id : undefined;
  if (input.id !== undefined && input.id !== pendingId) return refuse(submission, type.id, "qualification:errors.recordNotFound", 404);
  const expireDate = validityDate(input.expire_date, today);
  if (expireDate === null) return refuse(submission, type.id, "qualification:errors.badDate", 400);
  if (expireDate === "" && type.need_expire) return refuse(submission, type.id, "qualification:errors.dateRequired", 400);
  const file = form.get("image");
  const problem = await imageFileProblem(file, QUALIFICATION_IMAGE_MAX_BYTES);
  if (problem) return refuse(submission, type.id, IMAGE_MESSAGES[problem.reason], problem.status);
  try {
    await uploadQualification(ctx, { aptitudeId: type.id, expireDate, id: input.id }, file as File);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return refuse(submission, type.id, formErrorFor(error), 409);
  }
  return redirectWithToast("/member/qualification", { kind: "success", key: "qualification:uploaded" });
}

export default function QualificationPage() {
  const { t } = useTranslation("qualification");
  const { labelName, types } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // A refusal that is no type's (a tampered form, an unknown record) is said above the types.
  const [page] = useForm({ id: "qualification", lastResult: actionData?.aptitudeId === null ? actionData.result : undefined });
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("title")}</h1>
      <p className="ui-text-sm ui-dimmed">
        {labelName ? t("intro", { label: labelName }) : t("introNoLabel")} <Link to="/member/certiys">{t("toCertificates")}</Link>
      </p>
      <FormErrors id={page.errorId} errors={page.errors} />
      {types.length === 0 ? <Alert color="gray">{t("none")}</Alert> : null}
      {types.map((type) => {
        const headingId = `qualification-${type.id}`;
        return (
          <Panel key={type.id}>
            <section aria-labelledby={headingId}>
              <Stack gap="sm">
                <Group gap="sm">
                  <h2 id={headingId} className="ui-text-md member-qualification__name">
                    {type.name}
                  </h2>
                  <Badge color={type.isMust ? "red" : "gray"}>{type.isMust ? t("must") : t("optional")}</Badge>
                  <Badge color={STATE_COLORS[type.state]} data-testid="qualification-state">
                    {t(`states.${type.state}`)}
                  </Badge>
                </Group>
                {type.description ? <p className="ui-text-sm ui-dimmed">{type.description}</p> : null}
                {type.approvedUntil !== null && type.state === "approved" ? (
                  <p className="ui-text-sm">{type.approvedUntil ? t("validUntil", { date: type.approvedUntil }) : t("longTerm")}</p>
                ) : null}
                {type.current?.status === -1 ? <Alert color="red">{t("rejectedReason", { reason: type.current.reason || t("noReason") })}</Alert> : null}
                {type.current && type.current.status === 0 ? (
                  <p className="ui-text-sm">{t("pendingSince", { time: type.current.submitted, date: type.current.expireDate || t("longTermShort") })}</p>
                ) : null}
                {type.current && type.current.images.length > 0 ? (
                  <ul className="member-qualification__images" aria-label={t("imagesOf", { name: type.name })}>
                    {type.current.images.map((image, index) => (
                      <li key={image.path}>
                        <a href={image.url} target="_blank" rel="noreferrer">
                          <img src={image.url} alt={t("imageAlt", { name: type.name, n: index + 1 })} width={120} height={84} loading="lazy" />
                        </a>
                        {type.current?.status === 0 ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="remove-image" />
                            <input type="hidden" name="id" value={type.current.id} />
                            <input type="hidden" name="image" value={image.path} />
                            <Button type="submit" size="xs" variant="subtle" disabled={busy}>
                              {t("removeImage", { n: index + 1 })}
                            </Button>
                          </Form>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <UploadForm type={type} busy={busy} />
              </Stack>
            </section>
          </Panel>
        );
      })}
    </Stack>
  );
}

type TypeView = ReturnType<typeof useLoaderData<typeof loader>>["types"][number];

/** A type's upload form (or the note that it is full), with the refusals of its own posts. */
function UploadForm({ type, busy }: { type: TypeView; busy: boolean }) {
  const { t } = useTranslation("qualification");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ expire_date: string }>({
    id: `qualification-upload-${type.id}`,
    lastResult: actionData?.aptitudeId === type.id ? actionData.result : undefined,
    defaultValue: { expire_date: type.pendingId ? (type.current?.expireDate ?? "") : "" },
    // Validation happens on the server (ADR 010): only a submit asks it.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  if (!type.canAdd) {
    return (
      <>
        <FormErrors id={form.errorId} errors={form.errors} />
        <p className="ui-text-sm ui-dimmed">{t("full", { count: type.maxImages })}</p>
      </>
    );
  }
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} aria-label={t("uploadFormOf", { name: type.name })}>
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="aptitude_id" value={type.id} />
      {type.pendingId ? <input type="hidden" name="id" value={type.pendingId} /> : null}
      <Stack gap="xs">
        <label htmlFor={`qualification-file-${type.id}`} className="ui-text-sm">
          {type.pendingId ? t("addImage") : type.current ? t("reupload") : t("image")}
        </label>
        <input id={`qualification-file-${type.id}`} type="file" name="image" accept={IMAGE_ACCEPT} required />
        <TextField
          meta={fields.expire_date}
          label={t("expireDate")}
          description={type.needExpire ? t("expireHint") : t("expireHintOptional")}
          placeholder="YYYY-MM-DD"
          inputMode="numeric"
          required={type.needExpire}
        />
        <p className="ui-text-xs ui-dimmed">{t("imageHint", { max: MAX_KB, count: type.maxImages })}</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Group>
          <Button type="submit" disabled={busy}>
            {type.pendingId ? t("addImageSubmit") : t("submit")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
