import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import type { HelpClass } from "~/upstream/schemas/help";
import { linkProps } from "~/components/layout/link-props";

/** The help centre's left column: every class (a link to its list) with its articles. */
export function HelpMenu({ classes, currentClassId, currentArticleId }: { classes: HelpClass[]; currentClassId?: number; currentArticleId?: number }) {
  const { t } = useTranslation("help");
  return (
    <nav className="help-menu" aria-label={t("menu.label")}>
      {classes.map((helpClass) => (
        <section key={helpClass.class_id} className="help-menu__class">
          <p className="help-menu__heading">
            <Link to={`/cms/help/listother-${helpClass.class_id}`} aria-current={helpClass.class_id === currentClassId ? "page" : undefined}>
              {helpClass.class_name}
            </Link>
          </p>
          <ul>
            {helpClass.child_list.map((item) => (
              <li key={item.id}>
                {item.link_address ? (
                  <a {...linkProps(item.link_address)}>{item.title}</a>
                ) : (
                  <Link to={`/cms/help-${item.id}`} aria-current={item.id === currentArticleId ? "page" : undefined}>
                    {item.title}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
