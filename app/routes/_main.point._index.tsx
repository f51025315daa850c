import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PaginationLinks } from "~/components/pagination-links";
import { PointCost, PointImage } from "~/components/point/point-item";
import { Button, ButtonLink, Stack } from "~/components/ui";
import { exchangeState } from "~/domain/point-exchange";
import { useTranslation } from "~/i18n/translation";
import { assetUrl, memberContext } from "~/upstream/context.server";
import { getMemberPoints, listExchanges } from "~/upstream/point-exchange.server";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { loginUrlFor } from "~/utils/safe-redirect";
import "~/styles/point.css";

/**
 * `/point` (积分商城, contract §6.12): the goods or the coupons to exchange with the points (and
 * cash) each needs, and the goods' stock; the member's points (visitors: a login link). Kind
 * (`type=goods|coupon`; goods by default: Niushop lists one kind at a time), sort by points
 * (`sort=point_asc|point_desc`), what the member can afford (`affordable=1`); paged by 20.
 */
export const handle: RouteHandle = { i18n: ["point", "goods"], title: "point:title" };

const PAGE_SIZE = 20;

const QuerySchema = z.object({
  type: z.enum(["goods", "coupon"]).optional(),
  sort: z.enum(["point_asc", "point_desc"]).optional(),
  affordable: z.literal("1").optional(),
  page: z.coerce.number().int().min(1).max(999_999).optional().default(1),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = QuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw new Response(null, { status: 400 });
  const query = parsed.data;
  const ctx = await memberContext(request, context);
  const memberPoint = ctx.token ? await getMemberPoints(ctx) : null;
  const found = await listExchanges(ctx, {
    type: query.type === "coupon" ? 2 : 1,
    order: query.sort ? "point" : undefined,
    sort: query.sort === "point_desc" ? "desc" : "asc",
    // "What I can afford" needs points; a visitor's filter is ignored.
    maxPoint: query.affordable && memberPoint !== null ? Math.max(memberPoint, 0) : undefined,
    page: query.page,
    pageSize: PAGE_SIZE,
  });
  if (!found) throw notFoundResponse(); // no points mall upstream
  const view = {
    memberPoint,
    loginHref: loginUrlFor(request),
    // Goods are the default kind: `type=goods` and no type are the same page (the same tab current).
    query: { type: query.type === "coupon" ? "coupon" : "", sort: query.sort ?? "", affordable: query.affordable ?? "" },
    page: query.page,
    pageCount: found.page_count,
    items: found.list.map((item) => ({
      id: item.id,
      kind: item.type === 2 ? ("coupon" as const) : ("goods" as const),
      name: item.name,
      image: item.type === 2 ? "" : assetUrl(item.image),
      point: item.point,
      // The cash part is a price: visitors see "login visible" instead (spec §6).
      cash: memberPoint === null ? null : item.price,
      hasCash: Number(item.price) > 0,
      money: item.money ?? null,
      atLeast: item.at_least ?? null,
      // Niushop lists no stock for coupons (their detail has it): unknown is not sold out.
      stock: item.stock ?? null,
      state: exchangeState({ point: item.point, stock: item.stock ?? null, limit: 0, memberPoint }),
    })),
  };
  return data(view, { status: query.page > 1 && view.items.length === 0 ? 404 : 200 });
}

export default function PointMallPage() {
  const { t } = useTranslation(["point", "goods", "common"]);
  const view = useLoaderData<typeof loader>();
  const hrefWith = (patch: Record<string, string>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...view.query, ...patch })) if (value) search.set(key, value);
    const text = search.toString();
    return text ? `?${text}` : "/point";
  };
  const filter = (key: "type" | "sort" | "affordable", value: string, label: string) => (
    <li key={`${key}-${value}`}>
      <Link to={hrefWith({ [key]: value, page: "" })} aria-current={view.query[key] === value ? "page" : undefined} preventScrollReset>
        {label}
      </Link>
    </li>
  );
  return (
    <Stack gap="md" className="seckill-page">
      <h1 className="ui-title">{t("title")}</h1>
      <section className="point-summary" aria-label={t("myPoints")}>
        {view.memberPoint === null ? (
          <>
            <span>{t("visitorHint")}</span>
            <ButtonLink to={view.loginHref} size="xs" variant="outline">
              {t("loginToSee")}
            </ButtonLink>
          </>
        ) : (
          <>
            <span>
              {t("myPoints")}{" "}
              <span className="point-summary__value" data-testid="member-point">
                {view.memberPoint}
              </span>
            </span>
          </>
        )}
      </section>
      <nav aria-label={t("filters.label")}>
        <ul className="point-filters">
          {filter("type", "", t("filters.goods"))}
          {filter("type", "coupon", t("filters.coupon"))}
          {filter("sort", "", t("filters.sortDefault"))}
          {filter("sort", "point_asc", t("filters.pointAsc"))}
          {filter("sort", "point_desc", t("filters.pointDesc"))}
          {view.memberPoint === null
            ? null
            : filter("affordable", view.query.affordable ? "" : "1", t(view.query.affordable ? "filters.everything" : "filters.affordable"))}
        </ul>
      </nav>
      {view.items.length === 0 ? <p>{t("empty")}</p> : null}
      <ul className="seckill-goods">
        {view.items.map((item) => (
          <li key={item.id} className="seckill-goods__item" data-testid="exchange-item">
            <Link to={`/point/${item.id}`} className="seckill-goods__link">
              <PointImage kind={item.kind} image={item.image} money={item.money} atLeast={item.atLeast} />
              <span className="seckill-goods__name">{item.name}</span>
            </Link>
            <PointCost point={item.point} cash={item.cash} hasCash={item.hasCash} />
            {item.stock === null ? null : <p className="ui-text-xs ui-dimmed">{t("stockLeft", { count: item.stock })}</p>}
            {item.state === "available" ? (
              <ButtonLink to={`/point/${item.id}`} color="red" className="seckill-goods__cta">
                {t("cta.available")}
                <span className="visually-hidden"> {item.name}</span>
              </ButtonLink>
            ) : item.state === "login" ? (
              <ButtonLink to={view.loginHref} variant="outline" className="seckill-goods__cta">
                {t("cta.login")}
                <span className="visually-hidden"> {item.name}</span>
              </ButtonLink>
            ) : (
              <Button type="button" disabled className="seckill-goods__cta">
                {t(`cta.${item.state}`)}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <PaginationLinks page={view.page} pageCount={view.pageCount} hrefFor={(n) => hrefWith({ page: String(n) })} />
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
