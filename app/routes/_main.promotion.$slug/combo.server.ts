import { getZodConstraint } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { attempt } from "~/auth/sign-in.server";
import { toastContent } from "~/utils/error-text";
import { centsToYuan, toCents } from "~/domain/pricing/money";
import { CapabilityAbsentError, probeCapability } from "~/upstream/capabilities.server";
import { addBundleToCart } from "~/upstream/cart.server";
import { assetUrl, memberContext } from "~/upstream/context.server";
import { findCombo } from "~/upstream/promotion.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { redirect } from "~/utils/redirect.server";
import { loginUrlFor } from "~/utils/safe-redirect";
import { BuyIntent, BuyQuantity, buyRefusal, readBuyForm } from "./buy.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * `/promotion/combo-{id}` (contract §7.4): the package's goods with their specs and prices, the
 * package price and the saving per set; buy sets now through `/promotion/combo_payment` (the
 * bundling addon's own checkout), or add them to the cart (`addBundleToCart`) where the upstream
 * has combo lines in the cart (capability "comboCart": Niushop 5.5.2 has none).
 */

const ComboActionSchema = z.object({
  intent: BuyIntent("add-to-cart", "buy-now"),
  num: BuyQuantity,
});

export async function comboLoader(request: Request, context: AppLoadContext, blId: number) {
  const ctx = await memberContext(request, context);
  const isMember = Boolean(ctx.token);
  const [combo, cartable] = await Promise.all([findCombo(ctx, blId), isMember ? probeCapability("comboCart") : false]);
  if (!combo) throw notFoundResponse();
  // Prices are for members (spec §6): a visitor's page carries none.
  const itemsMoney = combo.bundling_goods.reduce((sum, item) => sum + toCents(item.price), 0n);
  const saving = itemsMoney - toCents(combo.bl_price);
  return {
    kind: "combo" as const,
    blId: combo.bl_id,
    name: combo.bl_name,
    items: combo.bundling_goods.map((item) => ({
      skuId: item.sku_id,
      name: item.sku_name,
      image: assetUrl(item.sku_image),
      price: isMember ? item.price : null,
      stock: item.stock,
      unit: item.unit ?? "",
    })),
    price: isMember ? combo.bl_price : null,
    original: isMember ? centsToYuan(Number(itemsMoney)) : null,
    saving: isMember && saving > 0n ? centsToYuan(Number(saving)) : null,
    freeShipping: combo.shipping_fee_type === 1,
    // Sets are limited by the scarcest item (the PC disables buying when any item's stock < num).
    maxSets: Math.max(0, Math.min(...combo.bundling_goods.map((item) => item.stock))),
    isMember,
    /** Whether "add to cart" is offered: the upstream has combo lines in the cart. */
    cartable,
    loginHref: loginUrlFor(request),
    // The buy form's native constraints: zod stays on the server (ADR 010).
    constraint: getZodConstraint(ComboActionSchema),
  };
}

export async function comboAction(request: Request, context: AppLoadContext, blId: number) {
  const form = await readBuyForm(request, context, ComboActionSchema);
  if (form.refusal) return form.refusal;
  const { ctx, submission, input } = form;
  const combo = await findCombo(ctx, blId);
  if (!combo) throw notFoundResponse();
  const maxSets = Math.max(0, Math.min(...combo.bundling_goods.map((item) => item.stock)));
  const { intent, num } = input;
  if (num > maxSets) return buyRefusal(submission, `promotion:errors.comboStock|max=${maxSets}`, 409);
  if (intent === "buy-now") return redirect(`/promotion/combo_payment?${new URLSearchParams({ bl_id: String(blId), num: String(num) })}`, 303);
  const back = `/promotion/combo-${blId}`;
  const outcome = await attempt(() => addBundleToCart(ctx, blId, num)).catch((error: unknown) => {
    // A shop without combo lines in the cart (the button is not offered there): buy it now instead.
    if (error instanceof CapabilityAbsentError) return null;
    throw error;
  });
  if (!outcome) return buyRefusal(submission, "promotion:errors.comboCartAbsent", 409);
  return outcome.ok
    ? redirectWithToast(back, { kind: "success", key: "promotion:combo.added" })
    : redirectWithToast(back, { kind: "error", ...toastContent(outcome.refusal) });
}
