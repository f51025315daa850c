import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { Checkbox, TextInput, type TextInputProps } from "~/components/ui";
import { errorsText } from "~/utils/error-text";

// Conform ↔ UI wiring happens here once: strip conform's `key`, translate the error keys.

type Bound<Props> = Omit<Props, "name" | "type" | "error" | "defaultValue"> & { meta: FieldMetadata<unknown> };

export function TextField({ meta, type = "text", ...props }: Bound<TextInputProps> & { type?: "text" | "tel" | "email" | "search" | "password" }) {
  const { t } = useTranslation();
  const { key, ...inputProps } = getInputProps(meta as FieldMetadata<string>, { type });
  return <TextInput key={key} {...inputProps} {...props} error={errorsText(t, meta.errors)} />;
}

/** A password input; browsers and password managers offer their own reveal and fill. */
export function PasswordField(props: Bound<TextInputProps>) {
  return <TextField {...props} type="password" />;
}

export function CheckboxField({ meta, label, value = "on" }: { meta: FieldMetadata<unknown>; label: React.ReactNode; value?: string }) {
  const { t } = useTranslation();
  const { key, ...inputProps } = getInputProps(meta as FieldMetadata<boolean>, { type: "checkbox", value });
  return <Checkbox key={key} {...inputProps} label={label} error={errorsText(t, meta.errors)} />;
}
