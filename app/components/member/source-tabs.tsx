import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { errorText } from "~/utils/error-text";

/**
 * A ledger's filter by source as link tabs (works without JS): "all" first, then each source the
 * upstream names (a label for errorText: a stock source translated by its code, else the shop's
 * words); the current one is marked. Used by the balance and points ledgers.
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
  const { t } = useTranslation();
  return (
    <nav aria-label={label}>
      <ul className="member-tabs">
        {[{ key: "", name: allLabel }, ...sources].map((source) => (
          <li key={source.key || "all"}>
            <Link to={href(source.key)} aria-current={current === source.key ? "page" : undefined}>
              {source.key ? errorText(t, source.name) : source.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
