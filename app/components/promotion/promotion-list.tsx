import type { ReactNode } from "react";
import { PaginationLinks } from "~/components/pagination-links";
import { Stack } from "~/components/ui";

/**
 * A campaign list page (group buys, topics): its heading, a note when the list is empty, the
 * items and the page links (`?page=N`, plain links).
 */
export function PromotionList({
  className,
  listClassName,
  title,
  empty,
  page,
  pageCount,
  children,
}: {
  className: string;
  listClassName: string;
  title: string;
  /** Shown instead of the items when there are none. */
  empty: string | null;
  page: number;
  pageCount: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" className={className}>
      <h1 className="ui-title">{title}</h1>
      {empty ? <p>{empty}</p> : null}
      <ul className={listClassName}>{children}</ul>
      <PaginationLinks page={page} pageCount={pageCount} hrefFor={(n) => `?page=${n}`} />
    </Stack>
  );
}
