import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/auth/guards.server";
import { Pager } from "~/components/member/pager";
import { PageHeader } from "~/components/member/page-header";
import { Badge, ButtonLink, Panel, Stack } from "~/components/ui";
import { COUPON_STATE, COUPON_TABS, couponFace, strictChoice, strictPage, type CouponTab } from "~/domain/member-assets";
import { useTranslation } from "~/i18n/translation";
import { listMemberCoupons } from "~/upstream/member-assets.server";
import { formatDate, formatMoney } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { queryOf } from "~/utils/member-query";
// Each member page imports the stylesheet itself so its code keeps its own chunk (docs/member-centre.md, "Bundle").
import "~/styles/member.css";

export const handle: RouteHandle = { i18n: ["assets", "finance"], title: "assets:coupon.title" };

const PAGE_SIZE = 10;
const COUPON_SCOPES: Record<number, "all" | "some" | "except" | "categories"> = { 1: "all", 2: "some", 3: "except", 4: "categories" };

/** 我的优惠券: tabs usable / used / expired (links), each coupon with its value, threshold, scope and validity; paged. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireMember(request, context);
  const query = queryOf(request);
  const page = strictPage(query.page);
  const tab = strictChoice(query.tab, COUPON_TABS);
  if (page === null || tab === null) throw data(null, { status: 400 });
  const current: CouponTab = tab || "usable";
  const coupons = await listMemberCoupons(ctx, { state: COUPON_STATE[current], page, pageSize: PAGE_SIZE });
  return {
    tab: current,
    page,
    pageCount: coupons.page_count,
    coupons: coupons.list.map((coupon) => ({
      id: coupon.coupon_id,
      // "Use it" lists the goods the coupon applies to (`/list?coupon=`: goodssku/page filtered by the coupon type).
      useHref: coupon.coupon_type_id > 0 ? `/list?coupon=${coupon.coupon_type_id}` : "/list",
      name: coupon.coupon_name,
      face: couponFace(coupon),
      atLeast: Number(coupon.at_least) > 0 ? coupon.at_least : null,
      // 1 all goods, 2 the listed goods, 3 all but the listed goods, 4 the listed categories (contract §6.5 goods_type).
      scope: COUPON_SCOPES[coupon.goods_type] ?? "all",
      start: formatDate(coupon.start_time),
      end: formatDate(coupon.end_time),
      used: formatDate(coupon.use_time),
    })),
  };
}

function href(tab: CouponTab, page = 1) {
  const params = new URLSearchParams();
  if (tab !== "usable") params.set("tab", tab);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/member/my_coupon?${query}` : "/member/my_coupon";
}

export default function MyCouponPage() {
  const { t } = useTranslation("assets");
  const { tab, page, pageCount, coupons } = useLoaderData<typeof loader>();
  return (
    <Stack className="member-page">
      <PageHeader title={t("coupon.title")} links={[{ to: "/coupon", label: t("coupon.centre"), variant: "outline" }]} />
      <nav aria-label={t("coupon.tabsLabel")}>
        <ul className="member-tabs">
          {COUPON_TABS.map((key) => (
            <li key={key}>
              <Link to={href(key)} aria-current={tab === key ? "page" : undefined}>
                {t(`coupon.tabs.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {coupons.length === 0 ? (
        <Panel>
          <p>{t(`coupon.empty.${tab}`)}</p>
        </Panel>
      ) : (
        <ul className="member-cards member-coupons" aria-label={t(`coupon.tabs.${tab}`)}>
          {coupons.map((coupon) => (
            <li key={coupon.id}>
              <Panel className="member-coupon" data-state={tab}>
                <Stack gap="xs">
                  <p className="member-coupon__face">
                    {coupon.face.kind === "reward" ? formatMoney(coupon.face.money) : t("coupon.discount", { discount: coupon.face.discount })}
                  </p>
                  <strong>{coupon.name}</strong>
                  <p className="ui-text-sm">{coupon.atLeast ? t("coupon.atLeast", { amount: formatMoney(coupon.atLeast) }) : t("coupon.noThreshold")}</p>
                  {coupon.face.kind === "discount" && coupon.face.limit ? (
                    <p className="ui-text-sm">{t("coupon.limit", { amount: formatMoney(coupon.face.limit) })}</p>
                  ) : null}
                  <p className="ui-text-sm">{t(`coupon.scope.${coupon.scope}`)}</p>
                  <p className="ui-text-xs ui-dimmed">{coupon.end ? t("coupon.validity", { start: coupon.start, end: coupon.end }) : t("coupon.forever")}</p>
                  {tab === "used" && coupon.used ? <p className="ui-text-xs ui-dimmed">{t("coupon.usedAt", { date: coupon.used })}</p> : null}
                  {tab === "usable" ? (
                    <ButtonLink to={coupon.useHref} size="xs" variant="outline" aria-label={t("coupon.useLabel", { name: coupon.name })}>
                      {t("coupon.use")}
                    </ButtonLink>
                  ) : (
                    <Badge color="gray">{t(`coupon.state.${tab}`)}</Badge>
                  )}
                </Stack>
              </Panel>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} href={(next) => href(tab, next)} />
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
