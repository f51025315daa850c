import type { FieldMetadata } from "@conform-to/react";
import { Button, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
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
      <Button type="submit" name="intent" value="send-code" variant="default" formNoValidate>
        {smsKey ? t("mobile.resend") : t("mobile.sendCode")}
      </Button>
      {smsKey ? (
        <Text size="sm" c="green.8" role="status">
          {t("mobile.codeSent")}
        </Text>
      ) : null}
      {smsKey || !codeAfterSend ? <TextField meta={code} label={t("mobile.code")} autoComplete="one-time-code" inputMode="numeric" /> : null}
    </>
  );
}
