import { Link, useLoaderData } from "@remix-run/react";
import { HelpMenu } from "~/components/cms/help-menu";
import { linkProps } from "~/components/layout/link-props";
import { Panel } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { listHelpClasses } from "~/upstream/cms.server";
import type { RouteHandle } from "~/utils/handle";
import "~/styles/cms.css";

export const handle: RouteHandle = { i18n: ["help"], title: "help:center.title", visitorCache: true };

/** /cms/help: the help centre, every class with its articles (contract §6, helpclass/lists). */
export async function loader() {
  return { classes: await listHelpClasses() };
}

export default function HelpCentrePage() {
  const { t } = useTranslation("help");
  const { classes } = useLoaderData<typeof loader>();
  return (
    <div className="cms-page">
      <HelpMenu classes={classes} />
      <Panel className="cms-page__main">
        <h1 className="ui-title cms-page__title">{t("center.title")}</h1>
        {classes.length === 0 ? <p>{t("center.empty")}</p> : null}
        <div className="help-centre">
          {classes.map((helpClass) => (
            <section key={helpClass.class_id} className="help-centre__class" aria-labelledby={`help-class-${helpClass.class_id}`}>
              <h2 id={`help-class-${helpClass.class_id}`}>{helpClass.class_name}</h2>
              <ul>
                {helpClass.child_list.map((item) => (
                  <li key={item.id}>
                    {item.link_address ? <a {...linkProps(item.link_address)}>{item.title}</a> : <Link to={`/cms/help-${item.id}`}>{item.title}</Link>}
                  </li>
                ))}
              </ul>
              <Link to={`/cms/help/listother-${helpClass.class_id}`} className="ui-text-sm">
                {t("center.more", { name: helpClass.class_name })}
              </Link>
            </section>
          ))}
        </div>
      </Panel>
    </div>
  );
}
