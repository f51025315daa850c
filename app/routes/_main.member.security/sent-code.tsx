import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { TextField } from "~/components/form";
import { Button, Panel, Stack } from "~/components/ui";

/**
 * The security page's code steps (mobile, old mobile, email, password): once a code was sent, its
 * key comes back as a hidden field, a status line says so, and the box for the code follows.
 */
export function SentCodeField({
  keyName,
  keyValue,
  sent,
  meta,
  label,
}: {
  keyName: "key" | "old_key";
  keyValue: string;
  sent: string;
  meta: FieldMetadata<unknown>;
  label: string;
}) {
  return (
    <>
      <input type="hidden" name={keyName} value={keyValue} />
      <p className="ui-text-sm" role="status">
        {sent}
      </p>
      <TextField meta={meta} label={label} inputMode="numeric" autoComplete="one-time-code" />
    </>
  );
}

/** "Send (again) a code": a submit that skips the browser's validation, since the code is not typed yet. */
export function SendCodeButton({ intent, busy, children }: { intent: string; busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" name="intent" value={intent} variant="outline" color="gray" formNoValidate disabled={busy}>
      {children}
    </Button>
  );
}

/** One of the security page's panels: its own post form (the mobile, the email, the password). */
export function SecurityPanel({ form, children }: { form: FormMetadata<Record<string, unknown>, string[]>; children: ReactNode }) {
  return (
    <Panel>
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="sm">{children}</Stack>
      </Form>
    </Panel>
  );
}
