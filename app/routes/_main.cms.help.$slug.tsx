import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArticleList } from "~/components/cms/article-list";
import { HelpMenu } from "~/components/cms/help-menu";
import { PaginationLinks } from "~/components/pagination-links";
import { Panel } from "~/components/ui";
import type { TFunction } from "~/i18n/translation";
import { useTranslation } from "~/i18n/translation";
import { listHelp, listHelpClasses } from "~/upstream/cms.server";
import type { RouteHandle } from "~/utils/handle";
import { throwNotFound } from "~/auth/guards.server";
import { pageParam } from "~/utils/page-param";
import { parsePrefixedId } from "~/utils/routes";
import "~/styles/cms.css";

export const handle: RouteHandle = {
  i18n: ["help"],
  title: (data: unknown, t: TFunction) => (data as { className?: string } | undefined)?.className ?? t("errors:title.404"),
  visitorCache: true,
};

/** /cms/help/listother-{class_id}: one help class's articles, paginated; an unknown class is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const classId = parsePrefixedId(params.slug, "listother");
  if (classId === null) return throwNotFound(request, context);
  const classes = await listHelpClasses();
  const helpClass = classes.find((entry) => entry.class_id === classId);
  if (!helpClass) return throwNotFound(request, context);
  const page = pageParam(request);
  const articles = await listHelp(classId, page);
  return { classes, classId, className: helpClass.class_name, page, pageCount: articles.page_count, articles: articles.list };
}

export default function HelpClassPage() {
  const { t } = useTranslation("help");
  const { classes, classId, className, page, pageCount, articles } = useLoaderData<typeof loader>();
  return (
    <div className="cms-page">
      <HelpMenu classes={classes} currentClassId={classId} />
      <Panel className="cms-page__main">
        <h1 className="ui-title cms-page__title">{className}</h1>
        {articles.length === 0 ? <p>{t("list.empty")}</p> : <ArticleList label={className} items={articles} hrefFor={(id) => `/cms/help-${id}`} />}
        <PaginationLinks page={page} pageCount={pageCount} hrefFor={(number) => `/cms/help/listother-${classId}?page=${number}`} />
      </Panel>
    </div>
  );
}
