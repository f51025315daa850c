import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PriceTag } from "~/components/goods/price-tag";
import { PromotionList } from "~/components/promotion/promotion-list";
import { ButtonLink } from "~/components/ui";
import { shownPrices } from "~/domain/sale-control";
import { useTranslation } from "~/i18n/translation";
import { assetUrl, memberContext } from "~/upstream/context.server";
import { listGroupbuys } from "~/upstream/promotion.server";
import { unitOrDefault } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { campaignPageParam, pastTheEnd } from "~/utils/page-param";

/** `/promotion/groupbuy`: the running group buys (contract §7.3): group price, minimum, sold. */
export const handle: RouteHandle = { i18n: ["promotion", "goods"], title: "promotion:groupbuy.title" };

const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = campaignPageParam(request);
  const ctx = await memberContext(request, context);
  const found = await listGroupbuys(ctx, { page, pageSize: PAGE_SIZE });
  if (!found) throw notFoundResponse(); // no group-buy addon upstream
  const isMember = Boolean(ctx.token);
  const view = {
    page,
    pageCount: found.page_count,
    goods: found.list.map((row) => ({
      id: row.groupbuy_id,
      name: row.goods_name,
      image: assetUrl(row.goods_image.split(",")[0]),
      ...shownPrices(isMember, row.sale_control ?? null, row.groupbuy_price, row.price),
      buyNum: row.buy_num,
      sold: row.sell_num,
      unit: row.unit ?? "",
    })),
  };
  return data(view, { status: pastTheEnd(page, view.goods.length) ? 404 : 200 });
}

export default function GroupbuyListPage() {
  const { t } = useTranslation(["promotion", "goods", "common"]);
  const { goods, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <PromotionList
      className="seckill-page"
      listClassName="seckill-goods"
      title={t("groupbuy.title")}
      empty={goods.length === 0 ? t("groupbuy.empty") : null}
      page={page}
      pageCount={pageCount}
    >
      {goods.map((item) => (
        <li key={item.id} className="seckill-goods__item">
          <Link to={`/promotion/groupbuy-${item.id}`} className="seckill-goods__link">
            {item.image ? <img src={item.image} alt="" width={160} height={160} loading="lazy" /> : null}
            <span className="seckill-goods__name">{item.name}</span>
          </Link>
          <PriceTag price={item.price} marketPrice={item.marketPrice} visible={item.price !== null} hiddenReason={item.hiddenReason} size="md" />
          <p className="ui-text-xs ui-dimmed">
            {t("groupbuy.minimum", { count: item.buyNum, unit: unitOrDefault(item.unit, t) })} · {t("groupbuy.sold", { count: item.sold })}
          </p>
          <ButtonLink to={`/promotion/groupbuy-${item.id}`} color="red" className="seckill-goods__cta">
            {t("groupbuy.cta")}
            <span className="visually-hidden"> {item.name}</span>
          </ButtonLink>
        </li>
      ))}
    </PromotionList>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
