import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { FormErrors, SubmitRow, TextField } from "~/components/form";
import { errorsText } from "~/utils/error-text";
import { Alert, Button, Group, Panel, Stack } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { assetUrl } from "~/upstream/context.server";
import { formErrorFor } from "~/upstream/error-messages";
import { UpstreamError } from "~/upstream/http.server";
import { getMember } from "~/upstream/member.server";
import { setAvatar, setBirthday, setNickname, setRealname, setSex } from "~/upstream/profile.server";
import { readFormData } from "~/utils/form-data.server";
import type { RouteHandle } from "~/utils/handle";
import { IMAGE_ACCEPT, imageFileProblem } from "~/utils/image-file";
import { redirectWithToast } from "~/utils/toast.server";
import { scaleAvatar } from "./avatar.server";
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from "./limits";
import { birthdayDay, birthdaySeconds, ProfileSchema } from "./schema";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["member"], title: "member:info.title" };

const AVATAR_MESSAGES = {
  missing: "member:info.errors.avatarMissing",
  tooLarge: `member:info.errors.avatarTooLarge|max=${Math.floor(AVATAR_MAX_BYTES / 1024)}`,
  notImage: "member:info.errors.avatarNotImage",
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const member = await getMember(ctx);
  return {
    profile: {
      username: member.username,
      nickname: member.nickname,
      realname: member.realname,
      sex: String(member.sex),
      birthday: birthdayDay(member.birthday),
      mobile: member.mobile,
    },
    avatar: assetUrl(member.headimg),
    constraint: getZodConstraint(ProfileSchema),
  };
}

type AvatarResult = { avatarError: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireMember(request, context);
  const form = await readFormData(request);

  if (form.get("intent") === "avatar") {
    const file = form.get("avatar");
    const problem = await imageFileProblem(file, AVATAR_MAX_BYTES);
    if (problem) return data<AvatarResult>({ avatarError: AVATAR_MESSAGES[problem.reason] }, { status: problem.status });
    // Scaled and cropped here, so the upstream stores a small square whatever was sent.
    const scaled = await scaleAvatar(file as File);
    if (!scaled) return data<AvatarResult>({ avatarError: AVATAR_MESSAGES.notImage }, { status: 415 });
    try {
      await setAvatar(ctx, scaled);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return data<AvatarResult>({ avatarError: formErrorFor(error) }, { status: 409 });
    }
    return redirectWithToast("/member/info", { kind: "success", key: "member:info.avatarSaved" });
  }

  const submission = parseWithZod(form, { schema: ProfileSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const current = await getMember(ctx);
  // One upstream call per changed field (the upstream has no "save profile").
  try {
    if (value.nickname !== current.nickname) await setNickname(ctx, value.nickname);
    if (value.realname !== current.realname) await setRealname(ctx, value.realname);
    if (value.sex !== current.sex) await setSex(ctx, value.sex);
    const birthday = birthdaySeconds(value.birthday);
    if (birthday !== current.birthday) await setBirthday(ctx, birthday);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data({ result: submission.reply({ formErrors: [formErrorFor(error)] }) }, { status: 400 });
  }
  return redirectWithToast("/member/info", { kind: "success", key: "member:info.saved" });
}

export default function MemberInfoPage() {
  const { t } = useTranslation("member");
  const { profile, avatar, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    constraint,
    defaultValue: profile,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const avatarError = actionData && "avatarError" in actionData ? actionData.avatarError : null;
  return (
    <Stack className="member-page">
      <h1 className="ui-title member-page__title">{t("info.title")}</h1>
      <Panel>
        <Form method="post" encType="multipart/form-data" aria-label={t("info.avatarForm")}>
          <Group gap="md">
            {avatar ? (
              <img src={avatar} alt={t("index.avatarAlt")} width={64} height={64} className="member-avatar" />
            ) : (
              <span className="member-avatar member-avatar--empty" aria-hidden="true">
                {profile.nickname.slice(0, 1)}
              </span>
            )}
            <Stack gap="xs">
              <label htmlFor="avatar-file" className="ui-text-sm">
                {t("info.avatar")}
              </label>
              <input id="avatar-file" type="file" name="avatar" accept={IMAGE_ACCEPT} required aria-describedby="avatar-hint" />
              <p id="avatar-hint" className="ui-text-sm ui-dimmed">
                {t("info.avatarHint", { size: AVATAR_SIZE, max: Math.floor(AVATAR_MAX_BYTES / 1024) })}
              </p>
              {avatarError ? <Alert color="red">{errorsText(t, [avatarError])}</Alert> : null}
            </Stack>
            <Button type="submit" name="intent" value="avatar" variant="outline" disabled={busy}>
              {t("info.uploadAvatar")}
            </Button>
          </Group>
        </Form>
      </Panel>
      <Panel>
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="sm">
            <FormErrors id={form.errorId} errors={form.errors} />
            <dl className="member-dl">
              <dt>{t("info.username")}</dt>
              <dd>{profile.username}</dd>
              <dt>{t("info.mobile")}</dt>
              <dd>{profile.mobile || t("info.noMobile")}</dd>
            </dl>
            <TextField meta={fields.nickname} label={t("info.nickname")} autoComplete="nickname" />
            <TextField meta={fields.realname} label={t("info.realname")} autoComplete="name" />
            <fieldset>
              <legend>{t("info.sex")}</legend>
              <Group gap="md">
                {(["0", "1", "2"] as const).map((sex) => (
                  <label key={sex} className="member-radio">
                    <input type="radio" name="sex" value={sex} defaultChecked={profile.sex === sex} />
                    <span>{t(`info.sexes.${sex}`)}</span>
                  </label>
                ))}
              </Group>
              {fields.sex.errors ? <p className="ui-field__error">{errorsText(t, fields.sex.errors)}</p> : null}
            </fieldset>
            <TextField
              meta={fields.birthday}
              type="text"
              label={t("info.birthday")}
              description={t("info.birthdayHint")}
              inputMode="numeric"
              placeholder="YYYY-MM-DD"
            />
            <SubmitRow intent="profile" busy={busy}>
              {t("info.save")}
            </SubmitRow>
          </Stack>
        </Form>
      </Panel>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
