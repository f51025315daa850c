import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HelpMenu } from "~/components/cms/help-menu";
import { Badge, Panel } from "~/components/ui";
import type { TFunction } from "~/i18n/translation";
import { useTranslation } from "~/i18n/translation";
import { findHelp, findNotice, listHelpClasses } from "~/upstream/cms.server";
import { formatDateTime } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { throwNotFound } from "~/auth/guards.server";
import { redirect } from "~/utils/redirect.server";
import { parsePrefixedId } from "~/utils/routes";
import { safeHref } from "~/utils/safe-href";
import "~/styles/cms.css";

/**
 * `/cms/help-{id}` (help article) and `/cms/notice-{id}` (notice): one route, because React Router
 * has no partial segments; anything else under /cms/ answers as the splat route does (404).
 */
export const handle: RouteHandle = {
  i18n: ["help"],
  title: (data: unknown, t: TFunction) => (data as { title?: string } | undefined)?.title ?? t("errors:title.404"),
  visitorCache: true,
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const helpId = parsePrefixedId(params.slug, "help");
  if (helpId !== null) {
    const [article, classes] = await Promise.all([findHelp(helpId), listHelpClasses()]);
    if (!article) return throwNotFound(request, context);
    if (article.link_address) {
      // An article that is a link: a same-site path is followed at once; an outside address is
      // shown as a link on this page, so the shop never redirects anyone off-site (docs/help-and-notices.md).
      const href = safeHref(article.link_address);
      if (href.startsWith("/") && !href.startsWith("//")) throw redirect(href);
      return { kind: "link" as const, title: article.title, href, classes, classId: article.class_id, articleId: article.id };
    }
    return {
      kind: "help" as const,
      title: article.title,
      html: article.content,
      time: article.modify_time || article.create_time,
      className: article.class_name,
      classes,
      classId: article.class_id,
      articleId: article.id,
    };
  }
  const noticeId = parsePrefixedId(params.slug, "notice");
  if (noticeId !== null) {
    const notice = await findNotice(noticeId);
    if (!notice) return throwNotFound(request, context);
    return { kind: "notice" as const, title: notice.title, html: notice.content, time: notice.create_time, pinned: notice.is_top };
  }
  return throwNotFound(request, context);
}

export default function CmsDetailPage() {
  const { t } = useTranslation("help");
  const view = useLoaderData<typeof loader>();
  if (view.kind === "notice") {
    return (
      <Panel className="cms-detail">
        <nav aria-label={t("breadcrumb")} className="ui-text-sm cms-detail__crumbs">
          <Link to="/cms/notice">{t("notice.title")}</Link>
        </nav>
        <h1 className="ui-title cms-page__title">
          {view.pinned ? (
            <Badge color="red" variant="filled" className="cms-badge">
              {t("notice.pinned")}
            </Badge>
          ) : null}
          {view.title}
        </h1>
        <p className="ui-text-sm ui-dimmed">{t("published", { time: formatDateTime(view.time) })}</p>
        <div className="cms-content" dangerouslySetInnerHTML={{ __html: view.html }} />
      </Panel>
    );
  }
  return (
    <div className="cms-page">
      <HelpMenu classes={view.classes} currentClassId={view.classId} currentArticleId={view.articleId} />
      <Panel className="cms-page__main cms-detail">
        <h1 className="ui-title cms-page__title">{view.title}</h1>
        {view.kind === "link" ? (
          <p>
            {t("detail.external")}{" "}
            <a href={view.href} target="_blank" rel="noopener noreferrer">
              {view.href}
            </a>
          </p>
        ) : (
          <>
            <p className="ui-text-sm ui-dimmed">
              {view.className} · {t("published", { time: formatDateTime(view.time) })}
            </p>
            <div className="cms-content" dangerouslySetInnerHTML={{ __html: view.html }} />
          </>
        )}
      </Panel>
    </div>
  );
}
