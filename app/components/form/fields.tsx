import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";
import { Checkbox, TextInput, type TextInputProps } from "~/components/ui";
import { errorsText } from "~/utils/error-text";

// Conform ↔ UI wiring happens here once: strip conform's `key`, translate the error keys.

type Bound<Props> = Omit<Props, "name" | "type" | "error" | "defaultValue"> & { meta: FieldMetadata<unknown> };

export function TextField({ meta, type = "text", ...props }: Bound<TextInputProps> & { type?: "text" | "tel" | "email" | "search" | "password" | "number" }) {
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

/** A textarea in the field frame (label, error); `maxLength` overrides the schema's when the rule counts otherwise. */
export function TextareaField({
  meta,
  label,
  rows = 3,
  maxLength,
  placeholder,
}: {
  meta: FieldMetadata<unknown>;
  label: React.ReactNode;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const { key, ...props } = getTextareaProps(meta as FieldMetadata<string>);
  const error = errorsText(t, meta.errors);
  return (
    <div className="ui-field" data-error={error ? true : undefined}>
      <label className="ui-field__label" htmlFor={meta.id}>
        {label}
      </label>
      <div className="ui-input">
        <textarea key={key} {...props} rows={rows} maxLength={maxLength ?? props.maxLength} placeholder={placeholder} />
      </div>
      {error ? (
        <p id={meta.errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
