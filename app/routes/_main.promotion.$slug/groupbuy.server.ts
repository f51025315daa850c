import { getZodConstraint } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { purchaseRights } from "~/domain/sale-control";
import type { SlotState } from "~/domain/seckill";
import { assetUrl, memberContext } from "~/upstream/context.server";
import { findGroupbuy } from "~/upstream/promotion.server";
import type { GroupbuyDetail } from "~/upstream/schemas/promotion";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { loginUrlFor } from "~/utils/safe-redirect";
import { BuyIntent, BuyQuantity, buyRefusal, readBuyForm, saleControlRefusal } from "./buy.server";

/**
 * `/promotion/groupbuy-{id}` (contract §7.3): group price, the minimum quantity (`buy_num`), the
 * time left by the upstream's clock, the rule; buying goes to /promotion/groupbuy_payment.
 */

const BuySchema = z.object({
  intent: BuyIntent("buy"),
  num: BuyQuantity,
});

/** Not started (1), running (2), ended (3), and the seconds to count down (to the start, or the end). */
function phaseOf(detail: GroupbuyDetail, now: number): { state: SlotState; seconds: number } {
  if (detail.status === 1 || now < detail.start_time) return { state: "upcoming", seconds: Math.max(0, detail.start_time - now) };
  if (detail.status === 3 || now >= detail.end_time) return { state: "ended", seconds: 0 };
  return { state: "running", seconds: detail.end_time - now };
}

export async function groupbuyLoader(request: Request, context: AppLoadContext, groupbuyId: number) {
  const ctx = await memberContext(request, context);
  const found = await findGroupbuy(ctx, groupbuyId);
  if (!found) throw notFoundResponse();
  const { detail, now } = found;
  const isMember = Boolean(ctx.token);
  const rights = purchaseRights(isMember, detail.sale_control ?? null);
  const visible = rights.price === "visible";
  return {
    kind: "groupbuy" as const,
    groupbuyId: detail.groupbuy_id,
    skuId: detail.sku_id,
    name: detail.sku_name || detail.goods_name,
    introduction: detail.introduction ?? "",
    image: assetUrl(detail.sku_image),
    unit: detail.unit ?? "",
    price: visible ? detail.groupbuy_price : null,
    marketPrice: visible ? detail.price : null,
    hiddenReason: isMember ? ("sale-control" as const) : ("login" as const),
    buyNum: detail.buy_num,
    sold: detail.sell_num,
    stock: detail.stock,
    rule: detail.rule ?? "",
    phase: phaseOf(detail, now),
    rights,
    loginHref: loginUrlFor(request),
    // The buy form's native constraints: zod stays on the server (ADR 010).
    constraint: getZodConstraint(BuySchema),
  };
}

export async function groupbuyAction(request: Request, context: AppLoadContext, groupbuyId: number) {
  const form = await readBuyForm(request, context, BuySchema);
  if (form.refusal) return form.refusal;
  const { ctx, submission, input } = form;
  const found = await findGroupbuy(ctx, groupbuyId);
  if (!found) throw notFoundResponse();
  const { detail, now } = found;
  const num = input.num;
  // The upstream checks all of this again at payment and create; here the buyer hears it at once.
  const phase = phaseOf(detail, now);
  if (phase.state !== "running") return buyRefusal(submission, `promotion:errors.groupbuy.${phase.state}`, 409);
  const refused = saleControlRefusal(submission, purchaseRights(true, detail.sale_control ?? null));
  if (refused) return refused;
  if (num < detail.buy_num) return buyRefusal(submission, `promotion:errors.groupbuyMinimum|count=${detail.buy_num}`, 400);
  if (num > detail.stock) return buyRefusal(submission, "promotion:errors.outOfStock", 409);
  const search = new URLSearchParams({ groupbuy_id: String(groupbuyId), sku_id: String(detail.sku_id), num: String(num) });
  return redirect(`/promotion/groupbuy_payment?${search}`, 303);
}
