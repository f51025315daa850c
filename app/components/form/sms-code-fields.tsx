import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { Button } from "~/components/ui";
import { TextField } from "./fields";

/**
 * The SMS step shared by mobile login, mobile registration and find password: "get code" (a submit
 * with intent=send-code that skips native validation), the sent notice, the SMS key of the answer
 * as a hidden field, and the code field (hidden until a code was sent when `codeAfterSend`).
 */
export function SmsCodeFields({ smsKey, code, codeAfterSend = false }: { smsKey: string | null; code: FieldMetadata<unknown>; codeAfterSend?: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <>
      {smsKey ? <input type="hidden" name="key" value={smsKey} /> : null}
      <Button type="submit" name="intent" value="send-code" variant="outline" color="gray" formNoValidate>
        {smsKey ? t("mobile.resend") : t("mobile.sendCode")}
      </Button>
      {smsKey ? (
        <p className="ui-text-sm sms-code__sent" role="status">
          {t("mobile.codeSent")}
        </p>
      ) : null}
      {smsKey || !codeAfterSend ? <TextField meta={code} label={t("mobile.code")} autoComplete="one-time-code" inputMode="numeric" /> : null}
    </>
  );
}
