import fc from "fast-check";
import { beforeAll, expect, test } from "vitest";
import { priceCartLine, selectedTotals } from "~/domain/cart";
import { toCents } from "~/domain/pricing";
import { calculateCart, listCartBundles, listCartLines } from "~/upstream/cart.server";
import { toCartView } from "~/upstream/cart-view.server";
import type { UpstreamContext } from "~/upstream/http.server";
import { calculatePromotionOrder, findCombo, findSeckillSku, startPromotionOrder } from "~/upstream/promotion.server";
import { findTopicGoods } from "~/upstream/topic.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The agreement test of issue 4: for many random carts, the BFF's totals (app/domain/cart +
 * app/domain/pricing) equal the reference shop API's /api/Cart/calculate, which implements the
 * same rules independently.
 */
const live = useLiveShopApi({ log: false });
let ctx: UpstreamContext;
let username: string;

// Goods of every line type (shop-api/README.md): default, seckill, discount, wholesale, get-free, bundles.
const SKUS = [1, 2, 104, 143, 144, 147, 148, 14, 34, 111, 49, 71, 87, 139, 72, 103];
const BUNDLES = [1, 2, 3];

async function testApi(pathname: string, body: Record<string, unknown>) {
  const response = await live.shop.testApi<{ username: string; password: string }>(pathname, body);
  expect(response.status).toBe(200);
  return response.body;
}

beforeAll(async () => {
  const member = await testApi("/__test/member", {});
  username = member.username;
  ctx = { baseUrl: live.shop.url, timeoutMs: 10_000, token: await live.shop.login(member.username, member.password), member: "optional" };
});

const cartArb = fc.record({
  lines: fc.uniqueArray(fc.record({ sku_id: fc.constantFrom(...SKUS), num: fc.integer({ min: 1, max: 120 }) }), {
    selector: (line) => line.sku_id,
    minLength: 1,
    maxLength: 8,
  }),
  bundles: fc.uniqueArray(fc.record({ bl_id: fc.constantFrom(...BUNDLES), num: fc.integer({ min: 1, max: 5 }) }), {
    selector: (bundle) => bundle.bl_id,
    maxLength: 2,
  }),
});

test("for random carts, the BFF's totals equal the shop API's calculate", async () => {
  await fc.assert(
    fc.asyncProperty(cartArb, async (cart) => {
      await testApi("/__test/cart", { username, lines: cart.lines, bundles: cart.bundles });
      const [lines, bundles] = await Promise.all([listCartLines(ctx), listCartBundles(ctx)]);
      const view = toCartView(lines, bundles);
      const buyable = [...view.groups.flatMap((group) => group.lines), ...view.bundles.filter((bundle) => bundle.stock > 0)];
      if (buyable.length === 0) return;
      const ids = buyable.map((line) => line.cartId);
      const ours = selectedTotals(
        view.groups.flatMap((group) => group.lines),
        view.bundles,
        new Set(ids),
      );
      const theirs = await calculateCart(ctx, ids);
      expect(ours.total).toBe(Number(theirs.goods_money).toFixed(2));
      // Line by line too, so a disagreement names its line.
      for (const line of theirs.goods_list) {
        const mine = view.groups.flatMap((group) => group.lines).find((candidate) => candidate.cartId === line.cart_id);
        expect(mine, `line ${line.cart_id}`).toBeDefined();
        expect(priceCartLine(mine!).subtotal, `subtotal of sku ${line.sku_id} × ${line.num}`).toBe(Number(line.subtotal).toFixed(2));
      }
      expect(theirs.goods_list.length + theirs.bundling_list.length).toBe(ids.length);
    }),
    { numRuns: 60 },
  );
});

// Promotion checkouts (issue 12): the BFF does not price them (the upstream does, from the
// activity), but what its pages show must agree with what the checkout charges: for random
// quantities, the seckill, topic and combo prices the detail pages read (× quantity) equal the
// goods money of the promotion checkout's calculate.
const promotionArb = fc.oneof(
  fc.record({ kind: fc.constant("seckill" as const), num: fc.integer({ min: 1, max: 10 }) }),
  fc.record({ kind: fc.constant("topic" as const), topicGoodsId: fc.constantFrom(6, 7), num: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant("bundling" as const), blId: fc.constantFrom(...BUNDLES), num: fc.integer({ min: 1, max: 5 }) }),
);

test("for random promotion checkouts, the prices the pages show × quantity equal the checkout's goods money", async () => {
  const express = { delivery: { type: "express", title: "快递发货" }, useBalance: false, usePoint: false, invoice: null };
  await fc.assert(
    fc.asyncProperty(promotionArb, async (order) => {
      let unit: bigint;
      let payment: Awaited<ReturnType<typeof startPromotionOrder>>;
      if (order.kind === "seckill") {
        const found = await findSeckillSku(ctx, 1, 61);
        unit = toCents(found!.seckill_price);
        payment = await startPromotionOrder(ctx, { kind: "seckill", seckill_id: 1, sku_id: 61, num: order.num });
      } else if (order.kind === "topic") {
        const found = await findTopicGoods(ctx, order.topicGoodsId);
        unit = toCents(found!.detail.topic_price);
        payment = await startPromotionOrder(ctx, { kind: "topic", topic_goods_id: order.topicGoodsId, num: order.num });
      } else {
        const combo = await findCombo(ctx, order.blId);
        unit = toCents(combo!.bl_price);
        payment = await startPromotionOrder(ctx, { kind: "bundling", bl_id: order.blId, num: order.num });
      }
      const calculation = await calculatePromotionOrder(ctx, order.kind, payment.order_key, express);
      expect(toCents(calculation.goods_money)).toBe(unit * BigInt(order.num));
    }),
    { numRuns: 30 },
  );
});
