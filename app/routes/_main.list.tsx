import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/utils/redirect.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { errorText } from "~/utils/error-text";
import { GoodsCard } from "~/components/goods/goods-card";
import { PaginationLinks } from "~/components/pagination-links";
import { Alert, Button, Grid, Group, Stack } from "~/components/ui";
import { goodsListHref } from "~/domain/goods-list-href";
import { parseGoodsQuery, type GoodsQuery } from "~/domain/goods-query";
import { getCategoryInfo, listAllBrands, listGoods } from "~/upstream/catalog.server";
import { memberContext } from "~/upstream/context.server";
import { toGoodsCard } from "~/upstream/goods-view.server";
import type { RouteHandle } from "~/utils/handle";

export const handle: RouteHandle = { i18n: ["catalog", "goods"], title: "catalog:list.title", visitorCache: true };

const SORTS = [
  { order: undefined, key: "default" },
  { order: "sale_num", key: "sales" },
  { order: "discount_price", key: "price" },
  { order: "create_time", key: "newest" },
] as const;

/** /list: goods search and category/brand listing (spec §2), filters in the query string. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = parseGoodsQuery(url.searchParams);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data(
      { error: issue.message, query: {} as Partial<GoodsQuery>, goods: [], count: 0, pageCount: 0, brands: [], category: null, isMember: false },
      { status: 400 },
    );
  }
  const query = parsed.data;
  if (query.search_type === "shop") {
    throw redirect(`/street?${new URLSearchParams(query.keyword ? { keyword: query.keyword } : {})}`);
  }
  const ctx = await memberContext(request, context);
  const [page, brands, category] = await Promise.all([
    listGoods(ctx, query),
    listAllBrands().catch(() => []),
    query.category_id ? getCategoryInfo(ctx, query.category_id).catch(() => null) : null,
  ]);
  return {
    error: null,
    query,
    goods: page.list.map((row) => toGoodsCard(row, { isMember: Boolean(ctx.token) })),
    count: page.count,
    pageCount: page.page_count,
    brands: brands.map((brand) => ({ id: brand.brand_id, name: brand.brand_name })),
    category: category ? { name: category.category_name, fullName: category.category_full_name.split("$_SPLIT_$").join(" > ") } : null,
    isMember: Boolean(ctx.token),
  };
}

export default function GoodsListPage() {
  const { t } = useTranslation("catalog");
  const { error, query, goods, count, pageCount, brands, category, isMember } = useLoaderData<typeof loader>();
  const heading = query.keyword ? t("list.resultsFor", { keyword: query.keyword }) : category?.fullName || t("list.all");

  return (
    <Stack gap="md" className="goods-list">
      <h1 className="ui-title goods-list__heading">{heading}</h1>
      {error ? (
        <Alert color="orange" role="alert">
          {errorText(t, error)}
        </Alert>
      ) : null}
      {brands.length > 0 ? (
        <Group gap="xs" className="filter-row" aria-label={t("list.brand")}>
          <span className="ui-text-sm ui-strong">{t("list.brand")}</span>
          <Link to={goodsListHref(query, { brand_id: undefined })} aria-current={query.brand_id ? undefined : "true"}>
            {t("list.allBrands")}
          </Link>
          {brands.map((brand) => (
            <Link key={brand.id} to={goodsListHref(query, { brand_id: brand.id })} aria-current={query.brand_id === brand.id ? "true" : undefined}>
              {brand.name}
            </Link>
          ))}
        </Group>
      ) : null}
      <Group gap="md" className="filter-row" justify="between">
        <Group gap="sm" aria-label={t("list.sort")}>
          {SORTS.map((sort) => {
            const active = query.order === sort.order;
            const nextSort = active && query.sort !== "asc" ? "asc" : "desc";
            const href = sort.order ? goodsListHref(query, { order: sort.order, sort: nextSort }) : goodsListHref(query, { order: undefined, sort: undefined });
            return (
              <Link key={sort.key} to={href} aria-current={active ? "true" : undefined} className="sort-link">
                {t(`list.sortBy.${sort.key}`)}
                {active && sort.order ? (query.sort === "asc" ? " ↑" : " ↓") : ""}
              </Link>
            );
          })}
        </Group>
        <Form method="get" action="/list" className="price-range">
          {Object.entries(query).map(([key, value]) =>
            value === undefined || ["min_price", "max_price", "page"].includes(key) ? null : <input key={key} type="hidden" name={key} value={String(value)} />,
          )}
          <Group gap="xs" nowrap>
            <PriceInput name="min_price" label={t("list.minPrice")} value={query.min_price} />
            <span aria-hidden>-</span>
            <PriceInput name="max_price" label={t("list.maxPrice")} value={query.max_price} />
            <Button type="submit" size="xs" variant="outline">
              {t("list.applyPrice")}
            </Button>
          </Group>
        </Form>
      </Group>
      <p className="ui-text-sm ui-dimmed goods-list__count" role="status">
        {t("list.count", { count })}
      </p>
      {goods.length === 0 && !error ? (
        <Alert color="gray" title={t("list.emptyTitle")}>
          <p>{t("list.empty")}</p>
        </Alert>
      ) : (
        <Grid cols={5} gap="sm">
          {goods.map((item) => (
            <GoodsCard key={item.skuId} goods={item} isMember={isMember} />
          ))}
        </Grid>
      )}
      <PaginationLinks page={query.page ?? 1} pageCount={pageCount} hrefFor={(page) => goodsListHref(query, { page })} />
    </Stack>
  );
}

/** One end of the price range: a decimal box named by its label, "¥" as its placeholder. */
function PriceInput({ name, label, value }: { name: "min_price" | "max_price"; label: string; value: string | undefined }) {
  return <input name={name} className="price-range__input" inputMode="decimal" aria-label={label} placeholder="¥" defaultValue={value ?? ""} />;
}
