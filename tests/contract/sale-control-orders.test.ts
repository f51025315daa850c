import { describe, expect, test } from "vitest";
import { listCartLines } from "~/upstream/cart.server";
import { toCartLineView } from "~/upstream/cart-view.server";
import type { UpstreamContext } from "~/upstream/http.server";
import { firstOrderRefusal } from "~/upstream/sale-control.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * Sale control where money moves (issue 29), against the reference shop API: for every
 * combination of `view_price` and `is_member_by`, the shop API refuses to put the goods in the
 * cart, to price it for an order and to order it, and the BFF finds the same refusal itself
 * (before the upstream is asked to order) and keeps the line out of the cart's totals.
 */
const live = useLiveShopApi();

const GOODS_ID = 31;
const SKU_ID = 35;

type Flags = { view_price: 0 | 1; is_member_by: 0 | 1; not_buy_msg: string };
const COMBINATIONS: Flags[] = [
  { view_price: 1, is_member_by: 1, not_buy_msg: "" },
  { view_price: 0, is_member_by: 1, not_buy_msg: "" },
  { view_price: 1, is_member_by: 0, not_buy_msg: "该商品仅限医疗机构采购" },
  { view_price: 0, is_member_by: 0, not_buy_msg: "该商品仅限医疗机构采购" },
];

/** A fresh member with one line of the goods in the cart (put there before the rule, as when a rule changes), then the rule. */
async function memberUnder(flags: Flags) {
  const buyer = await live.shop.newBuyer({ address: true, money: { balance: 1000, pay_password: "246810" } });
  await live.shop.testApi("/__test/cart", { username: buyer.username, lines: [{ sku_id: SKU_ID, num: 1 }] });
  const rule = await live.shop.testApi("/__test/sale-control", { username: buyer.username, goods_id: GOODS_ID, ...flags });
  expect(rule.status).toBe(200);
  const ctx: UpstreamContext = { baseUrl: live.shop.url, timeoutMs: 10_000, token: buyer.token, member: "required" };
  return { buyer, ctx };
}

describe.each(COMBINATIONS)("view_price $view_price, is_member_by $is_member_by", (flags) => {
  const mayOrder = flags.view_price === 1 && flags.is_member_by === 1;
  const message = flags.not_buy_msg || "您没有该商品的购买权限";

  test("the shop API refuses the cart, the checkout and the order", async () => {
    const { buyer } = await memberUnder(flags);
    const add = await live.shop.call("/api/cart/add", { token: buyer.token, sku_id: SKU_ID, num: 1 });
    expect(add.code >= 0).toBe(mayOrder);
    if (!mayOrder) expect(add.message).toBe(message);

    const payment = await live.shop.call("/api/ordercreate/payment", { token: buyer.token, sku_id: SKU_ID, num: 1 });
    const priced = payment.data as { order_key: string; error: number; error_msg: string };
    expect(priced.error === 0).toBe(mayOrder);
    if (!mayOrder) expect(priced.error_msg).toBe(message);

    const create = await live.shop.call("/api/ordercreate/create", {
      token: buyer.token,
      order_key: priced.order_key,
      delivery: JSON.stringify({ delivery_type: "express" }),
    });
    expect(create.code >= 0).toBe(mayOrder);
  });

  test("the BFF refuses before asking, by goods or by sku, and keeps the cart line out of the totals", async () => {
    const { ctx } = await memberUnder(flags);
    const expected = mayOrder ? null : { priceHidden: flags.view_price === 0, message: flags.not_buy_msg };
    expect(await firstOrderRefusal(ctx, [{ goods_id: GOODS_ID, sku_id: SKU_ID }])).toEqual(expected);
    expect(await firstOrderRefusal(ctx, [{ sku_id: SKU_ID }])).toEqual(expected);
    // A goods without a rule next to it changes nothing: the first refused line decides.
    expect(
      await firstOrderRefusal(ctx, [
        { goods_id: 1, sku_id: 1 },
        { goods_id: GOODS_ID, sku_id: SKU_ID },
      ]),
    ).toEqual(expected);

    const [line] = (await listCartLines(ctx)).filter((candidate) => candidate.sku_id === SKU_ID);
    const view = toCartLineView(line!);
    expect(view.purchasable).toBe(mayOrder);
    expect(view.price === "0.00").toBe(flags.view_price === 0);
  });
});
