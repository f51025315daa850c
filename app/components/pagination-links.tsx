import { Group } from "~/components/ui";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/** Page links (plain <a>, so paging works without JS); shows a window of pages around the current one. */
export function PaginationLinks({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const first = Math.max(1, page - 3);
  const last = Math.min(pageCount, first + 6);
  const pages = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return (
    <nav aria-label={t("pagination.label")} className="pagination">
      <Group gap="xs" justify="center">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} rel="prev">
            {t("pagination.previous")}
          </Link>
        ) : null}
        {pages.map((number) =>
          number === page ? (
            <span key={number} aria-current="page" className="pagination__current">
              {number}
            </span>
          ) : (
            <Link key={number} to={hrefFor(number)}>
              {number}
            </Link>
          ),
        )}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} rel="next">
            {t("pagination.next")}
          </Link>
        ) : null}
        <span className="pagination__total">{t("pagination.total", { count: pageCount })}</span>
      </Group>
    </nav>
  );
}
