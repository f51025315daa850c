import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type AppLoadContext } from "@remix-run/node";
import { readFormData } from "~/utils/form-data.server";
import { redirect } from "~/utils/redirect.server";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { TFunction } from "~/i18n/translation";
import { useTranslation } from "~/i18n/translation";
import { attempt } from "~/auth/sign-in.server";
import { toastContent } from "~/utils/error-text";
import { GoodsCard } from "~/components/goods/goods-card";
import { PriceTag } from "~/components/goods/price-tag";
import { GoodsDetailActionSchema } from "~/components/goods/detail/action-schema";
import { FETCHER_FIELD } from "~/components/goods/detail/fetcher-flag";
import { AttributeList } from "~/components/goods/detail/attribute-list";
import { BundlingList } from "~/components/goods/detail/bundling-list";
import { BuyForm } from "~/components/goods/detail/buy-form";
import { CouponList } from "~/components/goods/detail/coupon-list";
import { EvaluationList } from "~/components/goods/detail/evaluation-list";
import { FollowForm } from "~/components/goods/detail/follow-form";
import { Gallery } from "~/components/goods/detail/gallery";
import { GoodsTags } from "~/components/goods/detail/goods-tags";
import { GetFreeOffers, PromotionBadge, PromotionLimits, WholesaleTiers } from "~/components/goods/detail/promotion-panel";
import { QrCode } from "~/components/goods/detail/qr-code";
import { SpecPicker } from "~/components/goods/detail/spec-picker";
import { StaticMarkup } from "~/components/layout/static-markup";
import { Grid } from "~/components/ui";
import { clampQuantity, quantityBounds } from "~/domain/quantity";
import { purchaseRights } from "~/domain/sale-control";
import { addToCart } from "~/upstream/cart.server";
import { followGoods, unfollowGoods } from "~/upstream/collect.server";
import { assetUrl, memberContext } from "~/upstream/context.server";
import { receiveCoupon } from "~/upstream/coupon.server";
import {
  documentRecommended,
  findGoodsDetail,
  getAftersale,
  getEvaluateConfig,
  getGoodsQrCode,
  goodsForViewer,
  isNewGoodsView,
  knownGoodsOf,
  listEvaluations,
  listRecommended,
  recordGoodsView,
  toEvaluationView,
  toGoodsDetailView,
  toRecommendedView,
  upstreamHtml,
  type RecommendedView,
} from "~/upstream/goods-detail.server";
import { UpstreamError } from "~/upstream/http.server";
import { formatMoney, unitOrDefault } from "~/utils/format";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { throwNotFound } from "~/auth/guards.server";
import { parsePrefixedId } from "~/utils/routes";
import { redirectWithToast, setToastCookie, type Toast } from "~/utils/toast.server";
import { useRootData } from "~/components/layout/root-data";
import { inBackground } from "~/utils/background-work.server";
import { wholeValue } from "~/utils/document-data";
import { loginUrlTo } from "~/utils/safe-redirect";

/**
 * `/sku-{sku_or_goods_id}`: the goods detail page (spec §2). React Router has no partial
 * segments, so this one-segment route parses the `sku-` prefix; anything else answers exactly
 * as the splat route does (login first for login-required paths, else 404).
 */
export const handle: RouteHandle = {
  i18n: ["goods", "catalog", "qualification"],
  title: (data: unknown, t: TFunction) => (data as { goods?: { name: string } } | undefined)?.goods?.name ?? t("errors:title.404"),
  whiteBackground: true,
  visitorCache: true,
};

/** Query parameters of the page: `img` (1-based image), `eval_page`, `qr=1` (QR code without JS). */
function positiveInt(value: string | null, fallback: number, max = 10_000): number {
  if (!value || !/^\d{1,6}$/.test(value)) return fallback;
  const number = Number(value);
  return number >= 1 && number <= max ? number : fallback;
}

/** The page's own URL without the one-shot `qr` parameter (where mutations come back to). */
function pageUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("qr");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

async function skuIdOf(request: Request, context: AppLoadContext, slug: string | undefined): Promise<number> {
  const id = parsePrefixedId(slug, "sku");
  return id ?? throwNotFound(request, context);
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = await skuIdOf(request, context, params.slug);
  const url = new URL(request.url);
  const ctx = await memberContext(request, context);
  const evalPage = positiveInt(url.searchParams.get("eval_page"), 1);

  // The detail is asked for first: the page waits for it, and the upstream answers in turn.
  const detailAnswer = findGoodsDetail(ctx, id);
  // Optional parts start now, in parallel with the detail; each failure only hides its part.
  const config = getEvaluateConfig().catch(() => null);
  const aftersale = getAftersale()
    .then((html) => upstreamHtml(html, ctx.baseUrl))
    .catch(() => "");
  const viewer = { isMember: Boolean(ctx.token) };
  const recommendedPage = listRecommended(ctx).catch(() => null);

  // Only a new view is recorded: not a revalidation, a post/redirect/get or an in-page parameter.
  const isFreshView = isNewGoodsView(request);
  const known = knownGoodsOf(id);
  const earlyEvaluations = known ? listEvaluations(known.goodsId, evalPage).catch(() => null) : null;

  const detail = await detailAnswer;
  if (!detail) throw notFoundResponse();
  // Best effort, and the page never waits for it: recorded with the goods and sku the detail names.
  if (isFreshView) inBackground(recordGoodsView(ctx, detail));

  const wantsQr = url.searchParams.get("qr") === "1";
  const [evaluateConfig, aftersaleHtml, recommendedList, evaluations, qr] = await Promise.all([
    config,
    aftersale,
    recommendedPage,
    earlyEvaluations && known?.goodsId === detail.goods_id ? earlyEvaluations : listEvaluations(detail.goods_id, evalPage).catch(() => null),
    wantsQr ? getGoodsQrCode(ctx, detail.sku_id).then((image) => ({ image }), qrFailure) : null,
  ]);
  if (qr && "error" in qr) {
    // Without JS the failure is the flash toast of the page without `?qr=1` (spec §8).
    throw await redirectWithToast(pageUrl(request), { kind: "error", text: qr.error }, [], 302);
  }

  // Prices the viewer may not see are dropped here, so they are not in the page's data either.
  const goods = goodsForViewer(toGoodsDetailView(detail, { upstreamUrl: ctx.baseUrl }), viewer);
  const recommended = toRecommendedView(recommendedList, viewer, goods.skuId);
  const showEvaluations = (evaluateConfig ?? detail.evaluate_config)?.evaluate_show ?? true;
  return {
    goods,
    image: Math.min(positiveInt(url.searchParams.get("img"), 1), Math.max(goods.images.length, 1)) - 1,
    qrImage: qr && "image" in qr ? assetUrl(qr.image) : null,
    evaluations:
      showEvaluations && evaluations
        ? { list: evaluations.list.map(toEvaluationView), count: evaluations.count, pageCount: evaluations.page_count, page: evalPage }
        : null,
    aftersaleHtml,
    // A document carries the section's HTML, rendered once per list (RecommendedGoods); its data only the version.
    recommended: context.dataRequest === true ? recommended : documentRecommended(recommended),
  };
}

function qrFailure(error: unknown): { error: string } {
  if (error instanceof UpstreamError) return { error: error.upstreamMessage || "二维码生成失败" };
  if (error instanceof Response && error.status >= 500) return { error: "二维码生成失败" };
  throw error; // redirects of the error catalogue (closed shop, token) keep their meaning
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = parsePrefixedId(params.slug, "sku");
  if (id === null) throw notFoundResponse(); // as the splat route's action
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: GoodsDetailActionSchema });
  if (submission.status !== "success") {
    // The buy form shows its field errors; any other broken post gets one form-level message.
    const isBuy = ["add-to-cart", "buy-now"].includes(String(formData.get("intent")));
    const result = isBuy ? submission.reply() : submission.reply({ formErrors: ["goods:errors.invalidRequest"] });
    return data({ result }, { status: 400 });
  }
  const command = submission.value;
  const ctx = await memberContext(request, context);
  const back = pageUrl(request);

  if (command.intent === "qrcode") {
    const detail = await findGoodsDetail(ctx, id);
    if (!detail) throw notFoundResponse();
    const qr = await getGoodsQrCode(ctx, detail.sku_id).then(
      (image) => ({ qr: assetUrl(image) }),
      (error) => ({ qrError: qrFailure(error).error }),
    );
    return data(qr);
  }

  // Every other intent is the member's: a visitor goes to login and comes back to this page.
  if (!ctx.token) throw redirect(loginUrlTo(back), 303);
  const detail = await findGoodsDetail(ctx, id);
  if (!detail) throw notFoundResponse();
  const goods = { goods_id: detail.goods_id, sku_id: detail.sku_id };
  // Follow and coupon forms are fetchers once hydrated (they say so with FETCHER_FIELD): they get
  // data, and the toast rides on the revalidation that follows. A plain post gets post/redirect/get.
  const viaFetcher = formData.get(FETCHER_FIELD) === "1";
  const answer = async (toast: Toast) =>
    viaFetcher ? data({ ok: toast.kind === "success" }, { headers: { "Set-Cookie": await setToastCookie(toast) } }) : redirectWithToast(back, toast);

  switch (command.intent) {
    case "add-to-cart":
    case "buy-now": {
      const rights = purchaseRights(true, detail.sale_control);
      if (rights.buy !== "allowed") {
        return redirectWithToast(back, rights.message ? { kind: "error", text: rights.message } : { kind: "error", key: "goods:toast.noPermission" });
      }
      const limits = { minBuy: detail.min_buy, stock: detail.stock, maxBuy: detail.max_buy };
      const bounds = quantityBounds(limits);
      if (bounds.max < bounds.min) return redirectWithToast(back, { kind: "error", key: "goods:toast.outOfStock" });
      const num = clampQuantity(command.num, limits);
      if (command.intent === "buy-now") {
        return redirect(`/payment?${new URLSearchParams({ sku_id: String(detail.sku_id), num: String(num) })}`, 303);
      }
      const outcome = await attempt(() => addToCart(ctx, { sku_id: detail.sku_id, num }));
      return outcome.ok
        ? redirectWithToast(back, { kind: "success", key: "goods:toast.addedToCart" })
        : redirectWithToast(back, { kind: "error", ...toastContent(outcome.refusal) });
    }
    case "follow":
    case "unfollow": {
      const outcome = await attempt(() => (command.intent === "follow" ? followGoods(ctx, goods) : unfollowGoods(ctx, goods)));
      if (!outcome.ok) return answer({ kind: "error", ...toastContent(outcome.refusal) });
      return answer({ kind: "success", key: command.intent === "follow" ? "goods:toast.followed" : "goods:toast.unfollowed" });
    }
    case "receive-coupon": {
      const outcome = await attempt(() => receiveCoupon(ctx, command.coupon_type_id));
      if (!outcome.ok) return answer({ kind: "error", ...toastContent(outcome.refusal) });
      return answer({ kind: "success", key: "goods:toast.couponReceived" });
    }
  }
}

/** Reading the QR code is a POST for fetchers only: nothing changed, so nothing reloads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "qrcode" ? false : defaultShouldRevalidate;

export default function GoodsDetailPage() {
  const { t } = useTranslation(["goods", "common"]);
  const { goods, image, qrImage, evaluations, aftersaleHtml, recommended } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { member, layout } = useRootData();
  const isMember = Boolean(member);
  const rights = purchaseRights(isMember, goods.saleControl);
  const priceVisible = rights.price === "visible";
  const hiddenReason = rights.price === "visible" ? "login" : rights.reason;
  const hiddenText = hiddenReason === "login" ? t("price.loginVisible") : t("price.noPermission");
  const bounds = quantityBounds({ minBuy: goods.minBuy, stock: goods.stock, maxBuy: goods.maxBuy });
  const loginHref = loginUrlTo(`/sku-${goods.skuId}`);
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;

  return (
    // Keyed by sku: switching specs starts the gallery, QR code and buy form afresh.
    <article key={goods.skuId} className="goods-detail" aria-labelledby="goods-name">
      <div className="goods-detail__top">
        <div className="goods-detail__media">
          <Gallery images={goods.images} initial={image} name={goods.name} fallback={layout?.defaultGoodsImage ?? ""} />
          <div className="goods-detail__media-actions">
            <FollowForm followed={goods.isCollected} count={goods.collectNum} />
            <QrCode skuId={goods.skuId} serverImage={qrImage} />
          </div>
        </div>
        <div className="goods-detail__info">
          <h1 id="goods-name" className="goods-detail__name">
            {goods.name}
          </h1>
          {goods.introduction ? <p className="goods-detail__intro">{goods.introduction}</p> : null}
          <GoodsTags labels={goods.labels} tags={goods.tags} />

          <div className="goods-detail__price-box">
            <PromotionBadge promotion={goods.promotion} />
            <dl className="goods-detail__prices">
              <div>
                <dt>{t("detail.price")}</dt>
                <dd data-testid="goods-price">
                  <PriceTag price={goods.price} marketPrice={goods.marketPrice} visible={priceVisible} hiddenReason={hiddenReason} size="xl" />
                </dd>
              </div>
              {priceVisible && goods.memberPrice ? (
                <div>
                  <dt>{t("detail.memberPrice")}</dt>
                  <dd data-testid="goods-member-price" className="goods-detail__member-price">
                    {formatMoney(goods.memberPrice)}
                  </dd>
                </div>
              ) : null}
            </dl>
            {goods.limits ? <PromotionLimits limits={goods.limits} unit={goods.unit} /> : null}
            <WholesaleTiers tiers={goods.tiers} unit={goods.unit} priceVisible={priceVisible} />
            {goods.promotion.kind === "getfree" ? <GetFreeOffers offers={goods.getFree} priceVisible={priceVisible} hiddenText={hiddenText} /> : null}
          </div>

          <CouponList coupons={goods.coupons} />
          <AttributeList goods={goods} />
          <SpecPicker specs={goods.specs} />

          <dl className="goods-detail__stock">
            <div>
              <dt>{t("detail.stock")}</dt>
              <dd>
                {goods.stockName ? `${goods.stockName} · ` : ""}
                {t("detail.stockCount", { count: goods.stock, unit: unitOrDefault(goods.unit, t) })}
              </dd>
            </div>
            {goods.minBuy > 1 ? (
              <div>
                <dt>{t("detail.minBuy")}</dt>
                <dd>{`${goods.minBuy}${unitOrDefault(goods.unit, t)}`}</dd>
              </div>
            ) : null}
            {goods.maxBuy > 0 ? (
              <div>
                <dt>{t("detail.maxBuy")}</dt>
                <dd>{`${goods.maxBuy}${unitOrDefault(goods.unit, t)}`}</dd>
              </div>
            ) : null}
          </dl>

          <BuyForm bounds={bounds} unit={goods.unit} rights={rights} loginHref={loginHref} lastResult={lastResult} />
        </div>
      </div>

      <BundlingList bundlings={goods.bundlings} priceVisible={priceVisible} hiddenText={hiddenText} />

      <nav className="goods-tabs" aria-label={t("detail.tabs")}>
        <a href="#goods-content">{t("detail.content")}</a>
        {evaluations ? <a href="#goods-evaluations">{t("evaluation.title")}</a> : null}
        <a href="#goods-aftersale">{t("detail.aftersale")}</a>
      </nav>

      <section id="goods-content" className="goods-section" aria-labelledby="goods-content-title">
        <h2 id="goods-content-title" className="goods-section__title">
          {t("detail.content")}
        </h2>
        {goods.attrRows.length ? (
          <dl className="goods-attrs goods-attrs--grid">
            {goods.attrRows.map((row, index) => (
              <div key={`${row.attr_name}-${index}`} className="goods-attrs__row">
                <dt>{row.attr_name}</dt>
                <dd>{row.attr_value_name}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {goods.contentHtml ? (
          <div className="goods-content rich-text" dangerouslySetInnerHTML={{ __html: goods.contentHtml }} />
        ) : (
          <p className="goods-empty">{t("detail.noContent")}</p>
        )}
      </section>

      {evaluations ? (
        <section id="goods-evaluations" className="goods-section" aria-labelledby="goods-evaluations-title">
          <h2 id="goods-evaluations-title" className="goods-section__title">
            {t("evaluation.title")}
          </h2>
          <EvaluationList
            evaluations={evaluations.list}
            count={evaluations.count}
            page={evaluations.page}
            pageCount={evaluations.pageCount}
            hrefFor={(page) => `?eval_page=${page}#goods-evaluations`}
          />
        </section>
      ) : null}

      <section id="goods-aftersale" className="goods-section" aria-labelledby="goods-aftersale-title">
        <h2 id="goods-aftersale-title" className="goods-section__title">
          {t("detail.aftersale")}
        </h2>
        {goods.services.length ? (
          <ul className="goods-services" aria-label={t("detail.services")}>
            {goods.services.map((service) => (
              <li key={service.name}>
                <strong>{service.name}</strong>
                {service.desc ? <span>{service.desc}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {aftersaleHtml ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: aftersaleHtml }} /> : null}
      </section>

      {/* A member's own list, rendered once per list already (StaticMarkup). */}
      <RecommendedGoods recommended={recommended} isMember={isMember} />
    </article>
  );
}

/**
 * "Guess you like": the same cards on every goods page while a member's list is kept (ADR 032),
 * so their HTML is rendered once per list and the browser adopts it (StaticMarkup; card links are
 * plain links there). A document's data holds no cards; the server finds them (ADR 027).
 */
function RecommendedGoods({ recommended, isMember }: { recommended: RecommendedView; isMember: boolean }) {
  const { t, language } = useTranslation("goods");
  if (!recommended.count) return null;
  const whole = wholeValue(recommended);
  return (
    <section className="goods-section" aria-labelledby="goods-recommend-title">
      <h2 id="goods-recommend-title" className="goods-section__title">
        {t("detail.recommend")}
      </h2>
      <StaticMarkup cacheKey={`recommend:${language}:${isMember ? "member" : "visitor"}:${recommended.version}`} cacheFor={whole} as="div">
        <Grid cols={5} gap="sm">
          {whole.cards.map((card) => (
            <GoodsCard key={card.skuId} goods={card} isMember={isMember} />
          ))}
        </Grid>
      </StaticMarkup>
    </section>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
