import { describe, expect, test } from "vitest";
import { isBundlePurchasable, isPurchasable, selectedTotals } from "~/domain/cart";
import { orderRefusal, orderRefusalError, purchaseRights, shownPrices, type SaleControlRule } from "~/domain/sale-control";
import { toBundleView, toCartLineView, toCartView } from "~/upstream/cart-view.server";
import { BundleLineSchema, CartLineSchema } from "~/upstream/schemas/cart";

/**
 * Sale control wherever a price or a buy button appears (issue 29): every combination of
 * `view_price`, `is_member_by` and the shop's refusal message, against each place the rule is
 * applied: the goods page and cards (purchaseRights), the cart line and its totals, settling, the
 * checkouts and buying again (orderRefusal). One rule: a member orders only what they may both
 * see the price of and buy.
 */

type Case = { name: string; rule: SaleControlRule; priceVisible: boolean; mayOrder: boolean; message: string };

const rule = (viewPrice: boolean, isMemberBy: boolean, message: string): SaleControlRule => ({
  view_price: viewPrice,
  is_member_by: isMemberBy,
  not_buy_msg: message,
});

const CASES: Case[] = [{ name: "no rule", rule: null, priceVisible: true, mayOrder: true, message: "" }];
for (const viewPrice of [true, false])
  for (const isMemberBy of [true, false])
    for (const message of ["", "该商品仅限医疗机构采购"]) {
      CASES.push({
        name: `view_price ${Number(viewPrice)}, is_member_by ${Number(isMemberBy)}, message ${message ? "set" : "empty"}`,
        rule: rule(viewPrice, isMemberBy, message),
        priceVisible: viewPrice,
        mayOrder: viewPrice && isMemberBy,
        // The refusal says what the shop wrote; when nothing, the page's own "no permission".
        message: viewPrice && isMemberBy ? "" : message,
      });
    }
// A missing qualification reaches the storefront as the upstream's refusal to sell (ADR 024).
CASES.push({
  name: "qualification refusal",
  rule: { view_price: true, is_member_by: false, not_buy_msg: "需上传药品经营许可证", qualification: { id: 2, name: "药品经营许可证", status: "missing" } },
  priceVisible: true,
  mayOrder: false,
  message: "需上传药品经营许可证",
});

const PRICE = "41.16";

function cartLine(cartId: number, saleControl: SaleControlRule) {
  return CartLineSchema.parse({
    cart_id: cartId,
    sku_id: 35,
    goods_id: 31,
    sku_name: "硫酸氢氯吡格雷片 75mg*28片",
    num: 2,
    price: PRICE,
    discount_price: PRICE,
    member_price: "39.10",
    is_member_discount: 1,
    stock: 50,
    promotion_label: "wholesale",
    promotion_info: { price_json: [{ num: 10, limit_num: 0, price: "38.00" }] },
    sale_control: saleControl && { ...saleControl, is_member_by: Number(saleControl.is_member_by), view_price: Number(saleControl.view_price) },
    get_free_goods: { is_ladder: 0, getFreeGoods: [{ goods_id: 9, count: 1, num: 1, price: "12.00" }] },
  });
}

describe.each(CASES)("$name", ({ rule: saleControl, priceVisible, mayOrder, message }) => {
  test("goods page and goods cards: price and buy button", () => {
    const rights = purchaseRights(true, saleControl);
    expect(rights.price === "visible").toBe(priceVisible);
    expect(rights.buy === "allowed").toBe(mayOrder);
  });

  test("campaign lists (seckill, group buy, discounts): prices only where they may be seen", () => {
    const shown = shownPrices(true, saleControl, "8.00", "10.00");
    expect(shown).toEqual(
      priceVisible ? { price: "8.00", marketPrice: "10.00", hiddenReason: "sale-control" } : { price: null, marketPrice: null, hiddenReason: "sale-control" },
    );
    expect(shownPrices(false, saleControl, "8.00", "10.00")).toEqual({ price: null, marketPrice: null, hiddenReason: "login" });
  });

  test("checkouts and buy again: refused before the upstream is asked, with the shop's message", () => {
    const refusal = orderRefusal(saleControl);
    expect(refusal === null).toBe(mayOrder);
    if (refusal) {
      expect(refusal.priceHidden).toBe(!priceVisible);
      expect(orderRefusalError(refusal, "checkout:errors.noPermission")).toBe(message ? `upstream:${message}` : "checkout:errors.noPermission");
    }
  });

  test("cart line: selectable, priced and counted only when it may be ordered; a hidden price never leaves the server", () => {
    const view = toCartLineView(cartLine(1, saleControl));
    expect(view.purchasable).toBe(mayOrder);
    expect(isPurchasable(view)).toBe(mayOrder);
    const serialized = JSON.stringify(view);
    for (const price of [PRICE, "39.10", "38.00", "12.00"]) expect(serialized.includes(price)).toBe(priceVisible);
  });

  test("cart: the line stands apart and never counts in the total, even when its id is sent as selected", () => {
    const other = toCartLineView(cartLine(2, null));
    const cart = toCartView([cartLine(1, saleControl), cartLine(2, null)], []);
    const grouped = cart.groups.flatMap((group) => group.lines.map((line) => line.cartId));
    expect(grouped.includes(1)).toBe(mayOrder);
    expect(cart.invalid.map((line) => line.cartId)).toEqual(mayOrder ? [] : [1]);
    const lines = [toCartLineView(cartLine(1, saleControl)), other];
    const both = selectedTotals(lines, [], new Set([1, 2]));
    const onlyOther = selectedTotals([other], [], new Set([2]));
    expect(both.lineCount).toBe(mayOrder ? 2 : 1);
    if (!mayOrder) expect(both.total).toBe(onlyOther.total);
  });

  test("combo line in the cart: a refused goods in it makes the combo unselectable, priceless when hidden, and out of the total", () => {
    const combo = BundleLineSchema.parse({
      cart_id: 9,
      bl_id: 1,
      bl_name: "感冒组合",
      bl_price: "88.80",
      num: 1,
      stock: 10,
      bundlingGoods: [
        { sku_id: 1, goods_id: 1, sku_name: "阿莫西林胶囊", price: "12.80", num: 1 },
        { sku_id: 35, goods_id: 31, sku_name: "硫酸氢氯吡格雷片", price: "41.16", num: 1 },
      ],
    });
    const view = toBundleView(combo, new Map([[31, saleControl]]));
    expect(isBundlePurchasable(view)).toBe(mayOrder);
    expect(JSON.stringify(view).includes("88.80")).toBe(priceVisible);
    expect(selectedTotals([], [view], new Set([9])).lineCount).toBe(mayOrder ? 1 : 0);
  });
});
