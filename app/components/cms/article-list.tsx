import { Link } from "@remix-run/react";
import { formatDate } from "~/utils/format";

/** A list of titles with dates (help articles of a class, notices). */
export function ArticleList({
  label,
  items,
  hrefFor,
  badgeFor,
}: {
  label: string;
  items: { id: number; title: string; create_time: number }[];
  hrefFor: (id: number) => string;
  badgeFor?: (id: number) => React.ReactNode;
}) {
  return (
    <ul className="cms-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="cms-list__item">
          <Link to={hrefFor(item.id)}>
            {badgeFor?.(item.id)}
            {item.title}
          </Link>
          <time dateTime={new Date(item.create_time * 1000).toISOString()} className="ui-text-sm ui-dimmed">
            {formatDate(item.create_time)}
          </time>
        </li>
      ))}
    </ul>
  );
}
