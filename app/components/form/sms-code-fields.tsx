import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Button } from "~/components/ui";
import { TextField } from "./fields";

/** The SMS key an action answered after "get code", or null before one was sent. */
export function smsKeyOf(actionData: unknown): string | null {
  return actionData && typeof actionData === "object" && "smsKey" in actionData ? (actionData.smsKey as string | null) : null;
}

/**
 * The form of a page with the SMS step (mobile login, registration, find password, WeChat bind):
 * validated by the server, on submit only (ADR 010); its fields by name, the SMS key of the last
 * answer, and the form's errors with the key field's (a stale key is the form's problem, not a field's).
 */
export function useSmsCodeForm(id: string, constraint: Parameters<typeof useForm>[0]["constraint"]) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({ id, lastResult: actionData?.result, constraint, shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" });
  const allFields = fields as Record<string, FieldMetadata<unknown>>;
  return { form, fields: allFields, smsKey: smsKeyOf(actionData), errors: [...(form.errors ?? []), ...(allFields.key?.errors ?? [])] };
}

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
