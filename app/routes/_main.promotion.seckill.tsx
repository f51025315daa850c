import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PriceTag } from "~/components/goods/price-tag";
import { PaginationLinks } from "~/components/pagination-links";
import { Countdown } from "~/components/promotion/countdown";
import { ButtonLink, Panel, Stack } from "~/components/ui";
import { shownPrices } from "~/domain/sale-control";
import { clockOf, defaultSlotIndex, slotCountdown, slotState, soldPercent } from "~/domain/seckill";
import { useTranslation } from "~/i18n/translation";
import { assetUrl, memberContext } from "~/upstream/context.server";
import { listSeckillGoods, listSeckillSlots } from "~/upstream/promotion.server";
import type { RouteHandle } from "~/utils/handle";
import { notFoundResponse } from "~/utils/not-found.server";

/**
 * `/promotion/seckill`: the seckill zone (contract §7.2). Today's slots as links (`?slot=`), the
 * running one chosen by default; the chosen slot's goods with price, sold share and state.
 */
export const handle: RouteHandle = { i18n: ["promotion", "goods"], title: "promotion:seckill.title" };

const PAGE_SIZE = 20;

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const ctx = await memberContext(request, context);
  const found = await listSeckillSlots(ctx);
  if (!found) throw notFoundResponse(); // no seckill addon upstream
  const { slots, now } = found;
  const times = slots.map((slot) => ({ start: slot.seckill_start_time, end: slot.seckill_end_time }));
  // Upstream lists the slots still to come today first, then those over (for tomorrow): show them by the clock.
  const ordered = slots.map((slot, index) => ({ slot, times: times[index]! })).sort((a, b) => a.times.start - b.times.start || a.slot.id - b.slot.id);
  const asked = positiveInt(url.searchParams.get("slot"));
  const chosen =
    ordered.find((entry) => entry.slot.id === asked) ??
    ordered[
      defaultSlotIndex(
        ordered.map((entry) => entry.times),
        now,
      )
    ];
  const page = positiveInt(url.searchParams.get("page")) ?? 1;
  const goods = chosen
    ? await listSeckillGoods(ctx, { slotId: chosen.slot.id, type: chosen.slot.type === "tomorrow" ? "tomorrow" : "today", page, pageSize: PAGE_SIZE })
    : null;
  const isMember = Boolean(ctx.token);
  const view = {
    slots: ordered.map(({ slot, times: t }) => ({
      id: slot.id,
      name: slot.name,
      start: clockOf(t.start),
      end: clockOf(t.end),
      state: slotState(t, now),
    })),
    chosen: chosen ? { id: chosen.slot.id, state: slotState(chosen.times, now), seconds: slotCountdown(chosen.times, now) } : null,
    goods: (goods?.list ?? []).map((row) => ({
      seckillId: row.id,
      name: row.goods_name,
      image: assetUrl(row.goods_image.split(",")[0]),
      ...shownPrices(isMember, row.sale_control ?? null, row.seckill_price, row.price),
      left: row.goods_stock,
      sold: row.sale_num,
      percent: soldPercent(row.sale_num, row.goods_stock),
    })),
    page,
    pageCount: goods?.page_count ?? 0,
  };
  // A slot asked for that is not there, or a page past the end: the page still shows, with a 404 status.
  const missing = (asked !== null && chosen?.slot.id !== asked) || (page > 1 && view.goods.length === 0);
  return data(view, { status: missing ? 404 : 200 });
}

export default function SeckillZonePage() {
  const { t } = useTranslation(["promotion", "goods"]);
  const { slots, chosen, goods, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" className="seckill-page">
      <h1 className="ui-title">{t("seckill.title")}</h1>
      {slots.length === 0 ? <p>{t("seckill.noSlots")}</p> : null}
      <nav aria-label={t("seckill.slots")}>
        <ul className="seckill-slots">
          {slots.map((slot) => (
            <li key={slot.id}>
              <Link
                to={`?slot=${slot.id}`}
                className="seckill-slot"
                data-state={slot.state}
                aria-current={chosen?.id === slot.id ? "page" : undefined}
                preventScrollReset
              >
                <span className="seckill-slot__time">{slot.start}</span>
                <span className="seckill-slot__name">
                  {slot.name} · {t(`seckill.state.${slot.state}`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {chosen ? (
        <Panel className="seckill-slot-info">
          {chosen.state === "ended" ? (
            <p>{t("seckill.slotEnded")}</p>
          ) : (
            <Countdown key={chosen.id} seconds={chosen.seconds} label={t(chosen.state === "running" ? "seckill.endsIn" : "seckill.startsIn")} />
          )}
        </Panel>
      ) : null}
      {chosen && goods.length === 0 ? <p>{t("seckill.noGoods")}</p> : null}
      <ul className="seckill-goods">
        {goods.map((item) => (
          <li key={item.seckillId} className="seckill-goods__item">
            <Link to={`/promotion/seckill-${item.seckillId}`} className="seckill-goods__link">
              {item.image ? <img src={item.image} alt="" width={160} height={160} loading="lazy" /> : null}
              <span className="seckill-goods__name">{item.name}</span>
            </Link>
            <PriceTag price={item.price} marketPrice={item.marketPrice} visible={item.price !== null} hiddenReason={item.hiddenReason} size="md" />
            <div className="seckill-progress">
              <progress max={100} value={item.percent} aria-label={t("seckill.soldShare", { percent: item.percent })} />
              <span>{item.left > 0 ? t("seckill.soldLeft", { percent: item.percent, left: item.left }) : t("seckill.soldOut")}</span>
            </div>
            <ButtonLink
              to={`/promotion/seckill-${item.seckillId}`}
              className="seckill-goods__cta"
              color="red"
              variant={item.left > 0 && chosen?.state === "running" ? "filled" : "outline"}
            >
              {item.left === 0 ? t("seckill.soldOut") : t(`seckill.cta.${chosen?.state ?? "running"}`)}
              <span className="visually-hidden"> {item.name}</span>
            </ButtonLink>
          </li>
        ))}
      </ul>
      <PaginationLinks
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => `?${new URLSearchParams({ ...(chosen ? { slot: String(chosen.id) } : {}), page: String(n) })}`}
      />
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/route-error-boundary";
