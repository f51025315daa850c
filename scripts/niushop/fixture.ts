/**
 * The fixture `npm run niushop` writes (`data/niushop/fixture.json`): where the real Niushop answers,
 * who can sign in, and the ids of the seeded pharmacy data. The conformance suite reads it with
 * `readNiushopFixture`. Every field is described in docs/niushop.md; the shape only grows.
 */
import { readFileSync } from "node:fs";
import { z } from "zod/v4";

const Id = z.number().int().positive();

/** A seeded goods: its id, its SKUs in the admin's order, and the name it was given. */
const SeededGoodsSchema = z.object({
  goodsId: Id,
  skuIds: z.array(Id).min(1),
  name: z.string(),
});

const MemberSchema = z.object({
  username: z.string(),
  password: z.string(),
  payPassword: z.string(),
  memberId: Id,
  /** What the seed gave: balance (admin adjust, yuan), withdrawable balance (yuan), points. */
  balance: z.number(),
  balanceMoney: z.number(),
  point: z.number().int(),
});

export const niushopFixtureSchema = z.object({
  /** Bumped when a field changes meaning; fields are only ever added. */
  version: z.literal(1),
  /** The member API's base (`${upstreamUrl}/api/...`): what UPSTREAM_URL points at. */
  upstreamUrl: z.url(),
  /** Niushop's own compiled PC client (the admin's "default deployment"). */
  pcClientUrl: z.url(),
  /** The unpacked upstream on this machine (its file cache holds the captcha answers). */
  appDir: z.string(),
  siteId: Id,
  admin: z.object({ username: z.string(), password: z.string() }),
  members: z.array(MemberSchema).min(2),
  db: z.object({ host: z.string(), port: z.number().int(), socket: z.string(), user: z.string(), password: z.string(), database: z.string() }),
  categories: z.object({ level1: Id, level2: Id, level3: Id, other: z.array(Id) }),
  brands: z.array(z.object({ brandId: Id, name: z.string() })).min(1),
  goods: z.object({
    /** One spec, several values; no promotion. */
    multiSku: SeededGoodsSchema,
    /** Two specs (2 × 2 SKUs); no promotion. */
    twoSpecs: SeededGoodsSchema,
    /** A single SKU; no promotion. */
    singleSku: SeededGoodsSchema,
    seckill: SeededGoodsSchema,
    groupbuy: SeededGoodsSchema,
    pintuan: SeededGoodsSchema,
    bundlingA: SeededGoodsSchema,
    bundlingB: SeededGoodsSchema,
    topic: SeededGoodsSchema,
    pointExchange: SeededGoodsSchema,
    discount: SeededGoodsSchema,
    manjian: SeededGoodsSchema,
  }),
  promotions: z.object({
    seckill: z.object({ timeId: Id, seckillId: Id }),
    groupbuy: z.object({ groupbuyId: Id }),
    pintuan: z.object({ pintuanId: Id }),
    bundling: z.object({ blId: Id }),
    topic: z.object({ topicId: Id }),
    /** `exchangeGoodsId`: the points mall's goods (`/pointexchange/api/goods/detail` id); `exchangeId`: its SKU's exchange row. */
    pointExchange: z.object({ exchangeGoodsId: Id, exchangeId: Id, point: z.number().int(), price: z.number() }),
    coupons: z.array(z.object({ couponTypeId: Id, name: z.string() })).min(1),
    /** 限时折扣 on `goods.discount`. */
    discount: z.object({ discountId: Id }),
    /** 满减 on `goods.manjian` alone: `limit` yuan of it, `discountMoney` off. */
    manjian: z.object({ manjianId: Id, limit: z.number(), discountMoney: z.number() }),
  }),
  recharge: z.array(z.object({ rechargeId: Id, faceValue: z.number(), buyPrice: z.number() })).min(1),
  delivery: z.object({ expressTemplateId: Id, storeId: Id, expressCompanyId: Id }),
  help: z.object({ classIds: z.array(Id).min(1), articleIds: z.array(Id).min(1) }),
  noticeIds: z.array(Id).min(1),
});

export type NiushopFixture = z.infer<typeof niushopFixtureSchema>;
export type SeededGoods = z.infer<typeof SeededGoodsSchema>;

export function readNiushopFixture(path: string): NiushopFixture {
  return niushopFixtureSchema.parse(JSON.parse(readFileSync(path, "utf8")));
}
