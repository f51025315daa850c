import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { Stack } from "~/components/ui";
import type { CategoryNode } from "~/upstream/schemas/category";
import type { RouteHandle } from "~/utils/handle";
import { toClientLayout } from "~/upstream/layout-view.server";
import { getLayoutData } from "~/upstream/site.server";

export const handle: RouteHandle = { i18n: ["catalog"], title: "catalog:category.title", whiteBackground: true, visitorCache: true };

function listHref(node: CategoryNode) {
  return `/list?${new URLSearchParams({ category_id: String(node.category_id), level: String(node.level) })}`;
}

/**
 * /category: every category, laid out by the upstream's category config (catalog §2.8):
 * layout 1 lists the top categories; 2 adds their children; 3 adds the grandchildren.
 * The tree is the layout's cached one, so this page costs no upstream call of its own. It comes
 * in this page's own data: a document's root data leaves the tree out (ADR 027).
 */
export async function loader() {
  const layout = toClientLayout(await getLayoutData());
  return { categories: layout.categories, style: layout.categoryStyle, showImages: layout.showCategoryImages };
}

export default function CategoryPage() {
  const { t } = useTranslation("catalog");
  const { categories, style, showImages } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" className={`category-page category-page--${style}`}>
      <h1 className="ui-title category-page__title">{t("category.title")}</h1>
      {style === 1 ? (
        <ul className="category-page__flat">
          {categories.map((top) => (
            <li key={top.category_id}>
              <Link to={listHref(top)}>
                {showImages && top.image ? <img src={top.image} alt="" width={48} height={48} /> : null}
                <span>{top.category_name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        categories.map((top) => (
          <section key={top.category_id} aria-labelledby={`category-${top.category_id}`} className="category-page__section">
            <h2 className="ui-title category-page__section-title" id={`category-${top.category_id}`}>
              <Link to={listHref(top)}>{top.category_name}</Link>
            </h2>
            {style === 2 ? (
              <ul className="category-page__children">
                {top.child_list.map((child) => (
                  <li key={child.category_id}>
                    <Link to={listHref(child)}>
                      {showImages && child.image ? <img src={child.image} alt="" width={40} height={40} /> : null}
                      <span>{child.category_name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <dl className="category-page__tree">
                {top.child_list.map((child) => (
                  <div key={child.category_id}>
                    <dt>
                      <Link to={listHref(child)}>{child.category_name}</Link>
                    </dt>
                    <dd>
                      {child.child_list.map((leaf) => (
                        <Link key={leaf.category_id} to={listHref(leaf)}>
                          {showImages && leaf.image ? <img src={leaf.image} alt="" width={32} height={32} /> : null}
                          {leaf.category_name}
                        </Link>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        ))
      )}
    </Stack>
  );
}
