import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/** Previous / next links of a paginated member list (plain links: works without JS). `href` builds a page's URL. */
export function Pager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  const { t } = useTranslation("finance");
  if (pageCount <= 1) return null;
  return (
    <nav className="member-pager" aria-label={t("pager.label")}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {t("pager.prev")}
        </Link>
      ) : null}
      <span>{t("pager.position", { page, pageCount })}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next">
          {t("pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}
