import { z } from "zod/v4";
import { requireCapability, withCapability } from "./capabilities.server";
import { callUpstream, type UpstreamContext } from "./http.server";
import { BundleLineSchema, CartCalculationSchema, CartLineSchema } from "./schemas/cart";
import { Ignored } from "./schemas/common";

// Built once: a zod 4 schema costs far more to build than to run (ADR 033).
const CartLinesSchema = z.array(CartLineSchema);
const BundleLinesSchema = z.array(BundleLineSchema);

// The member's cart: per member, never cached.

/**
 * Adds `num` of a sku (the upstream merges with an existing line and caps at stock; it does not
 * check min/max buy, so callers clamp first). Answers the cart id or "1" (merged), unused here.
 */
export function addToCart(ctx: UpstreamContext, line: { sku_id: number; num: number }) {
  return callUpstream(ctx, "/api/cart/add", Ignored, { sku_id: line.sku_id, num: line.num });
}

// The badge count stays with the root's member data: getMemberBar in member.server.ts (ADR 035).

// The cart page (docs/catalog-contract.md "Cart").

export function listCartLines(ctx: UpstreamContext) {
  return callUpstream(ctx, "/api/cart/goodslists", CartLinesSchema, {});
}

// Combo lines in the cart are a capability of their own ("comboCart": Niushop 5.5.2 sells combos,
// but not through the cart): without it the cart has none, and the mutations below throw
// CapabilityAbsentError instead of calling.

export function listCartBundles(ctx: UpstreamContext) {
  return withCapability("comboCart", () => callUpstream(ctx, "/bundling/api/cart/lists", BundleLinesSchema, {}), []);
}

export function setCartQuantity(ctx: UpstreamContext, cartId: number, num: number) {
  return callUpstream(ctx, "/api/cart/edit", Ignored, { cart_id: cartId, num });
}

export function setBundleQuantity(ctx: UpstreamContext, cartId: number, num: number) {
  return requireCapability("comboCart", () => callUpstream(ctx, "/bundling/api/cart/edit", Ignored, { cart_id: cartId, num }));
}

/** Deletes lines (comma-separated ids, own rows only). */
export function deleteCartLines(ctx: UpstreamContext, cartIds: number[]) {
  return callUpstream(ctx, "/api/cart/delete", Ignored, { cart_id: cartIds.join(",") });
}

export function deleteBundleLine(ctx: UpstreamContext, cartId: number) {
  return requireCapability("comboCart", () => callUpstream(ctx, "/bundling/api/cart/delete", Ignored, { cart_id: cartId }));
}

export function addBundleToCart(ctx: UpstreamContext, blId: number, num: number) {
  return requireCapability("comboCart", () => callUpstream(ctx, "/bundling/api/cart/add", Ignored, { bl_id: blId, num }));
}

/** The upstream's own pricing of the given lines (the agreement test compares it with ours). */
export function calculateCart(ctx: UpstreamContext, cartIds: number[]) {
  return callUpstream(ctx, "/api/Cart/calculate", CartCalculationSchema, { cart_ids: cartIds.join(",") });
}
