import { useForm, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { CaptchaField, FormErrors, TextField } from "~/components/form";
import { Button, Group } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { SecurityPanel, SendCodeButton, SentCodeField } from "./sent-code";

type Keys = { oldKey: string | null; key: string | null };
type Step = { result?: SubmissionResult<string[]>; keys: Keys };

/** The mobile's or the email's part of the action's answer, if this answer is theirs. */
function stepOf(actionData: unknown, kind: "mobile" | "email"): Step {
  const answer = (actionData ?? {}) as Record<string, unknown>;
  const keys = (answer[`${kind}Keys`] as Keys | undefined) ?? { oldKey: null, key: null };
  return { result: answer[`${kind}Result`] as SubmissionResult<string[]> | undefined, keys };
}

/** 138****0000: enough to recognise one's own number. */
export function masked(mobile: string) {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

/**
 * Binding or changing the mobile and the email (docs/member-centre.md "Mobile and email"): each
 * step is a submit button of one form, so it all works without JS; sent keys come back as hidden
 * fields and the typed values are kept. `email` is null when the upstream cannot bind one (no panel).
 */
export function ContactPanels({
  mobile,
  email,
  captcha,
  actionData,
}: {
  mobile: string;
  email: string | null;
  captcha: { id: string; img: string };
  actionData: unknown;
}) {
  return (
    <>
      <MobilePanel mobile={mobile} captcha={captcha} step={stepOf(actionData, "mobile")} />
      {email === null ? null : <EmailPanel email={email} captcha={captcha} step={stepOf(actionData, "email")} />}
    </>
  );
}

function MobilePanel({ mobile, captcha, step }: { mobile: string; captcha: { id: string; img: string }; step: Step }) {
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({ id: "mobile", lastResult: step.result, shouldValidate: "onSubmit" });
  const changing = mobile !== "";
  const { oldKey, key } = step.keys;
  const mayAskNew = !changing || oldKey !== null;
  return (
    <SecurityPanel form={form}>
      <h2 className="ui-title member-home__section-title">{t("mobile.title")}</h2>
      <p className="ui-text-sm">{changing ? t("mobile.current", { mobile: masked(mobile) }) : t("mobile.none")}</p>
      {changing ? <p className="ui-text-sm ui-dimmed">{t("mobile.changeHint")}</p> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {changing ? (
        <>
          {oldKey ? (
            <SentCodeField keyName="old_key" keyValue={oldKey} sent={t("mobile.oldCodeSent")} meta={fields.old_code} label={t("mobile.oldCode")} />
          ) : null}
        </>
      ) : null}
      {mayAskNew ? <TextField meta={fields.mobile} type="tel" label={t("mobile.newMobile")} autoComplete="tel" /> : null}
      {key ? <SentCodeField keyName="key" keyValue={key} sent={t("mobile.codeSent")} meta={fields.code} label={t("mobile.code")} /> : null}
      <CaptchaField meta={fields.captcha_code} captcha={captcha} />
      <Group>
        {changing ? (
          <SendCodeButton intent="old-code" busy={busy}>
            {oldKey ? t("mobile.resendOld") : t("mobile.sendOld")}
          </SendCodeButton>
        ) : null}
        {mayAskNew ? (
          <SendCodeButton intent="mobile-code" busy={busy}>
            {key ? t("mobile.resend") : t("mobile.send")}
          </SendCodeButton>
        ) : null}
        {key ? (
          <Button type="submit" name="intent" value="mobile-bind" disabled={busy}>
            {changing ? t("mobile.change") : t("mobile.bind")}
          </Button>
        ) : null}
      </Group>
    </SecurityPanel>
  );
}

function EmailPanel({ email, captcha, step }: { email: string; captcha: { id: string; img: string }; step: Step }) {
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({ id: "email", lastResult: step.result, shouldValidate: "onSubmit" });
  const { key } = step.keys;
  return (
    <SecurityPanel form={form}>
      <h2 className="ui-title member-home__section-title">{t("email.title")}</h2>
      <p className="ui-text-sm">{email ? t("email.current", { email }) : t("email.none")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.email} type="email" label={email ? t("email.newEmail") : t("email.email")} autoComplete="email" />
      {key ? <SentCodeField keyName="key" keyValue={key} sent={t("email.codeSent")} meta={fields.code} label={t("email.code")} /> : null}
      {/* Only asking for a code needs the captcha; it stays for a resend. */}
      <CaptchaField meta={fields.captcha_code} captcha={captcha} />
      <Group>
        <SendCodeButton intent="email-code" busy={busy}>
          {key ? t("email.resend") : t("email.send")}
        </SendCodeButton>
        {key ? (
          <Button type="submit" name="intent" value="email-bind" disabled={busy}>
            {email ? t("email.change") : t("email.bind")}
          </Button>
        ) : null}
      </Group>
    </SecurityPanel>
  );
}
