import { Stack, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CategoryNode } from "~/upstream/schemas/category";
import type { RouteHandle } from "~/utils/handle";
import { useRootData } from "~/utils/use-root-data";

export const handle: RouteHandle = { i18n: ["catalog"], title: "catalog:category.title", whiteBackground: true };

function listHref(node: CategoryNode) {
  return `/list?${new URLSearchParams({ category_id: String(node.category_id), level: String(node.level) })}`;
}

/**
 * /category: every category, laid out by the upstream's category config (catalog §2.8):
 * layout 1 lists the top categories; 2 adds their children; 3 adds the grandchildren.
 * The tree is the layout's cached one, so this page costs no upstream call of its own.
 */
export default function CategoryPage() {
  const { t } = useTranslation("catalog");
  const { layout } = useRootData();
  const style = layout?.categoryStyle ?? 1;
  const showImages = layout?.showCategoryImages ?? false;
  const categories = layout?.categories ?? [];
  return (
    <Stack gap="lg" py="md" className={`category-page category-page--${style}`}>
      <Title order={1} size="h3">
        {t("category.title")}
      </Title>
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
            <Title order={2} size="h4" id={`category-${top.category_id}`}>
              <Link to={listHref(top)}>{top.category_name}</Link>
            </Title>
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
