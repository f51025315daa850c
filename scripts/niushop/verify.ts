/**
 * Checks a freshly seeded upstream as a shopper sees it, through the member API only: every seeded
 * goods and promotion is listed, both members sign in with the money, points and pay password the
 * fixture promises, and the PHP 8 facts the patch handles (10, 11, 12) hold. Run by provision.ts
 * after the seed; any failure stops the install (no stamp is written, so the next run starts over).
 */
import { z } from "zod/v4";
import type { NiushopFixture } from "./fixture";
import { callMemberApi, logInMember } from "./member-api";

const NumberLike = z.union([z.number(), z.string()]).transform(Number);
const ListOf = <Row extends z.ZodType>(row: Row) => z.object({ list: z.array(row) });

export async function verifyAsShopper(fixture: NiushopFixture): Promise<string[]> {
  const api = (pathname: string, body: Record<string, unknown> = {}, token?: string) => callMemberApi(fixture.upstreamUrl, pathname, body, token);
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  const ids = <Key extends string>(rows: Record<Key, number>[], key: Key) => new Set(rows.map((row) => row[key]));

  const GoodsList = ListOf(z.object({ goods_id: NumberLike }));
  const allGoods = Object.values(fixture.goods).map((goods) => goods.goodsId);
  const listed = ids(GoodsList.parse(await api("api/goodssku/page", { page: 1, page_size: 50, min_price: "", max_price: "" })).list, "goods_id");
  expect(
    allGoods.every((id) => listed.has(id)),
    `api/goodssku/page lists ${[...listed].join(",")}, not every seeded goods (${allGoods.join(",")})`,
  );
  // Fact 11: a price bound left out defaults to the number 0, which PHP 8 (unpatched) turns into
  // "between 0 and 0"; on PHP 7 it filters nothing. (Values sent arrive as strings, through
  // Niushop's input filters, and behave alike on both.)
  const oneBound = GoodsList.parse(await api("api/goodssku/page", { page: 1, page_size: 50, min_price: 0 })).list;
  expect(oneBound.length === listed.size, `api/goodssku/page with min_price 0 and no max_price lists ${oneBound.length} goods, not ${listed.size}`);

  // Fact 10: the points mall lists its goods without a point range.
  const exchange = ListOf(z.object({ id: NumberLike })).parse(await api("pointexchange/api/goods/page", { page: 1, page_size: 20 })).list;
  expect(ids(exchange, "id").has(fixture.promotions.pointExchange.exchangeGoodsId), "the points mall does not list the seeded goods");

  const { promotions, goods } = fixture;
  const seckill = ListOf(z.object({ goods_id: NumberLike })).parse(
    await api("seckill/api/seckillgoods/page", { page: 1, page_size: 20, seckill_time_id: promotions.seckill.timeId }),
  ).list;
  expect(ids(seckill, "goods_id").has(goods.seckill.goodsId), "the seckill slot does not list its goods");
  const groupbuy = ListOf(z.object({ groupbuy_id: NumberLike })).parse(await api("groupbuy/api/goods/page", { page: 1, page_size: 20 })).list;
  expect(ids(groupbuy, "groupbuy_id").has(promotions.groupbuy.groupbuyId), "the group buy is not listed");
  const pintuan = ListOf(z.object({ pintuan_id: NumberLike })).parse(await api("pintuan/api/goods/page", { page: 1, page_size: 20 })).list;
  expect(ids(pintuan, "pintuan_id").has(promotions.pintuan.pintuanId), "the pintuan is not listed");
  const bundlings = z.array(z.object({ bl_id: NumberLike })).parse(await api("bundling/api/bundling/lists", { sku_id: goods.bundlingA.skuIds[0] }));
  expect(ids(bundlings, "bl_id").has(promotions.bundling.blId), "the combo is not offered on its goods");
  const topics = ListOf(z.object({ topic_id: NumberLike })).parse(await api("topic/api/topic/page", { page: 1, page_size: 20 })).list;
  expect(ids(topics, "topic_id").has(promotions.topic.topicId), "the topic is not listed");
  const coupons = ListOf(z.object({ coupon_type_id: NumberLike })).parse(await api("coupon/api/coupon/typepagelists", { page: 1, page_size: 20 })).list;
  expect(
    promotions.coupons.every((coupon) => ids(coupons, "coupon_type_id").has(coupon.couponTypeId)),
    "a coupon is not offered to members",
  );
  const discounted = z
    .object({ promotion_type: NumberLike, discount_price: NumberLike })
    .parse(
      await api("api/goodssku/detail", { sku_id: goods.discount.skuIds[0] }).then(
        (data) => z.object({ goods_sku_detail: z.unknown() }).parse(data).goods_sku_detail,
      ),
    );
  expect(
    discounted.promotion_type === 1 && discounted.discount_price === 18,
    `the discount's goods shows promotion ${discounted.promotion_type} at ${discounted.discount_price}`,
  );
  const manjian = z
    .object({ manjian_id: NumberLike })
    .nullable()
    .parse(await api("manjian/api/manjian/info", { goods_id: goods.manjian.goodsId }));
  expect(manjian?.manjian_id === promotions.manjian.manjianId, "the full reduction is not found on its goods");
  const helpClasses = z.array(z.object({ class_id: NumberLike })).parse(await api("api/helpclass/lists"));
  expect(
    fixture.help.classIds.every((id) => ids(helpClasses, "class_id").has(id)),
    "a help class is not listed",
  );
  const notices = ListOf(z.object({ id: NumberLike })).parse(await api("api/notice/page", { page: 1, page_size: 20 })).list;
  expect(
    fixture.noticeIds.every((id) => ids(notices, "id").has(id)),
    "a notice is not listed",
  );

  const Balances = z.object({ balance: NumberLike, balance_money: NumberLike });
  for (const member of fixture.members) {
    const token = await logInMember(fixture.upstreamUrl, member.username, member.password);
    const money = Balances.parse(await api("api/memberaccount/info", { account_type: "balance,balance_money" }, token));
    expect(money.balance === member.balance, `${member.username}: balance ${money.balance}, not ${member.balance}`);
    expect(money.balance_money === member.balanceMoney, `${member.username}: withdrawable ${money.balance_money}, not ${member.balanceMoney}`);
    const points = z.object({ point: NumberLike }).parse(await api("api/memberaccount/info", { account_type: "point" }, token));
    expect(points.point === member.point, `${member.username}: ${points.point} points, not ${member.point}`);
    await api("api/member/checkpaypassword", { pay_password: member.payPassword }, token).catch(() =>
      expect(false, `${member.username}: the pay password is refused`),
    );
  }

  // Pickup: checkout offers the seeded store for a goods of the catalogue (the store sells it).
  const buyer = fixture.members[0];
  const checkout = z
    .object({
      delivery: z.object({
        express_type: z.array(z.object({ name: z.string(), store_list: z.array(z.object({ store_id: NumberLike })).optional() })),
      }),
    })
    .parse(
      await api(
        "api/ordercreate/payment",
        { sku_id: goods.singleSku.skuIds[0], num: 1 },
        await logInMember(fixture.upstreamUrl, buyer.username, buyer.password),
      ),
    );
  const stores = checkout.delivery.express_type.find((type) => type.name === "store")?.store_list ?? [];
  expect(
    ids(stores, "store_id").has(fixture.delivery.storeId),
    `checkout offers pickup at stores ${stores.map((store) => store.store_id).join(",") || "none"}, not at store ${fixture.delivery.storeId}`,
  );

  // Fact 12: the default goods image every seeded goods shows.
  const image = await fetch(`${fixture.upstreamUrl}/public/static/img/default_img/square.png`);
  expect(image.status === 200 && image.headers.get("content-type") === "image/png", "the default goods image is not served");
  return problems;
}
