import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Panel, Stack } from "~/components/ui";

/**
 * A sign-in page's card on the auth stage: the page's h1, then its content. Given a conform `form`,
 * the card is that post form, its fields closer together.
 */
export function AuthCard<Schema extends Record<string, unknown>>({
  title,
  form,
  wide = false,
  children,
}: {
  title: ReactNode;
  form?: FormMetadata<Schema, string[]>;
  wide?: boolean;
  children: ReactNode;
}) {
  const content = (
    <Stack gap={form ? "sm" : "md"}>
      <h1 className="ui-title auth-card__title">{title}</h1>
      {children}
    </Stack>
  );
  return (
    <div className="auth-stage">
      <Panel className={wide ? "auth-card auth-card--wide" : "auth-card"}>
        {form ? (
          <Form method="post" {...getFormProps(form)}>
            {content}
          </Form>
        ) : (
          content
        )}
      </Panel>
    </div>
  );
}
