import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createShopApi } from "../../shop-api/server";
import { priceCartLine, selectedTotals } from "~/domain/cart";
import { resetEnvCache } from "~/utils/env.server";
import { calculateCart, listCartBundles, listCartLines } from "~/upstream/cart.server";
import { toCartView } from "~/upstream/cart-view.server";
import type { UpstreamContext } from "~/upstream/http.server";

/**
 * The agreement test of issue 4: for many random carts, the BFF's totals (app/domain/cart +
 * app/domain/pricing) equal the reference shop API's /api/Cart/calculate, which implements the
 * same rules independently.
 */
let shopApi: Awaited<ReturnType<typeof createShopApi>>;
let dir: string;
let ctx: UpstreamContext;
let username: string;

// Goods of every line type (shop-api/README.md): default, seckill, discount, wholesale, get-free, bundles.
const SKUS = [1, 2, 104, 143, 144, 147, 148, 14, 34, 111, 49, 71, 87, 139, 72, 103];
const BUNDLES = [1, 2, 3];

async function testApi(pathname: string, body: unknown) {
  const response = await fetch(`${shopApi.url}${pathname}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
  return response.json();
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "cart-agreement-"));
  shopApi = await createShopApi({ dbPath: path.join(dir, "shop.sqlite"), testApi: true, log: false });
  process.env.UPSTREAM_URL = shopApi.url;
  process.env.SESSION_SECRET = "agreement-test-secret-0123456789";
  resetEnvCache();
  const member = await testApi("/__test/member", {});
  username = member.username;
  const login = await fetch(`${shopApi.url}/api/login/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ app_type: "pc", username: member.username, password: member.password }),
  }).then((response) => response.json());
  ctx = { baseUrl: shopApi.url, timeoutMs: 10_000, token: login.data.token, member: "optional" };
});

afterAll(async () => {
  await shopApi?.close();
  rmSync(dir, { recursive: true, force: true });
});

const cartArb = fc.record({
  lines: fc.uniqueArray(fc.record({ sku_id: fc.constantFrom(...SKUS), num: fc.integer({ min: 1, max: 120 }) }), { selector: (line) => line.sku_id, minLength: 1, maxLength: 8 }),
  bundles: fc.uniqueArray(fc.record({ bl_id: fc.constantFrom(...BUNDLES), num: fc.integer({ min: 1, max: 5 }) }), { selector: (bundle) => bundle.bl_id, maxLength: 2 }),
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
      const ours = selectedTotals(view.groups.flatMap((group) => group.lines), view.bundles, new Set(ids));
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
