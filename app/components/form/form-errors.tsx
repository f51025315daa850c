import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/components/ui";
import { errorsText } from "~/utils/error-text";

/** Form-level errors (wrong password, upstream refusals) as an alert, server-rendered too. */
export function FormErrors({ id, errors }: { id?: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  const text = errorsText(t, errors);
  if (!text) return null;
  return (
    <Alert id={id} color="red">
      {text}
    </Alert>
  );
}
