import { getZodConstraint } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { purchaseRights } from "~/domain/sale-control";
import { clockOf, seckillMaxBuy, seckillPhase } from "~/domain/seckill";
import { assetUrl, memberContext } from "~/upstream/context.server";
import type { UpstreamContext } from "~/upstream/http.server";
import { findSeckillDetail, findSeckillSku } from "~/upstream/promotion.server";
import type { SeckillDetail } from "~/upstream/schemas/promotion";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { loginUrlFor } from "~/utils/safe-redirect";
import { BuyId, BuyIntent, BuyQuantity, buyRefusal, readBuyForm, saleControlRefusal } from "./buy.server";

/**
 * `/promotion/seckill-{id}` (contract §7.2): price, limits, the countdown to its end (or start)
 * from the upstream's clock, and "buy now" into the seckill checkout.
 */

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const BuySchema = z.object({
  intent: BuyIntent("buy"),
  sku_id: BuyId,
  num: BuyQuantity,
});

function skuParam(request: Request): number | undefined {
  const value = new URL(request.url).searchParams.get("sku_id");
  const parsed = Id.safeParse(value);
  return value && parsed.success ? parsed.data : undefined;
}

/**
 * The activity at the chosen SKU, as the PC builds it: the detail (always the activity's first
 * SKU) with the SKU's own numbers from `seckillgoods/info` laid over it. A SKU that is not in the
 * activity leaves the first one. null: no such activity.
 */
async function findSeckill(ctx: UpstreamContext, seckillId: number, skuId: number | undefined) {
  const [found, sku] = await Promise.all([findSeckillDetail(ctx, seckillId), skuId ? findSeckillSku(ctx, seckillId, skuId) : null]);
  if (!found || !sku || sku.sku_id === found.detail.sku_id) return found;
  // purchased_num is per SKU: the first SKU's must not stand for this one's.
  return { now: found.now, detail: { ...found.detail, ...sku, purchased_num: sku.purchased_num } };
}

/** What the buyer may do with this seckill now, by the upstream's clock. */
function buyingState(detail: SeckillDetail, now: number, isMember: boolean) {
  const phase = seckillPhase(
    {
      startTime: detail.start_time,
      endTime: detail.end_time,
      slots: detail.time_list.map((slot) => ({ start: slot.seckill_start_time, end: slot.seckill_end_time })),
    },
    now,
  );
  const rights = purchaseRights(isMember, detail.sale_control ?? null);
  const purchased = detail.purchased_num ?? 0;
  const max = seckillMaxBuy({ stock: detail.stock, maxBuy: detail.max_buy, purchased });
  const step = detail.num_multiple && detail.num_multiple > 1 ? detail.num_multiple : 1;
  const min = Math.max(1, detail.goods_min ?? 1, step);
  return { phase, rights, purchased, max, min, step };
}

export async function seckillLoader(request: Request, context: AppLoadContext, seckillId: number) {
  const ctx = await memberContext(request, context);
  const found = await findSeckill(ctx, seckillId, skuParam(request));
  if (!found) throw notFoundResponse();
  const { detail, now } = found;
  const isMember = Boolean(ctx.token);
  const state = buyingState(detail, now, isMember);
  const priceVisible = state.rights.price === "visible";
  return {
    kind: "seckill" as const,
    seckillId,
    skuId: detail.sku_id,
    name: detail.sku_name || detail.goods_name,
    seckillName: detail.seckill_name ?? "",
    introduction: detail.introduction ?? "",
    image: assetUrl(detail.sku_image),
    unit: detail.unit ?? "",
    // Prices a visitor (or a sale-control rule) may not see never reach the page.
    price: priceVisible ? detail.seckill_price : null,
    marketPrice: priceVisible ? detail.price : null,
    hiddenReason: isMember ? ("sale-control" as const) : ("login" as const),
    stock: detail.stock,
    maxBuy: detail.max_buy,
    purchased: isMember ? state.purchased : null,
    min: state.min,
    step: state.step,
    canBuy: state.max,
    phase: state.phase,
    rights: state.rights,
    slots: detail.time_list.map((slot) => `${clockOf(slot.seckill_start_time)}–${clockOf(slot.seckill_end_time)}`),
    specs: (detail.goods_spec_format ?? []).map((group) => ({
      name: group.spec_name,
      values: group.value.map((value) => ({ name: value.spec_value_name, skuId: value.sku_id, selected: value.sku_id === detail.sku_id })),
    })),
    loginHref: loginUrlFor(request),
    // The buy form's native constraints: zod stays on the server (ADR 010).
    constraint: getZodConstraint(BuySchema),
  };
}

export async function seckillAction(request: Request, context: AppLoadContext, seckillId: number) {
  const form = await readBuyForm(request, context, BuySchema);
  if (form.refusal) return form.refusal;
  const { ctx, submission, input } = form;
  const found = await findSeckill(ctx, seckillId, input.sku_id);
  if (!found || found.detail.sku_id !== input.sku_id) throw notFoundResponse();
  const { detail, now } = found;
  const state = buyingState(detail, now, true);
  const num = input.num;
  // The upstream checks all of this again at payment and create; here the buyer hears it at once.
  if (state.phase.state !== "running") return buyRefusal(submission, `promotion:errors.seckill.${state.phase.state}`, 409);
  const refused = saleControlRefusal(submission, state.rights);
  if (refused) return refused;
  if (detail.max_buy > 0 && state.purchased + num > detail.max_buy) {
    return buyRefusal(submission, `promotion:errors.seckillLimit|limit=${detail.max_buy}|bought=${state.purchased}`, 409);
  }
  if (num > detail.stock) return buyRefusal(submission, "promotion:errors.outOfStock", 409);
  if (num < state.min || num % state.step !== 0) return buyRefusal(submission, `promotion:errors.seckillQuantity|min=${state.min}|step=${state.step}`, 400);
  const search = new URLSearchParams({ seckill_id: String(seckillId), sku_id: String(detail.sku_id), num: String(num) });
  return redirect(`/promotion/seckill_payment?${search}`, 303);
}
