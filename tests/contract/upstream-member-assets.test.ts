import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestShopApi } from "../../shop-api/testing";
import { followGoods, unfollowGoods } from "~/upstream/collect.server";
import { listLedger } from "~/upstream/finance.server";
import { UpstreamError, type UpstreamContext } from "~/upstream/http.server";
import {
  deleteFootprints,
  getSigninConfig,
  hasSignedInToday,
  listFollows,
  listFootprints,
  listMemberCoupons,
  listSigninRecords,
  signIn,
} from "~/upstream/member-assets.server";
import { getMember, getUsableCouponCount } from "~/upstream/member.server";
import { useLiveShopApi } from "../support/bff-environment";

/**
 * The member assets functions (app/upstream/member-assets.server.ts, unfollow of collect.server.ts)
 * against the reference shop API: follows, footprint, the member's coupons by tab, sign-in with
 * its rewards and consecutive days (the test clock moves days; this file's shop API is its own).
 * No real samples of these endpoints exist in contract/samples: the shapes are contract §6.4–§6.7.
 */

const live = useLiveShopApi();
let shop: TestShopApi;

type Fresh = { ctx: UpstreamContext; memberId: number; username: string };

async function freshMember(): Promise<Fresh> {
  const made = (await shop.testApi("/__test/member", {})).body as { member_id: number; username: string; password: string };
  const token = await shop.login(made.username, made.password);
  return { ctx: { baseUrl: shop.url, timeoutMs: 10_000, token, member: "required" }, memberId: made.member_id, username: made.username };
}

async function refusal(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error("expected an upstream refusal");
}

/** Two goods of the catalog with their default SKU. */
async function someGoods(): Promise<{ goods_id: number; sku_id: number; goods_name: string }[]> {
  const page = await shop.call("/api/goodssku/page", { page: 1, page_size: 2 });
  return (page.data as { list: { goods_id: number; sku_id: number; goods_name: string }[] }).list;
}

beforeAll(() => {
  shop = live.shop;
});

afterAll(async () => {
  await shop.testApi("/__test/clock", { reset: true });
});

describe("follows", () => {
  test("page lists the followed goods with price and sale control; unfollow counts 1, then 0 (not followed)", async () => {
    const { ctx } = await freshMember();
    const [first, second] = await someGoods();
    await followGoods(ctx, first);
    await followGoods(ctx, second);
    const page = await listFollows(ctx, { page: 1, pageSize: 1 });
    expect(page.count).toBe(2);
    expect(page.page_count).toBe(2);
    expect(page.list).toHaveLength(1);
    const row = page.list[0];
    expect(row.goods_id).toBe(second.goods_id);
    expect(row.discount_price).toMatch(/^\d+\.\d{2}$/);
    expect(row).toHaveProperty("sale_control");
    expect(await unfollowGoods(ctx, first)).toBe(1);
    expect(await unfollowGoods(ctx, first)).toBe(0);
    expect((await listFollows(ctx, { page: 1, pageSize: 10 })).list.map((follow) => follow.goods_id)).toEqual([second.goods_id]);
  });

  test("another member's follow cannot be removed", async () => {
    const owner = await freshMember();
    const other = await freshMember();
    const [goods] = await someGoods();
    await followGoods(owner.ctx, goods);
    expect(await unfollowGoods(other.ctx, goods)).toBe(0);
    expect((await listFollows(owner.ctx, { page: 1, pageSize: 10 })).count).toBe(1);
  });
});

describe("footprint", () => {
  test("all rows newest first; delete by id only the caller's; several ids at once", async () => {
    const owner = await freshMember();
    const other = await freshMember();
    const [first, second] = await someGoods();
    const now = Math.floor(Date.now() / 1000);
    await shop.testApi("/__test/footprint", { member_id: owner.memberId, goods_id: first.goods_id, browse_time: now - 2 * 86_400 });
    await shop.testApi("/__test/footprint", { member_id: owner.memberId, goods_id: second.goods_id, browse_time: now });
    const rows = await listFootprints(owner.ctx);
    expect(rows.map((row) => row.goods_id)).toEqual([second.goods_id, first.goods_id]);
    expect(rows[0].browse_time).toBe(now);
    expect(rows[0].goods_name).not.toBe("");
    expect(await deleteFootprints(other.ctx, [rows[0].id])).toBe(0);
    expect(await listFootprints(owner.ctx)).toHaveLength(2);
    expect(
      await deleteFootprints(
        owner.ctx,
        rows.map((row) => row.id),
      ),
    ).toBe(2);
    expect(await listFootprints(owner.ctx)).toEqual([]);
  });
});

describe("coupons", () => {
  test("usable / used / expired: a usable coupon past its end is expired; shapes of value, threshold and scope", async () => {
    const { ctx, memberId } = await freshMember();
    const now = Math.floor(Date.now() / 1000);
    await shop.testApi("/__test/member-coupon", { member_id: memberId, coupon_type_id: 1, state: 1 });
    await shop.testApi("/__test/member-coupon", { member_id: memberId, coupon_type_id: 3, state: 1 });
    await shop.testApi("/__test/member-coupon", { member_id: memberId, coupon_type_id: 2, state: 2 });
    await shop.testApi("/__test/member-coupon", { member_id: memberId, coupon_type_id: 4, state: 1, end_time: now - 60 });
    const usable = await listMemberCoupons(ctx, { state: 1, page: 1, pageSize: 10 });
    expect(usable.list.map((coupon) => coupon.coupon_name).sort()).toEqual(["器械9.5折", "满300减30"]);
    const reward = usable.list.find((coupon) => coupon.type === "reward")!;
    expect([reward.money, reward.at_least, reward.goods_type]).toEqual(["30.00", "300.00", 1]);
    const discount = usable.list.find((coupon) => coupon.type === "discount")!;
    expect([discount.discount, discount.goods_type]).toEqual(["9.50", 4]);
    expect(await getUsableCouponCount(ctx)).toBe(2);
    const used = await listMemberCoupons(ctx, { state: 2, page: 1, pageSize: 10 });
    expect(used.list.map((coupon) => [coupon.coupon_name, coupon.state])).toEqual([["满1000减120", 2]]);
    expect(used.list[0].use_time).toBeGreaterThan(0);
    const expired = await listMemberCoupons(ctx, { state: 3, page: 1, pageSize: 10 });
    expect(expired.list.map((coupon) => [coupon.coupon_name, coupon.state, coupon.goods_type])).toEqual([["阿莫西林专享满100减15", 3, 2]]);
    const paged = await listMemberCoupons(ctx, { state: 1, page: 2, pageSize: 1 });
    expect([paged.count, paged.page_count, paged.list.length]).toEqual([2, 2, 1]);
  });
});

describe("sign-in", () => {
  test("config, sign in once a day (points ledger, growth), SIGNED_IN the second time, series over days with the day-3 bonus", async () => {
    const { ctx, username } = await freshMember();
    const config = await getSigninConfig(ctx);
    expect(config).toEqual({
      is_use: 1,
      value: {
        cycle: 7,
        reward: [
          { day: 1, point: 5, growth: 1 },
          { day: 3, point: 10, growth: 2 },
          { day: 7, point: 30, growth: 5 },
        ],
      },
    });
    expect(await hasSignedInToday(ctx)).toBe(false);
    expect(await signIn(ctx)).toEqual({ point: 5, growth: 1, days_series: 1 });
    expect(await hasSignedInToday(ctx)).toBe(true);
    const again = await refusal(signIn(ctx));
    expect(again.upstreamMessage).toBe("SIGNED_IN");
    let member = await getMember(ctx);
    expect([member.point, member.growth, member.sign_days_series]).toEqual([5, 1, 1]);
    const ledger = await listLedger(ctx, { accountType: "point", page: 1, pageSize: 10, fromType: "signin" });
    expect(ledger.list.map((row) => [row.account_data, row.type_name, row.remark])).toEqual([["5", "签到", "连续签到第1天"]]);

    await shop.testApi("/__test/clock", { advance_seconds: 86_400 });
    expect(await hasSignedInToday(ctx)).toBe(false);
    expect(await signIn(ctx)).toEqual({ point: 5, growth: 1, days_series: 2 });
    await shop.testApi("/__test/clock", { advance_seconds: 86_400 });
    expect(await signIn(ctx)).toEqual({ point: 15, growth: 3, days_series: 3 });
    member = await getMember(ctx);
    expect([member.point, member.growth, member.sign_days_series]).toEqual([25, 5, 3]);
    expect((await listSigninRecords(ctx)).length).toBeGreaterThanOrEqual(1);

    // A skipped day starts again at day 1.
    await shop.testApi("/__test/clock", { advance_seconds: 2 * 86_400 });
    expect((await getMember(ctx)).sign_days_series).toBe(0);
    expect(await signIn(ctx)).toEqual({ point: 5, growth: 1, days_series: 1 });
    await shop.testApi("/__test/clock", { reset: true });
    const rows = (await shop.testApi<{ rows: { account_type: string; from_type: string }[] }>(`/__test/member-account?username=${username}`)).body.rows;
    expect(rows.filter((row) => row.from_type === "signin")).toHaveLength(4);
  });

  test("growth reaching a level's threshold upgrades the member", async () => {
    const { ctx, memberId } = await freshMember();
    await shop.testApi("/__test/member/balance", { member_id: memberId, growth: 995 });
    await shop.testApi("/__test/signin-history", { member_id: memberId, days: 6 });
    expect((await getMember(ctx)).member_level_name).toBe("普通会员");
    // Day 7 of the cycle: 5 + 30 points, 1 + 5 growth → 1001, past 银牌采购商's 1000.
    expect(await signIn(ctx)).toEqual({ point: 35, growth: 6, days_series: 7 });
    const member = await getMember(ctx);
    expect([member.growth, member.member_level_name]).toEqual([1001, "银牌采购商"]);
    // The day after a full cycle starts a new one at day 1.
    await shop.testApi("/__test/clock", { advance_seconds: 86_400 });
    expect(await signIn(ctx)).toEqual({ point: 5, growth: 1, days_series: 1 });
    await shop.testApi("/__test/clock", { reset: true });
  });

  test("sign-in switched off: the config says so and a sign-in is refused, nothing given", async () => {
    const { ctx } = await freshMember();
    await shop.testApi("/__test/config/signin", { is_use: 0 });
    try {
      expect((await getSigninConfig(ctx))?.is_use).toBe(0);
      expect((await refusal(signIn(ctx))).upstreamMessage).toBe("签到未开启");
      expect(await hasSignedInToday(ctx)).toBe(false);
      expect((await getMember(ctx)).point).toBe(0);
    } finally {
      await shop.testApi("/__test/config/signin", { reset: true });
    }
  });

  test("records: this month's sign-ins with their times", async () => {
    const { ctx } = await freshMember();
    await signIn(ctx);
    const records = await listSigninRecords(ctx);
    expect(records).toHaveLength(1);
    expect(Math.abs(records[0].create_time - Date.now() / 1000)).toBeLessThan(60);
    expect(records[0].point).toBe(5);
  });
});
