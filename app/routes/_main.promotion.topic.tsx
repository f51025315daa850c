import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PromotionList } from "~/components/promotion/promotion-list";
import { ButtonLink } from "~/components/ui";
import { topicPhase } from "~/domain/topic";
import { useTranslation } from "~/i18n/translation";
import { assetUrl, memberContext } from "~/upstream/context.server";
import { listTopics } from "~/upstream/topic.server";
import { formatDateTime } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { campaignPageParam, pastTheEnd } from "~/utils/page-param";

/** `/promotion/topic`: the running topics (专题活动, contract §7.5): banner, name, dates, state. */
export const handle: RouteHandle = { i18n: ["topic", "promotion"], title: "topic:title" };

const PAGE_SIZE = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = campaignPageParam(request);
  const ctx = await memberContext(request, context);
  const found = await listTopics(ctx, { page, pageSize: PAGE_SIZE });
  if (!found) throw notFoundResponse(); // no topic addon upstream
  const view = {
    page,
    pageCount: found.page_count,
    topics: found.list.map((topic) => ({
      id: topic.topic_id,
      name: topic.topic_name,
      remark: topic.remark,
      banner: assetUrl(topic.topic_adv),
      from: formatDateTime(topic.start_time),
      to: formatDateTime(topic.end_time),
      state: topicPhase({ status: topic.status, startTime: topic.start_time, endTime: topic.end_time }, found.now).state,
    })),
  };
  return data(view, { status: pastTheEnd(page, view.topics.length) ? 404 : 200 });
}

export default function TopicListPage() {
  const { t } = useTranslation(["topic", "promotion", "common"]);
  const { topics, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <PromotionList
      className="topic-page"
      listClassName="topic-list"
      title={t("title")}
      empty={topics.length === 0 ? t("empty") : null}
      page={page}
      pageCount={pageCount}
    >
      {topics.map((topic) => (
        <li key={topic.id} className="topic-list__item">
          <Link to={`/promotion/topic-${topic.id}`} className="topic-list__link">
            {topic.banner ? <img src={topic.banner} alt="" width={1210} height={300} loading="lazy" className="topic-banner" /> : null}
            <span className="topic-list__name">{topic.name}</span>
          </Link>
          <p className="ui-text-xs ui-dimmed">
            <span className="promotion-badge" data-kind="topic">
              {t(`state.${topic.state}`)}
            </span>{" "}
            {t("period", { from: topic.from, to: topic.to })}
          </p>
          {topic.remark ? <p className="ui-text-sm">{topic.remark}</p> : null}
          <ButtonLink to={`/promotion/topic-${topic.id}`} color="red" variant="outline" className="topic-list__cta">
            {t("enter")}
            <span className="visually-hidden"> {topic.name}</span>
          </ButtonLink>
        </li>
      ))}
    </PromotionList>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
