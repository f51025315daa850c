import type { ReactNode } from "react";
import { Button, ButtonLink, Group } from "~/components/ui";

/**
 * The buttons of a saved address or withdrawal account, inside its post form: "set as default"
 * (unless it is the default), edit, and delete, a link to the page's confirm step so that it works
 * without JS. `children` come first (the address list's "use" button).
 */
export function CardActions({
  isDefault,
  editHref,
  deleteHref,
  labels,
  children,
}: {
  isDefault: boolean;
  editHref: string;
  deleteHref: string;
  /** Each button's text and its accessible name (which names the card). */
  labels: { setDefault: string; setDefaultName: string; edit: string; editName: string; delete: string; deleteName: string };
  children?: ReactNode;
}) {
  return (
    <Group gap="sm">
      {children}
      {isDefault ? null : (
        <Button type="submit" name="intent" value="set-default" variant="outline" aria-label={labels.setDefaultName}>
          {labels.setDefault}
        </Button>
      )}
      <ButtonLink to={editHref} variant="subtle" aria-label={labels.editName}>
        {labels.edit}
      </ButtonLink>
      <ButtonLink to={deleteHref} variant="subtle" color="red" aria-label={labels.deleteName}>
        {labels.delete}
      </ButtonLink>
    </Group>
  );
}
