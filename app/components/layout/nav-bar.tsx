import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import type { CategoryNode } from "~/upstream/schemas/category";
import type { ClientLayout } from "~/upstream/layout-view.server";
import { linkProps } from "./link-props";
import { StaticMarkup } from "./static-markup";
import { wholeValue } from "~/utils/document-data";

/** spec §9: the category menu shows the first 3 sub-items of each top category. */
export const MENU_SUB_ITEMS = 3;

function listHref(node: CategoryNode) {
  return `/list?${new URLSearchParams({ category_id: String(node.category_id), level: String(node.level) })}`;
}

/**
 * Whether a nav link's path is the page's or a section above it ("/promotion" for
 * "/promotion/seckill"): NavLink's rule, case-insensitive, the query ignored. The nav links are
 * Links marked with this, as every other menu here is, not NavLinks: a NavLink resolves its path
 * on the server on every render (~12 µs a link, 8 links on every page), where a Link to an absolute
 * path skips that (ADR 034).
 */
export function isCurrentSection(pathname: string, href: string): boolean {
  const target = href
    .split(/[?#]/, 1)[0]
    .replace(/(.)\/+$/, "$1")
    .toLowerCase();
  const current = pathname.toLowerCase();
  return current === target || (target !== "/" && current.startsWith(`${target}/`));
}

/**
 * The nav bar: the category menu (styles 1–3 of the category config; fly-outs are pure CSS, so
 * they open on hover and keyboard focus without JS) and the configured navigation links.
 */
export function NavBar({ layout, expanded }: { layout: ClientLayout; expanded: boolean }) {
  const { t, language } = useTranslation();
  const { pathname } = useLocation();
  // A document's layout lacks the lists this renders from; the server finds them (ADR 027).
  const chromeLayout = wholeValue(layout);
  const current = layout.navList.map((item) => isCurrentSection(pathname, item.nav_url.url));
  return (
    <div className="nav-bar">
      <div className="container nav-bar__inner">
        <StaticMarkup
          // The content is the same expanded or folded (only the class differs), so one key serves both
          // and a navigation between the home page and another page keeps the adopted markup.
          cacheKey={`category-menu:${language}:${layout.version}`}
          as="div"
          className={`category-menu ${expanded ? "category-menu--expanded" : ""}`}
        >
          <CategoryMenuContent layout={chromeLayout} />
        </StaticMarkup>
        <nav aria-label={t("nav.label")}>
          <ul className="nav-bar__links">
            {layout.navList.map((item, index) => {
              const href = item.nav_url.url;
              const internal = href.startsWith("/") && !href.startsWith("//") && !item.is_blank;
              return (
                <li key={item.id}>
                  {internal ? (
                    <Link to={href} className="nav-bar__link" aria-current={current[index] ? "page" : undefined}>
                      {item.nav_title}
                    </Link>
                  ) : (
                    <a {...linkProps(href, item.is_blank)} className="nav-bar__link">
                      {item.nav_title}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </div>
  );
}

/**
 * The category menu: the same for every visitor of a language, so it is rendered once per layout
 * version (StaticMarkup) and its links are plain links.
 */
function CategoryMenuContent({ layout }: { layout: ClientLayout }) {
  const { t } = useTranslation();
  const style = layout.categoryStyle;
  return (
    <>
      <a href="/category" className="category-menu__title">
        {t("nav.allCategories")}
      </a>
      <ul className="category-menu__list" aria-label={t("nav.allCategories")}>
        {layout.categories.map((top) => (
          <li key={top.category_id} className="category-menu__item">
            <a href={listHref(top)} className="category-menu__top">
              {layout.showCategoryImages && top.image ? <img src={top.image} alt="" width={16} height={16} /> : null}
              {top.category_name}
            </a>
            {style > 1 ? (
              <span className="category-menu__preview">
                {top.child_list.slice(0, MENU_SUB_ITEMS).map((child) => (
                  <a key={child.category_id} href={listHref(child)}>
                    {child.short_name || child.category_name}
                  </a>
                ))}
              </span>
            ) : null}
            {style > 1 && top.child_list.length > 0 ? (
              <div className="category-menu__flyout">
                {top.child_list.map((child) => (
                  <dl key={child.category_id}>
                    <dt>
                      <a href={listHref(child)}>{child.category_name}</a>
                    </dt>
                    {style > 2 ? (
                      <dd>
                        {child.child_list.map((leaf) => (
                          <a key={leaf.category_id} href={listHref(leaf)}>
                            {leaf.category_name}
                          </a>
                        ))}
                      </dd>
                    ) : null}
                  </dl>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
