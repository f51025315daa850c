import { useForm, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { CaptchaField, FormErrors, PasswordField, SubmitRow } from "~/components/form";
import { Button, Group } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { masked } from "./contact-panels";
import { SecurityPanel, SendCodeButton, SentCodeField } from "./sent-code";

type Props = {
  /** Whether the member has a login password; without one (registered by SMS) it is set with an SMS code. */
  hasPassword: boolean;
  mobile: string;
  minLength: number;
  captcha: { id: string; img: string };
  result: SubmissionResult<string[]> | undefined;
  /** The signed key of the code sent for setting the password, once asked for. */
  passwordKey: string | null;
};

/**
 * The login password (docs/member-centre.md "Login password"): changed with the old one, or, for a
 * member who has none, set with a code sent to the bound mobile (as Niushop's PC client does). The
 * steps are submit buttons of one form, so it works without JS; the passwords are never echoed.
 */
export function PasswordPanel({ hasPassword, mobile, minLength, captcha, result, passwordKey }: Props) {
  const { t } = useTranslation("member");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({ id: "password", lastResult: result, shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" });
  const newPassword = (
    <>
      <PasswordField
        meta={fields.new_password}
        label={t("security.newPassword")}
        description={t("security.passwordHint", { min: minLength })}
        autoComplete="new-password"
      />
      <PasswordField meta={fields.confirm_password} label={t("security.confirmPassword")} autoComplete="new-password" />
    </>
  );
  return (
    <SecurityPanel form={form}>
      <h2 className="ui-title member-home__section-title">{t("security.password")}</h2>
      {hasPassword ? (
        <>
          <FormErrors id={form.errorId} errors={form.errors} />
          <PasswordField meta={fields.old_password} label={t("security.oldPassword")} autoComplete="current-password" />
          {newPassword}
          <SubmitRow intent="password" busy={busy}>
            {t("security.changePassword")}
          </SubmitRow>
        </>
      ) : !mobile ? (
        <p className="ui-text-sm">{t("security.noPasswordNoMobile")}</p>
      ) : (
        <>
          <p className="ui-text-sm">{t("security.noPassword", { mobile: masked(mobile) })}</p>
          <FormErrors id={form.errorId} errors={form.errors} />
          {passwordKey ? (
            <>
              <SentCodeField keyName="key" keyValue={passwordKey} sent={t("security.codeSent")} meta={fields.code} label={t("security.code")} />
              {newPassword}
            </>
          ) : null}
          {/* Only asking for a code needs the captcha; it stays for a resend. */}
          <CaptchaField meta={fields.captcha_code} captcha={captcha} />
          <Group>
            <SendCodeButton intent="password-code" busy={busy}>
              {passwordKey ? t("security.resendCode") : t("security.sendCode")}
            </SendCodeButton>
            {passwordKey ? (
              <Button type="submit" name="intent" value="password" disabled={busy}>
                {t("security.setPassword")}
              </Button>
            ) : null}
          </Group>
        </>
      )}
    </SecurityPanel>
  );
}
