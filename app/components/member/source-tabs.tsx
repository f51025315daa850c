import { Link } from "@remix-run/react";

/**
 * A ledger's filter by source as link tabs (works without JS): "all" first, then each source the
 * upstream names; the current one is marked. Used by the balance and points ledgers.
 */
export function SourceTabs({
  label,
  allLabel,
  sources,
  current,
  href,
}: {
  label: string;
  allLabel: string;
  sources: Array<{ key: string; name: string }>;
  /** The chosen source's key, "" for all. */
  current: string;
  href: (source: string) => string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="member-tabs">
        {[{ key: "", name: allLabel }, ...sources].map((source) => (
          <li key={source.key || "all"}>
            <Link to={href(source.key)} aria-current={current === source.key ? "page" : undefined}>
              {source.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
