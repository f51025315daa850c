import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, Group, Panel, Stack } from "~/components/ui";
import { FormErrors } from "./form-errors";

/**
 * A page's post form in its panel: the form's own errors first, then its fields (`children`), then
 * the submit button (the intent its value when one is given; disabled while `busy`) with the way
 * back beside it.
 */
export function FormPanel<Schema extends Record<string, unknown>>({
  form,
  label,
  submit,
  intent,
  busy,
  back,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  /** The form's accessible name, where the page has more than one form. */
  label?: string;
  submit: ReactNode;
  intent?: string;
  busy?: boolean;
  back: ReactNode;
  children: ReactNode;
}) {
  return (
    <Panel>
      <Form method="post" {...getFormProps(form)} aria-label={label}>
        <Stack gap="sm">
          <FormErrors id={form.errorId} errors={form.errors} />
          {children}
          <Group gap="sm">
            <Button type="submit" name={intent ? "intent" : undefined} value={intent} disabled={busy}>
              {submit}
            </Button>
            {back}
          </Group>
        </Stack>
      </Form>
    </Panel>
  );
}
