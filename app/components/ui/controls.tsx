import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { classes } from "./layout";

/** Form controls and small widgets as plain elements styled by app/styles/ui.css (ADR 010). */

type Variant = "filled" | "light" | "outline" | "subtle";
type Size = "xs" | "sm" | "md";
type ButtonLook = { variant?: Variant; size?: Size; color?: "red" | "gray"; fullWidth?: boolean };

function buttonData({ variant = "filled", size = "sm", color, fullWidth }: ButtonLook) {
  return { "data-variant": variant, "data-size": size, "data-color": color, "data-full-width": fullWidth || undefined };
}

export function Button({
  variant,
  size,
  color,
  fullWidth,
  loading,
  className,
  disabled,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook & { loading?: boolean }) {
  return (
    <button
      type="button"
      className={classes("ui-button", className)}
      {...buttonData({ variant, size, color, fullWidth })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {children}
    </button>
  );
}

/** A link that looks like a button. */
export function ButtonLink({ variant, size, color, fullWidth, className, ...props }: LinkProps & ButtonLook) {
  return <Link className={classes("ui-button", className)} {...buttonData({ variant, size, color, fullWidth })} {...props} />;
}

type FieldFrame = { label?: ReactNode; description?: ReactNode; error?: ReactNode; className?: string };

/** Label, control, description and error, wired with ids so screen readers announce them together. */
function Field({ id, label, description, error, className, required, children }: FieldFrame & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={classes("ui-field", className)} data-error={error ? true : undefined}>
      {label ? (
        <label htmlFor={id} className="ui-field__label">
          {label}
          {required ? (
            <span className="ui-field__required" aria-hidden>
              {" *"}
            </span>
          ) : null}
        </label>
      ) : null}
      {children}
      {description ? (
        <p id={`${id}-description`} className="ui-field__description">
          {description}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A control's error line, named by `aria-describedby` as `${id}-error`. */
function FieldError({ id, error }: { id: string; error: ReactNode }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="ui-field__error">
      {error}
    </p>
  );
}

function describedBy(id: string, description: unknown, error: unknown, own?: string): string | undefined {
  const ids = [own, description ? `${id}-description` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size"> & FieldFrame & { rightSection?: ReactNode };

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, description, error, className, id: givenId, rightSection, ...props },
  ref,
) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <Field id={id} label={label} description={description} error={error} className={className} required={props.required}>
      <div className="ui-input">
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          {...props}
          aria-describedby={describedBy(id, description, error, props["aria-describedby"])}
        />
        {rightSection}
      </div>
    </Field>
  );
});

export function NativeSelect({
  label,
  description,
  error,
  className,
  id: givenId,
  data,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & FieldFrame & { data: Array<{ value: string; label: string }> }) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <Field id={id} label={label} description={description} error={error} className={className} required={props.required}>
      <div className="ui-input">
        <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, description, error)} {...props}>
          {data.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}

export function Checkbox({
  label,
  error,
  className,
  id: givenId,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "size"> & { label?: ReactNode; error?: ReactNode }) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div className={classes("ui-checkbox", className)}>
      <input type="checkbox" id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
      {label ? <label htmlFor={id}>{label}</label> : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function Badge({
  color = "primary",
  variant = "light",
  className,
  ...props
}: React.HTMLAttributes<HTMLSpanElement> & { color?: "primary" | "red" | "orange" | "gray"; variant?: "light" | "filled" }) {
  return <span className={classes("ui-badge", className)} data-color={color} data-variant={variant} {...props} />;
}

/**
 * A message box. Errors (red) are `role=alert`, read out at once; other colours are plain content
 * unless the caller gives a role (a message that appears after an action is a `status`).
 */
export function Alert({
  color = "blue",
  title,
  className,
  children,
  ...props
}: React.HTMLAttributes<HTMLDivElement> & { color?: "blue" | "red" | "orange" | "green" | "gray"; title?: ReactNode }) {
  return (
    <div role={color === "red" ? "alert" : undefined} className={classes("ui-alert", className)} data-color={color} {...props}>
      {title ? <p className="ui-alert__title">{title}</p> : null}
      {children}
    </div>
  );
}

/** A small "×" button; the label says what it closes. */
export function CloseButton({ className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { "aria-label": string }) {
  return (
    <button type="button" className={classes("ui-close", className)} {...props}>
      <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M3 3l9 9M12 3l-9 9" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** A spinner for work in progress (hidden from screen readers; the caller says what is loading). */
export function Loader({ size = 18 }: { size?: number }) {
  return <span className="ui-loader" style={{ width: size, height: size }} aria-hidden="true" />;
}
