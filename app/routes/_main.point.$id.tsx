import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, AppLoadContext } from "@remix-run/node";
import { Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { PointCost, PointImage } from "~/components/point/point-item";
import { BuyQuantityField, PromotionBuyForm, PromotionDetail, useBuyForm } from "~/components/promotion/promotion-detail";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Button, ButtonLink, Panel } from "~/components/ui";
import { exchangeRefusal, exchangeState, maxExchangeable } from "~/domain/point-exchange";
import { useTranslation, type TFunction } from "~/i18n/translation";
import { memberContext } from "~/upstream/context.server";
import { findExchange, getMemberPoints, type Exchange } from "~/upstream/point-exchange.server";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { loginUrlFor } from "~/utils/safe-redirect";
import { buyRefusal, readBuyForm } from "./_main.promotion.$slug/buy.server";
import "~/styles/point.css";

/**
 * `/point/{id}`: one exchange item (`goods/detail`, contract §6.12): the points (and cash) per
 * unit, stock, the per-member limit, the member's points (`memberaccount/info`, as the PC reads
 * them), the description (sanitized HTML), and a quantity form "立即兑换" → /point/payment. The
 * button is disabled with the reason (已兑完 / 积分不足); the action checks the same (4xx,
 * translated). What the member already exchanged against the limit is the checkout's to say: the
 * upstream's detail does not tell.
 */
export const handle: RouteHandle = {
  i18n: ["point", "goods"],
  title: (data: unknown, t: TFunction) => (data as { name?: string } | undefined)?.name ?? t("point:title"),
};

/** Ids start at 1: Niushop answers 0 as a missing parameter ("REQUEST_ID"), not as an unknown item. */
const IdSchema = z.string().regex(/^[1-9]\d{0,8}$/);

const ExchangeSchema = z.object({
  intent: z.literal("exchange", { errorMap: () => ({ message: "point:errors.badRequest" }) }),
  num: z.coerce
    .number({ invalid_type_error: "point:errors.badQuantity" })
    .int("point:errors.badQuantity")
    .min(1, "point:errors.badQuantity")
    .max(999_999, "point:errors.badQuantity"),
});

function factsOf(exchange: Exchange, memberPoint: number | null) {
  return { point: exchange.point, stock: exchange.stock, limit: exchange.limit, exchanged: 0, memberPoint };
}

async function load(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!IdSchema.safeParse(id).success) throw notFoundResponse();
  const ctx = await memberContext(request, context);
  const [exchange, memberPoint] = await Promise.all([findExchange(ctx, Number(id)), ctx.token ? getMemberPoints(ctx) : null]);
  if (!exchange) throw notFoundResponse();
  return { ctx, exchange, memberPoint };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { exchange, memberPoint } = await load(request, context, params.id);
  const facts = factsOf(exchange, memberPoint);
  return {
    id: exchange.id,
    kind: exchange.kind,
    name: exchange.name,
    image: exchange.image,
    point: exchange.point,
    // The cash part is a price: visitors see "login visible" instead (spec §6).
    cash: memberPoint === null ? null : exchange.cash,
    hasCash: Number(exchange.cash) > 0,
    money: exchange.money,
    atLeast: exchange.atLeast,
    fixedTerm: exchange.fixedTerm,
    contentHtml: exchange.contentHtml,
    ruleHtml: exchange.ruleHtml,
    skuId: exchange.skuId,
    stock: exchange.stock,
    limit: exchange.limit,
    memberPoint,
    state: exchangeState(facts),
    max: maxExchangeable(facts),
    loginHref: loginUrlFor(request),
    // The exchange form's native constraints: zod stays on the server (ADR 010).
    constraint: getZodConstraint(ExchangeSchema),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  // The promotions' buy form, with the exchange's own words.
  const form = await readBuyForm(request, context, ExchangeSchema, "point:errors.badRequest");
  if (form.refusal) return form.refusal;
  const { submission, input } = form;
  const { exchange, memberPoint } = await load(request, context, params.id);
  // The upstream checks all of this again at payment and create; here the member hears it at once.
  const refusal = exchangeRefusal(factsOf(exchange, memberPoint), input.num);
  if (refusal) return buyRefusal(submission, refusal, 409);
  return redirect(`/point/payment?${new URLSearchParams({ id: String(exchange.id), num: String(input.num) })}`, 303);
}

export default function PointDetailPage() {
  const { t } = useTranslation(["point", "goods", "common"]);
  const view = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [form, fields] = useBuyForm("point-exchange", 1, view.constraint);
  const blocked = view.state === "available" || view.state === "login" ? null : t(`cta.${view.state}`);
  return (
    <PromotionDetail
      nameId="point-name"
      className="seckill-detail point-detail"
      picture={<PointImage kind={view.kind} image={view.image} money={view.money} atLeast={view.atLeast} size={360} />}
      badge={
        <span className="promotion-badge" data-kind="pointexchange">
          {t(view.kind === "coupon" ? "kind.coupon" : "kind.goods")}
        </span>
      }
      name={view.name}
      sections={
        <>
          {/* Goods: the exchange's notes, then the goods description; coupons: the notes (content). */}
          {view.ruleHtml ? <PointHtml id="point-rule" title={t("notes")} html={view.ruleHtml} /> : null}
          {view.contentHtml ? <PointHtml id="point-content" title={t(view.kind === "goods" ? "description" : "notes")} html={view.contentHtml} /> : null}
        </>
      }
    >
      <Panel>
        <dl className="goods-detail__prices">
          <div>
            <dt>{t("cost")}</dt>
            <dd>
              <PointCost point={view.point} cash={view.cash} hasCash={view.hasCash} />
            </dd>
          </div>
        </dl>
      </Panel>
      <dl className="goods-detail__stock">
        <div>
          <dt>{t("stock")}</dt>
          <dd data-testid="exchange-stock">{view.stock === null ? t("stockUnlimited") : view.stock}</dd>
        </div>
        {view.limit > 0 ? (
          <div>
            <dt>{t("limitLabel")}</dt>
            <dd data-testid="exchange-limit">{t("limit", { count: view.limit })}</dd>
          </div>
        ) : null}
        {view.kind === "coupon" && view.fixedTerm > 0 ? (
          <div>
            <dt>{t("coupon.validity")}</dt>
            <dd>{t("coupon.days", { count: view.fixedTerm })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("myPoints")}</dt>
          <dd data-testid="member-point">{view.memberPoint === null ? t("loginToSee") : view.memberPoint}</dd>
        </div>
      </dl>
      <PromotionBuyForm
        form={form}
        blocked={blocked}
        // A visitor's one button is the login (no second link, as the PC shows it).
        loginHref={null}
        fields={<BuyQuantityField meta={fields.num} label={t("quantity")} available={view.max} disabled={Boolean(blocked) || view.state === "login"} />}
        submit={
          view.state === "login" ? (
            <ButtonLink to={view.loginHref} size="md" color="red">
              {t("cta.login")}
            </ButtonLink>
          ) : (
            <Button type="submit" name="intent" value="exchange" size="md" color="red" loading={navigation.state === "submitting"}>
              {t("cta.available")}
            </Button>
          )
        }
        links={
          <>
            {view.skuId ? (
              <Link className="ui-anchor" to={`/sku-${view.skuId}`}>
                {t("goodsPage")}
              </Link>
            ) : null}
            <Link className="ui-anchor" to="/point">
              {t("back")}
            </Link>
          </>
        }
      />
    </PromotionDetail>
  );
}

/** Upstream HTML, sanitized by the loader (point-exchange.server.ts), under its heading. */
function PointHtml({ id, title, html }: { id: string; title: string; html: string }) {
  return (
    <section className="goods-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="goods-section__title">
        {title}
      </h2>
      <div className="goods-content rich-text" data-testid={id} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary error={useRouteError()} />;
}
