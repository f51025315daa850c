import { cached, type CachePolicy } from "~/utils/cache.server";
import { sanitizeUpstreamHtml } from "~/utils/sanitize.server";
import { sharedContext } from "./context.server";
import { callUpstream } from "./http.server";
import {
  HelpArticleSchema,
  HelpClassListSchema,
  HelpPageSchema,
  NoticePageSchema,
  NoticeSchema,
  type HelpArticle,
  type HelpClass,
  type HelpPage,
  type Notice,
  type NoticePage,
} from "./schemas/help";

// Help centre and notices (contract §6): the same for every visitor, so fetched without a token
// and kept briefly in the process cache. Bodies are sanitized here, once, before any page sees them.

const CMS: CachePolicy = { ttlMs: 60_000, staleMs: 5 * 60_000 };

/** Help list and notice list page sizes (the upstream default is 10). */
export const HELP_PAGE_SIZE = 10;
export const NOTICE_PAGE_SIZE = 10;

export function listHelpClasses(): Promise<HelpClass[]> {
  return cached("cms:helpclass", CMS, () => callUpstream(sharedContext(), "/api/helpclass/lists", HelpClassListSchema));
}

export function listHelp(classId: number, page: number): Promise<HelpPage> {
  return cached(`cms:help:${classId}:${page}`, CMS, () =>
    callUpstream(sharedContext(), "/api/help/page", HelpPageSchema, { class_id: classId, page, page_size: HELP_PAGE_SIZE }),
  );
}

/** The article with sanitized content, or null when the id is unknown. */
export function findHelp(id: number): Promise<HelpArticle | null> {
  return cached(`cms:helpinfo:${id}`, CMS, async () => {
    const article = await callUpstream(sharedContext(), "/api/help/info", HelpArticleSchema, { id });
    return article ? { ...article, content: sanitizeUpstreamHtml(article.content, sharedContext().baseUrl) } : null;
  });
}

export function listNotices(page: number): Promise<NoticePage> {
  return cached(`cms:notice:${page}`, CMS, () => callUpstream(sharedContext(), "/api/notice/page", NoticePageSchema, { page, page_size: NOTICE_PAGE_SIZE }));
}

/** The notice with sanitized content, or null when the id is unknown. */
export function findNotice(id: number): Promise<Notice | null> {
  return cached(`cms:noticeinfo:${id}`, CMS, async () => {
    const notice = await callUpstream(sharedContext(), "/api/notice/info", NoticeSchema, { id });
    return notice ? { ...notice, content: sanitizeUpstreamHtml(notice.content, sharedContext().baseUrl) } : null;
  });
}
