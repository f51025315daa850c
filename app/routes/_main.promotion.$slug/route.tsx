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
import { seckillAction, seckillLoader } from "./seckill.server";
import { SeckillDetailView } from "./seckill-view";

/**
 * `/promotion/seckill-{id}` and `/promotion/combo-{id}`. React Router has no partial segments,
 * so this one-segment route parses the prefix (one tested helper) and hands the page to its kind;
 * anything else answers as the splat route does (404).
 */
export const handle: RouteHandle = {
  i18n: ["promotion", "goods"],
  title: (data: unknown, t: TFunction) => {
    const view = data as { kind?: string; name?: string } | undefined;
    return view?.name ?? t(view?.kind === "combo" ? "promotion:combo.title" : "promotion:seckill.detailTitle");
  },
};

function kindOf(slug: string | undefined): { kind: "seckill" | "combo"; id: number } | null {
  const seckill = parsePrefixedId(slug, "seckill");
  if (seckill !== null) return { kind: "seckill", id: seckill };
  const combo = parsePrefixedId(slug, "combo");
  return combo !== null ? { kind: "combo", id: combo } : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = kindOf(params.slug);
  if (!page) return throwNotFound(request);
  return page.kind === "seckill" ? seckillLoader(request, page.id) : comboLoader(request, page.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const page = kindOf(params.slug);
  if (!page) throw notFoundResponse(); // as the splat route's action
  const fields = Object.fromEntries(await readFormData(request));
  return page.kind === "seckill" ? seckillAction(request, page.id, fields) : comboAction(request, page.id, fields);
}

export default function PromotionDetailPage() {
  const view = useLoaderData<typeof loader>();
  return view.kind === "seckill" ? <SeckillDetailView /> : <ComboDetailView />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
