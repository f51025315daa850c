import type { ReactNode } from "react";
import { Button, Group } from "~/components/ui";

/**
 * A form's one submit button, its intent a hidden field rather than the button's value, so that
 * Enter in any field sends the same intent. Disabled while the page is submitting.
 */
export function SubmitRow({ intent, busy, children }: { intent: string; busy: boolean; children: ReactNode }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <Group>
        <Button type="submit" disabled={busy}>
          {children}
        </Button>
      </Group>
    </>
  );
}
