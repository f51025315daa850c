import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import type { TFunction } from "~/i18n/translation";
import type { RouteHandle } from "~/utils/handle";
import { readFormData } from "~/utils/form-data.server";
import { notFoundResponse, throwNotFound } from "~/utils/not-found.server";
import { parsePrefixedId } from "~/utils/routes";
import { comboAction, comboLoader } from "./combo.server";
import { ComboDetailView } from "./combo-view";
import { groupbuyAction, groupbuyLoader } from "./groupbuy.server";
import { GroupbuyDetailView } from "./groupbuy-view";
import { seckillAction, seckillLoader } from "./seckill.server";
import { SeckillDetailView } from "./seckill-view";

/**
 * `/promotion/seckill-{id}`, `/promotion/combo-{id}` and `/promotion/groupbuy-{id}`. React Router has no partial segments,
 * so this one-segment route parses the prefix (one tested helper) and hands the page to its kind;
 * anything else answers as the splat route does (404).
 */
export const handle: RouteHandle = {
  i18n: ["promotion", "goods"],
  title: (data: unknown, t: TFunction) => {
    const view = data as { kind?: string; name?: string } | undefined;
    return (
      view?.name ??
      t(view?.kind === "combo" ? "promotion:combo.title" : view?.kind === "groupbuy" ? "promotion:groupbuy.title" : "promotion:seckill.detailTitle")
    );
  },
};

const KINDS = ["seckill", "combo", "groupbuy"] as const;

function kindOf(slug: string | undefined): { kind: (typeof KINDS)[number]; id: number } | null {
  for (const kind of KINDS) {
    const id = parsePrefixedId(slug, kind);
    if (id !== null) return { kind, id };
  }
  return null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = kindOf(params.slug);
  if (!page) return throwNotFound(request);
  if (page.kind === "seckill") return seckillLoader(request, page.id);
  return page.kind === "combo" ? comboLoader(request, page.id) : groupbuyLoader(request, page.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const page = kindOf(params.slug);
  if (!page) throw notFoundResponse(); // as the splat route's action
  const fields = Object.fromEntries(await readFormData(request));
  if (page.kind === "seckill") return seckillAction(request, page.id, fields);
  return page.kind === "combo" ? comboAction(request, page.id, fields) : groupbuyAction(request, page.id, fields);
}

export default function PromotionDetailPage() {
  const view = useLoaderData<typeof loader>();
  if (view.kind === "seckill") return <SeckillDetailView />;
  return view.kind === "combo" ? <ComboDetailView /> : <GroupbuyDetailView />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
