import { callUpstream, type UpstreamContext } from "./http.server";
import { Ignored } from "./schemas/common";

// The member's cart: per member, never cached.

/**
 * Adds `num` of a sku (the upstream merges with an existing line and caps at stock; it does not
 * check min/max buy, so callers clamp first). Answers the cart id or "1" (merged), unused here.
 */
export function addToCart(ctx: UpstreamContext, line: { sku_id: number; num: number }) {
  return callUpstream(ctx, "/api/cart/add", Ignored, { sku_id: line.sku_id, num: line.num }, "required");
}

// The badge count stays with the root's member data: getCartCount in member.server.ts.
