import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * What the runner (run.ts) hands the journeys through a JSON file: where everything runs, the
 * accounts, and the data it found on the upstream (discovery.ts). Journeys read it with `suite()`.
 */
const MemberSchema = z.object({ username: z.string(), password: z.string(), payPassword: z.string() });

const SkuRefSchema = z.object({ goodsId: z.number().int(), skuId: z.number().int(), name: z.string() });

export const DataSchema = z.object({
  /** A goods with several SKUs in stock (their ids), outside every promotion. */
  multiSku: z.object({ goodsId: z.number().int(), name: z.string(), skuIds: z.array(z.number().int()).min(2) }).nullable(),
  /** Another goods in stock outside every promotion. */
  plain: SkuRefSchema,
  /** A store open for pickup, when the upstream has one. */
  store: z.object({ storeId: z.number().int(), name: z.string() }).nullable(),
  seckill: z.object({ seckillId: z.number().int(), goodsId: z.number().int(), name: z.string() }).nullable(),
  groupbuy: z.object({ groupbuyId: z.number().int(), skuId: z.number().int(), name: z.string(), minimum: z.number().int() }).nullable(),
  topic: z.object({ topicId: z.number().int(), topicGoodsId: z.number().int(), name: z.string(), topicName: z.string() }).nullable(),
  combo: z.object({ blId: z.number().int(), name: z.string(), skuId: z.number().int() }).nullable(),
  pointGoods: z.object({ id: z.number().int(), name: z.string(), point: z.number().int(), price: z.number() }).nullable(),
  coupon: z.object({ couponTypeId: z.number().int(), name: z.string() }).nullable(),
  /** A recharge package; its price in cents. */
  recharge: z.object({ rechargeId: z.number().int(), name: z.string(), buyPrice: z.number().int() }).nullable(),
  helpArticle: z.object({ id: z.number().int(), title: z.string(), classId: z.number().int(), className: z.string() }).nullable(),
  notice: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type SuiteData = z.infer<typeof DataSchema>;

export const StateSchema = z.object({
  bffUrl: z.string().url(),
  upstreamUrl: z.string().url(),
  recorderUrl: z.string().url(),
  members: z.object({ js: MemberSchema, "no-js": MemberSchema }),
  admin: z.object({ username: z.string(), password: z.string() }).nullable(),
  /** The express company the seller ships with (the fixture's; null: the shipping journeys are skipped). */
  expressCompanyId: z.number().int().nullable(),
  data: DataSchema,
  /** Captchas the upstream asks for on these forms (its captcha config). */
  captcha: z.object({ register: z.boolean(), login: z.boolean() }),
  /** The local upstream's folder (`npm run niushop`): its file cache holds the captchas' answers. Null for a staging upstream. */
  appDir: z.string().nullable(),
});
export type SuiteState = z.infer<typeof StateSchema>;

export const STATE_ENV = "NIUSHOP_SUITE_STATE";

let cached: SuiteState | undefined;

/** The run's state; the journeys run only under `npm run test:niushop` (or `tsx tests/niushop/run.ts --serve`). */
export function suite(): SuiteState {
  if (cached) return cached;
  const path = process.env[STATE_ENV];
  if (!path) throw new Error(`${STATE_ENV} is not set: run the journeys with \`npm run test:niushop\`, which starts what they need`);
  cached = StateSchema.parse(JSON.parse(readFileSync(path, "utf8")));
  return cached;
}
