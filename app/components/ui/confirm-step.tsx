import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Alert, Button, ButtonLink } from "./controls";
import { Group } from "./layout";

type ConfirmStepProps = {
  title: string;
  /** What will happen, under the title. */
  text?: ReactNode;
  /** The action's `intent`. */
  intent: string;
  submitLabel: ReactNode;
  cancelLabel: ReactNode;
  /** The page without the confirm step. */
  cancelHref: string;
  /** Where the form posts; the current route when unset. */
  action?: string;
  /** A destructive step (delete, close, withdraw) has a red button. */
  danger?: boolean;
  busy?: boolean;
  className?: string;
  "data-testid"?: string;
  /** Hidden inputs (ids, the way back) and any field the step asks for. */
  children?: ReactNode;
};

/**
 * The confirm step of a mutation, rendered by the server: a `?confirm=` link opens it in place of
 * the button that asked, so confirming works without JavaScript; cancelling is a link back to the
 * page without the step. One component for every such step (orders, refunds, complaints,
 * addresses, withdrawal accounts…).
 */
export function ConfirmStep({
  title,
  text,
  intent,
  submitLabel,
  cancelLabel,
  cancelHref,
  action,
  danger = true,
  busy,
  className,
  children,
  ...rest
}: ConfirmStepProps) {
  return (
    <Form method="post" action={action} replace className={className} data-testid={rest["data-testid"]}>
      <Alert color="orange" role="alert" title={title}>
        {text}
      </Alert>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Group gap="sm">
        <Button type="submit" color={danger ? "red" : undefined} disabled={busy}>
          {submitLabel}
        </Button>
        <ButtonLink to={cancelHref} variant="outline" color="gray" preventScrollReset>
          {cancelLabel}
        </ButtonLink>
      </Group>
    </Form>
  );
}
