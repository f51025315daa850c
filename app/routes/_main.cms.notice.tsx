import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArticleList } from "~/components/cms/article-list";
import { PaginationLinks } from "~/components/pagination-links";
import { Badge, Panel } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import { listNotices } from "~/upstream/cms.server";
import type { RouteHandle } from "~/utils/handle";
import { pageParam } from "~/utils/page-param";
import "~/styles/cms.css";

export const handle: RouteHandle = { i18n: ["help"], title: "help:notice.title", visitorCache: true };

/** /cms/notice: the notices, pinned first then newest first (the upstream's order), paginated. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = pageParam(request);
  const notices = await listNotices(page);
  return {
    page,
    pageCount: notices.page_count,
    notices: notices.list.map(({ id, title, create_time, is_top }) => ({ id, title, create_time, pinned: is_top })),
  };
}

export default function NoticeListPage() {
  const { t } = useTranslation("help");
  const { page, pageCount, notices } = useLoaderData<typeof loader>();
  const pinned = new Set(notices.filter((notice) => notice.pinned).map((notice) => notice.id));
  return (
    <Panel className="cms-detail">
      <h1 className="ui-title cms-page__title">{t("notice.title")}</h1>
      {notices.length === 0 ? (
        <p>{t("notice.empty")}</p>
      ) : (
        <ArticleList
          label={t("notice.title")}
          items={notices}
          hrefFor={(id) => `/cms/notice-${id}`}
          badgeFor={(id) =>
            pinned.has(id) ? (
              <Badge color="red" variant="filled" className="cms-badge">
                {t("notice.pinned")}
              </Badge>
            ) : null
          }
        />
      )}
      <PaginationLinks page={page} pageCount={pageCount} hrefFor={(number) => `/cms/notice?page=${number}`} />
    </Panel>
  );
}
