import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import type { TFunction } from "~/i18n/translation";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { throwNotFound } from "~/auth/guards.server";
import { parsePrefixedId } from "~/utils/routes";
import { comboAction, comboLoader } from "./combo.server";
import { ComboDetailView } from "./combo-view";
import { groupbuyAction, groupbuyLoader } from "./groupbuy.server";
import { GroupbuyDetailView } from "./groupbuy-view";
import { seckillAction, seckillLoader } from "./seckill.server";
import { SeckillDetailView } from "./seckill-view";
import { topicGoodsAction, topicGoodsLoader, topicLoader } from "./topic.server";
import { TopicGoodsView } from "./topic-goods-view";
import { TopicView } from "./topic-view";

/**
 * `/promotion/seckill-{id}`, `/promotion/combo-{id}`, `/promotion/groupbuy-{id}`, `/promotion/topic-{id}` and
 * `/promotion/topic-goods-{id}`. React Router has no partial segments,
 * so this one-segment route parses the prefix (one tested helper) and hands the page to its kind;
 * anything else answers as the splat route does (404).
 */
export const handle: RouteHandle = {
  i18n: ["promotion", "goods", "topic"],
  title: (data: unknown, t: TFunction) => {
    const view = data as { kind?: string; name?: string } | undefined;
    return (
      view?.name ??
      t(
        view?.kind === "combo"
          ? "promotion:combo.title"
          : view?.kind === "groupbuy"
            ? "promotion:groupbuy.title"
            : view?.kind === "topic" || view?.kind === "topic-goods"
              ? "topic:title"
              : "promotion:seckill.detailTitle",
      )
    );
  },
};

const KINDS = ["seckill", "combo", "groupbuy", "topic", "topic-goods"] as const;

function kindOf(slug: string | undefined): { kind: (typeof KINDS)[number]; id: number } | null {
  for (const kind of KINDS) {
    const id = parsePrefixedId(slug, kind);
    if (id !== null) return { kind, id };
  }
  return null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = kindOf(params.slug);
  if (!page) return throwNotFound(request, context);
  if (page.kind === "seckill") return seckillLoader(request, context, page.id);
  if (page.kind === "topic") return topicLoader(request, context, page.id);
  if (page.kind === "topic-goods") return topicGoodsLoader(request, context, page.id);
  return page.kind === "combo" ? comboLoader(request, context, page.id) : groupbuyLoader(request, context, page.id);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = kindOf(params.slug);
  if (!page) throw notFoundResponse(); // as the splat route's action
  if (page.kind === "seckill") return seckillAction(request, context, page.id);
  if (page.kind === "topic-goods") return topicGoodsAction(request, context, page.id);
  if (page.kind === "topic") throw new Response(null, { status: 405 }); // the topic page has no form
  return page.kind === "combo" ? comboAction(request, context, page.id) : groupbuyAction(request, context, page.id);
}

export default function PromotionDetailPage() {
  const view = useLoaderData<typeof loader>();
  if (view.kind === "seckill") return <SeckillDetailView />;
  if (view.kind === "topic") return <TopicView />;
  if (view.kind === "topic-goods") return <TopicGoodsView />;
  return view.kind === "combo" ? <ComboDetailView /> : <GroupbuyDetailView />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
