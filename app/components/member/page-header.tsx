import type { ReactNode } from "react";
import { ButtonLink, Group, type Space } from "~/components/ui";

/** A link drawn as a button: where it goes, its text, its look (filled unless said). */
export type PageLink = { to: string; label: ReactNode; variant?: "outline" | "subtle" };

/** A row of links drawn as buttons (a page's way on: recharge or withdraw, its sibling pages). */
export function ButtonLinks({ links, gap = "sm" }: { links: PageLink[]; gap?: Space }) {
  return (
    <Group gap={gap}>
      {links.map((link) => (
        <ButtonLink key={link.to} to={link.to} variant={link.variant}>
          {link.label}
        </ButtonLink>
      ))}
    </Group>
  );
}

/**
 * A page's head: its one h1 and, across from it, the links of the page (one link alone, several
 * as a row). `titleClassName` defaults to the member pages' title.
 */
export function PageHeader({ title, links, titleClassName = "ui-title member-page__title" }: { title: ReactNode; links: PageLink[]; titleClassName?: string }) {
  const [only] = links;
  return (
    <Group justify="between">
      <h1 className={titleClassName}>{title}</h1>
      {links.length === 1 && only ? (
        <ButtonLink to={only.to} variant={only.variant}>
          {only.label}
        </ButtonLink>
      ) : (
        <ButtonLinks links={links} />
      )}
    </Group>
  );
}
