import { describe, expect, test } from "vitest";
import { goodsListHref } from "~/domain/goods-list-href";
import { parseGoodsQuery } from "~/domain/goods-query";
import { purchaseRights } from "~/domain/sale-control";

const parse = (query: string) => parseGoodsQuery(new URLSearchParams(query));

describe("the /list query", () => {
  test("reads the spec's keys", () => {
    const result = parse(
      "keyword=阿莫西林&category_id=12&level=3&brand_id=2&min_price=1.5&max_price=99&order=discount_price&sort=asc&page=3&search_type=goods",
    );
    expect(result.success && result.data).toEqual({
      keyword: "阿莫西林",
      category_id: 12,
      level: "3",
      brand_id: 2,
      min_price: "1.5",
      max_price: "99",
      order: "discount_price",
      sort: "asc",
      page: 3,
      search_type: "goods",
    });
  });

  test("an empty query lists everything from page 1", () => {
    expect(parse("").success && parse("").data).toEqual({ page: 1 });
  });

  test.each([
    ["keyword=" + "药".repeat(51), "validation:keywordTooLong"],
    ["category_id=abc", "validation:number"],
    ["page=0", "validation:number"],
    ["page=99999", "validation:number"],
    ["min_price=1.234", "validation:price"],
    ["min_price=10&max_price=5", "catalog:list.priceRangeInvalid"],
  ])("%s is refused with %s", (query, message) => {
    const result = parse(query);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0].message).toBe(message);
  });

  test("unknown sort values are refused", () => {
    expect(parse("order=hack").success).toBe(false);
    expect(parse("sort=sideways").success).toBe(false);
  });

  test("hrefs keep the filters, reset the page, and drop empty values", () => {
    const query = { keyword: "布洛芬", brand_id: 2, page: 4 };
    expect(goodsListHref(query, { order: "sale_num", sort: "desc" })).toBe("/list?keyword=%E5%B8%83%E6%B4%9B%E8%8A%AC&brand_id=2&order=sale_num&sort=desc");
    expect(goodsListHref(query, { page: 5 })).toBe("/list?keyword=%E5%B8%83%E6%B4%9B%E8%8A%AC&brand_id=2&page=5");
    expect(goodsListHref({}, {})).toBe("/list");
  });
});

describe("purchase rights (spec §6)", () => {
  test("a visitor sees 'login visible' and cannot buy", () => {
    expect(purchaseRights(false, null)).toEqual({ price: "hidden", buy: "login", reason: "login", message: "" });
  });
  test("a member without sale control can buy", () => {
    expect(purchaseRights(true, null)).toEqual({ price: "visible", buy: "allowed" });
    expect(purchaseRights(true, { is_member_by: true, view_price: true, not_buy_msg: "" })).toEqual({ price: "visible", buy: "allowed" });
  });
  test("view_price 0 hides the price and refuses", () => {
    expect(purchaseRights(true, { is_member_by: true, view_price: false, not_buy_msg: "" })).toMatchObject({ price: "hidden", buy: "refused" });
  });
  test("is_member_by 0 shows the price but refuses with the message", () => {
    expect(purchaseRights(true, { is_member_by: false, view_price: true, not_buy_msg: "仅限连锁药店" })).toEqual({
      price: "visible",
      buy: "refused",
      reason: "sale-control",
      message: "仅限连锁药店",
    });
  });
});
